import { expect, fixture, html } from '@open-wc/testing';
import { loadFixture, mountList, deepQueryAll, deepText, firstInView, offsetInView, settle, frames, shownMessages, turnWheel } from '../helpers.js';
import { painted, until } from '../waits.js';
import { corpus } from '../../scripts/bench/bench-list/corpus.js';
import type { ReactiveController, ReactiveElement } from 'lit';
import type { ToolCallItem } from '../../src/elements/tool-call-item/tool-call-item.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { InputErrorEvent } from '../../src/events.js';

/** Two frames: ResizeObserver callbacks, which keep the list at the bottom, run after the first's rAF. */
const frame = () => frames(2);
const statusText = (el: MessageList) => el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim();
const log = (el: MessageList) => el.shadowRoot!.querySelector<HTMLElement>('[part="log"]')!;

/**
 * Counts Lit updates of the item elements under `el` while `body` runs, through each element's
 * own controller hook. An element that appears meanwhile counts as updated too (it rendered).
 */
async function countUpdates(el: Element, body: () => Promise<void>): Promise<Map<Element, number>> {
  const counts = new Map<Element, number>();
  const selector = 'text-item, thinking-item, tool-call-item, tool-result-item';
  const watched = deepQueryAll<ReactiveElement>(el, selector).map((item) => {
    const counter: ReactiveController = { hostUpdate: () => counts.set(item, (counts.get(item) ?? 0) + 1) };
    item.addController(counter);
    return { item, counter };
  });
  try {
    await body();
  } finally {
    for (const { item, counter } of watched) item.removeController(counter);
  }
  const known = new Set(watched.map(({ item }) => item));
  for (const item of deepQueryAll<ReactiveElement>(el, selector)) if (!known.has(item)) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}

function conversation(n: number, start = 0) {
  return Array.from({ length: n }, (_, i) => {
    const k = start + i;
    return {
      id: `m${k}`, message_type: k % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0,
      inserted_at: `2026-08-20T10:${String(Math.floor(k / 60)).padStart(2, '0')}:${String(k % 60).padStart(2, '0')}.000000Z`,
      content: { text: `Message ${k}\n\n${'Some words to give it height. '.repeat(6)}` },
    };
  });
}

describe('live: upsert', () => {
  it('replaces a tool call’s status in place, touching only that item', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const el = await mountList(rows);
    const before = deepQueryAll(el, 'text-item, thinking-item, tool-call-item');
    const counts = await countUpdates(el, async () => {
      el.upsert({ ...rows.find((r) => r.id === 'r7')!, status: 'executing' });
      await settle(el);
    });
    const after = deepQueryAll(el, 'text-item, thinking-item, tool-call-item');
    after.forEach((node, i) => expect(node).to.equal(before[i]));
    const call = after.find((n) => n.matches(':state(executing)'))!;
    expect(counts.get(call)).to.equal(1);
    expect([...counts.keys()]).to.deep.equal([call]);
  });

  it('shows a result replaced in place inside the call it answers, however far apart they are', async () => {
    const call = { id: 'c1', message_type: 'assistant', content_type: 'tool_call', sequence: 0, status: 'failed', tool_call_id: 'k1', inserted_at: '2026-08-20T10:00:00Z', content: { call_id: 'k1', name: 'read_file', arguments: { path: '/a' } } };
    const result = { id: 'r1', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'k1', inserted_at: '2026-08-20T11:00:00Z', content: { tool_call_id: 'k1', content: 'first try', is_error: true } };
    // Forty messages between them: the call and its result sit in different blocks.
    const el = await mountList([call, ...conversation(40), result]);
    await el.mountComplete;
    await settle(el);
    const item = deepQueryAll(el, 'tool-call-item')[0];
    expect(deepText(item)).to.contain('first try');
    el.upsert({ ...result, content: { ...result.content, content: 'second try' } });
    await settle(el);
    expect(deepQueryAll(el, 'tool-call-item')[0]).to.equal(item);
    expect(deepText(item)).to.contain('second try');
    expect(deepText(item)).not.to.contain('first try');
  });

  it('inserts a new row in load order, once, however often it arrives', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const el = await mountList(rows);
    const result = {
      id: 'r8', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'toolu_02', inserted_at: '2026-08-20T17:03:20.000000Z',
      content: { tool_call_id: 'toolu_02', name: 'delete_file', content: 'Deleted /Memories/dad_jokes.txt', is_error: false, is_interrupt: false },
    };
    el.upsert(result);
    el.upsert(result);
    await settle(el);
    expect(el.items.filter((r) => (r as { id: string }).id === 'r8')).to.have.length(1);
    const call = deepQueryAll<ToolCallItem>(el, 'tool-call-item').at(-1)!;
    // The row still says pending; its result is the later word (docs/display-items.md#tool-lifecycle).
    expect(call.status).to.equal('completed');
    call.open = true;
    await settle(el);
    expect(deepText(call)).to.contain('Deleted /Memories/dad_jokes.txt');
  });

  it('ignores a stale update without moving anything', async () => {
    const rows = await loadFixture('sagents-refusal-and-tools');
    const el = await mountList(rows);
    const order = () => deepQueryAll<ToolCallItem>(el, 'tool-call-item').map((c) => c.status);
    const before = order();
    const report = el.upsert({ ...rows.find((r) => r.id === 'c5')!, status: 'pending' });
    await settle(el);
    expect(report.stale).to.equal(1);
    expect(order()).to.deep.equal(before);
  });

  it('removes rows by id', async () => {
    const el = await mountList(await loadFixture('sagents-stopped-early'));
    expect(el.removeRows(['b4', 'b5'])).to.equal(2);
    await settle(el);
    expect(deepText(el)).not.to.contain('Partial answ');
  });

  it('diffs a new items array by key', async () => {
    const rows = conversation(6);
    const el = await mountList(rows);
    const before = deepQueryAll(el, 'text-item');
    const counts = await countUpdates(el, async () => {
      el.items = [...rows.slice(0, 5), { ...rows[5], content: { text: 'changed' } }];
      await settle(el);
    });
    expect(deepQueryAll(el, 'text-item')).to.deep.equal(before);
    expect(counts.size).to.equal(1);
  });
});

