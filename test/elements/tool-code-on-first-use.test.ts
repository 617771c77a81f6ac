// This page imports what `import 'display-kit/message-list'` does, and nothing that registers the
// tool tags: the list loads their code itself, the first time it shows a tool call. The tests run
// in order, so the first one sees a page that has never loaded it.
import '../../src/elements/message-list/define.js';
import { expect } from '@open-wc/testing';
import { settle } from '../dom.js';

type MessageListElement = HTMLElementTagNameMap['message-list'];

const text = (id: string, message_type: string, body: string) => ({ id, message_type, content_type: 'text', content: { text: body } });

const call = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  message_type: 'assistant',
  content_type: 'tool_call',
  content: { call_id: `call-${id}`, name: 'search_web', arguments: { query: 'tide tables for Brest' }, ...extra },
  status,
});

function showList(items: unknown[]): MessageListElement {
  const list = document.createElement('message-list');
  list.items = items;
  document.body.append(list);
  return list;
}

/**
 * The list as drawn now, copied with its styles, for axe to check once the tool elements are
 * there: axe runs over several tasks, and an axe run that the tool elements' module arrives in
 * the middle of never ends (seen in Chromium, with the list or a copy of it).
 */
function drawnNow(list: MessageListElement): HTMLElement {
  const copy = document.createElement('div');
  const root = copy.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = list.shadowRoot!.adoptedStyleSheets;
  root.innerHTML = list.shadowRoot!.innerHTML;
  document.body.append(copy);
  return copy;
}

const placeholders = (list: MessageListElement) => Array.from(list.shadowRoot!.querySelectorAll<HTMLElement>('[part~="tool-placeholder"]'));

describe('tool elements load on first use', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('a conversation of text never loads the tool elements’ code', async () => {
    const list = showList([text('1', 'user', 'What is the tide at noon?'), text('2', 'assistant', 'High water at **12:40**.')]);
    await list.mountComplete;
    await settle(list);
    expect(list.shadowRoot!.querySelectorAll('text-item')).to.have.length(2);
    expect(customElements.get('tool-call-item'), 'tool-call-item registered').to.equal(undefined);
    expect(customElements.get('tool-result-item'), 'tool-result-item registered').to.equal(undefined);
  });

  it('shows an arriving call at once by its label and status, then as its element', async () => {
    const list = showList([text('1', 'user', 'Tides?')]);
    await list.updateComplete;
    list.items = [...list.items, call('2', 'executing'), { ...call('3', 'failed'), content: { ...call('3', 'failed').content, stop_reason: 'error' } }];
    await list.updateComplete;
    // In the render that added it, before any code arrived: what the call's own summary line will say
    // (the first one's run ended with the stop after it, so it did not finish).
    const shown = placeholders(list);
    expect(shown.map((p) => p.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal(['Search web Did not finish', 'Search web Failed']);
    expect(list.shadowRoot!.querySelector('stop-mark'), 'a stopped call still says it stopped').to.exist;
    const placeholderState = drawnNow(list);
    expect(customElements.get('tool-call-item'), 'still loading').to.equal(undefined);
    // Find, begun now, waits for the elements and shows the match in the call's arguments.
    expect(await list.find('Brest')).to.deep.equal({ query: 'Brest', count: 2, current: 1 });
    expect(placeholders(list)).to.deep.equal([]);
    await settle(list);
    const calls = Array.from(list.shadowRoot!.querySelectorAll('tool-call-item'));
    expect(calls.map((el) => el.shadowRoot!.querySelector('[part="label"]')!.textContent)).to.deep.equal(['Search web', 'Search web']);
    expect(calls[0].hasAttribute('open'), 'the call holding the match opened').to.equal(true);
    list.closeFind();
    await expect(list).to.be.accessible();
    await expect(placeholderState).to.be.accessible();
  });

  it('loads the code that hosts a page\'s tool views only for a list given one, and shows the view once it is there', async () => {
    const loaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('tool-view-sync'));
    const plain = showList([text('1', 'user', 'Tides?'), call('2', 'completed')]);
    await plain.mountComplete;
    await settle(plain);
    expect(plain.shadowRoot!.querySelectorAll('tool-call-item')).to.have.length(1);
    expect(loaded(), 'loaded for a list with no views').to.equal(false);
    const viewed = document.createElement('message-list');
    viewed.toolViews = { search_web: ({ call: shownCall }) => `Searching for ${(shownCall.arguments as { query: string }).query}` };
    viewed.items = [text('1', 'user', 'Tides?'), call('2', 'completed')];
    document.body.append(viewed);
    await viewed.mountComplete;
    expect(loaded(), 'loaded for the list given a view').to.equal(true);
    const view = viewed.querySelector('[data-dk-tool-view]');
    expect(view?.textContent).to.equal('Searching for tide tables for Brest');
    const slot = viewed.shadowRoot!.querySelector('tool-call-item')!.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="view"]')!;
    expect(slot.assignedElements({ flatten: true })).to.deep.equal([view]);
    await expect(viewed).to.be.accessible();
  });
});
