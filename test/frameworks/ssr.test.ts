// Hydration support must load before Lit's element class is defined: first, before anything imports lit.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { expect } from '@open-wc/testing';
import { loadFixture, type Row } from '../fixtures.js';
import { allElements, hydrate, inShadow, problemsDuring, serverRender } from './ssr-page.js';

function longConversation(messages: number): Row[] {
  return Array.from({ length: messages }, (_, i) => ({
    id: `m${i}`,
    message_type: i % 2 === 0 ? 'user' : 'assistant',
    content_type: 'text',
    sequence: 0,
    content: { text: `Message **${i}**` },
  }));
}

describe('server-side rendering', () => {
  let html: string;
  before(async () => {
    html = await serverRender(await loadFixture('sagents-hitl-file-delete'));
  });

  it('renders the conversation in Node as declarative shadow DOM, without running the elements', () => {
    const doc = Document.parseHTMLUnsafe(`<!doctype html><body>${html}`);
    const list = doc.querySelector('message-list')!;
    const elements = allElements(doc);
    expect(list.shadowRoot, 'declarative shadow root').to.exist;
    expect(list.shadowRoot!.querySelectorAll('article')).to.have.length(3);
    const calls = elements.filter((el) => el.localName === 'tool-call-item');
    expect(calls.map((el) => inShadow(el, '.status-text')!.textContent)).to.deep.equal(['Done', 'Pending']);
    expect(inShadow(calls[0], 'summary')!.textContent).to.contain('Listing files');
    expect(list.shadowRoot!.textContent).to.contain('Assistant');
    // Markdown needs DOMPurify, which needs a DOM: the server sends the source as plain text
    // (escaped by Lit, so inert), and the browser renders the Markdown on hydration.
    const bodies = elements.filter((el) => el.matches('.server-text'));
    expect(bodies.length).to.equal(3);
    expect(bodies.every((body) => body.classList.contains('plain-source'))).to.equal(true);
    expect(bodies.map((body) => body.textContent)).to.include('Delete the dad jokes.');
    expect(list.querySelector(':scope > script[type="application/json"]'), 'items for the browser').to.exist;
  });

  it('keeps JSON inside the data from ending its script element', async () => {
    const items = [...(await loadFixture('markdown-rich')), { content_type: 'text', message_type: 'user', content: { text: '</script><script>alert(1)</script><!--' } }];
    const doc = Document.parseHTMLUnsafe(`<!doctype html><body>${await serverRender(items)}`);
    const scripts = doc.querySelectorAll('message-list > script:not([data-dk-server-options])');
    expect(scripts).to.have.length(1);
    expect(JSON.parse(scripts[0].textContent!)).to.deep.equal(items);
  });

  it('hydrates in the browser with no mismatch, fills Markdown, and disclosures toggle', async () => {
    const { host, problems, reused } = await hydrate(html);
    expect(problems, 'hydration logged or threw nothing').to.deep.equal([]);
    expect(reused, 'the server DOM is kept, not rendered again').to.equal(true);
    const elements = allElements(host);
    expect(elements.filter((el) => el.hasAttribute('defer-hydration')), 'every element hydrated').to.deep.equal([]);
    const texts = elements.filter((el) => el.localName === 'text-item');
    expect(inShadow(texts[0], '.markdown')!.textContent).to.contain('Delete the dad jokes.');

    const thinking = elements.find((el) => el.localName === 'thinking-item') as HTMLElementTagNameMap['thinking-item'];
    inShadow(thinking, 'summary')!.click();
    await new Promise((resolve) => thinking.shadowRoot!.querySelector('details')!.addEventListener('toggle', resolve, { once: true }));
    await thinking.updateComplete;
    expect(thinking.open).to.equal(true);
    expect(inShadow(thinking, '.markdown')!.textContent).to.contain('I should list the files');

    const call = elements.find((el) => el.localName === 'tool-call-item') as HTMLElementTagNameMap['tool-call-item'];
    const wasOpen = call.open;
    inShadow(call, 'summary')!.click();
    await new Promise((resolve) => call.shadowRoot!.querySelector('details')!.addEventListener('toggle', resolve, { once: true }));
    await call.updateComplete;
    expect(call.open).to.equal(!wasOpen);
    host.remove();
  });

  // Longer than the list's first mount (30 messages): the browser mounts everything the server
  // rendered instead of deferring older messages, or hydration would find fewer than it expects.
  it('hydrates a conversation longer than the list\'s first mount', async () => {
    const { host, problems, reused } = await hydrate(await serverRender(longConversation(120)));
    expect(problems).to.deep.equal([]);
    expect(reused).to.equal(true);
    expect(host.querySelector('message-list')!.shadowRoot!.querySelectorAll('article')).to.have.length(120);
    host.remove();
  });

  it('leaves one copy of every text and draws times in the reader’s zone and language: as a client-only render', async () => {
    const rows = await loadFixture('sagents-refusal-and-tools');
    const { host, problems } = await hydrate(await serverRender(rows));
    expect(problems).to.deep.equal([]);
    const { deepText, mountList, settle } = await import('../helpers.js');
    const hydrated = host.querySelector('message-list')!;
    await settle(hydrated);
    expect(allElements(hydrated).filter((el) => el.matches('.server-text')), 'no server copy left').to.deep.equal([]);
    const client = await mountList(rows);
    const times = (list: Element) => allElements(list).filter((el) => el.matches('[part="time"], [part="day-separator"]')).map((el) => el.textContent!.trim());
    expect(times(hydrated)).to.deep.equal(times(client));
    expect(deepText(hydrated)).to.equal(deepText(client));
    host.remove();
  });

  it('takes options a host set before the page hydrated, once the server’s DOM is hydrated', async () => {
    const host = document.createElement('div');
    host.setHTMLUnsafe(html);
    const list = host.querySelector('message-list')! as HTMLElement & { messageActions: unknown; participants: unknown };
    // Set on the element before its class is there, as a framework does on first render.
    list.messageActions = [{ id: 'retry', label: 'Retry', roles: ['assistant'] }];
    list.participants = { assistant: { name: 'Ada' } };
    const problems = await problemsDuring(async () => {
      document.body.append(host);
      await import('../../src/define.js');
      const { settle } = await import('../helpers.js');
      await settle(list);
      await settle(list);
    });
    expect(problems).to.deep.equal([]);
    expect(list.shadowRoot!.querySelectorAll('button[data-action="retry"]').length).to.be.greaterThan(0);
    expect(list.shadowRoot!.textContent).to.contain('Ada');
    host.remove();
  });

  it('renders with every option the list takes, and hydrates what it rendered', async () => {
    const rows = await loadFixture('sagents-refusal-and-tools');
    const options = {
      messageActions: [{ id: 'retry', label: 'Retry', roles: ['assistant'] }],
      participants: { assistant: { name: 'Ada' } },
      toolDisplay: 'compact',
      noTimestamps: true,
      exportable: true,
      strings: { copyMessage: 'Copy this' },
    };
    const serverHtml = await serverRender(rows, options);
    const doc = Document.parseHTMLUnsafe(`<!doctype html><body>${serverHtml}`);
    const served = doc.querySelector('message-list')!;
    expect(served.shadowRoot!.querySelectorAll('button[data-action="retry"]').length, 'actions in the server HTML').to.be.greaterThan(0);
    expect(served.shadowRoot!.textContent).to.contain('Ada');
    expect(served.shadowRoot!.querySelector('[part="actions"] button')!.getAttribute('aria-label')).to.equal('Copy this');
    expect(served.shadowRoot!.querySelector('[part="time"]'), 'no timestamps').to.equal(null);
    expect(served.shadowRoot!.querySelector('[part="toolbar"]'), 'exportable').to.exist;
    const { host, problems, reused } = await hydrate(serverHtml);
    expect(problems).to.deep.equal([]);
    expect(reused).to.equal(true);
    host.remove();
  });

  it('draws approvals, open reasoning and hidden narration on the server, and hydrates them', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const items = rows.map((row) => (row.status === 'pending' ? { ...row, status: 'interrupted' } : row));
    items.splice(2, 0, { message_type: 'assistant', content_type: 'text', content: { text: 'Looking around first.', utterance: 'narration' } });
    const options = { approvals: true, approvalActions: [{ id: 'edit', label: 'Edit path' }], thinkingOpen: true, narration: 'hidden' };
    const serverHtml = await serverRender(items, options);
    const doc = Document.parseHTMLUnsafe(`<!doctype html><body>${serverHtml}`);
    const elements = allElements(doc);
    const thinking = elements.find((el) => el.localName === 'thinking-item')!;
    expect(inShadow(thinking, 'details')!.hasAttribute('open'), 'reasoning open').to.equal(true);
    const choices = elements.filter((el) => el.matches('[part~="approval"] button')).map((el) => el.textContent!.trim());
    expect(choices).to.deep.equal(['Approve', 'Decline', 'Edit path']);
    expect(doc.body.innerHTML.includes('Looking around first.') && elements.every((el) => !el.shadowRoot?.innerHTML.includes('Looking around first.')), 'narration left out').to.equal(true);
    const { host, problems, reused } = await hydrate(serverHtml);
    expect(problems).to.deep.equal([]);
    expect(reused).to.equal(true);
    // Attributes stay with the element; the host's own choices are its to set in the browser too.
    const hydrated = allElements(host);
    expect(hydrated.filter((el) => el.matches('[part~="approval"] button')).map((el) => el.textContent!.trim())).to.deep.equal(['Approve', 'Decline']);
    expect(inShadow(hydrated.find((el) => el.localName === 'thinking-item'), 'details')!.hasAttribute('open')).to.equal(true);
    host.remove();
  });

  it('would notice a mismatch: the browser given other items than the server rendered', async () => {
    const host = document.createElement('div');
    host.setHTMLUnsafe(html.replace(/"id":"r1"[^]*?"id":"r2"/, '"id":"r2"'));
    const problems = await problemsDuring(async () => {
      document.body.append(host);
      await host.querySelector('message-list')!.updateComplete.catch((error: unknown) => console.error(error));
    });
    host.remove();
    expect(problems.join('\n')).to.match(/hydrat/i);
  });
});
