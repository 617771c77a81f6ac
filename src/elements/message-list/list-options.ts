import { property } from 'lit/decorators.js';
import type { DisplayKitStrings } from '../../i18n/strings.js';
import type { NarrationDisplay, ToolDisplay } from '../../model/types.js';
import type { ApprovalAction } from '../tool-call-item/tool-call-item.js';
import type { ToolViews } from '../support/tool-views.js';
import { PolicyElement } from '../base/policy-element.js';
import type { ToolTags } from './controllers/tool-loader.js';

/** An action the host adds to messages (retry, thumbs up, edit…); choosing it fires `message-action`. */
export interface MessageAction {
  id: string;
  /** Its name: the button's text, or, with an icon, its accessible name and tooltip. */
  label: string;
  /** One of the kit's icons (`retry`, `edit`, `share`, `thumbs-up`, `thumbs-down`, `copy`, `check`): an icon button. */
  icon?: string;
  /** Roles whose messages get the action (default: every role). */
  roles?: readonly string[];
}

/** Optional display names and avatars per role (off unless set). */
export type Participants = Partial<Record<string, { name?: string; avatar?: string }>>;

/**
 * The list's options: how its messages render. An option is a property here with its key in
 * `OPTION_KEYS`; the list then makes a new `ListOptions` whenever it changes, its templates read
 * it there, and every guard over rendered messages depends on it.
 */
export class ListOptionsElement extends PolicyElement {
  /**
   * How tool activity shows: `full` (default), `compact` (one line per call; click to expand),
   * or `hidden` (a one-line trace stands in for it, so nothing vanishes silently).
   */
  @property({ attribute: 'tool-display', reflect: true }) toolDisplay: ToolDisplay = 'full';

  /**
   * How narration shows: text the model marked `utterance: "narration"` (describing work in
   * progress, not answering). `shown` (default) draws it quieter than an answer, together with
   * the tool activity it introduces; `hidden` leaves it out.
   */
  @property({ reflect: true }) narration: NarrationDisplay = 'shown';

  /** Show reasoning open, not collapsed behind its disclosure (the reader can still close it). */
  @property({ type: Boolean, attribute: 'thinking-open' }) thinkingOpen = false;

  /** Hide message times and day separators. */
  @property({ type: Boolean, attribute: 'no-timestamps' }) noTimestamps = false;

  /**
   * When a message's time shows: `hover` (default: as the reader points at or moves into the
   * message; the day separators say the date) or `always`, on every message.
   */
  @property({ reflect: true }) timestamps: 'hover' | 'always' = 'hover';

  /** Locale for times and numbers, e.g. `de` beside `germanStrings` (default: the reader's, as the browser reports it). */
  @property() locale = '';

  /** Time zone for times and day separators (default: the reader's). */
  @property({ attribute: 'time-zone' }) timeZone = '';

  /** The host's own per-message actions; each fires `message-action` with the message's item ids. */
  @property({ attribute: false }) messageActions: readonly MessageAction[] = [];

  /** Display names and avatars per role, e.g. `{assistant: {name: 'Ada', avatar: '/ada.png'}}`. */
  @property({ attribute: false }) participants: Participants = {};

  /** Show buttons that download the conversation as Markdown or JSON. */
  @property({ type: Boolean, reflect: true }) exportable = false;

  /**
   * Offer Approve and Decline on calls waiting for a person (`interrupted`, or a status label
   * such as "Task awaiting approval"); the reader's choice fires `tool-approval`. Off for a
   * transcript nobody can act on.
   */
  @property({ type: Boolean, reflect: true }) approvals = false;

  /** The host's own choices beside Approve and Decline; each fires `tool-approval` with its `id`. */
  @property({ attribute: false }) approvalActions: readonly ApprovalAction[] = [];

  /**
   * What a reader may ask for after a stop, space-separated: `continue` (after a length limit or
   * a pause) and `retry` (after a failed stream or provider error). Each shows on the stop marks
   * it fits and fires `stop-action`; the host starts the run again. Off unless set.
   */
  @property({ attribute: 'stop-actions', reflect: true }) stopActions = '';

  /**
   * For the people who build the agent, not its readers: a failed or declined call offers
   * "Details", which fires `tool-details` and shows everything its row holds (ids, sequence
   * numbers, metadata). Off by default.
   */
  @property({ type: Boolean, reflect: true }) developer = false;

  /**
   * Views of the host's own, by tool name: a function returning a Lit template, a DOM node or
   * text, or a custom element's tag (given `.call`, `.result`, `.status`). They replace a call's
   * default body; its header, status and "Show raw" stay. (`registerToolView()` registers one
   * for every list.)
   */
  @property({ attribute: false }) toolViews?: ToolViews;

}

/** The properties that change how messages render (the policy's and the strings included). */
export const OPTION_KEYS = [
  'strings', 'toolDisplay', 'narration', 'thinkingOpen', 'imageOrigins', 'linkSchemes', 'linkTarget', 'noTimestamps', 'locale',
  'timeZone', 'messageActions', 'participants', 'approvals', 'approvalActions', 'toolViews', 'stopActions', 'developer',
] as const satisfies ReadonlyArray<keyof ListOptionsElement>;

/** The list's options as its templates read them (frozen), with the strings resolved. */
export type ListOptions = Readonly<Pick<ListOptionsElement, (typeof OPTION_KEYS)[number]>> & {
  readonly text: DisplayKitStrings;
  /** Changes when times must be drawn anew, not only updated (hydration kept the server's text). */
  readonly drawn: number;
  /** The tool elements' tags; null while their code loads (calls show as placeholders). */
  readonly tools: ToolTags | null;
};

export function readOptions(element: ListOptionsElement, text: DisplayKitStrings, drawn: number, tools: ToolTags | null): ListOptions {
  const options: Record<string, unknown> = { text, drawn, tools };
  for (const key of OPTION_KEYS) options[key] = element[key];
  return Object.freeze(options as ListOptions);
}