describe('live: long lists keep their DOM', () => {
  const articles = (el: MessageList) => Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('article'));

  it('keeps every message’s element through appends, prepends and inserts across many blocks', async () => {
    const el = await fixture<MessageList>(html`<message-list style="height: 300px" .items=${conversation(60, 100)}></message-list>`);
    await el.mountComplete;
    await settle(el);
    const known = new Map(articles(el).map((article) => [article.dataset.key, article]));
    el.upsert(conversation(40, 160));
    el.items = [...conversation(30, 50), ...el.items];
    el.upsert({ ...conversation(1, 130)[0], id: 'between', inserted_at: '2026-08-20T10:02:10.500000Z' });
    await el.mountComplete;
    await settle(el);
    const now = articles(el);
    expect(now).to.have.length(131);
    for (const [key, article] of known) expect(now.find((each) => each.dataset.key === key), key).to.equal(article);
    const order = now.map((article) => article.dataset.key);
    expect(order.slice(0, 2)).to.deep.equal(['m:id:m50', 'm:id:m51']);
    expect(order.slice(order.indexOf('m:id:m130'), order.indexOf('m:id:m130') + 3)).to.deep.equal(['m:id:m130', 'm:id:between', 'm:id:m131']);
    expect(order.at(-1)).to.equal('m:id:m199');
  });

  it('regroups when an upsert changes a row’s role', async () => {
    const rows = [
      { id: 'u0', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Question' } },
      { id: 'a1', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: 'First part' } },
      { id: 'a2', message_type: 'assistant', content_type: 'text', sequence: 1, content: { text: 'Second part' } },
    ];
    const el = await mountList(rows);
    expect(articles(el).map((article) => article.dataset.role)).to.deep.equal(['user', 'assistant']);
    el.upsert({ ...rows[2], message_type: 'user', content: { text: 'Actually mine' } });
    await settle(el);
    expect(articles(el).map((article) => article.dataset.role)).to.deep.equal(['user', 'assistant', 'user']);
    expect(deepText(articles(el)[2])).to.contain('Actually mine');
    el.upsert({ ...rows[1], content: { text: 'First part, edited' } });
    await settle(el);
    expect(deepText(articles(el)[1])).to.contain('First part, edited');
  });
});

