/**
 * A small driver that plays a stream into an element: the item's text grows chunk by chunk, as
 * a live host would send it, then settles. When an element has a `streaming` property
 * it is set while the text grows; elements without one simply get the growing text.
 */

type Setter = (text: string, done: boolean) => void;

export interface StreamOptions {
  /** Characters per chunk. */
  chunk?: number;
  /** Animation frames between chunks (paced by the display, never by a timer). */
  frames?: number;
  /** Stops the stream early (e.g. when the story is left). */
  signal?: AbortSignal;
}

import { frames as waitFrames } from '../../test/waits.js';

/** Splits text into chunks on word boundaries, roughly `size` characters each. */
export function chunksOf(text: string, size: number): string[] {
  const chunks: string[] = [];
  let rest = text;
  while (rest.length > 0) {
    let cut = Math.min(size, rest.length);
    const space = rest.indexOf(' ', cut);
    if (space !== -1 && space - cut < 12) cut = space + 1;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  return chunks;
}

/** Plays `text` into `set`, growing it; resolves when the whole text was sent. */
export async function playStream(text: string, set: Setter, options: StreamOptions = {}): Promise<void> {
  const { chunk = 24, frames = 2, signal } = options;
  let sent = '';
  for (const piece of chunksOf(text, chunk)) {
    if (signal?.aborted) return;
    sent += piece;
    set(sent, false);
    await waitFrames(frames);
  }
  set(text, true);
}

/** Whether a Lit element declares a reactive property (e.g. `streaming`). */
export function hasProperty(element: Element, name: string): boolean {
  const ctor = element.constructor as { elementProperties?: Map<PropertyKey, unknown> };
  return ctor.elementProperties?.has(name) ?? false;
}

/** Sets `streaming` on the element when it has such a property. */
export function setStreaming(element: Element, on: boolean): void {
  if (hasProperty(element, 'streaming')) (element as unknown as { streaming: boolean }).streaming = on;
}

export const STREAM_TEXT = [
  'Here is the plan, step by step.',
  '',
  '1. **Read** the current schema and note every table that changes.',
  '2. **Write** the migration with `mix ecto.gen.migration add_orders`.',
  '3. **Run** it against a copy of production data first.',
  '',
  '```elixir',
  'create table(:orders) do',
  '  add :total_cents, :integer, null: false',
  '  timestamps()',
  'end',
  '```',
  '',
  'Then we check the numbers and ship it.',
].join('\n');
