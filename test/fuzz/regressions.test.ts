/**
 * The minimal cases the fuzz properties shrank their failures to (and the ones issue 17 found
 * by hand), each kept as a test of its own.
 */
import { expect } from '@open-wc/testing';
import { normalizeItem } from '../../src/model/normalize.js';
import { ConversationStore, isStale } from '../../src/model/store.js';
import { draftItems } from '../../src/model/draft.js';
import { englishStrings, roleName } from '../../src/i18n/strings.js';
import { dayKey, formatDay, formatFullTime, formatMessageTime } from '../../src/model/time.js';
import { deepQueryAll, deepText, mountList, settle } from '../helpers.js';
import { outline, outlineDifference } from '../dom.js';
import { MarkdownView } from '../../src/markdown/view.js';
import { fromAISDKMessages } from '../../src/adapters/ai-sdk.js';
import { mapStopReason } from '../../src/adapters/entries.js';

/**
 * A value as a string for an assertion: a prototype member that leaked is a function, and a
 * failing assertion that carries a function stalls the test runner instead of failing.
 */
const asText = (value: unknown) => (typeof value === 'string' ? value : `[${typeof value}]`);

/** Ten rows whose ids repeat, some without one (`-`). */
const REPEATED = 'd1,-,-,d0,d2,d2,d0,d2,d0,-'.split(',').map((id, n) => ({
  ...(id === '-' ? {} : { id }),
  content_type: 'text',
  message_type: 'assistant',
  sequence: 0,
  content: { text: `row ${n}` },
}));

describe('fuzz regressions: model', () => {
  it('a kind named like an Object.prototype member gets the default role, not the member', () => {
    for (const kind of ['hasOwnProperty', 'toString', 'constructor', '__proto__']) {
      expect(asText(normalizeItem({ content_type: kind }).role)).to.equal('assistant');
    }
  });

  it('a role named like an Object.prototype member is shown as given', () => {
    for (const role of ['isPrototypeOf', 'constructor', '__proto__', 'toString']) {
      expect(asText(roleName(englishStrings, role))).to.equal(role);
    }
  });

  it('a status named like an Object.prototype member has no lifecycle rank', () => {
    expect(isStale({ status: 'completed' }, { status: 'constructor' })).to.equal(false);
    expect(isStale({ status: 'toString' }, { status: 'pending' })).to.equal(false);
  });

  it('adapters look names up as own keys: a stop reason, a tool state called like a prototype member', () => {
    expect(asText(mapStopReason('toString'))).to.equal('toString');
    expect(asText(mapStopReason('constructor'))).to.equal('constructor');
    const { items, problems } = fromAISDKMessages([
      { id: 'm1', role: 'assistant', parts: [{ type: 'tool-search', toolCallId: 'k1', state: 'constructor', input: {} }] },
    ]);
    const call = items.find((item) => item.type === 'tool_call');
    expect(typeof call?.status).to.equal('undefined');
    expect(problems.map((problem) => problem.message).join()).to.contain('unknown state "constructor"');
  });

  it('formats times in a locale or time zone Intl does not know as the reader’s own, without throwing', () => {
    const date = new Date(Date.UTC(2026, 2, 1, 12));
    for (const options of [{ locale: '!!' }, { timeZone: 'Mars/Base' }, { locale: 'constructor', timeZone: '__proto__' }]) {
      expect(formatDay(date, options)).to.equal(formatDay(date, {}));
      expect(formatFullTime(date, options)).to.be.a('string');
      expect(formatMessageTime(date, options)).to.be.a('string');
      expect(dayKey(date, options)).to.equal(dayKey(date));
    }
  });

  it('keeps rows that share an id as distinct items, under keys of their own, the later ones marked', () => {
    const store = new ConversationStore();
    store.replace([{ id: 'd0' }, { id: 'd0' }]);
    const items = store.displayItems();
    expect(items.map((item) => item.key)).to.deep.equal(['id:d0', 'id:d0#2']);
    expect(items.map((item) => item.duplicate ?? false)).to.deep.equal([false, true]);
  });

  it('keeps all nine rows, each under its own key, after removing one of ten with repeated ids', () => {
    const store = new ConversationStore();
    store.replace(REPEATED);
    expect(store.remove(['d1'])).to.equal(1);
    const items = store.displayItems();
    expect(items.map((item) => item.content.text)).to.deep.equal(REPEATED.slice(1).map((row) => row.content.text));
    expect(new Set(items.map((item) => item.key)).size).to.equal(9);
  });

  it('takes a batch that adds a row and then updates it (one id twice) as one row', () => {
    const store = new ConversationStore();
    store.displayItems();
    const report = store.upsert([{ id: 'd3' }, { id: 'd3', content: { text: 'later' } }]);
    expect(report).to.deep.equal({ inserted: 1, updated: 1, stale: 0 });
    expect(store.displayItems().map((item) => [item.key, item.content.text])).to.deep.equal([['id:d3', 'later']]);
  });

  it('gives two draft calls with one call id two keys', () => {
    const items = draftItems({ tool_calls: [{ call_id: 'k1' }, { call_id: 'k1' }] });
    expect(items.map((item) => item.key)).to.deep.equal(['draft:call:k1', 'draft:call:k1#2']);
  });
});

