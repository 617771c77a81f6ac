import { expect } from '@open-wc/testing';
import { ConversationStore, isStale } from '../../src/model/store.js';
import { seededRandom } from '../markdown/generate.js';
import { draftItems, savedCallIds } from '../../src/model/draft.js';

const row = (id: string, at: string, extra: Record<string, unknown> = {}) => ({
  id, message_type: 'assistant', content_type: 'text', sequence: 0, inserted_at: at, content: { text: id }, ...extra,
});
const ids = (store: ConversationStore) => store.items.map((r) => (r as { id: string }).id);

describe('ConversationStore', () => {
  it('appends new rows and replaces known ones in place', () => {
    const store = new ConversationStore();
    store.replace([row('a', '2026-01-01T00:00:01Z'), row('b', '2026-01-01T00:00:02Z')]);
    expect(store.upsert(row('c', '2026-01-01T00:00:03Z'))).to.deep.equal({ inserted: 1, updated: 0, stale: 0 });
    expect(store.upsert({ ...row('a', '2026-01-01T00:00:01Z'), content: { text: 'A!' } })).to.deep.equal({ inserted: 0, updated: 1, stale: 0 });
    expect(ids(store)).to.deep.equal(['a', 'b', 'c']);
    expect((store.items[0] as { content: { text: string } }).content.text).to.equal('A!');
  });

  it('inserts in (inserted_at, sequence) load order', () => {
    const store = new ConversationStore();
    store.replace([row('a', '2026-01-01T00:00:01Z'), row('c', '2026-01-01T00:00:03Z')]);
    store.upsert([row('b', '2026-01-01T00:00:02Z'), row('c2', '2026-01-01T00:00:03Z', { sequence: 1 }), row('z', '2026-01-01T00:00:00Z')]);
    expect(ids(store)).to.deep.equal(['z', 'a', 'b', 'c', 'c2']);
  });

  it('puts a new row with no time after the last row of its message, when the last rows hold it', () => {
    const store = new ConversationStore();
    const item = (id: string, messageId: string, sequence: number, messageType = 'assistant') =>
      ({ id, message_id: messageId, message_type: messageType, type: 'text', sequence, content: { text: id } });
    store.replace([item('q', 'q', 0, 'user'), item('r:0', 'r', 0), item('r:results:0', 'r:results', 0, 'tool')]);
    store.upsert([item('r:1', 'r', 1), item('r:results:1', 'r:results', 1, 'tool'), item('s:0', 's', 0)]);
    expect(ids(store)).to.deep.equal(['q', 'r:0', 'r:1', 'r:results:0', 'r:results:1', 's:0']);
    // Far back, or without a message id, it goes at the end.
    const far = new ConversationStore();
    far.replace([item('old:0', 'old', 0), ...Array.from({ length: 64 }, (_, n) => item(`m${n}`, `m${n}`, 0))]);
    far.upsert([item('old:1', 'old', 1), { id: 'x', message_type: 'assistant', type: 'text', content: { text: 'x' } }]);
    expect(ids(far).slice(-2)).to.deep.equal(['old:1', 'x']);
  });

  it('never reorders, and ignores stale updates', () => {
    const store = new ConversationStore();
    store.replace([
      row('call', '2026-01-01T00:00:01Z', { content_type: 'tool_call', status: 'completed' }),
      row('b', '2026-01-01T00:00:02Z'),
    ]);
    const report = store.upsert(row('call', '2026-01-01T00:00:09Z', { content_type: 'tool_call', status: 'executing' }));
    expect(report).to.deep.equal({ inserted: 0, updated: 0, stale: 1 });
    expect(ids(store)).to.deep.equal(['call', 'b']);
    expect((store.items[0] as { status: string }).status).to.equal('completed');
    store.upsert(row('b', '2026-01-01T00:00:00Z', { content: { text: 'moved?' } }));
    expect(ids(store)).to.deep.equal(['call', 'b']);
  });

  it('upserts the same id twice as one row', () => {
    const store = new ConversationStore();
    store.upsert([row('a', '2026-01-01T00:00:01Z'), row('a', '2026-01-01T00:00:01Z')]);
    expect(ids(store)).to.deep.equal(['a']);
  });

  it('removes by id', () => {
    const store = new ConversationStore();
    store.replace([row('a', '1'), row('b', '2'), row('c', '3')]);
    expect(store.remove(['b', 'nope'])).to.equal(1);
    expect(ids(store)).to.deep.equal(['a', 'c']);
  });

  it('keeps the normalized item of every row that did not change', () => {
    const store = new ConversationStore();
    store.replace([row('a', '1'), row('b', '2')]);
    const [a1, b1] = store.displayItems();
    store.upsert({ ...row('b', '2'), content: { text: 'new' } });
    const [a2, b2] = store.displayItems();
    expect(a2).to.equal(a1);
    expect(b2).not.to.equal(b1);
    expect(b2.content.text).to.equal('new');
    store.upsert([{ ...row('a', '1'), content: { text: 'A2' } }, row('a0', '0')]);
    expect(store.displayItems().map((item) => [item.id, item.content.text])).to.deep.equal([['a0', 'a0'], ['a', 'A2'], ['b', 'new']]);
    expect(store.displayItems()[2]).to.equal(b2);
  });

  it('keeps the item of a row handed over again as a new but equal object (an adapter run anew)', () => {
    const store = new ConversationStore();
    const rebuilt = (text: string) => [
      row('a', '1', { content: { text: 'a', citations: [{ url: 'https://example.com', start_index: 0 }] }, metadata: { usage: { input_tokens: 3 } } }),
      row('b', '2', { content: { text } }),
    ];
    store.replace(rebuilt('b'));
    const [a1, b1] = store.displayItems();
    store.replace(rebuilt('b, grown'));
    const [a2, b2] = store.displayItems();
    expect(a2, 'equal content: the same item').to.equal(a1);
    expect(b2).not.to.equal(b1);
    expect(b2.content.text).to.equal('b, grown');
    // One differing value deep inside is a change; so is a Date, which JSON would not carry as one.
    store.replace([row('a', '1', { content: { text: 'a', citations: [{ url: 'https://example.org', start_index: 0 }] }, metadata: { usage: { input_tokens: 3 } } }), rebuilt('b, grown')[1]]);
    expect(store.displayItems()[0]).not.to.equal(a2);
    const dated = () => [row('d', '1', { content: { text: 'd', at: new Date(0) } })];
    store.replace(dated());
    const [d1] = store.displayItems();
    store.replace(dated());
    expect(store.displayItems()[0]).not.to.equal(d1);
  });
});

