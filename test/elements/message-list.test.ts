import { expect, fixture, html } from '@open-wc/testing';
import { FIXTURE_NAMES, loadFixture, mountList, deepQueryAll, deepText, settle, frames } from '../helpers.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { ToolCallItem } from '../../src/elements/tool-call-item/tool-call-item.js';
import type { TextItem } from '../../src/elements/text-item/text-item.js';
import type { ThinkingItem } from '../../src/elements/thinking-item/thinking-item.js';
import { OPTION_KEYS } from '../../src/elements/message-list/list-options.js';
import { germanStrings } from '../../src/i18n/locales/de.js';

const articles = (el: MessageList) => Array.from(el.shadowRoot!.querySelectorAll('article'));
const visibleMarks = (el: Element) =>
  deepQueryAll(el, 'stop-mark').filter((mark) => mark.checkVisibility() && mark.getBoundingClientRect().height > 0);

/** Collects console errors and uncaught errors while `body` runs. */
async function watchErrors(body: () => Promise<void>): Promise<string[]> {
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
  const onError = (event: ErrorEvent) => errors.push(event.message);
  const onRejection = (event: PromiseRejectionEvent) => errors.push(String(event.reason));
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  try {
    await body();
    await frames(2);
  } finally {
    console.error = original;
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  }
  return errors;
}