const row = (id: string, at = '') => ({
  id, content_type: 'text', message_type: 'assistant', sequence: 0, ...(at ? { inserted_at: at } : {}), content: { text: `row ${id}` },
});
const DAY_1 = '2026-03-01T10:00:00Z';
const DAY_2 = '2026-03-02T10:00:00Z';

describe('fuzz regressions: markdown', () => {
  it('a reference named like an Object.prototype member keeps streamed blocks settled', () => {
    for (const label of ['constructor', '__proto__', 'tostring']) {
      const source = `[${label}]: https://example.com/${label}\n\nA paragraph.\n\nSee [the docs][${label}].\n\nMore text after it.\n`;
      const streamed = document.createElement('div');
      const view = new MarkdownView(streamed);
      const options = { policy: {}, labels: englishStrings };
      const settledAt = source.indexOf('See') + 3;
      let paragraph: Element | undefined;
      for (let end = 1; end <= source.length; end++) {
        view.update(source.slice(0, end), options, { streaming: true });
        if (end === settledAt) paragraph = streamed.querySelector('p')!;
      }
      // Settled blocks are never rendered again while the text streams on: the definition
      // must be carried over, or every chunk re-lexes and re-renders the whole text.
      expect(streamed.querySelector('p'), label).to.equal(paragraph);
      view.update(source, options);
      const whole = document.createElement('div');
      new MarkdownView(whole).update(source, options);
      expect(streamed.innerHTML, label).to.equal(whole.innerHTML);
      expect(whole.querySelector('a')?.getAttribute('href'), label).to.equal(`https://example.com/${label}`);
    }
  });
});

describe('fuzz regressions: message-list', () => {
  it('shows every row and day separator when a day comes back after another', async () => {
    // Day 1 comes twice: keyed by date alone, both separators had one key and one went missing.
    const list = await mountList([row('x', DAY_1), row('b')]);
    list.items = [row('n'), row('c', DAY_1), row('d', DAY_2), row('b', DAY_1), row('m')];
    await settle(list);
    expect(deepQueryAll(list, '[part="day-separator"] time').map((time) => time.getAttribute('datetime'))).to.deep.equal(['2026-03-01', '2026-03-02', '2026-03-01']);
    const fresh = await mountList([...list.items]);
    expect(outlineDifference(outline(list), outline(fresh))).to.equal(null);
  });

  it('draws a message’s new date when an upsert moves its time to another day', async () => {
    // Day separators keyed by the message alone kept drawing the old date.
    const list = await mountList([]);
    list.upsert([{ id: '1', inserted_at: '2026-03-02T11:41:05.000000Z' }]);
    await settle(list);
    list.upsert([{ id: '1', inserted_at: '2026-03-03T11:49:19.009876Z' }]);
    await settle(list);
    expect(deepQueryAll(list, '[part="day-separator"] time').map((time) => time.getAttribute('datetime'))).to.deep.equal(['2026-03-03']);
    const fresh = await mountList([...list.items]);
    expect(outlineDifference(outline(list), outline(fresh))).to.equal(null);
  });

  it('shows all nine rows after removing one of ten with repeated ids, the repeats with a note', async () => {
    const list = await mountList(REPEATED);
    expect(list.removeRows(['d1'])).to.equal(1);
    // The oldest rows of a history mount in idle time, once the newest fill the list.
    await list.mountComplete;
    await settle(list);
    const shown = deepQueryAll(list, 'text-item').map((item) => deepText(item));
    expect(shown.length).to.equal(9);
    REPEATED.slice(1).forEach((row, n) => expect(shown[n]).to.contain(row.content.text));
    // d0 and d2 come three times each: the second and third of each carry the note.
    expect(deepQueryAll(list, '[part="duplicate-note"]').length).to.equal(4);
    expect(deepText(list)).to.contain('Another row has the same id (“d0”): both are shown');
  });

  it('names a role and a todo status called constructor as given, never Object', async () => {
    const list = await mountList([
      { message_type: 'constructor', content_type: 'text', content: { text: 'hi' } },
      { content_type: 'todo_snapshot', content: { todos: [{ content: 'a task', status: 'constructor' }] } },
    ]);
    const text = deepText(list);
    expect(list.shadowRoot!.querySelector('[part="role"]')!.textContent!.trim()).to.equal('constructor');
    expect(text).to.contain('a task constructor');
    expect(text).not.to.match(/function Object\(|\[native code\]/);
  });

  it('renders with a locale and time zone Intl does not know, in the reader’s own', async () => {
    const list = await mountList([]);
    list.locale = '!!';
    list.timeZone = 'Mars/Base';
    list.items = [row('a', DAY_1)];
    await settle(list);
    expect(deepQueryAll(list, 'text-item').length).to.equal(1);
    expect(deepQueryAll(list, '[part="day-separator"]').length).to.equal(1);
  });

  it('exports rows it cannot write as JSON with markers instead of throwing', async () => {
    const cycle: Record<string, unknown> = { content_type: 'text', content: { text: 'loop' } };
    cycle.self = cycle;
    const list = await mountList([cycle]);
    expect(list.toJSONString()).to.contain('[Circular]');
  });
});
