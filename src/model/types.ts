import type { Citation } from './citations.js';

/**
 * A display item as a host hands it over: an extracted item (`type`) or a persisted row
 * (`content_type`). Everything in it came from a model or a user, so nothing is trusted.
 */
export type RawDisplayItem = unknown;

/** How a text item or list shows narration: quieter than an answer, or not at all. */
export const NARRATION_DISPLAY_MODES = ['shown', 'hidden'] as const;
export type NarrationDisplay = (typeof NARRATION_DISPLAY_MODES)[number];

/**
 * The roles the format names (docs/display-items.md#items); any other string a host sends is
 * kept and shown as given.
 */
export const KNOWN_ROLES = ['user', 'assistant', 'tool', 'system'] as const;
export type KnownRole = (typeof KNOWN_ROLES)[number];

/** A tool call row's lifecycle (docs/display-items.md#statuses). */
export const TOOL_STATUSES = ['pending', 'executing', 'completed', 'failed', 'interrupted', 'cancelled'] as const;
export type ToolStatus = (typeof TOOL_STATUSES)[number];

/**
 * What the kit shows for a tool call: a row status, `declined` (failed + rejected), or
 * `incomplete`: still `pending`/`executing` in storage although its run is over (the message
 * stopped, or the conversation moved on), so it will never finish.
 */
export const TOOL_DISPLAY_STATUSES = [...TOOL_STATUSES, 'declined', 'incomplete', 'unknown'] as const;
export type ToolDisplayStatus = (typeof TOOL_DISPLAY_STATUSES)[number];

/** How a list shows tool activity. */
export const TOOL_DISPLAY_MODES = ['full', 'compact', 'hidden'] as const;
export type ToolDisplay = (typeof TOOL_DISPLAY_MODES)[number];

export const TODO_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type TodoStatus = (typeof TODO_STATUSES)[number];

/**
 * The kinds the format names (docs/display-items.md#kinds). Any other kind becomes an `other`
 * item; nothing is dropped.
 */
export const ITEM_KINDS = [
  'text', 'thinking', 'tool_call', 'tool_result', 'notification', 'error', 'todo_snapshot', 'image',
  'file_reference', 'structured_data',
] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

/**
 * The stop wording keys (docs/display-items.md#stop-reasons): the kit's own reason names and the
 * providers' that read differently; `other` covers any truthy reason the kit has never seen.
 */
export const STOP_KINDS = [
  'cancelled', 'length', 'context_window', 'pause_turn', 'stream_error', 'timeout', 'content_filtered', 'refusal', 'other',
] as const;
export type StopKind = (typeof STOP_KINDS)[number];

/**
 * How loud a stop reads: `quiet` (the reader's own cancel, one muted line), `notice` (a limit, a
 * pause, a reason the kit has never seen), `error` (a failed stream or provider error), `refusal`.
 */
export const STOP_SEVERITIES = ['quiet', 'notice', 'error', 'refusal'] as const;
export type StopSeverity = (typeof STOP_SEVERITIES)[number];

/** What a reader can ask of a stopped message, where the host listens for it. */
export const STOP_ACTIONS = ['continue', 'retry'] as const;
export type StopAction = (typeof STOP_ACTIONS)[number];

export interface StopDetails {
  type: string | null;
  category: string | null;
  explanation: string | null;
  /** Everything else the provider put in the map, verbatim. */
  extra: Record<string, unknown>;
}

export interface StopInfo {
  /** The reason as text (`length`, `pause_turn`, or the stringified value). */
  reason: string;
  kind: StopKind;
  details: StopDetails | null;
}

/** What every display item carries, whatever its kind. */
export interface ItemBase {
  /** Stable key: the row `id` when present, else a position-derived key. */
  key: string;
  id: string | null;
  role: string;
  /** The content object as received (empty when it was not an object): for raw views only. */
  content: Readonly<Record<string, unknown>>;
  sequence: number | null;
  status: string | null;
  toolCallId: string | null;
  metadata: Readonly<Record<string, unknown>>;
  insertedAt: string | null;
  /** A host-provided message id; decides grouping when present. */
  messageId: string | null;
  stop: StopInfo | null;
  /** An earlier row in the list has the same `id`: this one still shows, under a key of its own, with a note. */
  duplicate?: boolean;
  /** Why this item cannot be shown as its kind; non-empty only on `invalid` items. */
  problems: string[];
  /** The item exactly as received. */
  raw: unknown;
}

