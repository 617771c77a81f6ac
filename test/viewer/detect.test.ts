import { expect } from '@open-wc/testing';
import { EventType, type BaseEvent, type Message } from '@ag-ui/core';
import { AIMessage, AIMessageChunk, HumanMessage, SystemMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import OpenAI from 'openai';
import { detectFormat } from '../../demo/viewer/detect.js';
import { fromAGUIMessages, fromLangChainMessages, fromOpenAIResponses } from '../../src/adapters/index.js';

async function loadTrace(): Promise<string> {
  return (await fetch(new URL('../fixtures/langchain-trace-subagent.jsonl', import.meta.url))).text();
}

const row = (id: string, sequence: number, text: string, type = 'assistant') => ({
  id, message_type: type, content_type: 'text', content: { text }, sequence, status: 'completed', metadata: {},
});

const openAIConversation = [
  { role: 'system', content: 'You are a weather assistant.' },
  { role: 'user', content: 'Weather in Paris?' },
  { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
  { role: 'tool', tool_call_id: 'call_1', content: '{"temp_c": 18}' },
  { role: 'assistant', content: 'It is 18 °C and', finish_reason: 'length' },
];

type ResponseItem = OpenAI.Responses.ResponseInputItem;

/** A Responses API conversation as it is stored: the request's input, each response's output, the call's output. */
const responsesConversation: ResponseItem[] = [
  { role: 'developer', content: 'You are a weather assistant.' },
  { role: 'user', content: 'Weather in Paris?' },
  { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'The user wants the weather.' }] },
  { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
  { type: 'function_call_output', call_id: 'call_1', output: '{"temp_c": 18}' },
  { type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'It is 18 °C.', annotations: [] }] },
];

/** A Response as the real SDK returns it, from a client whose request the API answers with `output`. */
async function sdkResponse(output: ResponseItem[]): Promise<OpenAI.Responses.Response> {
  const body = { id: 'resp_1', object: 'response', created_at: 1767225600, status: 'completed', model: 'gpt-5', output, usage: null };
  const fetch = async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const client = new OpenAI({ apiKey: 'test', baseURL: 'http://mock.invalid/v1', dangerouslyAllowBrowser: true, fetch, maxRetries: 0 });
  return client.responses.create({ model: 'gpt-5', input: 'Weather in Paris?' });
}

/** The same conversation in LangChain's own classes, as an app holds it. */
function langChainConversation(): BaseMessage[] {
  return [
    new SystemMessage('You are a weather assistant.'),
    new HumanMessage({ id: 'human-1', content: 'Weather in Paris?' }),
    new AIMessage({ id: 'ai-1', content: '', tool_calls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }] }),
    new ToolMessage({ id: 'tool-1', content: '{"temp_c": 18}', tool_call_id: 'call_1' }),
    new AIMessage({ id: 'ai-2', content: 'It is 18 °C.', response_metadata: { finish_reason: 'stop' } }),
  ];
}

