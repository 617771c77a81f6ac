import { expect } from '@open-wc/testing';
import { ConversationStore } from '../../src/model/store.js';
import { buildModel, type ListModel } from '../../src/model/list-model.js';
import type { Message } from '../../src/model/types.js';
import { seededRandom } from '../markdown/generate.js';

type Row = Record<string, unknown>;

const text = (id: string, role: string, sequence = 0, extra: Row = {}): Row => ({ id, message_type: role, content_type: 'text', sequence, content: { text: id }, ...extra });
const call = (id: string, callId: string, extra: Row = {}): Row => ({
  id, message_type: 'assistant', content_type: 'tool_call', sequence: 1, tool_call_id: callId, content: { call_id: callId, name: 'run' }, ...extra,
});
const result = (id: string, callId: string, extra: Row = {}): Row => ({
  id, message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: callId, content: { tool_call_id: callId, content: 'done' }, ...extra,
});

/** A user turn and an answer, `n` times: two messages each. */
const turns = (n: number, prefix = 't'): Row[] => Array.from({ length: n }, (_, i) => [text(`${prefix}${i}u`, 'user'), text(`${prefix}${i}a`, 'assistant')]).flat();

/** A store of 500 turns, and how often their texts were read. */
function countingStore(): { store: ConversationStore; read: () => number } {
  let read = 0;
  const counted = (row: Row): Row => {
    const content = {};
    Object.defineProperty(content, 'text', { enumerable: true, get: () => (read++, String(row.id)) });
    return { ...row, content };
  };
  const store = new ConversationStore();
  store.replace(turns(500).map(counted));
  return { store, read: () => read };
}

/** The newest items `store` gives for `messages` messages, and the items of all its rows. */
function newestAndAll(rows: Row[], messages: number) {
  const store = new ConversationStore();
  store.replace(rows);
  const newest = store.newestItems(messages);
  return { newest, all: store.displayItems() };
}

/**
 * The model of the newest items shows every message but its first as the model of all items
 * does: the same items under the same keys, grouped, paired, nested and ended alike. Of the
 * oldest items (`oldest`), every message but its last.
 */
function expectSameAsAll(newestModel: ListModel, all: ListModel, oldest = false): void {
  const shown = oldest ? newestModel.messages.slice(0, -1) : newestModel.messages.slice(1);
  const same = oldest ? all.messages.slice(0, shown.length) : all.messages.slice(all.messages.length - shown.length);
  const describe = (model: ListModel, message: Message) => ({
    key: message.key,
    items: message.items,
    ended: model.ended.get(message.key),
    previousAt: model.previousAt.get(message.key),
    paired: message.items.map((item) => model.pairedResultKeys.has(item.key)),
    results: message.items.map((item) => (item.toolCallId ? model.resultsByCall.get(item.toolCallId) : undefined)),
    nested: message.items.map((item) => (item.toolCallId ? model.nested.get(item.toolCallId)?.map((each) => each.items) : undefined)),
  });
  expect(shown.map((message) => describe(newestModel, message))).to.deep.equal(same.map((message) => describe(all, message)));
}