describe('ConversationStore, through random batches', () => {
  it('keeps its items, positions and reuse right through appends, inserts and updates', () => {
    const random = seededRandom(3);
    const store = new ConversationStore();
    store.replace([]);
    let next = 0;
    for (let step = 0; step < 200; step++) {
      const batch = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
        const known = store.items.length > 0 && random() < 0.4;
        if (known) {
          const target = store.items[Math.floor(random() * store.items.length)] as { id: string; inserted_at: string };
          return row(target.id, target.inserted_at, { content: { text: `edit ${step}` } });
        }
        // Mostly later than everything, sometimes earlier (an insert in between).
        const at = random() < 0.8 ? 1_000 + next : Math.floor(random() * 1_000);
        return row(`r${next++}`, String(at).padStart(6, '0'));
      });
      const before = store.displayItems();
      store.upsert(batch);
      const items = store.displayItems();
      const fresh = new ConversationStore();
      fresh.replace(store.items);
      expect(items.map((item) => [item.id, item.content.text])).to.deep.equal(fresh.displayItems().map((item) => [item.id, item.content.text]));
      // A row the batch did not touch keeps its normalized item.
      const touched = new Set(batch.map((r) => r.id));
      for (const item of before) if (!touched.has(item.id!)) expect(items.find((each) => each.id === item.id)).to.equal(item);
    }
    expect(new Set(ids(store)).size).to.equal(ids(store).length);
  });
});

