import { isPlainObject, readKey } from './guards.js';
import { safeJson } from './safe-json.js';
import { STOP_KINDS, type StopDetails, type StopInfo, type StopKind } from './types.js';

const KNOWN: ReadonlySet<string> = new Set(STOP_KINDS);

/**
 * A message stopped early when its last item's `content.stop_reason` is truthy: decided on
 * truthiness, never by comparing against a list, so an unseen reason still reads as stopped.
 */
export function classifyStop(content: unknown): StopInfo | null {
  const reason = readKey(content, 'stop_reason');
  if (!reason) return null;
  const reasonText = typeof reason === 'string' ? reason : safeJson(reason, { indent: 0, maxLength: 200 });
  return {
    reason: reasonText,
    kind: stopKind(reasonText),
    details: readStopDetails(readKey(content, 'stop_details')),
  };
}

export function stopKind(reason: string | null | undefined): StopKind {
  return reason && KNOWN.has(reason) ? (reason as StopKind) : 'other';
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

/** "refusal · cyber": the kind and category of a stop's details, as one label. */
export function detailsHead(details: StopDetails): string {
  return [details.type, details.category].filter(Boolean).join(' · ');
}
