import { expect } from '@open-wc/testing';
import { normalizeItem, normalizeItems, asDisplayItem } from '../../src/model/normalize.js';
import { FIXTURE_NAMES, loadFixture } from '../fixtures.js';

describe('normalizeItem', () => {
  it('reads an extracted item (`type`)', () => {
    const item = normalizeItem({ type: 'text', message_type: 'user', content: { text: 'Hi' } }, 3);
    expect(item.kind).to.equal('text');
    expect(item.role).to.equal('user');
    expect(item.key).to.equal('pos:3');
    expect(item.id).to.equal(null);
    expect(item.sequence).to.equal(null);
    expect(item.problems).to.deep.equal([]);
  });

  it('reads a persisted row (`content_type`) with every row field', () => {
    const item = normalizeItem({
      id: 'r7', conversation_id: 'c', message_type: 'assistant', content_type: 'tool_call', sequence: 1,
      status: 'pending', tool_call_id: 'toolu_02', metadata: { display_text: 'Waiting' },
      inserted_at: '2026-08-20T17:03:16.220702Z',
      content: { call_id: 'toolu_02', name: 'delete_file', arguments: {}, display_text: 'Deleting file' },
    });
    expect(item.key).to.equal('id:r7');
    expect(item.kind).to.equal('tool_call');
    expect(item.sequence).to.equal(1);
    expect(item.status).to.equal('pending');
    expect(item.toolCallId).to.equal('toolu_02');
    expect(item.metadata).to.deep.equal({ display_text: 'Waiting' });
    expect(item.insertedAt).to.equal('2026-08-20T17:03:16.220702Z');
  });

  it('prefers `type` over `content_type` and takes the call id from the content', () => {
    const item = normalizeItem({ type: 'tool_result', content_type: 'text', content: { tool_call_id: 7 } });
    expect(item.kind).to.equal('tool_result');
    expect(item.toolCallId).to.equal('7');
    expect(item.role).to.equal('tool');
  });

  it('infers the role of framework rows without a message_type', () => {
    expect(normalizeItem({ type: 'notification', content: { text: 'x' } }).role).to.equal('system');
    expect(normalizeItem({ type: 'text', content: { text: 'x' } }).role).to.equal('assistant');
  });

  for (const [label, raw] of [
    ['null', null],
    ['a string', 'hello'],
    ['a number', 42],
    ['a list', [1, 2]],
    ['undefined', undefined],
  ] as const) {
    it(`turns ${label} into an invalid item with a problem, never a throw`, () => {
      const item = normalizeItem(raw);
      expect(item.kind).to.equal('invalid');
      expect(item.problems).to.have.length(1);
      expect(item.raw).to.equal(raw);
    });
  }

  it('flags missing, wrong-typed and textless content', () => {
    expect(normalizeItem({ type: 'text' }).problems[0]).to.match(/no content/);
    expect(normalizeItem({ type: 'text', content: 'Hi' }).problems[0]).to.match(/a string, not an object/);
    expect(normalizeItem({ type: 'text', content: { text: 5 } }).problems[0]).to.match(/no text/);
    expect(normalizeItem({ type: 'thinking', content: {} }).problems[0]).to.match(/no text/);
    expect(normalizeItem({ type: 'todo_snapshot', content: { todos: 'x' } }).problems[0]).to.match(/todos/);
    expect(normalizeItem({ message_type: 'user', content: { text: 'x' } }).problems[0]).to.match(/no kind/);
  });

  it('words its problems as plain text: the fallback shows them as they are, not as Markdown', () => {
    const broken = [{ message_type: 'user', content: { text: 'x' } }, { type: 'text' }, { type: 'text', content: 'Hi' }, { type: 'text', content: { text: 5 } }, { type: 'todo_snapshot', content: { todos: 'x' } }, 7, null];
    for (const raw of broken) {
      for (const problem of normalizeItem(raw).problems) expect(problem, JSON.stringify(raw)).not.to.match(/[`*]/);
    }
  });

  it('keeps unknown kinds as they are, with no problem', () => {
    const item = normalizeItem({ type: 'hologram', content: { text: 'beam me up' } });
    expect(item.kind).to.equal('other');
    expect(item.kind === 'other' && item.kindName).to.equal('hologram');
    expect(item.kind === 'other' && item.text).to.equal('beam me up');
    expect(item.problems).to.deep.equal([]);
  });

  it('survives throwing getters and proxies', () => {
    const hostile = { type: 'text', message_type: 'user' } as Record<string, unknown>;
    Object.defineProperty(hostile, 'content', { get() { throw new Error('boom'); }, enumerable: true });
    const item = normalizeItem(hostile);
    expect(item.problems.length).to.be.greaterThan(0);
    const proxy = new Proxy({}, { get() { throw new Error('trap'); }, ownKeys() { throw new Error('trap'); } });
    expect(() => normalizeItem(proxy)).not.to.throw();
  });

  it('reads the stop from the content', () => {
    const item = normalizeItem({ type: 'text', content: { text: 'x', stop_reason: 'length' } });
    expect(item.stop?.kind).to.equal('length');
  });

  it('does not normalize twice', () => {
    const item = normalizeItem({ type: 'text', content: { text: 'x' } });
    expect(asDisplayItem(item)).to.equal(item);
    expect(asDisplayItem({ type: 'text', content: { text: 'x' } })).not.to.equal(item);
  });

  it('normalizes every fixture without a problem', async () => {
    for (const name of FIXTURE_NAMES) {
      const items = normalizeItems(await loadFixture(name));
      expect(items.length, name).to.be.greaterThan(0);
      for (const item of items) expect(item.problems, `${name} ${item.key}`).to.deep.equal([]);
    }
  });

  it('treats a non-array `items` as one item rather than dropping it', () => {
    expect(normalizeItems(null)).to.deep.equal([]);
    expect(normalizeItems({ type: 'text', content: { text: 'x' } })).to.have.length(1);
  });
});
