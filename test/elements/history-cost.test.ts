/**
 * What a chunk streamed into the list costs must not grow with the history above it (issue 30):
 * the list's own work, counted, never timed.
 */
import { expect } from '@open-wc/testing';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { ToolView } from '../../src/elements/support/tool-views.js';
import { mountList, turnWheel, type Row } from '../helpers.js';
import { painted, until } from '../waits.js';

/** Rows of a block of the list's DOM, at most: a chunk may redo one block's worth of work. */
const BLOCK_ROWS = 24;

/** A host's tool views that count how often the list looks a tool up among them. */
class CountedViews extends Map<string, ToolView> {
  lookups = 0;

  override get(name: string): ToolView | undefined {
    this.lookups++;
    return super.get(name);
  }
}

/** `messages` earlier messages, calls to `read_file` and their results, in pairs. */
function history(messages: number): Row[] {
  return Array.from({ length: messages / 2 }, (_, i): Row[] => [
    { id: `call-${i}`, message_type: 'assistant', content_type: 'tool_call', sequence: 0, status: 'completed', tool_call_id: `c${i}`,
      content: { call_id: `c${i}`, name: 'read_file', arguments: { path: `/src/file_${i}.ex` } } },
    { id: `result-${i}`, message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: `c${i}`,
      content: { tool_call_id: `c${i}`, name: 'read_file', content: `file ${i}` } },
  ]).flat();
}

/** The answer streaming in, as a host on framework state hands it over: a new row object per chunk. */
const answer = (text: string): Row => ({ id: 'answer', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text } });

const CHUNKS = 4;

/** How a host hands a chunk over: the saved rows and the text so far. */
type Feed = (list: MessageList, rows: readonly Row[], text: string) => void;

/** A host on framework state: a new `items` array per chunk, the answer a new row object. */
const asItems: Feed = (list, rows, text) => {
  list.items = [...rows, answer(text)];
};

/** A host streaming the answer as the list's draft. */
const asDraft: Feed = (list, _rows, text) => {
  list.draft = { text };
};

/** How often a chunk fed so looks a tool up among the host's views, after `messages` earlier messages. */
async function lookupsPerChunk(messages: number, feed: Feed): Promise<number> {
  const views = new CountedViews([['read_file', () => 'a file']]);
  const rows = history(messages);
  const list = await mountList([...rows, answer('So far')], { toolViews: views });
  expect(list.querySelectorAll('[data-dk-tool-view]'), 'a view for every call').to.have.length(messages / 2);
  views.lookups = 0;
  for (let chunk = 1; chunk <= CHUNKS; chunk++) {
    feed(list, rows, `So far${' and more'.repeat(chunk)}`);
    await list.updateComplete;
  }
  return views.lookups / CHUNKS;
}

/**
 * Counts searches of the whole list (its shadow root, its log or the list in it) until `stop()`:
 * each one walks the elements of every message shown.
 */
function watchSearches(list: MessageList): { readonly count: number; stop(): void } {
  const log = list.shadowRoot!.querySelector('[part="log"]')!;
  const whole = new Set<Node>([list.shadowRoot!, log, log.querySelector('.list')!]);
  let count = 0;
  const undo = [Element.prototype, DocumentFragment.prototype].flatMap((prototype) =>
    (['querySelector', 'querySelectorAll'] as const).map((name) => {
      const search = prototype[name] as (this: ParentNode, selectors: string) => unknown;
      Object.defineProperty(prototype, name, {
        configurable: true,
        writable: true,
        value(this: ParentNode, selectors: string) {
          if (whole.has(this)) count++;
          return search.call(this, selectors);
        },
      });
      return () => Object.defineProperty(prototype, name, { configurable: true, writable: true, value: search });
    }),
  );
  return {
    get count() {
      return count;
    },
    stop: () => undo.forEach((restore) => restore()),
  };
}

describe('a chunk streamed after a long history', function () {
  // Lists of a thousand messages mount and settle: slow in WebKit.
  this.timeout(60_000);

  for (const [how, feed] of [['a new items array', asItems], ['the draft', asDraft]] as const) {
    it(`reads the calls of the block it changed for the host's tool views, not every earlier call (${how})`, async () => {
      const few = await lookupsPerChunk(2, feed);
      // 200 earlier calls, far more than a block's: enough to tell, where a thousand messages
      // with views take WebKit a minute to mount on a loaded machine.
      const many = await lookupsPerChunk(400, feed);
      // A chunk re-reads the calls of the block it changed: fewer than a block's rows, however long the history.
      expect(many, `${many} lookups a chunk after 400 messages, ${few} after 2`).to.be.below(few + BLOCK_ROWS);
    });
  }

  it('keeps the reader\'s place above a streaming answer without searching the whole history each chunk', async () => {
    const rows = history(1000);
    const list = await mountList([...rows, answer('So far')], {}, 'height: 400px');
    const log = list.shadowRoot!.querySelector<HTMLElement>('[part="log"]')!;
    // The reader scrolls up from the end they see: WebKit shows it a frame or two after the
    // history mounted (it lays out what mounted above a frame late).
    await until(() => log.scrollHeight - log.scrollTop - log.clientHeight < 1, 'the list at its end');
    // Halfway up, far from the end: blocks scrolled into view are laid out at their own size,
    // shorter than estimated, and 2,000 px up the end could come up to meet the reader (live.test.ts
    // tests what the list does then; this test is about the searches a chunk makes).
    turnWheel(log, -2000);
    log.scrollTop = log.scrollHeight / 2;
    // The list hears of the scroll in a frame's steps, not always the next one on a busy machine
    // (in Firefox a clean run once found no button a painted frame after the scroll).
    await until(() => list.shadowRoot!.querySelector('[part="jump-button"]') !== null, 'the reader has left the bottom');
    await list.updateComplete;
    const searches = watchSearches(list);
    try {
      for (let chunk = 1; chunk <= CHUNKS; chunk++) {
        asItems(list, rows, `So far${' and more'.repeat(chunk)}`);
        await list.updateComplete;
        await painted();
      }
    } finally {
      searches.stop();
    }
    expect(searches.count, 'searches of the whole list while streaming').to.equal(0);
  });
});