describe('live: the in-flight draft', () => {
  it('streams as the last message with a caret-bearing streaming item, and is replaced cleanly', async () => {
    const rows = [{ id: 'u1', message_type: 'user', content_type: 'text', sequence: 0, inserted_at: '2026-01-01T00:00:00Z', content: { text: 'Hi' } }];
    const el = await mountList(rows);
    el.draft = { text: 'Hel', tool_calls: [{ call_id: 'k1', name: 'search', arguments: { q: 'x' }, execution_status: 'identified' }] };
    await settle(el);
    const draft = el.shadowRoot!.querySelector('article[data-streaming]')!;
    expect(draft.getAttribute('part')).to.contain('message-streaming');
    const text = draft.querySelector('text-item')!;
    expect(text.hasAttribute('streaming')).to.equal(true);
    expect(draft.querySelector('tool-call-item')!.status).to.equal('pending');
    el.draft = { text: 'Hello wor', tool_calls: [{ call_id: 'k1', name: 'search', arguments: { q: 'x' }, execution_status: 'executing' }] };
    await settle(el);
    expect(draft.querySelector('text-item')).to.equal(text);
    expect(draft.querySelector('tool-call-item')!.status).to.equal('executing');
    el.upsert([
      { id: 'a1', message_type: 'assistant', content_type: 'text', sequence: 0, inserted_at: '2026-01-01T00:00:01Z', content: { text: 'Hello world' } },
      { id: 'a2', message_type: 'assistant', content_type: 'tool_call', sequence: 1, status: 'completed', tool_call_id: 'k1', inserted_at: '2026-01-01T00:00:01.1Z', content: { call_id: 'k1', name: 'search', arguments: { q: 'x' } } },
    ]);
    el.draft = null;
    await settle(el);
    expect(el.shadowRoot!.querySelector('article[data-streaming]')).to.equal(null);
    expect(deepQueryAll(el, 'tool-call-item')).to.have.length(1);
    expect(deepText(el).match(/Hello wor/g)).to.have.length(1);
  });

  it('shows a response that has begun with nothing to show yet, until its first words', async () => {
    const el = await mountList([{ id: 'u1', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Hi' } }]);
    const waitingMessage = () => el.shadowRoot!.querySelector('article[data-streaming]');
    const dots = () => el.shadowRoot!.querySelector('[part="waiting"]');
    el.draft = {};
    await settle(el);
    const article = waitingMessage()!;
    expect(article.getAttribute('part')).to.contain('message-waiting');
    expect(article.getAttribute('data-role')).to.equal('assistant');
    expect(article.getAttribute('aria-label')).to.equal('Assistant message');
    expect(dots()!.getAttribute('role')).to.equal('img');
    expect(dots()!.getAttribute('aria-label')).to.equal('Responding…');
    expect(dots()!.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(statusText(el)).to.equal('Responding…');
    expect(log(el).getAttribute('aria-busy')).to.equal('true');
    await expect(el).to.be.accessible();
    // Fields still empty wait the same way; the first words take the dots' place in the same message.
    el.draft = { text: '', tool_calls: [] };
    await settle(el);
    expect(dots()).to.not.equal(null);
    el.draft = { text: 'Hel' };
    await settle(el);
    expect(waitingMessage()).to.equal(article);
    expect(dots()).to.equal(null);
    expect(article.getAttribute('part')).to.not.contain('message-waiting');
    expect(article.querySelector('text-item')!.hasAttribute('streaming')).to.equal(true);
    el.draft = null;
    await settle(el);
    expect(waitingMessage()).to.equal(null);
  });

  it('ends a reply stopped before its first words in its mark, and shows nothing for an empty list or none', async () => {
    const el = await mountList([{ id: 'u1', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Hi' } }]);
    el.draft = {};
    await settle(el);
    el.draft = { stop_reason: 'cancelled' };
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part="waiting"]')).to.equal(null);
    expect(log(el).getAttribute('aria-busy')).to.equal('false');
    const [, reply] = shownMessages(el);
    expect(reply.role).to.equal('assistant');
    expect(reply.unfinished).to.equal(true);
    expect(deepQueryAll<HTMLElement & { reason: string }>(el, 'stop-mark').map((mark) => mark.reason)).to.deep.equal(['cancelled']);
    expect(statusText(el)).to.equal('You stopped this response');
    await expect(el).to.be.accessible();
    for (const draft of [[], null]) {
      el.draft = draft;
      await settle(el);
      expect(shownMessages(el), JSON.stringify(draft)).to.have.length(1);
      expect(log(el).getAttribute('aria-busy'), JSON.stringify(draft)).to.equal('false');
    }
  });

  it('touches only the draft’s own items while it streams', async () => {
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'));
    el.draft = { text: 'Str' };
    await settle(el);
    const streaming = el.shadowRoot!.querySelector('article[data-streaming] text-item')!;
    const counts = await countUpdates(el, async () => {
      for (const text of ['Strea', 'Streami', 'Streaming…']) {
        el.draft = { text };
        await settle(el);
      }
    });
    expect([...counts.keys()]).to.deep.equal([streaming]);
    expect(counts.get(streaming)).to.equal(3);
  });

  it('never shows a call twice while saved rows and the draft overlap', async () => {
    const el = await mountList([
      { id: 'a2', message_type: 'assistant', content_type: 'tool_call', sequence: 0, status: 'executing', tool_call_id: 'k1', content: { call_id: 'k1', name: 'search', arguments: {} } },
    ]);
    el.draft = { text: 'more', tool_calls: [{ call_id: 'k1', name: 'search', execution_status: 'executing' }] };
    await settle(el);
    expect(deepQueryAll(el, 'tool-call-item')).to.have.length(1);
  });
});

describe('live: announcements', () => {
  it('says "Responding…" when a response starts and "Response complete" when it ends, never the tokens', async () => {
    const el = await mountList([{ type: 'text', message_type: 'user', content: { text: 'Hi' } }]);
    expect(log(el).getAttribute('role')).to.equal('log');
    expect(log(el).getAttribute('aria-live')).to.equal('off');
    const heard: string[] = [];
    const observer = new MutationObserver(() => heard.push(statusText(el)));
    observer.observe(el.shadowRoot!.querySelector('[role="status"]')!, { childList: true, subtree: true, characterData: true });
    for (const text of ['A', 'An', 'An ans', 'An answer']) {
      el.draft = { text };
      await settle(el);
      expect(log(el).getAttribute('aria-busy')).to.equal('true');
    }
    el.items = [...el.items, { type: 'text', message_type: 'assistant', content: { text: 'An answer' } }];
    el.draft = null;
    await settle(el);
    observer.disconnect();
    expect(log(el).getAttribute('aria-busy')).to.equal('false');
    expect(heard.filter((h, i) => h && h !== heard[i - 1])).to.deep.equal(['Responding…', 'Response complete']);
  });

  it('announces the stop wording when the response stopped early', async () => {
    const el = await mountList([]);
    el.draft = { text: 'Part' };
    await settle(el);
    el.items = [{ type: 'text', message_type: 'assistant', content: { text: 'Part', stop_reason: 'length' } }];
    el.draft = null;
    await settle(el);
    expect(statusText(el)).to.equal('The answer reached its length limit');
  });
});

describe('live: scrolling', () => {
  /** Painted frames until neither the list's height nor its scroll position changes (bounded). */
  const layoutSettled = async (el: MessageList) => {
    const place = () => `${log(el).scrollTop} ${log(el).scrollHeight}`;
    for (let i = 0, last = ''; i < 30 && place() !== last; i++) {
      last = place();
      await painted();
    }
  };
  async function tallList(n = 40): Promise<MessageList> {
    const el = await fixture<MessageList>(html`<message-list style="height: 300px" .items=${conversation(n)}></message-list>`);
    await el.mountComplete;
    await settle(el);
    await layoutSettled(el);
    return el;
  }
  const atBottom = (el: MessageList) => {
    const l = log(el);
    return l.scrollHeight - l.scrollTop - l.clientHeight <= 2;
  };
  /** The reader scrolls: a turn of the wheel, then the scroll it makes. */
  const scrollTo = async (el: MessageList, top: number) => {
    turnWheel(log(el), top - log(el).scrollTop);
    log(el).scrollTop = top;
    log(el).dispatchEvent(new Event('scroll'));
    await settle(el);
    await frame();
  };

  it('scrolls inside the height a page gives it, whatever display the page sets on it', async () => {
    for (const style of ['display: block; height: 300px', 'display: block; max-height: 300px', 'display: grid; height: 300px', 'height: 300px']) {
      const el = await fixture<MessageList>(html`<message-list theme="dark" style=${style} .items=${conversation(40)}></message-list>`);
      await settle(el);
      await layoutSettled(el);
      const frameBox = el.shadowRoot!.querySelector('[part="base"]')!.getBoundingClientRect();
      // The theme's surface covers the whole list, and the log scrolls within it, at its end.
      expect([el.getBoundingClientRect().height, frameBox.height].map(Math.round), style).to.deep.equal([300, 300]);
      expect(log(el).scrollHeight, style).to.be.greaterThan(log(el).clientHeight);
      expect(atBottom(el), style).to.equal(true);
      el.remove();
    }
  });

  it('starts at the bottom and follows new messages while the reader is there', async () => {
    const el = await tallList();
    expect(log(el).scrollHeight).to.be.greaterThan(log(el).clientHeight);
    expect(atBottom(el), "at first").to.equal(true);
    el.upsert(conversation(2, 40));
    await settle(el);
    // New messages below the fold are laid out at an estimated size first, then at their own.
    for (let i = 0; i < 10 && !atBottom(el); i++) await frame();
    expect(atBottom(el), "after new messages").to.equal(true);
    expect(el.shadowRoot!.querySelector('[part="jump-button"]')).to.equal(null);
  });

  it('keeps following after it is moved in the page, as a framework re-parenting it would', async () => {
    const el = await tallList();
    const elsewhere = document.createElement('section');
    document.body.append(elsewhere);
    try {
      elsewhere.append(el);
      for (const text of ['Streaming ', 'Streaming a long answer. '.repeat(20), 'Streaming a long answer. '.repeat(60)]) {
        el.draft = { text };
        await settle(el);
        // Firefox and WebKit lay content near the viewport out a frame late: the list follows then.
        for (let i = 0; i < 10 && !atBottom(el); i++) await painted();
        expect(atBottom(el), `after ${text.length} characters`).to.equal(true);
      }
      el.draft = null;
      el.upsert(conversation(2, 40));
      await settle(el);
      for (let i = 0; i < 10 && !atBottom(el); i++) await frame();
      expect(atBottom(el), 'after new messages').to.equal(true);
      expect(shownMessages(el).at(-1)!.text).to.contain('Message 41');
    } finally {
      elsewhere.remove();
    }
  });

  it('follows a long conversation to the bottom without a ResizeObserver loop error', async () => {
    // Firefox and WebKit lay messages that come near the viewport out within the frame in which
    // the list scrolled: a list that kept observing then fired the error as a page error.
    const errors: string[] = [];
    const record = (event: ErrorEvent) => errors.push(event.message);
    window.addEventListener('error', record);
    try {
      for (const n of [36, 300]) {
        const el = await fixture<MessageList>(html`<message-list style="height: 300px" .items=${conversation(n)}></message-list>`);
        await el.mountComplete;
        await layoutSettled(el);
        expect(atBottom(el), `${n} messages`).to.equal(true);
      }
    } finally {
      window.removeEventListener('error', record);
    }
    expect(errors).to.deep.equal([]);
  });

  it('keeps following when the browser moves the position with no reader input (content shrinking for a frame)', async () => {
    const el = await tallList();
    // What a clamp looks like from the list: the position moves up, and no wheel, touch or key came first.
    log(el).scrollTop -= 120;
    log(el).dispatchEvent(new Event('scroll'));
    await settle(el);
    expect(atBottom(el), 'pulled back to the bottom at once').to.equal(true);
    expect(el.shadowRoot!.querySelector('[part="jump-button"]')).to.equal(null);
    el.upsert(conversation(1, 40));
    await settle(el);
    for (let i = 0; i < 10 && !atBottom(el); i++) await frame();
    expect(atBottom(el), 'and follows what comes next').to.equal(true);
  });

  it('stops following once the reader scrolls up, counts what is new, and jumps back', async () => {
    const el = await tallList();
    await scrollTo(el, 0);
    el.upsert(conversation(3, 40));
    await settle(el);
    await frame();
    expect(log(el).scrollTop).to.equal(0);
    const jump = el.shadowRoot!.querySelector<HTMLButtonElement>('[part="jump-button"]')!;
    expect(jump.textContent!.trim()).to.equal('Jump to latest (3 new)');
    await expect(el).to.be.accessible();
    jump.click();
    await settle(el);
    for (let i = 0; i < 60 && !atBottom(el); i++) await frame();
    expect(atBottom(el)).to.equal(true);
    expect(el.shadowRoot!.querySelector('[part="jump-button"]')).to.equal(null);
  });

  it('follows again when the reader returns to the bottom', async () => {
    const el = await tallList();
    await scrollTo(el, 0);
    expect(el.shadowRoot!.querySelector('[part="jump-button"]')).to.exist;
    await scrollTo(el, log(el).scrollHeight);
    expect(el.shadowRoot!.querySelector('[part="jump-button"]')).to.equal(null);
    el.upsert(conversation(1, 40));
    await settle(el);
    await frame();
    expect(atBottom(el)).to.equal(true);
  });

  /** A tall list in a page of `dir` with the page's `css`, scrolled to its top: "Jump to latest" shows. */
  async function scrolledUp(dir: string, css: string): Promise<{ el: MessageList; style: HTMLStyleElement }> {
    const host = await fixture<HTMLElement>(html`<div dir=${dir}>
      <style></style>
      <message-list style="height: 300px" .items=${conversation(40)}></message-list>
    </div>`);
    const el = host.querySelector('message-list')!;
    const style = host.querySelector('style')!;
    style.textContent = css;
    await el.mountComplete;
    await settle(el);
    await layoutSettled(el);
    await scrollTo(el, 0);
    await painted();
    return { el, style };
  }
  for (const dir of ['ltr', 'rtl']) {
    it(`keeps "Jump to latest" clear of the log's scrollbar and border (${dir})`, async () => {
      // A theme's border at the log's end takes room as a scrollbar does; it stands in for one
      // where scrollbars overlay the content (headless Chromium and WebKit; Firefox's take room).
      const { el } = await scrolledUp(dir, 'message-list::part(log) { border-inline-end: 10px solid; }');
      const button = el.shadowRoot!.querySelector('[part="jump-button"]')!.getBoundingClientRect();
      const box = log(el).getBoundingClientRect();
      const taken = log(el).offsetWidth - log(el).clientWidth;
      expect(taken, 'the border and any scrollbar').to.be.at.least(10);
      const clear = dir === 'ltr' ? box.right - button.right : button.left - box.left;
      expect(clear, `${clear} px from the log's ${dir === 'ltr' ? 'right' : 'left'} edge`).to.be.at.least(taken + 1);
    });
  }

  it('stops following when the reader scrolls up from the end and the end comes up to meet them', async () => {
    // Firefox now and then lays out what a scroll brought into view (blocks shorter than their
    // estimate) before it reports the scroll: the reader arrives at the end they just left. A
    // smaller root font stands in for that in every engine: the whole list shrinks under the
    // reader's scroll before it is reported.
    const el = await tallList(60);
    await until(() => log(el).scrollHeight - log(el).scrollTop - log(el).clientHeight < 1, 'the list at its end');
    turnWheel(log(el), -300);
    log(el).scrollTop -= 300;
    document.documentElement.style.fontSize = '10px';
    try {
      const fromEnd = log(el).scrollHeight - log(el).scrollTop - log(el).clientHeight;
      expect(fromEnd, 'the reader is at the end again, before the list hears of the scroll').to.be.below(1);
      await until(() => el.shadowRoot!.querySelector('[part="jump-button"]') !== null, 'the list to stop following');
    } finally {
      document.documentElement.style.fontSize = '';
    }
  });

  it('moves "Jump to latest" clear of a scrollbar or border that comes while it is shown', async () => {
    const { el, style } = await scrolledUp('ltr', '');
    expect(el.shadowRoot!.querySelector('[part="jump-button"]'), 'shown before the border comes').to.exist;
    style.textContent = 'message-list::part(log) { border-inline-end: 30px solid; }';
    const taken = () => log(el).offsetWidth - log(el).clientWidth;
    const clear = () => log(el).getBoundingClientRect().right - el.shadowRoot!.querySelector('[part="jump-button"]')!.getBoundingClientRect().right;
    await until(() => clear() > taken(), 'the button to move clear of the border');
    expect(taken(), 'the border and any scrollbar').to.be.at.least(30);
  });

  it('keeps the reader’s place when older history is prepended', async () => {
    const el = await fixture<MessageList>(html`<message-list style="height: 300px" .items=${conversation(30, 30)}></message-list>`);
    await el.mountComplete;
    await settle(el);
    // WebKit lays messages out at their own size over a few frames; 400px up must be far from the bottom.
    await layoutSettled(el);
    await scrollTo(el, 400);
    const before = firstInView(el);
    el.items = [...conversation(30, 0), ...el.items];
    await settle(el);
    await frame();
    await painted();
    const after = firstInView(el);
    expect(after.key).to.equal(before.key);
    // scrollTop snaps to whole pixels: the same message stays within a pixel of where it was.
    expect(Math.abs(after.offset - before.offset)).to.be.at.most(1);
    expect(log(el).scrollTop).to.be.greaterThan(400);
  });
  it('keeps the reader’s place while messages above wake up and settle their size', async () => {
    const el = await fixture<MessageList>(html`<message-list style="height: 400px" .items=${conversation(300)}></message-list>`);
    await el.mountComplete;
    await settle(el);
    await frame();
    // The reader jumps to the middle, where nothing has been near the viewport yet.
    turnWheel(log(el), -1);
    log(el).scrollTop = log(el).scrollHeight / 2;
    const before = firstInView(el);
    // A browser reports the scroll before the frame wakes up what came into view (it settles
    // which blocks are near the viewport after the scroll events): the list takes the reader's
    // place from what shows then. On a busy machine, the event of a scroll made by script can
    // come a frame late, after a block woke up, so it is sent here.
    log(el).dispatchEvent(new Event('scroll'));
    for (let i = 0; i < 20; i++) await painted();
    // The message the reader saw, not the first in view now: one above that starts a pixel above
    // the top may start a pixel below it after scrollTop snaps, and be the first in view.
    const after = offsetInView(el, before.key)!;
    // scrollTop snaps to whole pixels, and the offset before was rounded: within a pixel and a half.
    expect(Math.abs(after - before.offset), `${before.key} from ${before.offset} to ${after}`).to.be.at.most(1.5);
  });

  it('moves what the reader saw by exactly their scroll when they scroll up into messages not laid out yet', async () => {
    const el = await fixture<MessageList>(html`<message-list style="height: 400px" .items=${conversation(300)}></message-list>`);
    await el.mountComplete;
    await settle(el);
    turnWheel(log(el), -1);
    log(el).scrollTop = log(el).scrollHeight / 2;
    log(el).dispatchEvent(new Event('scroll'));
    for (let i = 0; i < 10; i++) await painted();
    const offsetOf = (key: string) => offsetInView(el, key)!;
    for (const up of [400, 150, 400]) {
      // Above the view, messages stand at their estimated height until they come into view.
      const { key } = firstInView(el);
      const before = offsetOf(key);
      turnWheel(log(el), -up);
      log(el).scrollTop -= up;
      log(el).dispatchEvent(new Event('scroll'));
      for (let i = 0; i < 10; i++) await painted();
      const after = offsetOf(key);
      expect(Math.abs(after - (before + up)), `${up} px up: ${key} from ${before} to ${after}`).to.be.at.most(1);
    }
  });

  it('moves nothing the reader sees when it takes their place at a turn of the wheel, reading back a screen at a time', async () => {
    // Answers with code, lists and tables, reasoning and tool calls, as the read-back bench reads.
    const el = await fixture<MessageList>(html`<message-list style="height: 700px" .items=${corpus(1000)}></message-list>`);
    await painted();
    const offsetOf = (key: string) => offsetInView(el, key)!;
    const moves: string[] = [];
    for (let step = 0; step < 40; step++) {
      const seen = firstInView(el);
      // The list lays out the block it keeps the place in (Firefox and WebKit then size it anew).
      turnWheel(log(el), -log(el).clientHeight);
      const moved = offsetOf(seen.key) - seen.offset;
      if (Math.abs(moved) > 1) moves.push(`step ${step}: ${seen.key} by ${Math.round(moved)} px`);
      log(el).scrollBy(0, -log(el).clientHeight);
      await painted();
    }
    expect(moves).to.deep.equal([]);
  });

  it('keeps the reader\'s place when older messages mount after their first scroll up and before the browser reports it', async () => {
    // Idle time held back, so that the first slice of older messages mounts exactly then (WebKit,
    // with no idle callbacks, mounts on a timer that can fire there).
    const held: IdleRequestCallback[] = [];
    const original = window.requestIdleCallback;
    window.requestIdleCallback = (callback) => held.push(callback);
    try {
      const el = await fixture<MessageList>(html`<message-list style="height: 700px" .items=${corpus(1000)}></message-list>`);
      for (let i = 0; i < 3; i++) await painted();
      const mounted = () => el.shadowRoot!.querySelectorAll('article[data-key]').length;
      const before = mounted();
      const seen = firstInView(el);
      turnWheel(log(el), -700);
      log(el).scrollBy(0, -700);
      const scrolled = log(el).scrollHeight - log(el).clientHeight - log(el).scrollTop;
      // Reading the older rows comes first, then a slice mounts: all in the moment, no frame between.
      for (let i = 0; i < 10 && mounted() === before; i++) {
        for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
        await el.updateComplete;
      }
      expect(mounted(), 'older messages mounted').to.be.greaterThan(before);
      // Each scroll the list makes to keep the place mounts the next slice while the reader is
      // near the top of what is mounted, for a few frames: the place is read once they stop.
      await layoutSettled(el);
      const shown = offsetInView(el, seen.key)!;
      expect(Math.abs(shown - (seen.offset + scrolled)), `${seen.key} from ${seen.offset} to ${shown}, scrolled ${scrolled}`).to.be.at.most(1);
    } finally {
      window.requestIdleCallback = original;
    }
  });

  it('keeps the reader\'s place as they scroll up to the start of a long history', async () => {
    const el = await fixture<MessageList>(html`<message-list style="height: 700px" .items=${corpus(300)}></message-list>`);
    await el.mountComplete;
    for (let i = 0; i < 3; i++) await painted();
    // The reader is a screen below the start: the oldest messages are out of view, never laid out.
    turnWheel(log(el), -1);
    log(el).scrollTop = 700;
    for (let i = 0; i < 5; i++) await painted();
    const seen = firstInView(el);
    turnWheel(log(el), -log(el).scrollTop);
    const from = log(el).scrollTop;
    log(el).scrollTop = 0;
    for (let i = 0; i < 5; i++) await painted();
    const shown = offsetInView(el, seen.key)!;
    expect(Math.abs(shown - (seen.offset + from)), `${seen.key} from ${seen.offset} to ${shown}, scrolled ${from}`).to.be.at.most(1);
  });

  it('keeps what the reader saw from a turn of the wheel on, though content above changes size before the browser reports the scroll', async () => {
    const el = await fixture<MessageList>(html`<message-list style="height: 400px" .items=${conversation(300)}></message-list>`);
    await el.mountComplete;
    await settle(el);
    // Following, the list is at its end once WebKit has laid the mounted history out.
    for (let i = 0; i < 5; i++) await painted();
    // The reader reads a few screens up.
    turnWheel(log(el), -1);
    log(el).scrollTop -= 1500;
    log(el).dispatchEvent(new Event('scroll'));
    for (let i = 0; i < 10; i++) await painted();
    const offsetOf = (key: string) => offsetInView(el, key)!;
    expect(el.shadowRoot!.querySelector('[part="jump-button"]'), 'the reader left the bottom').to.exist;
    const { key } = firstInView(el);
    const before = offsetOf(key);
    turnWheel(log(el), -200);
    // A message above grows (as one that came into view takes its own height) before the scroll is reported.
    const articles = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('article[data-key]'));
    articles[articles.findIndex((article) => article.dataset.key === key) - 1].style.marginTop = '100px';
    await painted();
    log(el).scrollTop -= 200;
    log(el).dispatchEvent(new Event('scroll'));
    for (let i = 0; i < 5; i++) await painted();
    // Without the place kept from the wheel on, every engine moved it by the whole growth and
    // more (112 px). WebKit once moved it by 8 to 22 px more: its own scroll for the wheel event
    // (see turnWheel).
    expect(Math.abs(offsetOf(key) - (before + 200)), `${key} from ${before} to ${offsetOf(key)}`).to.be.at.most(1);
  });
});

describe('live: long histories', () => {
  it('paints the newest messages first, mounts the rest in idle time, and parses old Markdown lazily', async () => {
    const el = await fixture<MessageList>(html`<message-list style="height: 400px" .items=${conversation(300)}></message-list>`);
    await settle(el);
    const mountedFirst = el.shadowRoot!.querySelectorAll('article').length;
    expect(mountedFirst).to.be.lessThan(100);
    expect(Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('article')).at(-1)!.dataset.key).to.equal('m:id:m299');
    await el.mountComplete;
    await settle(el);
    expect(el.shadowRoot!.querySelectorAll('article')).to.have.length(300);
    const first = deepQueryAll(el, 'text-item')[0];
    const body = first.shadowRoot!.querySelector('.markdown')!;
    expect(body.classList.contains('plain-source')).to.equal(true);
    expect(body.textContent).to.contain('Message 0');
    const last = deepQueryAll(el, 'text-item').at(-1)!;
    expect(last.shadowRoot!.querySelector('.markdown')!.classList.contains('plain-source')).to.equal(false);
    turnWheel(log(el), -1);
    log(el).scrollTop = 0;
    log(el).dispatchEvent(new Event('scroll'));
    for (let i = 0; i < 30 && body.classList.contains('plain-source'); i++) await frame();
    expect(body.classList.contains('plain-source')).to.equal(false);
    expect(body.querySelector('p')!.textContent).to.equal('Message 0');
  });
});

describe('data from HTML', () => {
  it('reads a JSON items attribute', async () => {
    const json = JSON.stringify([{ type: 'text', message_type: 'user', content: { text: 'From an attribute' } }]);
    const el = await fixture<MessageList>(html`<message-list items=${json}></message-list>`);
    await settle(el);
    expect(deepText(el)).to.contain('From an attribute');
  });

  it('reads a child script of JSON', async () => {
    const el = await fixture<MessageList>(html`<message-list><script type="application/json">[{"type":"text","message_type":"assistant","content":{"text":"From a script"}}]</script></message-list>`);
    await settle(el);
    expect(deepText(el)).to.contain('From a script');
  });

  it('shows a visible error and fires error for invalid JSON, never throwing', async () => {
    const el = document.createElement('message-list');
    document.body.append(el);
    try {
      let event: InputErrorEvent | undefined;
      el.addEventListener('error', (heard) => (event = heard as InputErrorEvent), { once: true });
      el.setAttribute('items', '[{"type": "text",');
      expect(event?.message, 'fired as the attribute is read').to.be.a('string');
      await settle(el);
      expect(el.shadowRoot!.querySelector('[part="error"]')!.textContent).to.contain('not valid JSON');
      await expect(el).to.be.accessible();
    } finally {
      el.remove();
    }
  });

  it('shows an invalid child script as an error too', async () => {
    const el = await fixture<MessageList>(html`<message-list><script type="application/json">{oops</script></message-list>`);
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part="error"]')).to.exist;
  });

  it('reads an item attribute on an item element, and reports bad JSON visibly', async () => {
    const good = await fixture(html`<text-item item='{"type":"text","message_type":"assistant","content":{"text":"Attr item"}}'></text-item>`);
    await settle(good);
    expect(deepText(good)).to.contain('Attr item');
    const bad = await fixture(html`<stop-mark></stop-mark>`);
    expect(bad).to.exist;
    const broken = await fixture(html`<tool-call-item item="{nope"></tool-call-item>`);
    await settle(broken);
    expect(broken.shadowRoot!.querySelector('[part~="fallback"]')!.textContent).to.contain('not valid JSON');
  });
});
