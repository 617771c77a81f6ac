/**
 * A display item as a host hands it over: an extracted item (`type`) or a persisted row
 * (`content_type`). Everything in it came from a model or a user, so nothing is trusted.
 */
export type RawDisplayItem = unknown;

/** The roles SPEC names; any other string a host sends is kept and shown as given. */
export type KnownRole = 'user' | 'assistant' | 'tool' | 'system';

export type ToolStatus = 'pending' | 'executing' | 'completed' | 'failed' | 'interrupted' | 'cancelled';

/** What the kit shows for a tool call: a row status, or `declined` (failed + rejected). */
export type ToolDisplayStatus = ToolStatus | 'declined' | 'unknown';

/** The stop wording keys; `other` covers any truthy reason the kit has never seen. */
export type StopKind = 'length' | 'cancelled' | 'content_filtered' | 'stream_error' | 'other';

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

/** One display item, normalized from either shape. Never throws to produce, never trusted. */
export interface DisplayItem {
  /** Stable key: the row `id` when present, else a position-derived key. */
  key: string;
  id: string | null;
  /** The item kind (`text`, `thinking`, `tool_call`, …, or whatever a host sent). */
  kind: string;
  role: string;
  content: Record<string, unknown>;
  sequence: number | null;
  status: string | null;
  toolCallId: string | null;
  metadata: Record<string, unknown>;
  insertedAt: string | null;
  /** A host-provided message id; decides grouping when present. */
  messageId: string | null;
  stop: StopInfo | null;
  /** An earlier row in the list has the same `id`: this one still shows, under a key of its own, with a note. */
  duplicate?: boolean;
  /** Why this item cannot be shown as its kind; non-empty means render a fallback. */
  problems: string[];
  /** The item exactly as received. */
  raw: unknown;
}

/** A run of consecutive items that came from one message (SPEC §5). */
export interface Message {
  key: string;
  role: string;
  items: DisplayItem[];
  /** The stop of the message's last item: truthy means the message is unfinished. */
  stop: StopInfo | null;
}
