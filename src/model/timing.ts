import { readKey, readString } from './guards.js';
import { parseTimestamp } from './time.js';
import type { DisplayItem, ToolResultDisplayItem } from './types.js';

/**
 * How long things took, from what storage kept (DOM-free). Never a client timer: a reload shows
 * the same durations, and an item with nothing stored shows none.
 */

/** The keys a host may store a span under, in `metadata`: a duration, or when it started and ended. */
const END_KEYS = ['completed_at', 'finished_at', 'ended_at'] as const;

/**
 * A span stored in an item's metadata: `duration_ms`, or `started_at` and one of `completed_at`,
 * `finished_at`, `ended_at` (ISO-8601). Null when there is none, or it makes no sense.
 */
export function storedDuration(metadata: unknown): number | null {
  const ms = readKey(metadata, 'duration_ms');
  if (typeof ms === 'number') return validSpan(ms);
  const started = readString(metadata, 'started_at');
  if (!started) return null;
  for (const key of END_KEYS) {
    const ended = readString(metadata, key);
    if (ended) return between(started, ended);
  }
  return null;
}

/** Milliseconds from one stored timestamp to another; null unless both parse and run forwards. */
export function between(from: string | null, to: string | null): number | null {
  const start = parseTimestamp(from);
  const end = parseTimestamp(to);
  return start && end ? validSpan(end.getTime() - start.getTime()) : null;
}

/**
 * The time between two rows being saved, when it is one: rows saved at the same instant (a host
 * that writes a whole message at once, or one that stamps a batch) say nothing of how long the
 * work took, and "0 s" would be a claim.
 */
function savedApart(from: string | null, to: string | null): number | null {
  const span = between(from, to);
  return span === 0 ? null : span;
}

function validSpan(ms: number): number | null {
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/**
 * How long a tool call ran: its stored span, else from the call's row being saved to its
 * result's (a call that waited for a person includes the wait). Null while it has no result.
 */
export function toolDuration(call: DisplayItem, result: ToolResultDisplayItem | null): number | null {
  return storedDuration(call.metadata) ?? (result ? savedApart(call.insertedAt, result.insertedAt) : null);
}

/**
 * How long the model reasoned: the item's stored span, else — for reasoning that opens its
 * message — from the message before it being saved (`previousAt`) to this one. Hosts that save a
 * whole message at once (Sagents) make that the time to the whole response: an upper bound.
 */
export function thinkingDuration(item: DisplayItem, previousAt: string | null | undefined): number | null {
  return storedDuration(item.metadata) ?? (previousAt ? savedApart(previousAt, item.insertedAt) : null);
}