describe('ConversationStore.newestItems', () => {
  it('gives the newest rows that hold the messages asked for, as the same items under the same keys', () => {
    const { newest, all } = newestAndAll(turns(50), 6);
    expect(newest.map((item) => item.id)).to.deep.equal(['t47u', 't47a', 't48u', 't48a', 't49u', 't49a']);
    newest.forEach((item, i) => expect(item).to.equal(all[all.length - newest.length + i]));
  });

  it('gives every item when the history is that short', () => {
    const { newest, all } = newestAndAll(turns(3), 10);
    expect(newest).to.equal(all);
  });

  it('starts where a message starts, never inside one', () => {
    const rows = [...turns(10), text('a1', 'assistant', 1), text('a2', 'assistant', 2), text('a3', 'assistant', 3)];
    // The last message began with t9a and runs on through a1..a3.
    const { newest } = newestAndAll(rows, 1);
    expect(newest.map((item) => item.id)).to.deep.equal(['t9a', 'a1', 'a2', 'a3']);
    // A sub-agent's turn between two parts of one message leaves it one message.
    const nested = [...turns(10), call('c', 'k1'), text('s', 'user', 0, { metadata: { parent_call_id: 'k1' } }), text('a', 'assistant', 2), text('end', 'user')];
    const split = newestAndAll(nested, 2);
    expect(buildModel(split.all).messages.map((message) => message.items[0])).to.include(split.newest[0]);
  });

  it('reaches back to the call a newer result answers, however far apart', () => {
    const rows = [text('q', 'user'), call('c', 'k1'), ...turns(30), result('r', 'k1'), text('end', 'user')];
    const { newest, all } = newestAndAll(rows, 2);
    expect(newest[0].id).to.equal('c');
    expectSameAsAll(buildModel(newest), buildModel(all));
  });

  it('reaches back to the call that started a sub-agent whose turns are newer', () => {
    const child = (id: string, role: string) => text(id, role, 0, { metadata: { parent_call_id: 'k1' } });
    const rows = [text('q', 'user'), call('c', 'k1'), ...turns(20), child('s1', 'user'), child('s2', 'assistant'), text('end', 'user')];
    const { newest, all } = newestAndAll(rows, 2);
    expect(newest.map((item) => item.id)).to.include('c');
    expectSameAsAll(buildModel(newest), buildModel(all));
  });

  it('does not look for an older row with the same id: the newer one takes its own key once all are read', () => {
    const rows = [text('dup', 'user'), ...turns(20), text('dup', 'user')];
    const { newest, all } = newestAndAll(rows, 2);
    expect(newest.map((item) => item.id)).to.deep.equal(['t19a', 'dup']);
    expect([newest.at(-1)!.key, all.at(-1)!.key]).to.deep.equal(['id:dup', 'id:dup#2']);
  });

  it('reads older rows only as far back as the calls the newest answer', () => {
    let read = 0;
    const counted = (row: Row): Row => {
      const content = { ...(row.content as Row) };
      Object.defineProperty(content, 'call_id', { enumerable: true, get: () => (read++, undefined) });
      return { ...row, content };
    };
    const store = new ConversationStore();
    store.replace([...turns(500), call('c', 'k1'), ...turns(10, 'n'), result('r', 'k1'), text('end', 'user')].map(counted));
    // The call's message (t499a goes with it) and all after it; the rows before are not looked at.
    expect(store.newestItems(2).map((item) => item.id).slice(0, 3)).to.deep.equal(['t499a', 'c', 'n0u']);
    expect(read).to.be.lessThan(60);
  });

  it('reads only the rows it gives (and the one before): older ones are left for later', () => {
    const { store, read } = countingStore();
    expect(store.newestItems(4)).to.have.length(4);
    expect(read(), 'texts read').to.be.at.most(5);
    // Reading ahead reads the rest, newest first, as long as it is let.
    let allowed = 100;
    expect(store.readAhead(() => allowed-- > 0)).to.equal(false);
    expect(read()).to.be.at.most(105);
    expect(store.readAhead(() => true)).to.equal(true);
    const before = read();
    store.displayItems();
    expect(read(), 'every row was read ahead').to.equal(before);
  });

  it('shows what all the rows show, for random histories', () => {
    const random = seededRandom(11);
    for (let history = 0; history < 40; history++) {
      const { newest, all } = newestAndAll(randomHistory(random), 1 + Math.floor(random() * 20));
      expectSameAsAll(buildModel(newest), buildModel(all));
    }
  });
});

