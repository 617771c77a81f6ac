import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mountItem, mountList, deepQueryAll, loadFixture, settle, frames, stubClipboard, toggled } from '../helpers.js';
import { nextEvent } from '../waits.js';
import type { ToolToggleEvent } from '../../src/events.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';

const call = (row: Record<string, unknown> = {}, content: Record<string, unknown> = {}) => ({
  id: 'r1', content_type: 'tool_call', message_type: 'assistant', tool_call_id: 'c1', status: 'completed', metadata: {},
  content: { call_id: 'c1', name: 'read_file', arguments: { path: '/etc/hosts', mode: 'text', limit: 100, offset: 0 }, display_text: null, ...content },
  ...row,
});
const result = (content: Record<string, unknown> = {}) => ({
  type: 'tool_result', message_type: 'tool',
  content: { tool_call_id: 'c1', name: 'read_file', content: 'ok', is_error: false, is_interrupt: false, ...content },
});
const root = (el: Element) => el.shadowRoot!;

describe('tool activity: arguments', () => {
  it('previews the one argument that says what the call is about, never a dump of them all', async () => {
    const path = '/very/long/' + 'x'.repeat(80);
    const el = await mountItem('tool-call-item', call({}, { arguments: { path, mode: 'text', limit: 1, more: true } }));
    const preview = root(el).querySelector<HTMLElement>('[part="arguments-summary"]')!;
    expect(preview.textContent).to.equal(path);
    expect(getComputedStyle(preview).whiteSpace, 'one line, cut with an ellipsis').to.equal('nowrap');
    expect(getComputedStyle(preview).textOverflow).to.equal('ellipsis');
    // Nothing well known to show, or the label says it already: no preview.
    const unknown = await mountItem('tool-call-item', call({}, { arguments: { mode: 'text', limit: 1 } }));
    expect(root(unknown).querySelector('[part="arguments-summary"]')).to.equal(null);
    const said = await mountItem('tool-call-item', call({}, { arguments: { path: '/etc/hosts' }, display_text: 'Reading /etc/hosts' }));
    expect(root(said).querySelector('[part="arguments-summary"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('folds the JSON tree by keyboard', async () => {
    const el = await mountItem('tool-call-item', call({}, { arguments: { outer: { inner: { deep: [1, 2, 3] } } } }), { open: true });
    await el.updateComplete;
    const nodes = root(el).querySelectorAll<HTMLDetailsElement>('[part="arguments"] details.j-node');
    expect(nodes.length).to.equal(4);
    expect(Array.from(nodes).map((n) => n.open), 'a small tree opens whole: no "{1 key}" inside it').to.deep.equal([true, true, true, true]);
    const inner = nodes[2];
    inner.querySelector('summary')!.focus();
    let toggle = toggled(inner);
    await sendKeys({ press: 'Enter' });
    await toggle;
    expect(inner.open).to.equal(false);
    expect(inner.querySelector('summary')!.textContent!.replace(/\s+/g, ' ')).to.equal('"inner": { 1 key }');
    toggle = toggled(inner);
    await sendKeys({ press: 'Enter' });
    await toggle;
    expect(inner.open).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('cuts long strings in the tree, with "show more"', async () => {
    const long = 'y'.repeat(500);
    const el = await mountItem('tool-call-item', call({}, { arguments: { body: long } }), { open: true });
    await el.updateComplete;
    const string = () => root(el).querySelector('.j-string')!.textContent!;
    expect(string().length).to.be.lessThan(200);
    root(el).querySelector<HTMLButtonElement>('.j-string + .more, .more')!.click();
    await el.updateComplete;
    expect(string()).to.equal(`"${long}"`);
  });

  it('shows string arguments as text, parsing them when they are JSON', async () => {
    const text = await mountItem('tool-call-item', call({}, { arguments: 'rm -rf /tmp/x' }), { open: true });
    expect(root(text).querySelector('pre[part="arguments"]')!.textContent).to.equal('rm -rf /tmp/x');
    const json = await mountItem('tool-call-item', call({}, { arguments: '{"q":"elixir"}' }), { open: true });
    expect(root(json).querySelector('[part="arguments"] .j-key')!.textContent).to.equal('"q"');
  });

  it('copies the raw arguments and says so', async () => {
    const clipboard = stubClipboard();
    try {
      const el = await mountItem('tool-call-item', call(), { open: true });
      await el.updateComplete;
      const button = root(el).querySelector<HTMLButtonElement>('[part="copy-button"]')!;
      const heard = nextEvent(el, 'content-copy');
      button.click();
      const event = await heard;
      expect(event.content).to.equal('arguments');
      expect(event.callId).to.equal('c1');
      expect(event.bubbles && event.composed).to.equal(true);
      expect(JSON.parse(clipboard.writes[0])).to.deep.equal({ path: '/etc/hosts', mode: 'text', limit: 100, offset: 0 });
      await el.updateComplete;
      expect(button.textContent!.trim()).to.equal('Copied');
      expect(root(el).querySelector('[role="status"]')!.textContent).to.equal('Copied');
    } finally {
      clipboard.restore();
    }
  });
});

describe('tool activity: results', () => {
  it('cuts long text with "show all (N lines)"', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\n');
    const el = await mountItem('tool-result-item', result({ content: lines }));
    const content = () => root(el).querySelector('.content')!.textContent!;
    expect(content()).to.contain('line 20');
    expect(content()).not.to.contain('line 21');
    const button = root(el).querySelector<HTMLButtonElement>('[part="show-all"]')!;
    expect(button.textContent).to.equal('Show all (60 lines)');
    button.click();
    await el.updateComplete;
    expect(content()).to.contain('line 60');
    expect(root(el).querySelector('[part="show-all"]')).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('cuts a long single line by characters', async () => {
    const el = await mountItem('tool-result-item', result({ content: 'z'.repeat(5000) }));
    expect(root(el).querySelector('.content')!.textContent!.length).to.be.lessThan(2100);
    expect(root(el).querySelector('[part="show-all"]')).to.exist;
  });

  it('puts an error’s message first', async () => {
    const el = await mountItem('tool-result-item', result({ content: 'ENOENT: no such file', is_error: true }));
    const header = root(el).querySelector('[part="header"]')!;
    const content = root(el).querySelector('[part="content"]')!;
    expect(header.compareDocumentPosition(content) & Node.DOCUMENT_POSITION_FOLLOWING).to.be.greaterThan(0);
    expect(content.textContent).to.equal('ENOENT: no such file');
    expect(getComputedStyle(content).borderInlineStartWidth).to.equal('3px');
  });

  it('copies the result', async () => {
    const clipboard = stubClipboard();
    try {
      const el = await mountItem('tool-result-item', result({ content: 'copy me' }));
      const heard = nextEvent(el, 'content-copy');
      root(el).querySelector<HTMLButtonElement>('[part="copy-button"]')!.click();
      const event = await heard;
      expect(event.content).to.equal('result');
      expect(clipboard.writes).to.deep.equal(['copy me']);
    } finally {
      clipboard.restore();
    }
  });
});

describe('tool activity: events', () => {
  it('fires tool-toggle when the reader opens or closes a call, not when it opens itself', async () => {
    const events: ToolToggleEvent[] = [];
    const failed = await mountItem('tool-call-item', call({ status: 'failed', metadata: { error: 'x' } }));
    failed.addEventListener('tool-toggle', (e) => events.push(e));
    await frames(2);
    expect(failed.open).to.equal(true);
    expect(events).to.have.length(0);
    const closed = toggled(root(failed).querySelector('details')!);
    root(failed).querySelector<HTMLElement>('summary')!.click();
    await closed;
    expect(events.map((e) => [e.callId, e.open])).to.deep.equal([['c1', false]]);
    expect(events[0].bubbles && events[0].composed).to.equal(true);
  });

  it('offers a reader no row dump: "Details" is for developers', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'failed', metadata: { error: 'timeout' } }));
    expect(el.open).to.equal(true);
    expect(Array.from(root(el).querySelectorAll('.action')).map((b) => b.textContent!.trim())).not.to.include('Details');
    expect(root(el).textContent).not.to.contain('"tool_call_id"');
    await expect(el).to.be.accessible();
  });

  it('fires tool-details for a failed or declined call and shows the whole row (developer)', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'failed', metadata: { hitl_decision: 'rejected' } }), { developer: true });
    expect(el.open, 'declined is not an error: it stays closed').to.equal(false);
    el.open = true;
    await el.updateComplete;
    const button = Array.from(root(el).querySelectorAll<HTMLButtonElement>('.action')).find((b) => b.textContent!.includes('Details'))!;
    const heard = nextEvent(el, 'tool-details');
    button.click();
    const event = await heard;
    expect(event.status).to.equal('declined');
    expect(event.callId).to.equal('c1');
    await el.updateComplete;
    expect(root(el).textContent).to.contain('"hitl_decision": "rejected"');
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    await expect(el).to.be.accessible();
  });
});