describe('ConversationStore, handed its rows anew with a changed tail', () => {
  /** What a fresh store makes of the rows: every item's key, id and whether it is a duplicate. */
  const shape = (items: ReturnType<ConversationStore['displayItems']>) => items.map((item) => [item.key, item.id, item.content.text, Boolean(item.duplicate)]);

  it('keeps the items of the unchanged rows before the tail and reads the tail as a fresh store would', () => {
    const random = seededRandom(7);
    const store = new ConversationStore();
    let rows: Record<string, unknown>[] = [];
    const seen: Record<string, unknown>[] = [];
    let next = 0;
    for (let step = 0; step < 300; step++) {
      // Cut the tail at a random place, then add rows: new ids, ids already kept (duplicates, a
      // third of the time), rows without an id, and the same row object again.
      const cut = Math.floor(random() * (rows.length + 1));
      const tail = Array.from({ length: Math.floor(random() * 4) }, () => {
        const pick = random();
        if (pick < 0.3 && rows.length > 0) return { ...(rows[Math.floor(random() * rows.length)]), content: { text: `again ${step}` } };
        if (pick < 0.4) return { message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: `no id ${step}` } };
        return row(`r${next++}`, String(step).padStart(6, '0'));
      });
      const before = store.displayItems();
      rows = [...rows.slice(0, cut), ...tail];
      store.replace(rows);
      const items = store.displayItems();
      const fresh = new ConversationStore();
      fresh.replace(rows);
      expect(shape(items), `step ${step}`).to.deep.equal(shape(fresh.displayItems()));
      for (let at = 0; at < Math.min(cut, before.length); at++) expect(items[at], `step ${step}: row ${at} kept its item`).to.equal(before[at]);
      // Upserts after it find every id where it is, and an id cut off nowhere.
      seen.push(...tail);
      const target = seen[Math.floor(random() * seen.length)] as { id?: string } | undefined;
      if (target?.id) {
        const edited = { ...target, inserted_at: String(step).padStart(6, '0'), content: { text: `edited ${step}` } };
        store.upsert(edited);
        fresh.upsert(edited);
        rows = store.items as Record<string, unknown>[];
        expect(shape(store.displayItems()), `step ${step}: after an upsert`).to.deep.equal(shape(fresh.displayItems()));
      }
    }
  });

  it('hands back the same items when handed the same rows', () => {
    const store = new ConversationStore();
    const rows = [row('a', '1'), row('b', '2')];
    store.replace(rows);
    const items = store.displayItems();
    store.replace([...rows]);
    expect(store.displayItems()).to.equal(items);
  });
});

describe('isStale', () => {
  it('compares updated_at when both have it, else the status lifecycle', () => {
    expect(isStale({ updated_at: '2' }, { updated_at: '1' })).to.equal(true);
    expect(isStale({ updated_at: '1' }, { updated_at: '2' })).to.equal(false);
    expect(isStale({ status: 'interrupted' }, { status: 'completed' })).to.equal(false);
    expect(isStale({ status: 'failed' }, { status: 'pending' })).to.equal(true);
    expect(isStale({ status: 'pending' }, { status: 'executing' })).to.equal(false);
    expect(isStale({}, {})).to.equal(false);
  });
});

describe('draftItems', () => {
  it('turns the in-flight message into thinking, text and calls with stable keys', () => {
    const items = draftItems({
      thinking: 'hmm', text: 'Hel',
      tool_calls: [{ call_id: 'k1', name: 'search', arguments: { q: 1 }, execution_status: 'identified' }, { id: 'k2', name: 'x', execution_status: 'executing' }],
    });
    expect(items.map((i) => [i.key, i.kind, i.status])).to.deep.equal([
      ['draft:thinking', 'thinking', null],
      ['draft:text', 'text', null],
      ['draft:call:k1', 'tool_call', 'pending'],
      ['draft:call:k2', 'tool_call', 'executing'],
    ]);
  });

  it('puts a stop on the last draft item only', () => {
    const items = draftItems({ text: 'cut', thinking: 'x', stop_reason: 'length' });
    expect(items.map((i) => i.stop?.reason ?? null)).to.deep.equal([null, 'length']);
  });

  it('is empty for no draft, and accepts an array of items', () => {
    expect(draftItems(null)).to.deep.equal([]);
    expect(draftItems([{ type: 'text', content: { text: 'a' } }])[0].key).to.equal('draft:0');
  });

  it('names the call ids saved rows already hold', () => {
    const saved = savedCallIds(draftItems({ tool_calls: [{ call_id: 'k1', name: 'x' }] }));
    expect([...saved]).to.deep.equal(['k1']);
  });
});
