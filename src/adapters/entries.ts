import { isPlainObject, ownValue } from '../model/guards.js';
import { ITEM_KINDS } from '../model/types.js';

/**
 * One display item before it is placed in a message: kind and content only. The message
 * builder (`sink.ts`) decides order, sequence, ids and where the stop mark goes.
 */
export interface Entry {
  kind: string;
  content: Record<string, unknown>;
  status?: string;
  metadata?: Record<string, unknown>;
}

/**
 * Kinds that are "what was said" and keep their part order ahead of tool calls
 * (docs/display-items.md#messages).
 */
export function isSpokenKind(kind: string): boolean {
  return kind !== 'tool_call' && kind !== 'tool_result';
}

export const REDACTED_REASONING_TEXT = '_Reasoning redacted by the provider._';

/** Said when a provider summarized the conversation so far to fit its context. */
export const COMPACTION_TEXT = 'Earlier messages were summarized to fit the context.';

/**
 * The provider compacted the conversation: a notice, with the summary behind it when the
 * provider shows it (Anthropic does; OpenAI's is encrypted).
 */
export function compactionEntry(summary: string | null): Entry {
  return { kind: 'notification', content: summary ? { text: COMPACTION_TEXT, details: summary } : { text: COMPACTION_TEXT } };
}

export function textEntry(text: string, extra: Record<string, unknown> = {}): Entry {
  return { kind: 'text', content: { text, ...extra } };
}

export function thinkingEntry(text: string): Entry {
  return { kind: 'thinking', content: { text } };
}

/** The reasoning exists but is encrypted; saying so beats silently dropping a step. */
export function redactedThinkingEntry(): Entry {
  return { kind: 'thinking', content: { text: REDACTED_REASONING_TEXT, redacted: true } };
}

const KNOWN_KINDS: ReadonlySet<string> = new Set(ITEM_KINDS);

/**
 * A part the kit has no view for. It stays in the conversation as an item of the part's own
 * type, which the elements show with what it holds (the generic fallback), and the adapter
 * reports it as a problem too: nothing a source sends vanishes. The part sits under `part`, so
 * none of its fields (a `stop_reason`, a `text`) is read as the item's own.
 */
export function unsupportedEntry(type: string, part: unknown): Entry {
  const kind = type === '' || KNOWN_KINDS.has(type) ? 'unsupported_part' : type;
  return { kind, content: { part_type: type, part } };
}

export function toolCallEntry(callId: string, name: string, args: unknown): Entry {
  return { kind: 'tool_call', content: { call_id: callId, name, arguments: args, display_text: null } };
}

export function toolResultEntry(callId: string, name: string, content: string, isError: boolean): Entry {
  return {
    kind: 'tool_result',
    content: { tool_call_id: callId, name, content, is_error: isError, is_interrupt: false },
  };
}

export interface ParsedArguments {
  value: unknown;
  /** Set when the arguments were kept as raw text because they are not a JSON object. */
  problem: string | null;
}

/**
 * Tool arguments arrive as an object or as JSON text. Text that never parses is kept verbatim
 * (the reader can still see what the model sent) and reported.
 */
export function parseArguments(raw: unknown): ParsedArguments {
  if (raw === undefined || raw === null) return { value: {}, problem: null };
  if (typeof raw !== 'string') return { value: raw, problem: null };
  if (raw.trim() === '') return { value: {}, problem: null };
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isPlainObject(parsed)) return { value: parsed, problem: null };
    return { value: raw, problem: 'its arguments are JSON but not an object; kept as text' };
  } catch {
    return { value: raw, problem: 'its arguments are not complete JSON; kept as text' };
  }
}

/** The model declined to answer: its message stops there, and the mark says it was a refusal. */
export function refusalStop(): { reason: string; details: { type: string } } {
  return { reason: 'content_filtered', details: { type: 'refusal' } };
}

const FINISHED: ReadonlySet<string> = new Set([
  'end_turn', 'tool_use', 'stop_sequence', // Anthropic
  // Anthropic: the server handed a long turn back for the client to continue; nothing stopped
  // (the Anthropic adapter also marks the message `paused`).
  'pause_turn', 'compaction',
  'stop', 'tool_calls', 'function_call', // OpenAI
  'tool-calls', // AI SDK
]);

const RENAMED: Readonly<Record<string, string>> = {
  max_tokens: 'length',
  // OpenAI Responses: `incomplete_details.reason`.
  max_output_tokens: 'length',
  // Anthropic: the answer ran into the model's context window, a limit as max_tokens is.
  model_context_window_exceeded: 'length',
  length: 'length',
  refusal: 'content_filtered',
  content_filter: 'content_filtered',
  'content-filter': 'content_filtered',
  // AI SDK: the generation failed part-way, or the provider's stream ended without saying it
  // had finished; either reads as a stream that died.
  error: 'stream_error',
  interrupted: 'stream_error',
};

/**
 * A provider's stop reason as the kit's `content.stop_reason`
 * (docs/display-items.md#stop-reasons): `null` when the model finished, otherwise the kit's name
 * for it. Unknown truthy values are kept as they are, because the kit renders on truthiness: an
 * unseen reason must still read as "stopped early".
 */
export function mapStopReason(raw: unknown): unknown {
  if (!raw) return null;
  if (typeof raw !== 'string') return raw;
  if (FINISHED.has(raw)) return null;
  return ownValue(RENAMED, raw) ?? raw;
}
