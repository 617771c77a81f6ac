import { expect } from '@open-wc/testing';
import { buildModel, endedOf, patchModel } from '../../src/model/list-model.js';
import { draftItems, waitingRole } from '../../src/model/draft.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItem } from '../../src/model/normalize.js';
import { awaitsApproval, describeToolCall } from '../../src/model/tools.js';
import type { DisplayItem, ToolCallDisplayItem } from '../../src/model/types.js';
import { loadFixture, type Row } from '../fixtures.js';

const at = (second: number) => `2026-01-01T00:00:${String(second).padStart(2, '0')}.000000Z`;
const itemsOf = (rows: Row[]) => rows.map((row, position) => normalizeItem(row, position));

function call(id: string, status: string, second: number, extra: Row = {}): Row {
  return {
    id, message_type: 'assistant', content_type: 'tool_call', sequence: 0, status, tool_call_id: `call-${id}`, inserted_at: at(second),
    content: { call_id: `call-${id}`, name: 'read_file', arguments: { path: '/a' } }, ...extra,
  };
}
const result = (id: string, second: number): Row => ({
  id: `r-${id}`, message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: `call-${id}`, inserted_at: at(second),
  content: { tool_call_id: `call-${id}`, name: 'read_file', content: 'ok' },
});
const user = (id: string, second: number): Row => ({ id, message_type: 'user', content_type: 'text', sequence: 0, inserted_at: at(second), content: { text: 'Next' } });
const cancelled = (id: string, second: number): Row => ({
  id, message_type: 'system', content_type: 'notification', sequence: 0, inserted_at: at(second),
  content: { text: 'Agent execution cancelled.', stop_reason: 'cancelled' },
});
const todos = (id: string, second: number): Row => ({
  id, message_type: 'system', content_type: 'todo_snapshot', sequence: 0, inserted_at: at(second), content: { todos: [] },
});

/** The status a list shows for the call with row id `id`. */
function shownStatus(rows: Row[], id: string): { status: string; reason: string | null } {
  const model = buildModel(itemsOf(rows));
  const message = [...model.messages, ...[...model.nested.values()].flat()].find((m) => m.items.some((item) => item.id === id))!;
  const item = message.items.find((each) => each.id === id) as ToolCallDisplayItem;
  const view = describeToolCall(item, item.toolCallId ? model.resultsByCall.get(item.toolCallId) : null, endedOf(model, message));
  return { status: view.status, reason: view.endedReason };
}

describe('honest lifecycles: calls whose run is over', () => {
  it('keeps a pending or running call running while it is the newest thing said', () => {
    expect(shownStatus([user('u1', 1), call('a', 'pending', 2)], 'a').status).to.equal('pending');
    expect(shownStatus([user('u1', 1), call('a', 'executing', 2)], 'a').status).to.equal('executing');
  });

  it('reads a call still pending once a later turn exists as incomplete, with no reason it cannot know', () => {
    expect(shownStatus([user('u1', 1), call('a', 'pending', 2), user('u2', 3)], 'a')).to.deep.equal({ status: 'incomplete', reason: '' });
    expect(shownStatus([user('u1', 1), call('a', 'executing', 2), user('u2', 3)], 'a').status).to.equal('incomplete');
  });

  it('takes the reason from a cancellation notice after it', () => {
    expect(shownStatus([user('u1', 1), call('a', 'executing', 2), cancelled('n1', 3)], 'a')).to.deep.equal({ status: 'incomplete', reason: 'cancelled' });
  });

  it('takes the reason from its own message when that stopped', () => {
    const stopped = call('a', 'pending', 2, { content: { call_id: 'call-a', name: 'read_file', stop_reason: 'stream_error' } });
    expect(shownStatus([user('u1', 1), stopped], 'a')).to.deep.equal({ status: 'incomplete', reason: 'stream_error' });
  });

  it('is not moved on by results of the same turn or todo snapshots (a parallel call still runs)', () => {
    const rows = [user('u1', 1), { ...call('a', 'completed', 2) }, { ...call('b', 'executing', 2), sequence: 1 }, todos('t1', 3), result('a', 4)];
    expect(shownStatus(rows, 'b').status).to.equal('executing');
  });

  it('reads a call still executing by its result once it has one (issue 67), and every final status as storage says', () => {
    expect(shownStatus([user('u1', 1), call('a', 'executing', 2), result('a', 3), user('u2', 4)], 'a').status).to.equal('completed');
    for (const status of ['completed', 'failed', 'cancelled', 'interrupted']) {
      expect(shownStatus([user('u1', 1), call('a', status, 2), user('u2', 3)], 'a').status, status).to.equal(status);
    }
  });

  it('ends a sub-agent\'s calls with the call that started it', () => {
    const task = call('task', 'completed', 2);
    const inner = call('inner', 'executing', 3, { metadata: { parent_call_id: 'call-task' } });
    expect(shownStatus([user('u1', 1), task, inner], 'inner').status).to.equal('executing');
    expect(shownStatus([user('u1', 1), task, inner, result('task', 4)], 'inner').status).to.equal('incomplete');
    expect(shownStatus([user('u1', 1), call('task', 'executing', 2), inner, cancelled('n1', 5)], 'inner')).to.deep.equal({ status: 'incomplete', reason: 'cancelled' });
  });

  it('shows the approval fixture\'s pending delete as pending, and as incomplete once the user moved on', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    expect(shownStatus(rows, 'r7').status).to.equal('pending');
    expect(shownStatus([...rows, user('r8', 59)], 'r7').status).to.equal('incomplete');
  });

  it('re-derives which runs are over when a patch changes a stop, and says which messages changed', () => {
    const rows = [user('u1', 1), call('a', 'pending', 2), { ...user('u2', 3), message_type: 'assistant' }];
    const items = itemsOf(rows);
    const model = buildModel(items);
    expect(model.ended.get(model.messages[1].key)).to.equal('');
    const stopped = normalizeItem({ ...rows[1], content: { call_id: 'call-a', name: 'read_file', stop_reason: 'length' } }, 1);
    const next: DisplayItem[] = items.map((item, i) => (i === 1 ? stopped : item));
    const patch = patchModel(model, next)!;
    expect(patch.model.ended.get(patch.model.messages[1].key)).to.equal('length');
    expect(patch.messages).to.include(1);
    expect([...patch.model.ended]).to.deep.equal([...buildModel(next).ended]);
  });
});

