/**
 * Every way a host streams reaches the same incremental Markdown path, and ends in the DOM a
 * render of the final text at once gives: a new `.item` per chunk on a text-item, a new
 * `items` array on a list, `upsert` of the growing row, and `draft` replaced by its saved row.
 */
import { expect } from '@open-wc/testing';
import { deepQueryAll, mountItem, mountList, settle } from '../helpers.js';
import { frames } from '../waits.js';
import { chunk, generateDocument, seededRandom } from '../markdown/generate.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { TextItem } from '../../src/elements/text-item/text-item.js';

const QUESTION = { id: 'q', message_type: 'user', content_type: 'text', sequence: 0, inserted_at: '2026-08-20T10:00:00.000000Z', content: { text: 'Tell me.' } };
const answer = (text: string) => ({ id: 'a', message_type: 'assistant', content_type: 'text', sequence: 0, inserted_at: '2026-08-20T10:00:01.000000Z', content: { text } });

type Feed = (text: string) => void;

/** The ways a host streams, each giving the element whose Markdown shows the answer. */
const PATHS: Record<string, () => Promise<{ feed: Feed; finish: (text: string) => void; body: () => Element }>> = {
  async 'text-item .item'() {
    const el = await mountItem('text-item', answer(''));
    return { feed: (text) => (el.item = answer(text)), finish: (text) => (el.item = answer(text)), body: () => markdownOf(el) };
  },
  async 'list .items'() {
    const list = await mountList([QUESTION]);
    const feed: Feed = (text) => (list.items = [QUESTION, answer(text)]);
    return { feed, finish: feed, body: () => answerBody(list) };
  },
  async 'list upsert'() {
    const list = await mountList([QUESTION]);
    const feed: Feed = (text) => void list.upsert(answer(text));
    return { feed, finish: feed, body: () => answerBody(list) };
  },
  async 'list draft, then its saved row'() {
    const list = await mountList([QUESTION]);
    return {
      feed: (text) => (list.draft = { text }),
      finish: (text) => {
        list.draft = null;
        list.upsert(answer(text));
      },
      body: () => answerBody(list),
    };
  },
};

function markdownOf(item: Element): Element {
  return item.shadowRoot!.querySelector('.markdown')!;
}

function answerBody(list: MessageList): Element {
  return markdownOf(deepQueryAll<TextItem>(list, 'text-item').at(-1)!);
}

/** The Markdown of a text-item given the whole text at once. */
async function wholeRender(text: string): Promise<string> {
  return markdownOf(await mountItem('text-item', answer(text))).innerHTML;
}

async function settled(body: () => Element): Promise<void> {
  await settle(body().getRootNode() instanceof ShadowRoot ? ((body().getRootNode() as ShadowRoot).host as Element) : body());
  // A streaming draft draws at most once a frame.
  await frames(2);
}

const DOCUMENTS = Array.from({ length: 4 }, (_, i) => generateDocument(300 + i, { length: 900 + i * 300, references: i === 2 }));

describe('streaming through every host path', () => {
  for (const [path, open] of Object.entries(PATHS)) {
    describe(path, () => {
      DOCUMENTS.forEach((source, index) => {
        it(`ends as a whole render does (document ${index + 1}, random chunks)`, async () => {
          const stream = await open();
          let text = '';
          for (const piece of chunk(source, seededRandom(index + 7), 48)) {
            stream.feed((text += piece));
            await settled(stream.body);
          }
          stream.finish(source);
          await settled(stream.body);
          expect(stream.body().innerHTML === (await wholeRender(source))).to.equal(true);
        });
      });

      it('keeps a reader’s selection in a settled paragraph while the text grows', async () => {
        const stream = await open();
        let text = 'A first paragraph that a reader selects.\n\nThen more ';
        stream.feed(text);
        await settled(stream.body);
        const paragraph = stream.body().querySelector('p')!;
        const range = document.createRange();
        range.setStart(paragraph.firstChild!, 2);
        range.setEnd(paragraph.firstChild!, 7);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        for (const piece of ['words arrive', ' slowly.\n\n- a list', ' item\n\nDone.']) {
          stream.feed((text += piece));
          await settled(stream.body);
        }
        expect(paragraph.isConnected, 'the paragraph kept its node').to.equal(true);
        // The range itself: WebKit's document selection does not reach into shadow roots.
        expect(range.toString()).to.equal('first');
        getSelection()!.removeAllRanges();
      });
    });
  }

  it('renders a text that does not extend the last one in full', async () => {
    const el = await mountItem('text-item', answer('# Title\n\nOld paragraph with **bold**.\n\nAnother.'));
    el.item = answer('# Other title\n\nA new first paragraph.\n\n- and\n- a list');
    await settle(el);
    expect(markdownOf(el).innerHTML).to.equal(await wholeRender('# Other title\n\nA new first paragraph.\n\n- and\n- a list'));
  });

  it('streams reasoning the same way, once it is open', async () => {
    const list = await mountList([QUESTION]);
    const source = DOCUMENTS[0];
    let text = '';
    for (const piece of chunk(source, seededRandom(3), 64)) {
      list.draft = { thinking: (text += piece) };
      await settle(list);
      const thinking = deepQueryAll<HTMLElement & { open: boolean }>(list, 'thinking-item')[0];
      if (!thinking.open) thinking.open = true;
      await settle(list);
    }
    await frames(2);
    const thinking = deepQueryAll(list, 'thinking-item')[0];
    const fresh = await mountItem('thinking-item', { type: 'thinking', message_type: 'assistant', content: { text: source } }, { open: true, streaming: true });
    await frames(2);
    expect(markdownOf(thinking).textContent!.replace(/\s+/g, ' ')).to.equal(markdownOf(fresh).textContent!.replace(/\s+/g, ' '));
  });
});