/** 120 rows of turns, calls, results (some saved before their call), sub-agents' turns and stops. */
function randomHistory(random: () => number): Row[] {
  const rows: Row[] = [];
  const calls: string[] = [];
  const any = <T>(list: T[]) => list[Math.floor(random() * list.length)];
  for (let i = 0; rows.length < 120; i++) {
    const pick = random();
    if (pick < 0.25) {
      rows.push(text(`u${i}`, 'user'));
    } else if (pick < 0.45) {
      rows.push(text(`a${i}`, 'assistant', Math.floor(random() * 3), random() < 0.1 ? { message_id: `m${i % 3}` } : {}));
    } else if (pick < 0.6) {
      rows.push(call(`c${i}`, `k${i}`));
      calls.push(`k${i}`);
    } else if (pick < 0.75 && calls.length > 0) {
      // Now and then a result of a call saved later.
      rows.push(result(`r${i}`, random() < 0.1 ? `k${i + 3}` : any(calls)));
    } else if (pick < 0.85 && calls.length > 0) {
      rows.push(text(`s${i}`, 'assistant', 0, { metadata: { parent_call_id: any(calls) } }));
    } else {
      rows.push(text(`x${i}`, 'system', 0, { content: { text: 'n', stop_reason: random() < 0.5 ? 'cancelled' : null } }));
    }
  }
  return rows;
}

/** The oldest items `store` gives for `messages` messages, and the items of all its rows. */
function oldestAndAll(rows: Row[], messages: number) {
  const store = new ConversationStore();
  store.replace(rows);
  const oldest = store.oldestItems(messages);
  return { oldest, all: store.displayItems() };
}

describe('ConversationStore.oldestItems', () => {
  it('gives the oldest rows that hold the messages asked for, as the same items under the same keys', () => {
    const { oldest, all } = oldestAndAll(turns(50), 6);
    expect(oldest.map((item) => item.id)).to.deep.equal(['t0u', 't0a', 't1u', 't1a', 't2u', 't2a']);
    oldest.forEach((item, i) => expect(item).to.equal(all[i]));
  });

  it('gives every item when the history is that short', () => {
    const { oldest, all } = oldestAndAll(turns(3), 10);
    expect(oldest).to.equal(all);
  });

  it('ends where a message ends, never inside one', () => {
    const rows = [text('q', 'user'), text('a1', 'assistant', 1), text('a2', 'assistant', 2), text('a3', 'assistant', 3), ...turns(10)];
    expect(oldestAndAll(rows, 2).oldest.map((item) => item.id)).to.deep.equal(['q', 'a1', 'a2', 'a3']);
    // A sub-agent's turn between two parts of one message leaves it one message.
    const nested = [text('q', 'user'), call('c', 'k1'), text('s', 'user', 0, { metadata: { parent_call_id: 'k1' } }), text('a', 'assistant', 2), ...turns(10)];
    expect(oldestAndAll(nested, 2).oldest.map((item) => item.id)).to.include.members(['c', 's', 'a']);
  });

  it('reaches forward to what answers its calls, and to the calls its results answer, however far apart', () => {
    const child = (id: string, role: string) => text(id, role, 0, { metadata: { parent_call_id: 'k2' } });
    const rows = [
      text('q', 'user'), call('c1', 'k1'), call('c2', 'k2'), result('early', 'k3'),
      ...turns(30), result('r1', 'k1'), child('s1', 'user'), child('s2', 'assistant'), call('c3', 'k3'), ...turns(30, 'n'),
    ];
    const { oldest, all } = oldestAndAll(rows, 2);
    expect(oldest.map((item) => item.id)).to.include.members(['r1', 's1', 's2', 'c3']);
    expect(oldest.map((item) => item.id)).not.to.include('n0u');
    expectSameAsAll(buildModel(oldest), buildModel(all), true);
  });

  it('reads only the rows it gives (and the one after), and of newer rows only the call they name', () => {
    const { store, read } = countingStore();
    expect(store.oldestItems(4)).to.have.length(4);
    expect(read(), 'texts read').to.be.at.most(5);
  });

  it('shows what all the rows show, for random histories', () => {
    const random = seededRandom(12);
    for (let history = 0; history < 40; history++) {
      const { oldest, all } = oldestAndAll(randomHistory(random), 1 + Math.floor(random() * 20));
      expectSameAsAll(buildModel(oldest), buildModel(all), true);
    }
  });
});
