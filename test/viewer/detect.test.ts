import { expect } from '@open-wc/testing';
import { detectFormat } from '../../demo/viewer/detect.js';

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

    it('never throws on odd JSON', () => {
      for (const text of ['null', '42', '"text"', '[]', '{}', '[null, 1, "x"]', '{"messages": 3}']) {
        const result = detectFormat(text);
        expect(result.items, text).to.be.an('array');
        expect(result.problems.length + result.items.length, text).to.be.greaterThan(0);
      }
    });
  });
});
