import { expect } from '@open-wc/testing';
import { buildRows, ListRows, mountedRows, MessageTimes, segmentsOf, type Row } from '../../src/model/rows.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItem } from '../../src/model/normalize.js';
import type { DisplayItem } from '../../src/model/types.js';

const text = (id: string, role: string, at: string | null, sequence = 0) =>
  ({ id, message_type: role, content_type: 'text', sequence, inserted_at: at, content: { text: id } });
const items = (rows: Record<string, unknown>[]): DisplayItem[] => rows.map((row, i) => normalizeItem(row, i));
const keys = (rows: readonly Row[]) => rows.map((row) => row.key);
const UTC = { timeZone: 'UTC', locale: 'en-US' };

/** The rows of these items' messages, with times in UTC. */
function rowsOf(rows: Record<string, unknown>[]) {
  const messages = groupMessages(items(rows));
  const times = new MessageTimes();
  times.configure(UTC);
  return buildRows(messages, (message) => times.of(message));
}

describe('rows: messages and days', () => {
  it('puts a day before the first message of each day, keyed by the message it introduces', () => {
    const { rows, messageRows } = rowsOf([
      text('a', 'user', '2026-08-20T10:00:00Z'),
      text('b', 'assistant', '2026-08-20T11:00:00Z'),
      text('c', 'user', '2026-08-21T09:00:00Z'),
    ]);
    expect(keys(rows)).to.deep.equal(['day:2026-08-20:m:id:a', 'm:id:a', 'm:id:b', 'day:2026-08-21:m:id:c', 'm:id:c']);
    expect(messageRows.map((row) => row.index)).to.deep.equal([0, 1, 2]);
  });

  it('never repeats a key when a day comes back later (rows out of order)', () => {
    const rowKeys = keys(rowsOf([
      text('a', 'user', '2026-08-20T10:00:00Z'),
      text('b', 'assistant', '2026-08-22T10:00:00Z'),
      text('c', 'user', '2026-08-20T12:00:00Z'),
      text('d', 'assistant', null),
      text('e', 'user', '2026-08-22T13:00:00Z'),
    ]).rows);
    expect(rowKeys.filter((key) => key.startsWith('day:'))).to.have.length(4);
    expect(new Set(rowKeys).size).to.equal(rowKeys.length);
  });

  it('has no days and no times when timestamps are off', () => {
    const messages = groupMessages(items([text('a', 'user', '2026-08-20T10:00:00Z')]));
    const times = new MessageTimes();
    times.configure(null);
    expect(times.of(messages[0])).to.equal(null);
    expect(keys(buildRows(messages, (message) => times.of(message)).rows)).to.deep.equal(['m:id:a']);
  });

  it('keeps a formatted time while its zone stays, and forgets it when the zone changes', () => {
    const [message] = groupMessages(items([text('a', 'user', '2026-08-20T23:30:00Z')]));
    const times = new MessageTimes();
    expect(times.configure(UTC)).to.equal(true);
    const first = times.of(message)!;
    first.label = 'formatted once';
    expect(times.configure({ ...UTC })).to.equal(false);
    expect(times.of(message)).to.equal(first);
    expect(times.configure({ ...UTC, timeZone: 'Asia/Tokyo' })).to.equal(true);
    const tokyo = times.of(message)!;
    expect(tokyo.label).to.equal(undefined);
    expect(tokyo.day).to.equal('2026-08-21');
  });

  it('mounts from a message with the day that starts it', () => {
    const { rows } = rowsOf([
      text('a', 'user', '2026-08-20T10:00:00Z'),
      text('b', 'assistant', '2026-08-21T10:00:00Z'),
      text('c', 'user', '2026-08-21T11:00:00Z'),
    ]);
    expect(mountedRows(rows, 0)).to.equal(rows);
    expect(keys(mountedRows(rows, 1))).to.deep.equal(['day:2026-08-21:m:id:b', 'm:id:b', 'm:id:c']);
    expect(keys(mountedRows(rows, 2))).to.deep.equal(['m:id:c']);
    expect(mountedRows(rows, 3)).to.deep.equal([]);
  });
});