/** What a text part says it is (LangChain's utterance marker); unmarked text is an answer. */
export const UTTERANCES = ['narration', 'answer'] as const;
export type Utterance = (typeof UTTERANCES)[number];

/** Markdown said by a user, an assistant or the system. */
export interface TextDisplayItem extends ItemBase {
  kind: 'text';
  text: string;
  /** The sources the text cites (`content.citations`), in the order sent. */
  citations: readonly Citation[];
  /**
   * `narration` when the model describes work in progress ("I'll check the logs first") rather
   * than answering (`content.utterance`); `answer` when marked so; null when unmarked.
   */
  utterance: Utterance | null;
}

/** The model's reasoning (Markdown). */
export interface ThinkingDisplayItem extends ItemBase {
  kind: 'thinking';
  text: string;
}

export interface ToolCallDisplayItem extends ItemBase {
  kind: 'tool_call';
  name: string;
  /** As sent: usually an object, sometimes JSON text, anything from a hostile host. */
  arguments: unknown;
  /** `content.display_text` when it says something. */
  displayText: string | null;
}

export interface ToolResultDisplayItem extends ItemBase {
  kind: 'tool_result';
  name: string;
  /** What the tool returned, as text (a non-string body is shown as JSON). */
  output: string;
  isError: boolean;
  isInterrupt: boolean;
  hitlDecision: string | null;
}

export interface NotificationDisplayItem extends ItemBase {
  kind: 'notification';
  text: string;
  /** More than the notice says, shown on request as Markdown (a compacted conversation's summary). */
  details: string | null;
}

export interface ErrorDisplayItem extends ItemBase {
  kind: 'error';
  text: string;
  errorType: string | null;
}

export interface Todo {
  text: string;
  /** As sent; one of `TODO_STATUSES` when the kit knows it. */
  status: string;
}

export interface TodoSnapshotDisplayItem extends ItemBase {
  kind: 'todo_snapshot';
  todos: Todo[];
}

export interface ImageDisplayItem extends ItemBase {
  kind: 'image';
  /** `url`, or a `data:` URL from `data` + `mime_type`; checked against the URL policy when shown. */
  source: string | null;
  alt: string;
  caption: string | null;
}

export interface FileReferenceDisplayItem extends ItemBase {
  kind: 'file_reference';
  path: string | null;
  name: string | null;
}

export interface StructuredDataDisplayItem extends ItemBase {
  kind: 'structured_data';
  format: string | null;
  data: unknown;
}

/**
 * A kind the kit does not know: shown as its `content.text`, else its content
 * (docs/display-items.md#unknown-kinds).
 */
export interface OtherDisplayItem extends ItemBase {
  kind: 'other';
  /** The kind as the host sent it. */
  kindName: string;
  text: string | null;
}

/** An item that cannot be shown as its kind: it renders a fallback listing `problems`. */
export interface InvalidDisplayItem extends ItemBase {
  kind: 'invalid';
  /** The kind it claimed, when it named one. */
  kindName: string | null;
}

/** One display item, normalized from either shape. Never throws to produce, never trusted. */
export type DisplayItem =
  | TextDisplayItem
  | ThinkingDisplayItem
  | ToolCallDisplayItem
  | ToolResultDisplayItem
  | NotificationDisplayItem
  | ErrorDisplayItem
  | TodoSnapshotDisplayItem
  | ImageDisplayItem
  | FileReferenceDisplayItem
  | StructuredDataDisplayItem
  | OtherDisplayItem
  | InvalidDisplayItem;

/** The item of one kind. */
export type DisplayItemOf<K extends DisplayItem['kind']> = Extract<DisplayItem, { kind: K }>;

/** A run of consecutive items that came from one message (docs/display-items.md#messages). */
export interface Message {
  key: string;
  role: string;
  items: DisplayItem[];
  /** The stop of the message's last item: truthy means the message is unfinished. */
  stop: StopInfo | null;
}
