import { expect } from '@open-wc/testing';
import { html } from 'lit';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { ToolCallItem } from '../../src/elements/tool-call-item/tool-call-item.js';
import { registerToolView, type ToolViewContext } from '../../src/elements/support/tool-views.js';
import { deepQueryAll, loadFixture, mountItem, mountList, settle, type Row } from '../helpers.js';

const callOf = (el: MessageList, callId: string) =>
  deepQueryAll<ToolCallItem>(el, 'tool-call-item').find((call) => (call.item as { toolCallId: string }).toolCallId === callId)!;

/** What shows in a call's view slot, through the list's forwarding slot. */
function viewOf(call: ToolCallItem): Element | null {
  const slot = call.shadowRoot!.querySelector<HTMLSlotElement>('slot[name="view"]');
  return slot?.assignedElements({ flatten: true })[0] ?? null;
}

/** A view element of the page's own, counting how often it was made. */
class FileCard extends HTMLElement {
  static made = 0;
  call?: ToolViewContext['call'];
  result?: ToolViewContext['result'];
  #status = '';
  constructor() {
    super();
    FileCard.made++;
  }
  set status(status: string) {
    this.#status = status;
    this.textContent = `${String((this.call?.arguments as Row)?.file_path)} · ${status}${this.result ? ` · ${this.result.output}` : ''}`;
  }
  get status(): string {
    return this.#status;
  }
}
customElements.define('test-file-card', FileCard);

const styleSheet = document.createElement('style');
styleSheet.textContent = '.page-styled { color: rgb(1, 2, 3); }';
document.head.append(styleSheet);