describe('message-list', () => {
  for (const name of FIXTURE_NAMES) {
    it(`renders ${name} with no console error, accessibly`, async () => {
      const rows = await loadFixture(name);
      let el!: MessageList;
      const errors = await watchErrors(async () => {
        el = await mountList(rows);
      });
      expect(errors).to.deep.equal([]);
      const stops = rows.filter((row) => (row.content as Record<string, unknown>)?.stop_reason).length;
      expect(visibleMarks(el), 'one visible stop mark per truthy stop_reason').to.have.length(stops);
      expect(deepQueryAll(el, '[part~="fallback"]')).to.have.length(0);
      await expect(el).to.be.accessible();
    });
  }

  it('labels each turn once: the answer under one header however many messages make it, the reader\'s bubble under none', async () => {
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'));
    expect(articles(el).map((a) => a.dataset.role)).to.deep.equal(['user', 'assistant', 'assistant']);
    expect(articles(el).map((a) => a.querySelector('.role')?.textContent ?? null)).to.deep.equal([null, 'Assistant', null]);
    expect(articles(el).map((a) => a.hasAttribute('data-continues'))).to.deep.equal([false, false, true]);
    // Each message still names its role for assistive technology.
    expect(articles(el).map((a) => a.getAttribute('aria-label'))).to.deep.equal(['You message', 'Assistant message', 'Assistant message']);
  });

  it('paints no surface of its own on a dark page with its own background, unless a theme sets one', async () => {
    const page = await fixture<HTMLElement>(html`<div style="color-scheme: dark; background: rgb(33 33 33); padding: 8px">
      <message-list .items=${await loadFixture('sagents-refusal-and-tools')}></message-list>
    </div>`);
    const el = page.querySelector<MessageList>('message-list')!;
    await settle(el);
    const painted = (element: Element) => getComputedStyle(element).backgroundColor;
    const transparent = 'rgba(0, 0, 0, 0)';
    for (const part of ['base', 'log']) expect(painted(el.shadowRoot!.querySelector(`[part~="${part}"]`)!), part).to.equal(transparent);
    // Its answers' text sits on the page; nothing between paints an opaque colour over it.
    const answer = deepQueryAll(el, 'text-item').find((item) => item.closest('article')?.dataset.role === 'assistant')!;
    expect(painted(answer.shadowRoot!.querySelector('[part~="base"]')!)).to.equal(transparent);
    await expect(el).to.be.accessible();
    el.style.setProperty('--dk-color-surface', 'rgb(10 20 30)');
    expect(painted(el.shadowRoot!.querySelector('[part~="base"]')!)).to.equal('rgb(10, 20, 30)');
  });

  it('keeps room between its messages and its edge, where its focus ring is drawn; a host may take it away', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const room = (el: MessageList) => {
      const log = el.shadowRoot!.querySelector<HTMLElement>('[part~="log"]')!;
      const box = log.getBoundingClientRect();
      const inner = { left: box.left + log.clientLeft, right: box.left + log.clientLeft + log.clientWidth };
      const edges = articles(el).map((article) => article.getBoundingClientRect());
      return Math.min(...edges.map((edge) => edge.left - inner.left), ...edges.map((edge) => inner.right - edge.right), edges[0].top - box.top);
    };
    const el = await mountList(rows, {}, 'height: 30rem');
    // The ring is 2 px wide, drawn inside the log so that no ancestor's overflow cuts it.
    expect(room(el), 'the messages clear the ring').to.be.at.least(4);
    const flush = await mountList(rows, {}, 'height: 30rem; --dk-list-padding: 0');
    expect(room(flush)).to.be.below(1);
  });

  it('shows each tool result inside its call, not again on its own', async () => {
    const el = await mountList(await loadFixture('sagents-refusal-and-tools'));
    const calls = deepQueryAll(el, 'tool-call-item');
    expect(calls).to.have.length(2);
    expect(el.shadowRoot!.querySelectorAll(':scope .items > tool-result-item')).to.have.length(0);
    expect(articles(el).some((a) => a.dataset.role === 'tool')).to.equal(false);
    const failed = calls.find((c) => c.matches(':state(failed)'))!;
    expect(failed.shadowRoot!.querySelector('tool-result-item')).to.exist;
  });

  it('shows an orphan result on its own', async () => {
    const el = await mountList([
      { type: 'tool_result', message_type: 'tool', content: { tool_call_id: 'nope', name: 'search', content: 'lonely', is_error: false } },
    ]);
    expect(deepText(el)).to.contain('lonely');
  });

  it('marks a stopped message unfinished, for styling and for assistive technology', async () => {
    const el = await mountList(await loadFixture('sagents-stopped-early'));
    const unfinished = articles(el).filter((a) => a.hasAttribute('data-unfinished'));
    expect(unfinished.map((a) => a.dataset.role)).to.deep.equal(['assistant', 'assistant', 'system']);
    for (const article of unfinished) {
      expect(article.getAttribute('part')).to.contain('message-unfinished');
      expect(article.getAttribute('aria-label')).to.contain('unfinished');
    }
    const finished = articles(el).filter((a) => !a.hasAttribute('data-unfinished'));
    for (const article of finished) expect(article.getAttribute('aria-label')).not.to.contain('unfinished');
  });

  it('shows a refusal’s explanation inside its stop mark', async () => {
    const el = await mountList(await loadFixture('sagents-refusal-and-tools'));
    const [mark] = deepQueryAll(el, 'stop-mark');
    expect(mark.shadowRoot!.textContent).to.contain('Declined to assist.');
    expect(mark.shadowRoot!.textContent).to.contain('Cybersecurity');
  });

  for (const falsy of ['', null, false, 0]) {
    it(`shows no mark for stop_reason ${JSON.stringify(falsy)}`, async () => {
      const el = await mountList([{ type: 'text', message_type: 'assistant', content: { text: 'Done.', stop_reason: falsy } }]);
      expect(deepQueryAll(el, 'stop-mark')).to.have.length(0);
      expect(articles(el)[0].hasAttribute('data-unfinished')).to.equal(false);
    });
  }

  it('shows the generic mark for a reason it has never seen', async () => {
    const el = await mountList([{ type: 'text', message_type: 'assistant', content: { text: 'Hm', stop_reason: 'paused_by_operator' } }]);
    const marks = visibleMarks(el);
    expect(marks).to.have.length(1);
    expect(marks[0].shadowRoot!.textContent).to.contain('Stopped early');
  });

  it('keeps the mark visible when the last item is a collapsed thinking block', async () => {
    const el = await mountList([
      { type: 'text', message_type: 'user', content: { text: 'Go' } },
      { type: 'thinking', message_type: 'assistant', content: { text: 'I should', stop_reason: 'length' } },
    ]);
    const thinking = deepQueryAll(el, 'thinking-item')[0] as HTMLElement & { open: boolean };
    expect(thinking.open).to.equal(false);
    expect(visibleMarks(el)).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('shows the mark when the last item is a tool call', async () => {
    const el = await mountList([
      { type: 'tool_call', message_type: 'assistant', content: { call_id: 'x', name: 'search', arguments: {}, stop_reason: 'cancelled' } },
    ]);
    expect(visibleMarks(el)).to.have.length(1);
  });

  it('re-renders only what changed when handed a new array', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const el = await mountList(rows);
    const before = deepQueryAll(el, 'text-item, thinking-item, tool-call-item');
    const next = rows.map((row) => (row.id === 'r7' ? { ...row, status: 'completed' } : row));
    next.push({ id: 'r8', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'toolu_02', content: { tool_call_id: 'toolu_02', name: 'delete_file', content: 'deleted', is_error: false, is_interrupt: false } });
    el.items = next;
    await settle(el);
    const after = deepQueryAll(el, 'text-item, thinking-item, tool-call-item');
    expect(after).to.have.length(before.length);
    after.forEach((node, i) => expect(node, `item ${i}`).to.equal(before[i]));
    const call = after.at(-1) as ToolCallItem;
    expect(call.status).to.equal('completed');
    expect(call.matches(':state(completed)')).to.equal(true);
    expect(call.matches(':state(pending)')).to.equal(false);
  });

  it('hands every option to the messages it already shows', async () => {
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'));
    const first = () => el.shadowRoot!.querySelector('article[data-role="assistant"]')!;
    const text = () => first().querySelector<TextItem>('text-item')!;
    const call = () => deepQueryAll<ToolCallItem>(el, 'tool-call-item')[0];
    const view = () => '';
    const approvalActions = [{ id: 'edit', label: 'Edit first' }];
    // One row per option: setting it must reach a message rendered before it changed.
    const cases: Record<(typeof OPTION_KEYS)[number], [unknown, () => unknown, unknown]> = {
      strings: [germanStrings, () => first().querySelector('[part="role"]')!.textContent, 'Assistent'],
      toolDisplay: ['compact', () => call().hasAttribute('compact'), true],
      narration: ['hidden', () => text().narration, 'hidden'],
      thinkingOpen: [true, () => deepQueryAll<ThinkingItem>(el, 'thinking-item')[0].open, true],
      imageOrigins: ['*', () => text().imageOrigins, '*'],
      linkSchemes: [['https'], () => text().linkSchemes, ['https']],
      linkTarget: ['_self', () => text().linkTarget, '_self'],
      noTimestamps: [true, () => first().querySelector('time'), null],
      locale: ['de-DE', () => first().querySelector('time')?.getAttribute('title')?.includes('20. August 2026'), true],
      timeZone: ['Asia/Tokyo', () => first().querySelector('time')?.getAttribute('data-full')?.includes('21. August 2026 um 02:03'), true],
      messageActions: [[{ id: 'retry', label: 'Retry' }], () => first().querySelector('[part~="actions"]')!.textContent!.includes('Retry'), true],
      participants: [{ assistant: { name: 'Ada' } }, () => first().querySelector('[part="role"]')!.textContent, 'Ada'],
      approvals: [true, () => call().approvals, true],
      approvalActions: [approvalActions, () => call().approvalActions, approvalActions],
      toolViews: [{ delete_file: view }, () => (call().toolViews as Record<string, unknown> | undefined)?.delete_file, view],
      stopActions: ['continue retry', () => call().stopActions, 'continue retry'],
      developer: [true, () => call().developer, true],
    };
    expect(Object.keys(cases).sort(), 'a case for every option').to.deep.equal([...OPTION_KEYS].sort());
    for (const [key, [value, read, expected]] of Object.entries(cases)) {
      if (key === 'locale') el.noTimestamps = false;
      Object.assign(el, { [key]: value });
      await settle(el);
      expect(read(), key).to.deep.equal(expected);
    }
  });

  it('keeps going past malformed items, showing each as a fallback', async () => {
    const circular: Record<string, unknown> = { type: 'tool_call', message_type: 'assistant' };
    circular.content = { call_id: 'c', name: 'loop', arguments: circular };
    const throwing = { type: 'text', message_type: 'assistant' };
    Object.defineProperty(throwing, 'content', { get() { throw new Error('boom'); }, enumerable: true });
    let deep: unknown = 'x';
    for (let i = 0; i < 2000; i++) deep = { deep };
    const items = [
      { type: 'text', message_type: 'user', content: { text: 'before' } },
      null,
      'garbage',
      42,
      { type: 'text', message_type: 'assistant' },
      { type: 'text', message_type: 'assistant', content: [] },
      { message_type: 'assistant', content: { text: 'no kind' } },
      throwing,
      circular,
      { type: 'tool_call', message_type: 'assistant', content: { call_id: 'd', name: 'deep', arguments: deep } },
      { type: 'tool_call', message_type: 'assistant', content: { call_id: 'h', name: 'huge', arguments: { blob: 'y'.repeat(3_000_000) } } },
      { type: 'text', message_type: 'user', content: { text: 'after' } },
    ];
    let el!: MessageList;
    const errors = await watchErrors(async () => {
      el = await mountList(items);
    });
    expect(errors).to.deep.equal([]);
    const text = deepText(el);
    expect(text).to.contain('before');
    expect(text).to.contain('after');
    expect(deepQueryAll(el, '[part~="fallback"]').length).to.equal(7);
    expect(deepQueryAll(el, 'tool-call-item')).to.have.length(3);
    await expect(el).to.be.accessible();
  });

  it('accepts items set before the element is defined in the page', async () => {
    const el = await fixture<MessageList>(html`<message-list></message-list>`);
    el.items = await loadFixture('extracted-items');
    await settle(el);
    // Six messages, the tool message shown inside its calls.
    expect(articles(el)).to.have.length(5);
  });
});
