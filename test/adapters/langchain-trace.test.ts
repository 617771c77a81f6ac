import { expect } from '@open-wc/testing';
import { AIMessage } from '@langchain/core/messages';
import { fromLangChainTrace, type DisplayItemJSON } from '../../src/adapters/index.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { describeToolCall } from '../../src/model/tools.js';
import type { ToolCallDisplayItem } from '../../src/model/types.js';
import { byMessage, expectWellFormed } from './invariants.js';
import { expectFailedCallShown } from './failed-call.js';
import { mountList } from '../helpers.js';

const TASK_ID = 'toolu_01TaskA9x';

async function loadTrace(): Promise<string> {
  return (await fetch(new URL('../fixtures/langchain-trace-subagent.jsonl', import.meta.url))).text();
}

/** The fixture as it stood while line 59 was being written: the final run has no end yet. */
async function cutTrace(): Promise<string> {
  const lines = (await loadTrace()).split('\n');
  return `${lines.slice(0, 58).join('\n')}\n${lines[58].slice(0, 40)}`;
}

/** One streamed chunk of run `id`, in the fixture's shape. */
function chunk(id: string, content: unknown[] | string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'AIMessageChunk', id, name: null, content, additional_kwargs: {},
    response_metadata: { model_provider: 'anthropic' }, tool_calls: [], invalid_tool_calls: [],
    tool_call_chunks: [], usage_metadata: null, chunk_position: null, ...extra,
  };
}

function lastChunk(id: string, stopReason: string, extraMeta: Record<string, unknown> = {}): Record<string, unknown> {
  return chunk(id, [], {
    response_metadata: { model_provider: 'anthropic', stop_reason: stopReason, stop_sequence: null, ...extraMeta },
    usage_metadata: { input_tokens: 10, output_tokens: 5, total_tokens: 15 },
    chunk_position: 'last',
  });
}

function toolLine(callId: string, name: string, content: unknown, status = 'success'): Record<string, unknown> {
  return { type: 'tool', id: `t-${callId}`, name, content, tool_call_id: callId, additional_kwargs: {}, response_metadata: {}, artifact: null, status };
}

const jsonl = (...lines: unknown[]): string => lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');

const text = (item: DisplayItemJSON | undefined): unknown => item?.content.text;

