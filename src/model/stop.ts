import { isPlainObject, ownValue, readKey } from './guards.js';
import { humanizeCode } from './humanize.js';
import { safeJson } from './safe-json.js';
import type { StopAction, StopDetails, StopInfo, StopKind, StopSeverity } from './types.js';

/**
 * A message stopped early when its last item's `content.stop_reason` is truthy: decided on
 * truthiness, never by comparing against a list, so an unseen reason still reads as stopped.
 */
export function classifyStop(content: unknown): StopInfo | null {
  const reason = readKey(content, 'stop_reason');
  if (!reason) return null;
  const reasonText = typeof reason === 'string' ? reason : safeJson(reason, { indent: 0, maxLength: 200 });
  const details = readStopDetails(readKey(content, 'stop_details'));
  return { reason: reasonText, kind: stopKind(reasonText, details), details };
}

/**
 * The reasons the kit words, as the kit, OpenAI, Anthropic, Gemini, the AI SDK and AG-UI name
 * them (compared lowercase, `-` and spaces read as `_`: `MAX_TOKENS`, `content-filter`).
 */
const KINDS_BY_REASON: Readonly<Record<StopKind, readonly string[]>> = {
  cancelled: [
    'cancelled', 'canceled', 'cancel', 'user_cancelled', 'user_canceled', 'user_cancel', 'abort', 'aborted', 'user_abort',
    'user_aborted', 'stopped_by_user', 'user_stopped',
  ],
  length: ['length', 'max_tokens', 'max_output_tokens', 'max_completion_tokens', 'max_new_tokens', 'token_limit', 'max_length'],
  context_window: ['model_context_window_exceeded', 'context_window_exceeded', 'context_length_exceeded', 'context_length'],
  pause_turn: ['pause_turn', 'paused'],
  stream_error: [
    'stream_error', 'error', 'failed', 'failure', 'provider_error', 'api_error', 'server_error', 'internal_error', 'network_error',
    'connection_error', 'interrupted', 'malformed_function_call', 'unexpected_tool_call',
  ],
  timeout: ['timeout', 'timed_out', 'deadline_exceeded'],
  content_filtered: [
    'content_filtered', 'content_filter', 'moderation', 'flagged', 'safety', 'recitation', 'blocklist', 'prohibited_content', 'spii',
    'image_safety', 'image_prohibited_content', 'image_recitation',
  ],
  refusal: ['refusal', 'refused'],
  other: [],
};

const KIND_OF: ReadonlyMap<string, StopKind> = new Map(
  (Object.entries(KINDS_BY_REASON) as Array<[StopKind, readonly string[]]>).flatMap(([kind, names]) => names.map((name) => [name, kind] as const)),
);

/** Reasons that name the filter's own category (Gemini's `SAFETY`, `SPII`…): the mark shows it in words. */
const CATEGORY_REASONS: ReadonlySet<string> = new Set([
  'safety', 'recitation', 'blocklist', 'prohibited_content', 'spii', 'image_safety', 'image_prohibited_content', 'image_recitation',
]);

const SEVERITY: Readonly<Record<StopKind, StopSeverity>> = {
  cancelled: 'quiet',
  length: 'notice',
  context_window: 'notice',
  pause_turn: 'notice',
  other: 'notice',
  stream_error: 'error',
  timeout: 'error',
  content_filtered: 'refusal',
  refusal: 'refusal',
};

/** The one thing a reader may ask after each kind of stop, when the host listens for it. */
const ACTION: Readonly<Partial<Record<StopKind, StopAction>>> = {
  length: 'continue',
  context_window: 'continue',
  pause_turn: 'continue',
  stream_error: 'retry',
  timeout: 'retry',
};

/** `MAX_TOKENS`, ` content-filter ` → `max_tokens`, `content_filter`. */
export function reasonKey(reason: string): string {
  return reason.trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/**
 * The wording a reason gets; `other` for one the kit has never seen. A details `type` of
 * `refusal` reads as the model declining even under a filter's reason (the kit's adapters send
 * `content_filtered` with it), and one of `error` as a failure.
 */
export function stopKind(reason: string | null | undefined, details?: StopDetails | null): StopKind {
  const kind = (reason && KIND_OF.get(reasonKey(reason))) || 'other';
  const type = details?.type ? reasonKey(details.type) : null;
  if (type === 'refusal' && (kind === 'content_filtered' || kind === 'other')) return 'refusal';
  if (type === 'error' && kind === 'other') return 'stream_error';
  return kind;
}

export function stopSeverity(kind: StopKind): StopSeverity {
  return SEVERITY[kind];
}

export function stopAction(kind: StopKind): StopAction | null {
  return ACTION[kind] ?? null;
}

/** Whether the kit words this reason (else the mark reads "Stopped early" and keeps the raw value for its details). */
export function isKnownReason(reason: string): boolean {
  return KIND_OF.has(reasonKey(reason));
}

/** The category a stop names: the provider's (`cyber`, `overloaded_error`), else the one its reason implies (`SPII`). */
export function stopCategory(reason: string, details: StopDetails | null): string | null {
  if (details?.category) return details.category;
  const key = reasonKey(reason);
  return CATEGORY_REASONS.has(key) ? key : null;
}

/**
 * A category in words: the table's entry for it, else the name itself made readable
 * (`paused_by_operator` → "Paused by operator", `rateLimit` → "Rate limit").
 */
export function categoryWords(categories: Readonly<Record<string, string>>, category: string): string {
  return ownValue<string>(categories, reasonKey(category)) ?? (humanizeCode(category) || category);
}

/** The provider's map, verbatim; `category` and `explanation` may be missing, null or odd. */
export function readStopDetails(value: unknown): StopDetails | null {
  if (value === undefined || value === null || value === false || value === '') return null;
  if (!isPlainObject(value)) return { type: null, category: null, explanation: null, extra: { value } };
  const extra: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key !== 'type' && key !== 'category' && key !== 'explanation') extra[key] = readKey(value, key);
  }
  return {
    type: textOf(readKey(value, 'type')),
    category: textOf(readKey(value, 'category')),
    explanation: textOf(readKey(value, 'explanation')),
    extra,
  };
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}