/** And as AG-UI messages (what a MESSAGES_SNAPSHOT carries). */
const aguiConversation: Message[] = [
  { id: 'u1', role: 'user', content: 'Weather in Paris?' },
  { id: 'r1', role: 'reasoning', content: 'The user wants the weather.' },
  { id: 'a1', role: 'assistant', content: 'Let me check.', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
  { id: 't1', role: 'tool', toolCallId: 'c1', content: '{"temp_c": 18}' },
  { id: 'a2', role: 'assistant', content: 'It is 18 °C.' },
];

/** The agent's turn of `aguiConversation` (all but the user's question) as AG-UI streams it. */
const aguiEvents: BaseEvent[] = [
  { type: EventType.RUN_STARTED, threadId: 'th', runId: 'run-1' },
  { type: EventType.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning' },
  { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'The user wants the weather.' },
  { type: EventType.REASONING_MESSAGE_END, messageId: 'r1' },
  { type: EventType.TEXT_MESSAGE_START, messageId: 'a1', role: 'assistant' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Let me ' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'check.' },
  { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
  { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'get_weather', parentMessageId: 'a1' },
  { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"city":' },
  { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '"Paris"}' },
  { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
  { type: EventType.TOOL_CALL_RESULT, messageId: 't1', toolCallId: 'c1', content: '{"temp_c": 18}' },
  { type: EventType.TEXT_MESSAGE_START, messageId: 'a2', role: 'assistant' },
  { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a2', delta: 'It is 18 °C.' },
  { type: EventType.TEXT_MESSAGE_END, messageId: 'a2' },
  { type: EventType.RUN_FINISHED, threadId: 'th', runId: 'run-1' },
] as BaseEvent[];

const jsonl = (values: readonly unknown[]) => values.map((value) => JSON.stringify(value)).join('\n');
const kinds = (items: unknown[]) => items.map((item) => (item as { type: string }).type);

describe('detectFormat', () => {
  describe('LangChain stream traces', () => {
    it('detects the sub-agent fixture and converts it without problems', async () => {
      const result = detectFormat(await loadTrace(), 'trace.jsonl');
      expect(result.format).to.equal('langchain-trace');
      expect(result.container).to.equal('jsonl');
      expect(result.problems).to.deep.equal([]);
      expect(result.items).to.have.length(11);
      const last = result.items[result.items.length - 1] as { content: Record<string, unknown> };
      expect(last.content.stop_reason).to.equal('length');
    });

    it('detects a trace by its content, whatever the file is called', async () => {
      expect(detectFormat(await loadTrace(), 'notes.txt').format).to.equal('langchain-trace');
      expect(detectFormat(await loadTrace()).format).to.equal('langchain-trace');
    });

    it('reports broken lines by their 1-based number and keeps the rest', async () => {
      const lines = (await loadTrace()).split('\n');
      lines.splice(2, 0, '{"type": "AIMessageChunk", "id": "lc_run--broken", "content": [');
      lines.splice(5, 0, 'not json at all');
      const result = detectFormat(lines.join('\n'), 'trace.jsonl');
      expect(result.format).to.equal('langchain-trace');
      const lineNumbers = result.problems.map((problem) => problem.line);
      expect(lineNumbers).to.include(3);
      expect(lineNumbers).to.include(6);
      expect(result.problems.find((problem) => problem.line === 6)!.message).to.match(/^Line 6 is not valid JSON/);
      expect(result.items.length).to.be.greaterThan(5);
    });

    it('detects a one-line trace by its lc_run id', () => {
      const line = JSON.stringify({ type: 'AIMessageChunk', id: 'lc_run--1', content: 'Hi', response_metadata: { stop_reason: 'end_turn' }, chunk_position: 'last' });
      const result = detectFormat(line, 'one.json');
      expect(result.format).to.equal('langchain-trace');
      expect(result.items).to.have.length(1);
    });
  });

  describe('display items', () => {
    it('passes a JSON array of rows through untouched', async () => {
      const text = await (await fetch(new URL('../fixtures/sagents-stopped-early.json', import.meta.url))).text();
      const result = detectFormat(text, 'rows.json');
      expect(result.format).to.equal('display-items');
      expect(result.container).to.equal('json');
      expect(result.items).to.deep.equal(JSON.parse(text));
      expect(result.problems).to.deep.equal([]);
    });

    it('reads JSONL rows, one a line, with bad lines named by line number', () => {
      const text = [JSON.stringify(row('r1', 0, 'Hello', 'user')), '', '{"id": "r2", oops', JSON.stringify(row('r3', 0, 'Hi'))].join('\n');
      const result = detectFormat(text, 'rows.jsonl');
      expect(result.format).to.equal('display-items');
      expect(result.container).to.equal('jsonl');
      expect(result.items.map((item) => (item as { id: string }).id)).to.deep.equal(['r1', 'r3']);
      expect(result.problems).to.have.length(1);
      expect(result.problems[0].line).to.equal(3);
    });

    it('names the line of an item that cannot be shown as its kind', () => {
      const text = [JSON.stringify(row('r1', 0, 'Hello', 'user')), JSON.stringify({ id: 'r2', content_type: 'text', content: 'not an object' })].join('\n');
      const result = detectFormat(text);
      expect(result.format).to.equal('display-items');
      expect(result.items).to.have.length(2);
      expect(result.problems.map((problem) => problem.line)).to.deep.equal([2]);
      expect(result.problems[0].message).to.match(/content/);
    });

    it('reads extracted items, and unwraps {items: [...]}', () => {
      const items = [{ type: 'text', message_type: 'user', content: { text: 'Hi' } }];
      expect(detectFormat(JSON.stringify(items)).format).to.equal('display-items');
      const wrapped = detectFormat(JSON.stringify({ items }));
      expect(wrapped.format).to.equal('display-items');
      expect(wrapped.items).to.deep.equal(items);
    });

    it('reports a broken pretty-printed array once, with its line', () => {
      const text = '[\n  {"type": "text",\n   "content": {"text": "Hi"}\n  },,\n]';
      const result = detectFormat(text, 'broken.json');
      expect(result.format).to.equal('unreadable');
      expect(result.problems).to.have.length(1);
      expect(result.problems[0].message).to.match(/not valid JSON/);
      expect(result.problems[0].line).to.equal(4);
    });
  });

  describe('message arrays', () => {
    it('detects OpenAI chat messages and converts them with the adapter', () => {
      const result = detectFormat(JSON.stringify(openAIConversation), 'chat.json');
      expect(result.format).to.equal('openai-chat');
      expect(result.problems).to.deep.equal([]);
      const kinds = result.items.map((item) => (item as { type: string }).type);
      expect(kinds).to.deep.equal(['text', 'text', 'tool_call', 'tool_result', 'text']);
      expect((result.items[4] as { content: Record<string, unknown> }).content.stop_reason).to.equal('length');
    });

    it('detects OpenAI messages one a line and gives adapter problems the line', () => {
      const text = [...openAIConversation.map((message) => JSON.stringify(message)), '42'].join('\n');
      const result = detectFormat(text, 'chat.jsonl');
      expect(result.format).to.equal('openai-chat');
      expect(result.container).to.equal('jsonl');
      expect(result.problems.map((problem) => problem.line)).to.deep.equal([6]);
    });

    it('unwraps a request body {model, messages}', () => {
      const result = detectFormat(JSON.stringify({ model: 'gpt-4o', messages: openAIConversation }));
      expect(result.format).to.equal('openai-chat');
      expect(result.items).to.have.length(5);
    });

    it('detects Anthropic messages by their blocks', () => {
      const messages = [
        { role: 'user', content: 'List the files.' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'ls', input: {} }], stop_reason: 'tool_use' },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt', is_error: false }] },
      ];
      const result = detectFormat(JSON.stringify(messages));
      expect(result.format).to.equal('anthropic-messages');
      expect(result.items.map((item) => (item as { type: string }).type)).to.deep.equal(['text', 'tool_call', 'tool_result']);
    });

    it('detects AI SDK UI messages by their parts', () => {
      const messages = [
        { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
        { id: 'a1', role: 'assistant', parts: [{ type: 'text', text: 'Hello', state: 'done' }] },
      ];
      const result = detectFormat(JSON.stringify(messages));
      expect(result.format).to.equal('ai-sdk');
      expect(result.items).to.have.length(2);
    });
  });

  describe('OpenAI Responses items', () => {
    it('detects a stored conversation and converts it with the adapter', () => {
      const text = JSON.stringify(responsesConversation);
      const result = detectFormat(text, 'conversation.json');
      expect(result.format).to.equal('openai-responses');
      expect(result.problems).to.deep.equal([]);
      expect(kinds(result.items)).to.deep.equal(['text', 'text', 'thinking', 'tool_call', 'tool_result', 'text']);
      expect(result.items).to.deep.equal(fromOpenAIResponses(JSON.parse(text)).items);
    });

    it('detects a Response object as the SDK returns it', async () => {
      const text = JSON.stringify(await sdkResponse(responsesConversation.slice(2, 4)));
      const result = detectFormat(text, 'response.json');
      expect(result.format).to.equal('openai-responses');
      expect(result.problems).to.deep.equal([]);
      expect(kinds(result.items)).to.deep.equal(['thinking', 'tool_call']);
    });

    it('unwraps a request body {model, input}, and reads items one a line', () => {
      expect(detectFormat(JSON.stringify({ model: 'gpt-5', input: responsesConversation })).format).to.equal('openai-responses');
      const result = detectFormat(`${jsonl(responsesConversation)}\n{"type": "function_call", oops`, 'items.jsonl');
      expect(result.format).to.equal('openai-responses');
      expect(result.container).to.equal('jsonl');
      expect(result.items).to.have.length(6);
      expect(result.problems.map((problem) => problem.line)).to.deep.equal([7]);
    });

    it('tells a Responses message item from an Anthropic response, both typed "message"', () => {
      const responses = [responsesConversation[5]];
      expect(detectFormat(JSON.stringify(responses)).format).to.equal('openai-responses');
      const anthropic = {
        id: 'msg_01', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'It is 18 °C.' }],
        stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 12, output_tokens: 8 },
      };
      expect(detectFormat(JSON.stringify([anthropic])).format).to.equal('anthropic-messages');
    });

    it('leaves plain and tool-calling chat messages to the Chat Completions adapter', () => {
      const plain = [{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello' }];
      expect(detectFormat(JSON.stringify(plain)).format).to.equal('openai-chat');
      expect(detectFormat(JSON.stringify([...plain, ...openAIConversation])).format).to.equal('openai-chat');
    });
  });

  describe('LangChain messages', () => {
    it('detects toDict() output and converts it with the messages adapter', () => {
      const dicts = langChainConversation().map((message) => message.toDict());
      const result = detectFormat(JSON.stringify(dicts), 'messages.json');
      expect(result.format).to.equal('langchain-messages');
      expect(result.problems).to.deep.equal([]);
      expect(kinds(result.items)).to.deep.equal(['text', 'text', 'tool_call', 'tool_result', 'text']);
      expect(result.items).to.deep.equal(fromLangChainMessages(dicts).items);
    });

    it('reads the serialized classes in a LangGraph state as the same conversation', () => {
      const fromDicts = detectFormat(JSON.stringify(langChainConversation().map((message) => message.toDict())));
      const result = detectFormat(JSON.stringify({ messages: langChainConversation() }), 'state.json');
      expect(result.format).to.equal('langchain-messages');
      expect(result.items).to.deep.equal(fromDicts.items);
    });

    it('reads toDict() output one a line', () => {
      const result = detectFormat(jsonl(langChainConversation().map((message) => message.toDict())), 'messages.jsonl');
      expect(result.format).to.equal('langchain-messages');
      expect(result.container).to.equal('jsonl');
      expect(result.items).to.have.length(5);
    });

    it('still reads serialized chunks, and arrays of flat message dicts, as stream traces', () => {
      const chunks = [
        new AIMessageChunk({ id: 'lc_run--1', content: 'Hel' }),
        new AIMessageChunk({ id: 'lc_run--1', content: 'lo', response_metadata: { stop_reason: 'end_turn' } }),
      ];
      const streamed = detectFormat(jsonl(chunks), 'trace.jsonl');
      expect(streamed.format).to.equal('langchain-trace');
      expect((streamed.items[0] as { content: { text: string } }).content.text).to.equal('Hello');
      const flat = [{ type: 'human', content: 'Hi' }, { type: 'ai', id: 'lc_run--2', content: 'Hello', response_metadata: { stop_reason: 'end_turn' } }];
      expect(detectFormat(JSON.stringify(flat)).format).to.equal('langchain-trace');
    });
  });

  describe('AG-UI', () => {
    it('detects AG-UI messages by their camelCase calls and own roles', () => {
      const result = detectFormat(JSON.stringify(aguiConversation), 'messages.json');
      expect(result.format).to.equal('ag-ui');
      expect(result.problems).to.deep.equal([]);
      expect(kinds(result.items)).to.deep.equal(['text', 'thinking', 'text', 'tool_call', 'tool_result', 'text']);
      expect(result.items).to.deep.equal(fromAGUIMessages(aguiConversation).items);
    });

    it('shows a MESSAGES_SNAPSHOT event as its messages, plain ones too', () => {
      const plain: Message[] = [{ id: 'u0', role: 'user', content: 'Hi' }, { id: 'a0', role: 'assistant', content: 'Hello' }];
      for (const messages of [aguiConversation, plain]) {
        const result = detectFormat(JSON.stringify({ type: EventType.MESSAGES_SNAPSHOT, messages }), 'snapshot.json');
        expect(result.format).to.equal('ag-ui-events');
        expect(result.problems).to.deep.equal([]);
        expect(result.items).to.deep.equal(fromAGUIMessages(messages).items);
      }
    });

    it('replays a JSONL stream of events into what its saved messages show', () => {
      const result = detectFormat(jsonl(aguiEvents), 'run.jsonl');
      expect(result.format).to.equal('ag-ui-events');
      expect(result.container).to.equal('jsonl');
      expect(result.problems).to.deep.equal([]);
      expect(result.items).to.deep.equal(fromAGUIMessages(aguiConversation.slice(1)).items);
    });

    it('names the lines that are no events, and marks a run the file cuts off', () => {
      const lines = [...aguiEvents.slice(0, -1).map((event) => JSON.stringify(event)), '{"note": "not an event"}', '{"type": "RUN_'];
      const result = detectFormat(lines.join('\n'), 'cut.jsonl');
      expect(result.format).to.equal('ag-ui-events');
      expect(result.problems.map((problem) => problem.line)).to.deep.equal([17, 18]);
      const last = result.items.at(-1) as { content: Record<string, unknown> };
      expect(last.content.stop_reason).to.equal('cancelled');
    });
  });

  describe('nothing to show', () => {
    it('says an empty file is empty', () => {
      const result = detectFormat('  \n', 'empty.json');
      expect(result.format).to.equal('empty');
      expect(result.problems).to.have.length(1);
    });

    it('says text that is no JSON at all cannot be read, per line', () => {
      const result = detectFormat('hello\nworld', 'notes.jsonl');
      expect(result.format).to.equal('unreadable');
      expect(result.problems.map((problem) => problem.line)).to.deep.equal([1, 2]);
    });

    it('never throws on hostile or mixed input shaped like any format', () => {
      const texts = [
        '[{"type": "function_call", "arguments": {}, "call_id": {}}, {"type": "function_call_output", "output": null}]',
        '{"object": "response", "output": 5}',
        '{"model": "gpt-5", "input": [{"type": "reasoning", "summary": "x"}, {"type": "message", "content": [{"type": "output_text"}]}]}',
        '[{"lc": 1, "type": "constructor", "id": ["x", "AIMessage"], "kwargs": null}, {"type": "ai", "data": {"content": {"__proto__": 1}}}]',
        '[{"type": "tool", "data": {"tool_call_id": []}}, {"lc": 1, "type": "constructor", "id": [], "kwargs": {}}]',
        '[{"role": "reasoning"}, {"role": "assistant", "toolCalls": [null, {"function": 7}]}, {"role": "tool", "toolCallId": {}}]',
        '{"type": "MESSAGES_SNAPSHOT", "messages": [null, 1, {"role": "assistant", "toolCalls": "x"}]}',
        '{"type": "MESSAGES_SNAPSHOT", "messages": "x"}',
        '{"type": "RAW"}',
        '[{"type": "TOOL_CALL_ARGS", "delta": 5}, {"type": "TOOL_CALL_RESULT", "toolCallId": {}}, {"type": "TEXT_MESSAGE_CONTENT", "messageId": "__proto__", "delta": {}}, {"type": "RUN_ERROR", "message": 3}]',
        '{"type": "RUN_STARTED"}\n{"type": "TOOL_CALL_START"}\n{"type": "RUN_FINISHED", "outcome": {"type": "interrupt"}}\n[1]',
        '[{"type": "function_call"}, {"type": "ai", "data": {}}, {"type": "RUN_STARTED"}, {"role": "assistant", "toolCalls": []}, {"role": "tool", "tool_calls": []}]',
      ];
      for (const text of texts) {
        const result = detectFormat(text);
        expect(result.items, text).to.be.an('array');
        expect(result.problems.length + result.items.length, text).to.be.greaterThan(0);
      }
    });

    it('never throws on odd JSON', () => {
      for (const text of ['null', '42', '"text"', '[]', '{}', '[null, 1, "x"]', '{"messages": 3}']) {
        const result = detectFormat(text);
        expect(result.items, text).to.be.an('array');
        expect(result.problems.length + result.items.length, text).to.be.greaterThan(0);
      }
    });
  });
});