describe('fromLangChainTrace', () => {
  describe('the sub-agent fixture', () => {
    let items: DisplayItemJSON[];
    let problems: unknown[];

    before(async () => {
      ({ items, problems } = fromLangChainTrace(await loadTrace()));
    });

    it('converts every line without problems and keeps the extractor rules', () => {
      expect(problems).to.deep.equal([]);
      expect(items.map((item) => `${item.message_type}/${item.type}`)).to.deep.equal([
        'assistant/text', 'assistant/tool_call', 'tool/tool_result',
        'assistant/tool_call',
        'assistant/tool_call', 'tool/tool_result',
        'assistant/tool_call', 'tool/tool_result',
        'assistant/text',
        'tool/tool_result',
        'assistant/text',
      ]);
      expectWellFormed(items);
    });

    it('concatenates text chunks and puts the text before the tool call, in one message per run', () => {
      const [intro, call] = items;
      expect(text(intro)).to.equal("I'll look at the failing task runs first.");
      expect(intro.message_id).to.equal('lc_run--6513270e-269e-0d37-f2a7-4de452e6b438');
      expect(call.message_id).to.equal(intro.message_id);
      expect([intro.sequence, call.sequence]).to.deep.equal([0, 1]);
    });

    it('rebuilds tool call arguments from input_json_delta fragments', () => {
      const calls = items.filter((item) => item.type === 'tool_call').map((item) => item.content);
      expect(calls).to.deep.equal([
        { call_id: 'toolu_01Bf92tBughkLkeUBe9dyzoN', name: 'get_tasks', arguments: { state: 'failed', limit: 5 }, display_text: null },
        { call_id: TASK_ID, name: 'task', arguments: { subagent_type: 'log-investigator', description: 'Find the root cause of the nightly-etl failure in the logs' }, display_text: null },
        { call_id: 'toolu_01Grep01', name: 'grep', arguments: { pattern: 'ERROR|Traceback', path: '/logs/nightly-etl/2026-11-28.log' }, display_text: null },
        { call_id: 'toolu_01Read01', name: 'read_file', arguments: { path: '/etc/etl/config.yaml' }, display_text: null },
      ]);
    });

    it('turns tool lines into results, with status "error" as is_error', () => {
      const results = items.filter((item) => item.type === 'tool_result').map((item) => item.content);
      expect(results.map((r) => [r.tool_call_id, r.name, r.is_error])).to.deep.equal([
        ['toolu_01Bf92tBughkLkeUBe9dyzoN', 'get_tasks', false],
        ['toolu_01Grep01', 'grep', false],
        ['toolu_01Read01', 'read_file', true],
        [TASK_ID, 'task', false],
      ]);
      expect(results[2].content).to.equal('Error: permission denied: /etc/etl/config.yaml');
      expect(results[0].is_interrupt).to.equal(false);
    });

    it('keeps model, provider, usage and run id in the metadata of every item of a run', () => {
      const first = items[0].metadata;
      expect(first).to.deep.include({ run_id: 'lc_run--6513270e-269e-0d37-f2a7-4de452e6b438', model: 'claude-sonnet-4-6', provider: 'anthropic' });
      expect(first?.usage).to.deep.equal({ input_tokens: 1820, output_tokens: 64, total_tokens: 1884, input_token_details: { cache_creation: 0, cache_read: 910 } });
      expect(items[1].metadata).to.deep.equal(first);
    });

    it('marks every item between the task call and its result with the task call id', () => {
      const taskCall = items.findIndex((item) => item.content.call_id === TASK_ID);
      const taskResult = items.findIndex((item) => item.content.tool_call_id === TASK_ID);
      items.forEach((item, position) => {
        const inside = position > taskCall && position < taskResult;
        expect(item.metadata?.parent_call_id, `item ${position}`).to.equal(inside ? TASK_ID : undefined);
      });
      expect(taskResult - taskCall - 1).to.equal(5);
    });

    it('maps the last stop_reason max_tokens to length on the final item only', () => {
      const last = items[items.length - 1];
      expect(last.content.stop_reason).to.equal('length');
      expect(last.content).not.to.have.property('stop_details');
      expect(String(last.content.text)).to.match(/^## Findings/);
      expect(items.slice(0, -1).filter((item) => 'stop_reason' in item.content)).to.deep.equal([]);
    });

    it('groups into the expected messages through normalizeItems + groupMessages', () => {
      const messages = groupMessages(normalizeItems(items));
      expect(messages.map((m) => `${m.role}:${m.items.length}`)).to.deep.equal([
        'assistant:2', 'tool:1', 'assistant:1', 'assistant:1', 'tool:1', 'assistant:1', 'tool:1', 'assistant:1', 'tool:1', 'assistant:1',
      ]);
      const final = messages[messages.length - 1];
      expect(final.stop?.reason).to.equal('length');
      expect(final.stop?.kind).to.equal('length');
      expect(messages.slice(0, -1).every((m) => m.stop === null)).to.equal(true);
      const readFile = messages.flatMap((m) => m.items).find((item) => item.toolCallId === 'toolu_01Read01' && item.kind === 'tool_result');
      expect(readFile?.content.is_error).to.equal(true);
      const nested = messages.filter((m) => m.items.every((item) => item.metadata.parent_call_id === TASK_ID));
      expect(nested.map((m) => m.items.map((item) => item.kind).join('+'))).to.deep.equal([
        'tool_call', 'tool_result', 'tool_call', 'tool_result', 'text',
      ]);
      expect(messages.flatMap((m) => m.items).every((item) => item.problems.length === 0)).to.equal(true);
    });
  });

  describe('text, thinking and users', () => {
    it('concatenates thinking and text blocks per index, thinking first, and converts human lines', () => {
      const { items, problems } = fromLangChainTrace(jsonl(
        { type: 'human', id: 'h1', content: 'Why did it fail?' },
        chunk('lc_run--a', [{ type: 'thinking', thinking: 'Let me ', index: 0 }]),
        chunk('lc_run--a', [{ type: 'thinking', thinking: 'check.', index: 0 }]),
        chunk('lc_run--a', [{ type: 'thinking', signature: 'sig', index: 0 }]),
        chunk('lc_run--a', [{ type: 'text', text: 'It timed ', index: 1 }]),
        chunk('lc_run--a', [{ type: 'text', text: 'out.', index: 1 }]),
        lastChunk('lc_run--a', 'end_turn'),
      ));
      expect(problems).to.deep.equal([]);
      expect(items.map((item) => [item.message_type, item.type, item.content.text])).to.deep.equal([
        ['user', 'text', 'Why did it fail?'],
        ['assistant', 'thinking', 'Let me check.'],
        ['assistant', 'text', 'It timed out.'],
      ]);
      expect(items[2].content).not.to.have.property('stop_reason');
      expectWellFormed(items);
    });

    it('shows redacted thinking as a redacted note', () => {
      const { items } = fromLangChainTrace(jsonl(
        chunk('lc_run--r', [{ type: 'redacted_thinking', data: 'ENCRYPTED', index: 0 }]),
        chunk('lc_run--r', [{ type: 'text', text: 'Done.', index: 1 }]),
        lastChunk('lc_run--r', 'end_turn'),
      ));
      expect(items[0]).to.deep.include({ type: 'thinking' });
      expect(items[0].content).to.deep.equal({ text: '_Reasoning redacted by the provider._', redacted: true });
    });

    it('rebuilds OpenAI-style streams from string content and tool_call_chunks', () => {
      const { items, problems } = fromLangChainTrace(jsonl(
        chunk('lc_run--o', 'Checking', { response_metadata: { model_provider: 'openai', model_name: 'gpt-4o' } }),
        chunk('lc_run--o', '…', { tool_call_chunks: [{ name: 'search', args: '{"q":', id: 'call_1', index: 0, type: 'tool_call_chunk' }] }),
        chunk('lc_run--o', '', { tool_call_chunks: [{ name: null, args: '"etl"}', id: null, index: 0, type: 'tool_call_chunk' }] }),
        chunk('lc_run--o', '', { response_metadata: { finish_reason: 'tool_calls' }, chunk_position: 'last' }),
      ));
      expect(problems).to.deep.equal([]);
      expect(items.map((item) => item.content)).to.deep.equal([
        { text: 'Checking…' },
        { call_id: 'call_1', name: 'search', arguments: { q: 'etl' }, display_text: null },
      ]);
      expect(items[0].metadata?.model).to.equal('gpt-4o');
    });
  });

  describe('calls LangChain could not parse (invalid_tool_calls)', () => {
    const RAW = '{"pattern": ERR}';
    const whole = () => new AIMessage({
      id: 'lc_run--w',
      content: 'Let me read the logs.',
      tool_calls: [{ type: 'tool_call', id: 'c1', name: 'read_logs', args: { job: 'nightly' } }],
      invalid_tool_calls: [{ type: 'invalid_tool_call', id: 'c2', name: 'grep', args: RAW, error: 'Malformed args.' }],
      response_metadata: { model_provider: 'openai', finish_reason: 'tool_calls' },
    });

    it("shows a whole message's invalid call as failed, its arguments as sent and its error, in both line forms", async () => {
      const message = whole();
      const metadata = { run_id: 'lc_run--w', provider: 'openai' };
      const expected = [
        { type: 'text', content: { text: 'Let me read the logs.' }, metadata },
        { type: 'tool_call', content: { call_id: 'c1', name: 'read_logs', arguments: { job: 'nightly' }, display_text: null }, metadata },
        { type: 'tool_call', content: { call_id: 'c2', name: 'grep', arguments: RAW, display_text: null }, status: 'failed', metadata: { ...metadata, error: 'Malformed args.' } },
      ];
      for (const [form, line] of [['toDict() data', { type: 'ai', ...message.toDict().data }], ['serialized', message]] as const) {
        const { items, problems } = fromLangChainTrace(jsonl(line));
        expect(problems, form).to.deep.equal([]);
        expect(items.map(({ type, content, status, metadata }) => ({ type, content, ...(status ? { status } : {}), metadata })), form).to.deep.equal(expected);
        expectWellFormed(items);
      }
      const list = await mountList(fromLangChainTrace(jsonl(message)).items);
      expectFailedCallShown(list, 'grep', 'Malformed args.', RAW);
      list.remove();
    });

    it("does not read a streamed chunk's own invalid_tool_calls, which are only its piece of a call", () => {
      const piece = { name: null, args: '"etl"}', id: null, index: 0, type: 'tool_call_chunk' };
      const { items, problems } = fromLangChainTrace(jsonl(
        chunk('lc_run--p', '', { tool_call_chunks: [{ name: 'search', args: '{"q":', id: 'call_1', index: 0, type: 'tool_call_chunk' }] }),
        chunk('lc_run--p', '', { tool_call_chunks: [piece], invalid_tool_calls: [{ ...piece, type: 'invalid_tool_call', error: 'Malformed args.' }] }),
        chunk('lc_run--p', '', { response_metadata: { finish_reason: 'tool_calls' }, chunk_position: 'last' }),
      ));
      expect(problems).to.deep.equal([]);
      expect(items.map((item) => [item.content, item.status])).to.deep.equal([
        [{ call_id: 'call_1', name: 'search', arguments: { q: 'etl' }, display_text: null }, undefined],
      ]);
    });
  });

  describe('stop reasons', () => {
    const stopOf = (reason: string, meta: Record<string, unknown> = {}) => {
      const { items } = fromLangChainTrace(jsonl(chunk('lc_run--s', [{ type: 'text', text: 'Hi', index: 0 }]), lastChunk('lc_run--s', reason, meta)));
      return items[items.length - 1].content;
    };

    it('treats end_turn, tool_use and stop_sequence as finished: no stop_reason key', () => {
      for (const reason of ['end_turn', 'tool_use', 'stop_sequence']) expect(stopOf(reason), reason).not.to.have.property('stop_reason');
    });

    it('maps max_tokens to length and refusal to content_filtered, with stop_details verbatim', () => {
      expect(stopOf('max_tokens').stop_reason).to.equal('length');
      const details = { type: 'refusal', category: 'cyber', explanation: 'Declined to assist.', extra: 1 };
      expect(stopOf('refusal', { stop_details: details })).to.deep.include({ stop_reason: 'content_filtered', stop_details: details });
    });

    it('keeps reasons it does not know as they are; a paused turn is not a stop', () => {
      expect(stopOf('model_overloaded').stop_reason).to.equal('model_overloaded');
      expect(stopOf('pause_turn')).not.to.have.property('stop_reason');
    });

    it('puts the mark on the last tool call when the message ends with one', () => {
      const { items } = fromLangChainTrace(jsonl(
        chunk('lc_run--m', [{ type: 'text', text: 'Writing', index: 0 }]),
        chunk('lc_run--m', [{ type: 'tool_use', id: 'c1', name: 'write', input: {}, index: 1 }]),
        chunk('lc_run--m', [{ type: 'input_json_delta', partial_json: '{"path": "/a"}', index: 1 }]),
        lastChunk('lc_run--m', 'max_tokens'),
      ));
      expect(items.map((item) => item.content.stop_reason)).to.deep.equal([undefined, 'length']);
      expectWellFormed(items);
    });
  });

  describe('sub-agents', () => {
    it('credits parallel sub-agents in turn and nested ones to the inner task', () => {
      const { items } = fromLangChainTrace(jsonl(
        chunk('lc_run--p', [{ type: 'tool_use', id: 'task-A', name: 'task', input: { description: 'a' }, index: 0 }]),
        chunk('lc_run--p', [{ type: 'tool_use', id: 'task-B', name: 'task', input: { description: 'b' }, index: 1 }]),
        lastChunk('lc_run--p', 'tool_use'),
        chunk('lc_run--a1', [{ type: 'tool_use', id: 'task-C', name: 'task', input: { description: 'c' }, index: 0 }]),
        lastChunk('lc_run--a1', 'tool_use'),
        chunk('lc_run--c1', [{ type: 'text', text: 'C done', index: 0 }]),
        lastChunk('lc_run--c1', 'end_turn'),
        toolLine('task-C', 'task', 'C result'),
        chunk('lc_run--a2', [{ type: 'text', text: 'A done', index: 0 }]),
        lastChunk('lc_run--a2', 'end_turn'),
        chunk('lc_run--b1', [{ type: 'text', text: 'B done', index: 0 }]),
        lastChunk('lc_run--b1', 'end_turn'),
        toolLine('task-A', 'task', 'A result'),
        toolLine('task-B', 'task', 'B result'),
        chunk('lc_run--z', [{ type: 'text', text: 'All done', index: 0 }]),
        lastChunk('lc_run--z', 'end_turn'),
      ));
      const parents = items.map((item) => [item.content.text ?? item.content.call_id ?? item.content.tool_call_id, item.metadata?.parent_call_id ?? null]);
      expect(parents).to.deep.equal([
        ['task-A', null], ['task-B', null],
        ['task-C', 'task-A'],
        ['C done', 'task-C'],
        ['task-C', 'task-A'],
        ['A done', 'task-A'],
        ['B done', 'task-B'],
        ['task-A', null], ['task-B', null],
        ['All done', null],
      ]);
      expect(byMessage(items).get('tools:t-task-A')?.length).to.equal(2);
      expectWellFormed(items);
    });
  });

  describe('broken input', () => {
    it('reports unparseable and non-object lines by their 1-based number and converts the rest', () => {
      const { items, problems } = fromLangChainTrace(jsonl(
        chunk('lc_run--b', [{ type: 'text', text: 'Hello', index: 0 }]),
        '{"type": "AIMessageChunk", "id": "lc_run--b", "content": [{"type": "te',
        '',
        '[1, 2]',
        chunk('lc_run--b', [{ type: 'text', text: ' world', index: 0 }]),
        lastChunk('lc_run--b', 'end_turn'),
        '{"type": "mystery"}',
      ));
      expect(items.map((item) => item.content.text)).to.deep.equal(['Hello world']);
      expect(problems.map((problem) => problem.line)).to.deep.equal([2, 4, 7]);
      expect(problems[0].message).to.match(/Line 2 is not valid JSON/);
      expect(problems[2].message).to.match(/unknown type "mystery"/);
    });

    it('yields what a truncated file holds, marks the cut message and reports it', async () => {
      const { items, problems } = fromLangChainTrace(await cutTrace());
      expect(problems.map((problem) => problem.line)).to.deep.equal([59, 58]);
      expect(problems[0].message).to.match(/not valid JSON/);
      expect(problems[1].message).to.match(/truncated/);
      const last = items[items.length - 1];
      expect(last.content.stop_reason).to.equal('stream_error');
      expect(String(last.content.text)).to.match(/^## Findings/);
      expect(items.length).to.equal(11);
      expectWellFormed(items);
    });

    it('reads a trace as complete unless told it is still being written', async () => {
      const cut = await cutTrace();
      expect(fromLangChainTrace(cut)).to.deep.equal(fromLangChainTrace(cut, { complete: true }));
      expect(fromLangChainTrace(cut, { complete: false })).not.to.deep.equal(fromLangChainTrace(cut));
    });

    it('keeps arguments that never parse as raw text and reports the call', () => {
      const { items, problems } = fromLangChainTrace(jsonl(
        chunk('lc_run--j', [{ type: 'tool_use', id: 'c9', name: 'grep', input: {}, index: 0 }]),
        chunk('lc_run--j', [{ type: 'input_json_delta', partial_json: '{"pattern": "ERR', index: 0 }]),
        lastChunk('lc_run--j', 'tool_use'),
      ));
      expect(items[0].content.arguments).to.equal('{"pattern": "ERR');
      expect(problems).to.have.length(1);
      expect(problems[0]).to.deep.include({ line: 1 });
      expect(problems[0].message).to.match(/c9.*grep.*not complete JSON/);
    });

    it('reports argument fragments for a block that never started a call', () => {
      const { problems } = fromLangChainTrace(jsonl(
        chunk('lc_run--x', [{ type: 'input_json_delta', partial_json: '{}', index: 3 }]),
        lastChunk('lc_run--x', 'end_turn'),
      ));
      expect(problems.map((problem) => problem.line)).to.deep.equal([1]);
    });

    it('never throws on input that is not text, and reports it', () => {
      for (const bad of [null, undefined, 42, {}, ['x']]) {
        const result = fromLangChainTrace(bad as unknown as string);
        expect(result.items).to.deep.equal([]);
        expect(result.problems).to.have.length(1);
      }
      expect(fromLangChainTrace('')).to.deep.equal({ items: [], problems: [] });
    });
  });
  describe('a trace still being written (complete: false)', () => {
    it('shows the open run in flight: no mark, no problem, and the half-written last line waits', async () => {
      const { items, problems } = fromLangChainTrace(await cutTrace(), { complete: false });
      expect(problems).to.deep.equal([]);
      expect(items.length).to.equal(11);
      const last = items[items.length - 1];
      expect(String(last.content.text)).to.match(/^## Findings/);
      expect(items.filter((item) => 'stop_reason' in item.content)).to.deep.equal([]);
      expect(groupMessages(normalizeItems(items)).every((message) => message.stop === null)).to.equal(true);
      expectWellFormed(items);
    });

    it("shows an open run's calls executing, their arguments arriving as text, until the run ends", () => {
      const streamed = [
        chunk('lc_run--f', [{ type: 'text', text: 'Searching', index: 0 }]),
        chunk('lc_run--f', [{ type: 'tool_use', id: 'c1', name: 'grep', input: {}, index: 1 }]),
        chunk('lc_run--f', [{ type: 'input_json_delta', partial_json: '{"pattern": "ERR', index: 1 }]),
      ];
      const live = fromLangChainTrace(jsonl(...streamed), { complete: false });
      expect(live.problems).to.deep.equal([]);
      expect(live.items.map((item) => [item.type, item.status, item.content.stop_reason])).to.deep.equal([
        ['text', undefined, undefined],
        ['tool_call', 'executing', undefined],
      ]);
      expect(live.items[1].content.arguments).to.equal('{"pattern": "ERR');
      const view = describeToolCall(normalizeItems(live.items)[1] as ToolCallDisplayItem);
      expect([view.status, view.argumentsArriving, view.arguments]).to.deep.equal(['executing', true, { pattern: 'ERR' }]);

      const ended = fromLangChainTrace(jsonl(
        ...streamed,
        chunk('lc_run--f', [{ type: 'input_json_delta', partial_json: '"}', index: 1 }]),
        lastChunk('lc_run--f', 'tool_use'),
      ), { complete: false });
      expect(ended.problems).to.deep.equal([]);
      expect(ended.items[1]).not.to.have.property('status');
      expect(ended.items[1].content.arguments).to.deep.equal({ pattern: 'ERR' });
    });

    it('marks the same open run as cut off once the trace is known to be complete', () => {
      const { items, problems } = fromLangChainTrace(jsonl(
        chunk('lc_run--f', [{ type: 'tool_use', id: 'c1', name: 'grep', input: {}, index: 0 }]),
        chunk('lc_run--f', [{ type: 'input_json_delta', partial_json: '{"pattern": "ERR', index: 0 }]),
      ), { complete: true });
      expect(items[0]).not.to.have.property('status');
      expect(items[0].content.stop_reason).to.equal('stream_error');
      expect(problems.map((problem) => problem.message)).to.deep.equal([
        'Line 1: tool call c1 (grep): its arguments are not complete JSON; kept as text.',
        'Run lc_run--f (lines 1–2) has no last chunk: the trace looks truncated, so the message is marked as cut off.',
      ]);
    });

    it('still ends a run whose stop reason came without a last chunk, and reports broken lines before the last', () => {
      const { items, problems } = fromLangChainTrace(jsonl(
        chunk('lc_run--e', [{ type: 'text', text: 'Done', index: 0 }]),
        '{"type": "AIMessageChunk", "id": "lc_run--e", "content": [{"ty',
        chunk('lc_run--e', [], { response_metadata: { model_provider: 'anthropic', stop_reason: 'max_tokens' } }),
      ), { complete: false });
      expect(items.map((item) => [item.content.text, item.content.stop_reason])).to.deep.equal([['Done', 'length']]);
      expect(problems.map((problem) => problem.line)).to.deep.equal([2]);
    });
  });
});