describe('rows: segments', () => {
  it('runs consecutive tool activity together and keeps everything else apart', () => {
    const segments = segmentsOf(items([
      { type: 'thinking', content: { text: 't' } },
      { type: 'tool_call', content: { call_id: 'x' } },
      { type: 'tool_result', content: { tool_call_id: 'x' } },
      { type: 'text', content: { text: 'answer' } },
      { type: 'tool_call', content: { call_id: 'y' } },
    ]));
    expect(segments.map((segment) => ('tools' in segment ? segment.tools.length : segment.item.kind))).to.deep.equal(['thinking', 2, 'text', 1]);
    expect(segments.map((segment) => segment.key)).to.deep.equal(['pos:0', 'tools:pos:1', 'pos:3', 'tools:pos:4']);
  });

  it('puts narration just before tool activity with it, and leaves other narration and answers alone', () => {
    const segments = segmentsOf(items([
      { type: 'text', content: { text: 'Looking.', utterance: 'narration' } },
      { type: 'tool_call', content: { call_id: 'x' } },
      { type: 'text', content: { text: 'Also narration.', utterance: 'narration' } },
      { type: 'text', content: { text: 'An answer.' } },
      { type: 'tool_call', content: { call_id: 'y' } },
    ]));
    expect(segments.map((segment) => ('tools' in segment ? `tools after ${segment.intro?.key ?? 'nothing'}` : segment.item.key))).to.deep.equal([
      'tools after pos:0', 'pos:2', 'pos:3', 'tools after nothing',
    ]);
  });
});

describe('ListRows', () => {
  const rows = [
    { id: 'u1', message_type: 'user', content_type: 'text', sequence: 0, inserted_at: '2026-08-20T10:00:00Z', content: { text: 'Go' } },
    { id: 'c1', message_type: 'assistant', content_type: 'tool_call', sequence: 0, status: 'executing', tool_call_id: 'k', inserted_at: '2026-08-20T10:00:01Z', content: { call_id: 'k', name: 'run' } },
    ...Array.from({ length: 60 }, (_, i) => text(`t${i}`, i % 2 ? 'assistant' : 'user', `2026-08-20T10:01:${String(i).padStart(2, '0')}Z`)),
  ];

  function fresh(): { list: ListRows; items: DisplayItem[] } {
    const list = new ListRows();
    list.setTimeOptions(UTC);
    const all = items(rows);
    list.setItems(all);
    list.mountFrom(0);
    return { list, items: all };
  }

  it('builds rows and blocks for a new conversation, each block stamped', () => {
    const { list } = fresh();
    expect(list.model.messages).to.have.length(62);
    expect(list.rows).to.have.length(63);
    expect(list.blocks.map((block) => block.rows.length)).to.deep.equal([24, 24, 15]);
    for (const block of list.blocks) expect(list.stampOf(block.id)).to.be.an('object');
  });

  it('patches a status change in place: one block gets a new stamp, the others keep theirs', () => {
    const { list, items: before } = fresh();
    const stamps = list.blocks.map((block) => list.stampOf(block.id));
    const after = [...before];
    after[1] = normalizeItem({ ...rows[1], status: 'completed' }, 1);
    const change = list.setItems(after);
    expect(change.rebuilt).to.equal(false);
    expect(list.mountFrom(0), 'blocks stay').to.equal(false);
    expect(list.blocks.map((block) => list.stampOf(block.id) === stamps[block.id])).to.deep.equal([false, true, true]);
    const row = list.blocks[0].rows.find((each) => 'message' in each && each.key === 'm:id:c1');
    expect(row && 'message' in row && row.message.items[0]).to.equal(after[1]);
  });

  it('rebuilds on an insert and says what the messages were', () => {
    const { list, items: before } = fresh();
    const previous = list.model.messages;
    const change = list.setItems([...before, normalizeItem(text('new', 'user', '2026-08-20T11:00:00Z'), before.length)]);
    expect(change).to.deep.equal({ rebuilt: true, previous });
    expect(list.mountFrom(0)).to.equal(true);
    expect(list.rows.at(-1)!.key).to.equal('m:id:new');
  });

  it('mounts older messages into new blocks before the first, never moving a row', () => {
    const list = new ListRows();
    list.setTimeOptions(UTC);
    list.setItems(items(rows));
    list.mountFrom(40);
    const placed = new Map(list.blocks.flatMap((block) => block.rows.map((row) => [row.key, block.id] as const)));
    list.mountFrom(0);
    for (const block of list.blocks) {
      for (const row of block.rows) if (placed.has(row.key)) expect(placed.get(row.key), row.key).to.equal(block.id);
    }
    expect(list.blocks.flatMap((block) => block.rows)).to.have.length(63);
  });
});
