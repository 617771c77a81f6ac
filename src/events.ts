/** Typed events the kit fires on user action only. All bubble and cross shadow roots. */

const OPTIONS: EventInit = { bubbles: true, composed: true };

// Each class names its event with a static getter, not a static field: without define semantics
// a field becomes an assignment after the class, which bundlers keep even where the class is
// never used.

/** A reader opened or closed a tool call's details. */
export class ToolToggleEvent extends Event {
  static get eventName(): 'tool-toggle' {
    return 'tool-toggle';
  }
  constructor(
    readonly callId: string | null,
    readonly open: boolean,
  ) {
    super(ToolToggleEvent.eventName, OPTIONS);
  }
}

export type CopiedContent = 'arguments' | 'result' | 'code' | 'message';

/** A reader copied a call's arguments, a result, or a code block to the clipboard. */
export class ContentCopyEvent extends Event {
  static get eventName(): 'content-copy' {
    return 'content-copy';
  }
  constructor(
    readonly content: CopiedContent,
    readonly text: string,
    readonly callId: string | null = null,
  ) {
    super(ContentCopyEvent.eventName, OPTIONS);
  }
}

/** A reader asked for the details of a failed or declined call (the host may show more). */
export class ToolDetailsEvent extends Event {
  static get eventName(): 'tool-details' {
    return 'tool-details';
  }
  constructor(
    readonly callId: string | null,
    readonly status: string,
    readonly error: string | null,
    readonly item: unknown,
  ) {
    super(ToolDetailsEvent.eventName, OPTIONS);
  }
}

/** A reader chose one of the host's message actions (retry, feedback, edit, …). */
export class MessageActionEvent extends Event {
  static get eventName(): 'message-action' {
    return 'message-action';
  }
  constructor(
    /** The action's `id`, as the host declared it. */
    readonly action: string,
    readonly role: string,
    /** Row ids of the message's items (positions for items without one). */
    readonly itemIds: readonly string[],
    readonly messageKey: string,
  ) {
    super(MessageActionEvent.eventName, OPTIONS);
  }
}

/**
 * A reader decided on a call that waits for a person (docs/display-items.md#approvals): `approved`,
 * `rejected`, or the `id` of one of the host's `approvalActions`. The host stores the decision
 * (`hitl_decision`) and resumes the run; the buttons go once the stored decision or status arrives.
 */
export class ToolApprovalEvent extends Event {
  static get eventName(): 'tool-approval' {
    return 'tool-approval';
  }
  constructor(
    readonly callId: string | null,
    readonly decision: 'approved' | 'rejected' | (string & {}),
    /** The tool's name. */
    readonly name: string,
    /** The call's row id, when it has one. */
    readonly itemId: string | null,
  ) {
    super(ToolApprovalEvent.eventName, OPTIONS);
  }
}

/**
 * A reader asked to go on after a stop: `continue` after a length limit or a pause, `retry` after
 * a failed stream or provider error. Offered only where the host asks for it (`stop-actions`);
 * the host starts the run again.
 */
export class StopActionEvent extends Event {
  static get eventName(): 'stop-action' {
    return 'stop-action';
  }
  constructor(
    readonly action: 'continue' | 'retry',
    /** The stop's reason, as stored (`max_tokens`, `stream_error`…). */
    readonly reason: string,
    /** Row id of the item that carries the stop (its position-derived key when it has none); null on a mark alone. */
    readonly itemId: string | null,
  ) {
    super(StopActionEvent.eventName, OPTIONS);
  }
}

/**
 * Data handed over as HTML (a JSON attribute or script child) could not be read. Like the
 * native `error` event it does not bubble: a bubbling `error` would reach `window` and look like
 * an uncaught exception to the page's error handlers.
 */
export class InputErrorEvent extends Event {
  static get eventName(): 'error' {
    return 'error';
  }
  constructor(readonly message: string) {
    super(InputErrorEvent.eventName);
  }
}

declare global {
  interface HTMLElementEventMap {
    'tool-toggle': ToolToggleEvent;
    'content-copy': ContentCopyEvent;
    'tool-details': ToolDetailsEvent;
    'message-action': MessageActionEvent;
    'tool-approval': ToolApprovalEvent;
    'stop-action': StopActionEvent;
  }
}
