import { expect } from '@open-wc/testing';
import { buildModel, patchModel, whereShown, type ListModel } from '../../src/model/list-model.js';
import { normalizeItem } from '../../src/model/normalize.js';
import type { DisplayItem } from '../../src/model/types.js';
import { FIXTURE_NAMES, loadFixture, type Row } from '../fixtures.js';
import { seededRandom } from '../markdown/generate.js';

const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000000Z`;
const conversation: Row[] = [
  { id: 'u1', message_type: 'user', content_type: 'text', sequence: 0, inserted_at: at(1), content: { text: 'Read it' } },
  { id: 'c1', message_type: 'assistant', content_type: 'tool_call', sequence: 0, status: 'executing', tool_call_id: 'call-1', inserted_at: at(2), content: { call_id: 'call-1', name: 'read' } },
  { id: 'r1', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'call-1', inserted_at: at(3), content: { tool_call_id: 'call-1', content: '…' } },
  { id: 'a1', message_type: 'assistant', content_type: 'text', sequence: 0, inserted_at: at(4), content: { text: 'Done' } },
  { id: 'a2', message_type: 'assistant', content_type: 'text', sequence: 1, inserted_at: at(5), content: { text: 'More' } },
];

const itemsOf = (rows: Row[]) => rows.map((row, position) => normalizeItem(row, position));
/** The items after replacing the rows at these positions (the others keep their item). */
const replaced = (items: DisplayItem[], changes: Record<number, Row>) =>
  items.map((item, position) => (changes[position] ? normalizeItem(changes[position], position) : item));

/** What rendering reads from a model, so a patched and a rebuilt model can be compared. */
function view(model: ListModel) {
  return {
    messages: model.messages.map((message) => ({ key: message.key, role: message.role, items: message.items, stop: message.stop })),
    results: [...model.resultsByCall],
    paired: [...model.pairedResultKeys].sort(),
    nested: [...model.nested].map(([call, messages]) => [call, messages.map((message) => message.items)]),
    messageOf: [...model.messageOf],
    ended: [...model.ended].sort(),
    previousAt: [...model.previousAt].sort(),
  };
}

describe('patchModel', () => {
  it('replaces a tool call in its message and reuses every other message', () => {
    const items = itemsOf(conversation);
    const model = buildModel(items);
    const next = replaced(items, { 1: { ...conversation[1], status: 'completed' } });
    const patch = patchModel(model, next)!;
    expect(patch.messages).to.deep.equal([1]);
    expect(patch.model.messages[1].items[0]).to.equal(next[1]);
    for (const index of [0, 2, 3]) expect(patch.model.messages[index]).to.equal(model.messages[index]);
    expect(view(patch.model)).to.deep.equal(view(buildModel(next)));
  });

  it('pairs a result replaced in place with its call', () => {
    const items = itemsOf(conversation);
    const next = replaced(items, { 2: { ...conversation[2], content: { tool_call_id: 'call-1', content: 'all of it' } } });
    const patch = patchModel(buildModel(items), next)!;
    expect(patch.model.resultsByCall.get('call-1')).to.equal(next[2]);
    // The call's message shows the result, so it renders again too.
    expect(patch.messages.sort()).to.deep.equal([1, 2]);
    expect(view(patch.model)).to.deep.equal(view(buildModel(next)));
  });

  it('takes the stop of a message from its replaced last item', () => {
    const items = itemsOf(conversation);
    const next = replaced(items, { 4: { ...conversation[4], content: { text: 'More', stop_reason: 'length' } } });
    const patch = patchModel(buildModel(items), next)!;
    expect(patch.model.messages[3].stop?.reason).to.equal('length');
    expect(view(patch.model)).to.deep.equal(view(buildModel(next)));
  });

  it('gives up when a replacement changes grouping, pairing or nesting, or rows come and go', () => {
    const items = itemsOf(conversation);
    const model = buildModel(items);
    const changes: Row[] = [
      { ...conversation[4], sequence: 0 },
      { ...conversation[3], message_type: 'user' },
      { ...conversation[2], tool_call_id: 'call-2' },
      { ...conversation[3], content_type: 'thinking' },
      { ...conversation[3], metadata: { parent_call_id: 'call-1' } },
      { ...conversation[3], inserted_at: at(9) },
    ];
    for (const change of changes) {
      const position = conversation.findIndex((row) => row.id === change.id);
      expect(patchModel(model, replaced(items, { [position]: change })), JSON.stringify(change)).to.equal(null);
    }
    expect(patchModel(model, items.slice(1))).to.equal(null);
  });

  it('gives up for an item inside a sub-agent', () => {
    const child: Row = {
      id: 's1', message_type: 'assistant', content_type: 'text', sequence: 0, inserted_at: at(3),
      metadata: { parent_call_id: 'call-1' }, content: { text: 'Sub-agent at work' },
    };
    const rows = [...conversation.slice(0, 2), child, ...conversation.slice(2)];
    const items = itemsOf(rows);
    const model = buildModel(items);
    expect(model.messageOf[2]).to.equal(-1);
    expect(patchModel(model, replaced(items, { 2: { ...child, content: { text: 'Still at work' } } }))).to.equal(null);
  });

  it('matches a rebuilt model after random replacements in every fixture', async () => {
    const random = seededRandom(11);
    for (const name of FIXTURE_NAMES) {
      const rows = await loadFixture(name);
      let items = itemsOf(rows);
      let model = buildModel(items);
      for (let step = 0; step < 20; step++) {
        const position = Math.floor(random() * rows.length);
        const row = rows[position];
        const change: Row = random() < 0.7 ? { ...row, status: random() < 0.5 ? 'completed' : 'failed' } : { ...row, message_type: 'system' };
        const next = replaced(items, { [position]: change });
        const patch = patchModel(model, next);
        model = patch ? patch.model : buildModel(next);
        items = next;
        expect(view(model), `${name} step ${step}`).to.deep.equal(view(buildModel(items)));
      }
    }
  });
});

describe('whereShown', () => {
  /** The message's key and the ids of the calls to open. */
  const placeOf = (model: ListModel, id: string) => {
    const place = whereShown(model, id);
    return place && { message: model.messages[place.message].key, calls: place.calls.map((call) => call.id) };
  };

  it("finds a row's own message by its id, or by the message_id its rows carry, with no call to open", () => {
    const model = buildModel(itemsOf(conversation.map((row) => (row.id === 'a1' || row.id === 'a2' ? { ...row, message_id: 'turn-2' } : row))));
    expect(placeOf(model, 'u1')).to.deep.equal({ message: 'm:id:u1', calls: [] });
    expect(placeOf(model, 'c1')).to.deep.equal({ message: 'm:id:c1', calls: [] });
    expect(placeOf(model, 'a2')).to.deep.equal({ message: 'm:id:a1', calls: [] });
    expect(placeOf(model, 'turn-2')).to.deep.equal({ message: 'm:id:a1', calls: [] });
  });

  it('goes to the message of the call for a result shown inside it, and for rows of a sub-agent it started, however deep, opening the calls on the way', () => {
    const child = (id: string, extra: Row) => ({ id, message_type: 'assistant', content_type: 'text', sequence: 0, inserted_at: at(3), metadata: { parent_call_id: 'call-1' }, content: { text: id }, ...extra });
    const rows: Row[] = [
      ...conversation.slice(0, 2),
      child('s1', {}),
      child('s2', { content_type: 'tool_call', tool_call_id: 'call-2', content: { call_id: 'call-2', name: 'look' } }),
      child('s3', { message_type: 'tool', content_type: 'tool_result', tool_call_id: 'call-2', content: { tool_call_id: 'call-2', content: 'seen' } }),
      { ...child('s4', {}), metadata: { parent_call_id: 'call-2' } },
      ...conversation.slice(2),
    ];
    const model = buildModel(itemsOf(rows));
    const inside = (...calls: string[]) => ({ message: 'm:id:c1', calls });
    expect(placeOf(model, 'r1'), 'a result').to.deep.equal(inside('c1'));
    expect(placeOf(model, 's1'), "a sub-agent's text").to.deep.equal(inside('c1'));
    expect(placeOf(model, 's2'), "a sub-agent's call").to.deep.equal(inside('c1'));
    expect(placeOf(model, 's3'), "that call's result").to.deep.equal(inside('c1', 's2'));
    expect(placeOf(model, 's4'), 'a sub-agent of the sub-agent').to.deep.equal(inside('c1', 's2'));
    expect(placeOf(model, 'a1')).to.deep.equal({ message: 'm:id:a1', calls: [] });
  });

  it('finds nothing for an id no row has, nor for rows whose parent calls make a cycle', () => {
    const call = (id: string, callId: string, parent: string): Row => ({
      id, message_type: 'assistant', content_type: 'tool_call', sequence: 0, tool_call_id: callId, metadata: { parent_call_id: parent }, content: { call_id: callId, name: 'loop' },
    });
    const model = buildModel(itemsOf([...conversation, call('ca', 'call-a', 'call-b'), call('cb', 'call-b', 'call-a')]));
    expect(whereShown(model, 'nowhere')).to.equal(null);
    expect(whereShown(model, '')).to.equal(null);
    expect(whereShown(model, 'ca')).to.equal(null);
  });
});
