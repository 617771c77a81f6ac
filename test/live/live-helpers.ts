import { expect } from '@open-wc/testing';
import { deepQueryAll, mountList, settle, shownMessages } from '../helpers.js';
import { outline, outlineDifference, wakeAll } from '../dom.js';
import { highlightsSettled } from '../../src/markdown/highlight.js';

type List = HTMLElementTagNameMap['message-list'];

/**
 * What the list shows once every message is mounted (a long history mounts its older messages in
 * idle time) and every item is awake and open: comparable with a fresh render.
 */
export async function shown(list: List): Promise<string[]> {
  await list.mountComplete;
  await settle(list);
  await wakeAll(list);
  // Code is coloured once highlight.js has loaded (its first use on the page): compared coloured.
  await highlightsSettled();
  return outline(list);
}

/** The list that lived through a stream shows what a fresh list given the saved items shows. */
export async function expectSameAsSaved(list: List, savedItems: unknown[]): Promise<void> {
  const fresh = await mountList(savedItems);
  const difference = outlineDifference(await shown(list), await shown(fresh));
  fresh.remove();
  expect(difference, difference ?? '').to.equal(null);
}

/** Splits text into pieces of 1 to 12 characters, differently for each seed. */
export type Pieces = (whole: string) => string[];

/**
 * Streams the events `script` makes into a fresh list several times, each time with the texts
 * cut into other pieces and the list rendering at other moments; every run must end the same.
 */
export async function expectAnyChunkingSame(
  script: (pieces: Pieces) => unknown[] | Promise<unknown[]>,
  bind: (list: List) => { push(event: unknown): void; end(): void },
  history: unknown[] = [],
): Promise<void> {
  let random = 7;
  const next = () => (random = (random * 48271) % 2147483647) / 2147483647;
  const pieces: Pieces = (whole) => {
    const parts: string[] = [];
    for (let at = 0; at < whole.length; ) {
      const size = 1 + Math.floor(next() * 12);
      parts.push(whole.slice(at, at + size));
      at += size;
    }
    return parts;
  };
  let first: string[] | null = null;
  for (let round = 0; round < 4; round++) {
    const list = await mountList(history);
    const live = bind(list);
    for (const event of await script(pieces)) {
      live.push(event);
      if (next() < 0.3) await settle(list);
    }
    live.end();
    const lines = await shown(list);
    list.remove();
    if (first === null) first = lines;
    else expect(outlineDifference(lines, first), `chunking ${round}`).to.equal(null);
  }
}

/** A draft item as the bindings write it. */
export type DraftItem = { type: string; message_type: string; status?: string; content: Record<string, unknown> };

/** A list, and every draft a binding gave it. */
export async function watchedList(): Promise<{ list: List; target: { draft: unknown; upsert(rows: unknown): unknown }; drafts: DraftItem[][] }> {
  const list = await mountList([]);
  const drafts: DraftItem[][] = [];
  const target = {
    get draft() { return list.draft; },
    set draft(value: unknown) {
      if (Array.isArray(value)) drafts.push(value as DraftItem[]);
      list.draft = value;
    },
    upsert: (rows: unknown) => list.upsert(rows),
  };
  return { list, target, drafts };
}

/** The last stop mark the list shows. */
export function lastMark(list: List): HTMLElement & { reason: string } {
  return deepQueryAll<HTMLElement & { reason: string }>(list, 'stop-mark').at(-1)!;
}

/** The weather turn the provider tests stream: the question, the call and its answer, all finished. */
export function expectWeatherTurn(list: List): void {
  const messages = shownMessages(list);
  expect(messages.map((message) => [message.role, message.unfinished])).to.deep.equal([['user', false], ['assistant', false], ['assistant', false]]);
  expect(messages[1].text).to.contain('Let me check the forecast').and.to.contain('Paris');
  expect(messages[2].text).to.contain('It is 18 °C in Paris.');
}
