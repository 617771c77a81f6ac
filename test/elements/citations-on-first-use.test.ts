// This page imports what `import 'display-kit/message-list'` does, and nothing else: the text
// loads the citations' code itself, the first time it shows a text that cites. The tests run in
// order, so the first ones see a page that has never loaded it.
import '../../src/elements/message-list/define.js';
import { expect } from '@open-wc/testing';
import { settle } from '../dom.js';

type MessageListElement = HTMLElementTagNameMap['message-list'];

const loaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('text-item/citations.'));
const text = (id: string, body: string, citations?: unknown[]) => ({
  id, type: 'text', message_type: 'assistant', content: citations ? { text: body, citations } : { text: body },
});
const paris = { cited_text: 'Paris is the capital of France.', start_index: 15, end_index: 21, source: { title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris' } };

function showList(items: unknown[]): MessageListElement {
  const list = document.createElement('message-list');
  list.items = items;
  document.body.append(list);
  return list;
}

const answerOf = (list: MessageListElement) => list.shadowRoot!.querySelector('text-item')!;

describe('citations load on first use', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('a conversation without citations never loads their code', async () => {
    const list = showList([text('1', 'The capital is **Paris**.')]);
    await list.mountComplete;
    await settle(list);
    expect(answerOf(list).shadowRoot!.querySelector('.markdown strong')?.textContent).to.equal('Paris');
    expect(loaded(), 'the citations chunk was fetched').to.equal(false);
  });

  it('shows a cited text at once without its markers, then with them and its sources once the code is here', async () => {
    const answer = document.createElement('text-item');
    answer.item = text('1', 'The capital is **Paris**.', [paris]);
    document.body.append(answer);
    // Its first render, in the microtasks after it connected: no task has passed, so no fetch has ended.
    for (let turn = 0; turn < 20 && !answer.hasUpdated; turn++) await Promise.resolve();
    const body = answer.shadowRoot!.querySelector('.markdown')!;
    expect(body.textContent, 'the text, whole, without markers').to.equal('The capital is Paris.\n');
    expect(body.querySelector('strong')?.textContent).to.equal('Paris');
    expect(answer.shadowRoot!.querySelector('.sources')).to.equal(null);
    await answer.updateComplete;
    expect(loaded(), 'fetched for the text that cites').to.equal(true);
    expect(body.querySelector('.cite-number')?.getAttribute('aria-label')).to.equal('Source 1: Paris (en.wikipedia.org)');
    expect(body.textContent, 'no token left in the text').to.match(/^The capital is Paris\.1Paris/);
    expect(answer.shadowRoot!.querySelectorAll('.sources .source')).to.have.length(1);
    await expect(answer).to.be.accessible();
  });

  it('renders the cited texts of a list once the code is here', async () => {
    const list = showList([text('1', 'The capital is Paris.', [paris]), text('2', 'Lyon is the third city.', [{ ...paris, start_index: 0, end_index: 4 }])]);
    await list.mountComplete;
    await settle(list);
    const markers = Array.from(list.shadowRoot!.querySelectorAll('text-item')).map((item) => item.shadowRoot!.querySelectorAll('.markdown .cite').length);
    expect(markers).to.deep.equal([1, 1]);
    await expect(list).to.be.accessible();
  });
});