describe('custom tool views in a list', () => {
  it('shows a function view in place of the default body, from the list\'s light DOM, keeping the header', async () => {
    const seen: ToolViewContext[] = [];
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'), {
      toolViews: {
        list_files: (context) => {
          seen.push(context);
          return html`<ul class="page-styled label">${context.result?.output.split('\n').map((line) => html`<li>${line}</li>`)}</ul>`;
        },
      },
    });
    const call = callOf(el, 'toolu_01');
    const view = viewOf(call)!;
    expect(view.localName).to.equal('div');
    expect(view.parentElement === el, 'in the list\'s light DOM').to.equal(true);
    expect(view.querySelectorAll('li')).to.have.length(3);
    expect(seen.at(-1)!.status).to.equal('completed');
    expect(call.shadowRoot!.querySelector('summary')!.textContent).to.contain('Listing files');
    // The default body is not shown, and the other call keeps its own.
    expect(call.shadowRoot!.querySelector('[part="arguments"]')).to.equal(null);
    expect(viewOf(callOf(el, 'toolu_02'))).to.equal(null);
    // The page's styles reach the view; the kit's `.label` (bold) does not.
    const list = view.querySelector('ul')!;
    expect(getComputedStyle(list).color).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(list).fontWeight).not.to.equal('600');
    await expect(el).to.be.accessible();
  });

  it('keeps a custom element view (its DOM) through an upsert, a status change and the result', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const made = FileCard.made;
    const el = await mountList(rows, { toolViews: { delete_file: 'test-file-card' } });
    const card = viewOf(callOf(el, 'toolu_02'))!.firstElementChild as FileCard;
    expect(card).to.be.instanceOf(FileCard);
    expect(card.textContent).to.equal('/Memories/dad_jokes.txt · pending');
    el.upsert({ ...rows[6], status: 'executing' });
    await settle(el);
    expect(card.textContent).to.equal('/Memories/dad_jokes.txt · executing');
    el.upsert([
      { ...rows[6], status: 'completed' },
      { id: 'r8', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'toolu_02', inserted_at: '2026-08-20T17:04:00.000001Z',
        content: { tool_call_id: 'toolu_02', name: 'delete_file', content: 'Deleted.' } },
    ]);
    await settle(el);
    expect(viewOf(callOf(el, 'toolu_02'))!.firstElementChild === card, 'the same element').to.equal(true);
    expect(card.textContent).to.equal('/Memories/dad_jokes.txt · completed · Deleted.');
    expect(FileCard.made - made).to.equal(1);
  });

  it('keeps the view of a streamed call when its saved row replaces the draft', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const el = await mountList(rows.slice(0, 5), { toolViews: { delete_file: 'test-file-card' } });
    el.draft = { text: 'Deleting it.', tool_calls: [{ call_id: 'toolu_02', name: 'delete_file', arguments: { file_path: '/Memories/dad_jokes.txt' }, execution_status: 'executing' }] };
    await settle(el);
    const card = viewOf(callOf(el, 'toolu_02'))!.firstElementChild as FileCard;
    expect(card.status).to.equal('executing');
    el.upsert(rows.slice(5));
    el.draft = null;
    await settle(el);
    expect(viewOf(callOf(el, 'toolu_02'))!.firstElementChild === card, 'the same element').to.equal(true);
    expect(card.status).to.equal('pending');
  });

  it('keeps "Show raw": the default body under the view, on request', async () => {
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'), { toolViews: { delete_file: () => html`<p>Card</p>` } });
    const call = callOf(el, 'toolu_02');
    const raw = call.shadowRoot!.querySelector<HTMLButtonElement>('[part="raw-button"]')!;
    expect(raw.getAttribute('aria-expanded')).to.equal('false');
    raw.click();
    await settle(el);
    expect(raw.getAttribute('aria-expanded')).to.equal('true');
    expect(call.shadowRoot!.querySelector('[part="arguments"]')!.textContent).to.contain('dad_jokes.txt');
  });

  it('keeps the DOM of a function view made anew on each of the host\'s renders', async () => {
    const view = () => ({ list_files: ({ status }: ToolViewContext) => html`<p class="made">${status}</p>` });
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'), { toolViews: view() });
    const shown = viewOf(callOf(el, 'toolu_01'))!.querySelector('.made')!;
    el.toolViews = view();
    await settle(el);
    expect(viewOf(callOf(el, 'toolu_01'))!.querySelector('.made') === shown, 'the same paragraph').to.equal(true);
  });

  it('says so when a view throws, and shows the rest', async () => {
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'), {
      toolViews: { delete_file: () => { throw new Error('no card'); } },
    });
    expect(viewOf(callOf(el, 'toolu_02'))!.textContent).to.equal('This view could not be shown: no card');
  });

  it('uses views registered for every list, its own first, and hosts none while tools are hidden', async () => {
    registerToolView('list_files', () => html`<b>registered</b>`);
    try {
      const el = await mountList(await loadFixture('sagents-hitl-file-delete'));
      expect(viewOf(callOf(el, 'toolu_01'))!.textContent).to.equal('registered');
      el.toolViews = new Map([['list_files', () => 'own']]);
      await settle(el);
      expect(viewOf(callOf(el, 'toolu_01'))!.textContent).to.equal('own');
      el.toolDisplay = 'hidden';
      await settle(el);
      expect(el.querySelectorAll('[data-dk-tool-view]')).to.have.length(0);
    } finally {
      registerToolView('list_files', null);
    }
  });
});

describe('a custom view on a tool-call-item of its own', () => {
  it('hosts the view in its own light DOM, or shows what the page slots in', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const call = await mountItem('tool-call-item', rows[6], { toolViews: { delete_file: 'test-file-card' } });
    const container = call.querySelector('[slot="view"]')!;
    expect(container.parentElement === call, 'in its own light DOM').to.equal(true);
    expect(container.firstElementChild!.textContent).to.equal('/Memories/dad_jokes.txt · pending');
    const own = document.createElement('p');
    own.slot = 'view';
    own.textContent = 'Slotted by the page';
    call.append(own);
    call.requestUpdate();
    await settle(call);
    expect(call.querySelector('[data-dk-tool-view]')).to.equal(null);
  });
});