describe('honest lifecycles: a draft whose stream ended', () => {
  it('reads the calls of a draft that stopped as incomplete, with the draft\'s reason', () => {
    const items = draftItems({
      text: 'Reading',
      tool_calls: [{ call_id: 'd1', name: 'read_file', execution_status: 'executing' }, { call_id: 'd2', name: 'read_file', execution_status: 'identified' }],
      stop_reason: 'stream_error',
    });
    const [message] = groupMessages(items);
    const ended = endedOf(buildModel([]), message);
    expect(ended).to.equal('stream_error');
    const statuses = items.filter((item): item is ToolCallDisplayItem => item.kind === 'tool_call').map((item) => describeToolCall(item, null, ended).status);
    expect(statuses).to.deep.equal(['incomplete', 'incomplete']);
  });

  it('keeps a draft still streaming running', () => {
    const [message] = groupMessages(draftItems({ tool_calls: [{ call_id: 'd1', name: 'x', execution_status: 'executing' }] }));
    expect(endedOf(buildModel([]), message)).to.equal(null);
  });
});

describe('a draft waiting for its first words', () => {
  const waiting = (draft: unknown) => waitingRole(draft, draftItems(draft));

  it('is a draft object with nothing to show yet and no stop, in its role', () => {
    expect(waiting({})).to.equal('assistant');
    expect(waiting({ text: '', thinking: '', tool_calls: [] })).to.equal('assistant');
    expect(waiting({ message_type: 'user' })).to.equal('user');
  });

  it('is not one that says something, stopped, or is a list or nothing', () => {
    for (const draft of [{ text: 'Hi' }, { tool_calls: [{ call_id: 'c1', name: 'x' }] }, { stop_reason: 'cancelled' }, [], null, undefined, false, 'text']) {
      expect(waiting(draft), JSON.stringify(draft)).to.equal(null);
    }
  });
});

describe('awaitsApproval', () => {
  it('asks for a decision while interrupted, or pending under a label that asks for approval', () => {
    expect(awaitsApproval('delete_file', 'interrupted', null, null, null)).to.equal(true);
    expect(awaitsApproval('delete_file', 'pending', 'Task awaiting approval', null, null)).to.equal(true);
    expect(awaitsApproval('delete_file', 'pending', null, null, null)).to.equal(false);
  });

  it('does not for a question, a decided call, a finished one, or one whose run is over', () => {
    expect(awaitsApproval('ask_user', 'interrupted', 'Waiting for user response', null, null)).to.equal(false);
    expect(awaitsApproval('delete_file', 'interrupted', null, 'approved', null)).to.equal(false);
    expect(awaitsApproval('delete_file', 'completed', 'Task awaiting approval', null, null)).to.equal(false);
    expect(awaitsApproval('delete_file', 'interrupted', null, null, 'cancelled')).to.equal(false);
  });

  it('is what describeToolCall reports, and a stored decision ends it', () => {
    const waiting = normalizeItem(call('a', 'interrupted', 2, { metadata: { display_text: 'Task awaiting approval' } })) as ToolCallDisplayItem;
    expect(describeToolCall(waiting).awaitingApproval).to.equal(true);
    const decided = normalizeItem(call('a', 'completed', 2, { metadata: { display_text: 'Task awaiting approval', hitl_decision: 'approved' } })) as ToolCallDisplayItem;
    const view = describeToolCall(decided);
    expect([view.awaitingApproval, view.hitlDecision, view.statusText]).to.deep.equal([false, 'approved', null]);
  });
});
