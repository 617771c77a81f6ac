import { expect } from '@open-wc/testing';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { loadFixture } from '../fixtures.js';

const shape = (raws: unknown[]) => groupMessages(normalizeItems(raws)).map((m) => `${m.role}:${m.items.length}`);

describe('groupMessages', () => {
  it('groups extracted items by role runs', async () => {
    expect(shape(await loadFixture('extracted-items'))).to.deep.equal([
      'user:1', 'assistant:4', 'tool:2', 'assistant:1', 'user:1', 'assistant:2',
    ]);
  });

  it('splits rows when the sequence does not increase', async () => {
    expect(shape(await loadFixture('sagents-hitl-file-delete'))).to.deep.equal([
      'user:1', 'assistant:3', 'tool:1', 'assistant:2',
    ]);
    expect(shape(await loadFixture('sagents-refusal-and-tools'))).to.deep.equal([
      'user:1', 'assistant:1', 'user:1', 'assistant:3', 'tool:2', 'system:1',
    ]);
  });

  it('treats old rows that all have sequence 0 as one message each', () => {
    const rows = [0, 0, 0].map((sequence, i) => ({ id: `o${i}`, content_type: 'text', message_type: 'assistant', sequence, content: { text: `${i}` } }));
    expect(shape(rows)).to.deep.equal(['assistant:1', 'assistant:1', 'assistant:1']);
  });

  it('lets a host message_id decide', () => {
    const rows = [
      { message_id: 'a', content_type: 'text', message_type: 'assistant', sequence: 0, content: { text: '1' } },
      { message_id: 'a', content_type: 'text', message_type: 'assistant', sequence: 0, content: { text: '2' } },
      { message_id: 'b', content_type: 'text', message_type: 'assistant', sequence: 1, content: { text: '3' } },
    ];
    expect(shape(rows)).to.deep.equal(['assistant:2', 'assistant:1']);
  });

  it('takes the message stop from its last item', async () => {
    const messages = groupMessages(normalizeItems(await loadFixture('sagents-stopped-early')));
    expect(messages.map((m) => m.stop?.reason ?? null)).to.deep.equal([null, 'length', null, 'stream_error', null, 'cancelled']);
  });

  it('keys messages stably by their first item', async () => {
    const first = groupMessages(normalizeItems(await loadFixture('sagents-hitl-file-delete')));
    expect(first.map((m) => m.key)).to.deep.equal(['m:id:r1', 'm:id:r2', 'm:id:r5', 'm:id:r6']);
  });
});