describe('tool activity: ask_user and todos', () => {
  it('shows an ask_user question and its options readably', async () => {
    const rows = await loadFixture('sagents-ask-user-and-todos');
    const el = await mountItem('tool-call-item', rows.find((r) => r.id === 'd5'));
    const question = root(el).querySelector('[part="question"]')!;
    expect(question.querySelector('.question-text')!.textContent).to.contain('Which database should we use?');
    expect(Array.from(question.querySelectorAll('li')).map((li) => li.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      'PostgreSQL — Relational DB',
      'MongoDB — Document store',
    ]);
    expect(root(el).textContent).not.to.contain('"response_type"');
    await expect(el).to.be.accessible();
  });
});

describe('tool activity in the list', () => {
  const twoCalls = () => [
    { type: 'text', message_type: 'user', content: { text: 'Go' } },
    { type: 'tool_call', message_type: 'assistant', content: { call_id: 'a', name: 'search', arguments: { q: 'x' } } },
    { type: 'tool_call', message_type: 'assistant', content: { call_id: 'b', name: 'weather', arguments: { city: 'NYC' } } },
    { type: 'tool_call', message_type: 'assistant', content: { call_id: 'c', name: 'news', arguments: {} } },
    { type: 'tool_result', message_type: 'tool', content: { tool_call_id: 'a', name: 'search', content: 'found', is_error: false } },
    { type: 'tool_result', message_type: 'tool', content: { tool_call_id: 'b', name: 'weather', content: 'timeout', is_error: true } },
  ];

  it('groups consecutive calls with a summary line, collapsible as a whole', async () => {
    const el = await mountList(twoCalls());
    const group = el.shadowRoot!.querySelector<HTMLDetailsElement>('[part="tool-group"]')!;
    expect(group.open).to.equal(true);
    expect(group.querySelector('summary')!.textContent).to.equal('3 tool calls · 1 failed · 1 running');
    expect(group.querySelectorAll('tool-call-item')).to.have.length(3);
    // The chevron a call and reasoning have, turned down while open; no marker of the platform's.
    const chevron = group.querySelector('summary > .chevron')!;
    const turned = () => getComputedStyle(chevron).transform !== 'none';
    expect([getComputedStyle(group.querySelector('summary')!).display, turned()]).to.deep.equal(['flex', true]);
    const closed = toggled(group);
    group.querySelector('summary')!.click();
    await closed;
    expect(group.open).to.equal(false);
    expect(group.querySelector('tool-call-item')!.checkVisibility()).to.equal(false);
    getComputedStyle(chevron).transform; // starts its turn
    await Promise.all(chevron.getAnimations().map((turn) => turn.finished));
    expect(turned(), 'closed, it points along the line').to.equal(false);
    await expect(el).to.be.accessible();
  });

  it('sums a group up on one line: the total and only the counts that need the reader', async () => {
    const calls = ['completed', 'completed', 'failed', 'interrupted', 'executing', 'cancelled', 'paused_by_operator'].map((status, i) => ({
      type: 'tool_call', message_type: 'assistant', status, content: { call_id: `g${i}`, name: 'search', arguments: { q: `query ${i}` } },
    }));
    const el = await mountList([{ type: 'text', message_type: 'user', content: { text: 'Go' } }, ...calls]);
    el.style.width = '320px';
    await settle(el);
    const summary = el.shadowRoot!.querySelector<HTMLElement>('[part="tool-group-summary"]')!;
    expect(summary.textContent).to.equal('7 tool calls · 1 failed · 1 waiting · 1 running');
    const line = parseFloat(getComputedStyle(summary).lineHeight) || 20;
    expect(summary.getBoundingClientRect().height, 'one line at 320 px').to.be.below(2 * line);
    await expect(el).to.be.accessible();
  });

  it('keeps the stop mark outside a collapsed group', async () => {
    const items = twoCalls().slice(0, 4);
    (items[3].content as Record<string, unknown>).stop_reason = 'cancelled';
    const el = await mountList(items);
    const group = el.shadowRoot!.querySelector<HTMLDetailsElement>('[part="tool-group"]')!;
    const closed = toggled(group);
    group.open = false;
    await closed;
    const marks = deepQueryAll(el, 'stop-mark').filter((m) => m.checkVisibility());
    expect(marks).to.have.length(1);
    expect(group.contains(marks[0])).to.equal(false);
  });

  it('compact: one line per call, details a click away', async () => {
    const el = await fixture<MessageList>(html`<message-list tool-display="compact" .items=${twoCalls()}></message-list>`);
    await settle(el);
    const calls = deepQueryAll<HTMLElement & { open: boolean; compact: boolean }>(el, 'tool-call-item');
    expect(calls.every((c) => c.compact)).to.equal(true);
    expect(calls.every((c) => !c.open)).to.equal(true);
    expect(deepQueryAll(el, '[part="arguments-summary"]')).to.have.length(0);
    const summary = calls[1].shadowRoot!.querySelector('summary')!;
    expect(summary.getBoundingClientRect().height).to.be.lessThan(40);
    const opened = toggled(summary.parentElement as HTMLDetailsElement);
    summary.click();
    await opened;
    await settle(el);
    expect(calls[1].open).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('hidden: calls and results vanish but leave a one-line trace', async () => {
    const el = await fixture<MessageList>(html`<message-list tool-display="hidden" .items=${twoCalls()}></message-list>`);
    await settle(el);
    expect(deepQueryAll(el, 'tool-call-item, tool-result-item')).to.have.length(0);
    const traces = el.shadowRoot!.querySelectorAll('[part="tool-trace"]');
    expect(traces).to.have.length(1);
    expect(traces[0].textContent).to.equal('3 tool steps hidden');
    await expect(el).to.be.accessible();
  });

  it('hidden: a stop at a hidden call still shows', async () => {
    const el = await fixture<MessageList>(html`<message-list tool-display="hidden" .items=${[
      { type: 'tool_call', message_type: 'assistant', content: { call_id: 'a', name: 'x', arguments: {}, stop_reason: 'length' } },
    ]}></message-list>`);
    await settle(el);
    expect(deepQueryAll(el, 'stop-mark')).to.have.length(1);
  });

  it('reads the fixtures’ tool activity at a glance', async () => {
    const el = await mountList(await loadFixture('sagents-refusal-and-tools'));
    const summary = el.shadowRoot!.querySelector('[part="tool-group-summary"]')!.textContent;
    expect(summary).to.equal('2 tool calls · 1 failed');
    const [search, weather] = deepQueryAll(el, 'tool-call-item');
    // The search ran from its row (…02) to its result's (…03): a second, from storage.
    expect(search.shadowRoot!.querySelector('summary')!.textContent!.replace(/\s+/g, ' ')).to.contain('Search Done took 1 s1 s elixir');
    expect(weather.shadowRoot!.querySelector('summary')!.textContent!.replace(/\s+/g, ' ')).to.contain('Weather Failed took 1 s1 s NYC');
  });
});
