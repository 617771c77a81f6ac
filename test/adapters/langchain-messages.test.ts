import { expect } from '@open-wc/testing';
import {
  AIMessage,
  AIMessageChunk,
  ChatMessage,
  HumanMessage,
  RemoveMessage,
  SystemMessage,
  ToolMessage,
  type BaseMessage,
} from '@langchain/core/messages';
import { load } from '@langchain/core/load';
import { fromLangChainMessages, type DisplayItemJSON } from '../../src/adapters/index.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { expectWellFormed } from './invariants.js';

const PNG = 'iVBORw0KGgo=';
const REFUSAL = { type: 'refusal', category: 'cyber', explanation: 'This request asks for an exploit of a live system.' };
const USAGE_1 = { input_tokens: 420, output_tokens: 64, total_tokens: 484 };
const USAGE_2 = { input_tokens: 900, output_tokens: 120, total_tokens: 1020, input_token_details: { cache_read: 400 } };

/** A build-failure conversation made of the real classes, as an app holds it. */
function conversation(): BaseMessage[] {
  return [
    new SystemMessage('You are a build assistant.'),
    new HumanMessage({
      content: [
        { type: 'text', text: 'Why did the nightly build fail?' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
      ],
    }),
    new AIMessage({
      id: 'msg-1',
      contentBlocks: [
        { type: 'reasoning', reasoning: 'The screenshot shows the log step in red.' },
        { type: 'text', text: 'Let me read the logs.' },
        { type: 'tool_call', id: 'call-logs', name: 'read_logs', args: { job: 'nightly' } },
      ],
      invalid_tool_calls: [{ type: 'invalid_tool_call', id: 'call-grep', name: 'grep', args: '{"pattern": "ERR', error: 'Malformed args.' }],
      usage_metadata: USAGE_1,
      response_metadata: { model_name: 'gpt-5', model_provider: 'openai', finish_reason: 'tool_calls' },
    }),
    new ToolMessage({ id: 'tool-1', content: 'Error: permission denied: /logs/nightly', tool_call_id: 'call-logs', status: 'error' }),
    new ToolMessage({ id: 'tool-2', content: 'grep: unterminated pattern', tool_call_id: 'call-grep', status: 'error' }),
    new AIMessage({
      id: 'msg-2',
      contentBlocks: [
        { type: 'server_tool_call', id: 'srvtoolu_1', name: 'web_search', args: { query: 'runner permission denied logs bucket' } },
        { type: 'server_tool_call_result', toolCallId: 'srvtoolu_1', status: 'success', output: { urls: ['https://example.com/kb/42'] } },
        {
          type: 'text',
          text: 'The runner lost access to the logs bucket.',
          annotations: [{ type: 'citation', url: 'https://example.com/kb/42', title: 'KB 42', startIndex: 4, endIndex: 10, citedText: 'lost access' }],
        },
      ],
      usage_metadata: USAGE_2,
      response_metadata: { model_name: 'claude-sonnet-4-6', model_provider: 'anthropic', stop_reason: 'end_turn' },
    }),
    new HumanMessage('Write the fix.'),
    new AIMessage({ id: 'msg-3', content: 'Grant the runner role read access to', response_metadata: { model_name: 'gpt-5', finish_reason: 'length' } }),
    new HumanMessage('Now the exploit for the old runner.'),
    new AIMessage({ id: 'msg-4', content: 'The old runner', response_metadata: { model_name: 'gpt-5', finish_reason: 'content_filter' } }),
    new AIMessage({
      id: 'msg-5',
      content: [],
      response_metadata: { model_name: 'claude-sonnet-4-6', model_provider: 'anthropic', stop_reason: 'refusal', stop_details: REFUSAL },
    }),
  ];
}

/** The forms an app may hold LangChain messages in, all made from the same instances. */
async function everyForm(messages: BaseMessage[]): Promise<Record<string, unknown[]>> {
  return {
    'toDict()': messages.map((message) => message.toDict()),
    'toJSON()': messages.map((message) => message.toJSON()),
    'JSON text': JSON.parse(JSON.stringify(messages)) as unknown[],
    'load() of the JSON': await Promise.all(messages.map((message) => load<BaseMessage>(JSON.stringify(message)))),
  };
}

function item(
  messageId: string,
  sequence: number,
  role: string,
  type: string,
  content: Record<string, unknown>,
  extra: Partial<DisplayItemJSON> = {},
): DisplayItemJSON {
  return { id: `${messageId}:${sequence}`, type, message_type: role, message_id: messageId, sequence, content, ...extra };
}

const GPT = { model: 'gpt-5', provider: 'openai', usage: USAGE_1 };
const CLAUDE = { model: 'claude-sonnet-4-6', provider: 'anthropic' };

const EXPECTED: DisplayItemJSON[] = [
  item('message-0', 0, 'system', 'text', { text: 'You are a build assistant.' }),
  item('message-1', 0, 'user', 'text', { text: 'Why did the nightly build fail?' }),
  item('message-1', 1, 'user', 'image', { data: PNG, mime_type: 'image/png' }),
  item('msg-1', 0, 'assistant', 'thinking', { text: 'The screenshot shows the log step in red.' }, { metadata: GPT }),
  item('msg-1', 1, 'assistant', 'text', { text: 'Let me read the logs.' }, { metadata: GPT }),
  item('msg-1', 2, 'assistant', 'tool_call', { call_id: 'call-logs', name: 'read_logs', arguments: { job: 'nightly' }, display_text: null }, { metadata: GPT }),
  item('msg-1', 3, 'assistant', 'tool_call', { call_id: 'call-grep', name: 'grep', arguments: '{"pattern": "ERR', display_text: null }, {
    status: 'failed',
    metadata: { ...GPT, error: 'Malformed args.' },
  }),
  item('tool-1', 0, 'tool', 'tool_result', { tool_call_id: 'call-logs', name: 'read_logs', content: 'Error: permission denied: /logs/nightly', is_error: true, is_interrupt: false }),
  item('tool-1', 1, 'tool', 'tool_result', { tool_call_id: 'call-grep', name: 'grep', content: 'grep: unterminated pattern', is_error: true, is_interrupt: false }),
  item('msg-2', 0, 'assistant', 'tool_call', {
    call_id: 'srvtoolu_1', name: 'web_search', arguments: { query: 'runner permission denied logs bucket' }, display_text: null,
  }, { metadata: CLAUDE }),
  item('msg-2:results', 0, 'tool', 'tool_result', {
    tool_call_id: 'srvtoolu_1', name: 'web_search', content: '{\n  "urls": [\n    "https://example.com/kb/42"\n  ]\n}', is_error: false, is_interrupt: false,
  }),
  item('msg-2:step-1', 0, 'assistant', 'text', {
    text: 'The runner lost access to the logs bucket.',
    citations: [{ cited_text: 'lost access', start_index: 4, end_index: 10, source: { type: 'web', title: 'KB 42', url: 'https://example.com/kb/42' } }],
  }, { metadata: { ...CLAUDE, usage: USAGE_2 } }),
  item('message-6', 0, 'user', 'text', { text: 'Write the fix.' }),
  item('msg-3', 0, 'assistant', 'text', { text: 'Grant the runner role read access to', stop_reason: 'length' }, { metadata: { model: 'gpt-5' } }),
  item('message-8', 0, 'user', 'text', { text: 'Now the exploit for the old runner.' }),
  item('msg-4', 0, 'assistant', 'text', { text: 'The old runner', stop_reason: 'content_filtered' }, { metadata: { model: 'gpt-5' } }),
  item('msg-5', 0, 'assistant', 'text', { text: '', stop_reason: 'content_filtered', stop_details: REFUSAL }, { metadata: CLAUDE }),
];

describe('fromLangChainMessages', () => {
  describe('a conversation of real message instances', () => {
    it('converts every message, block and list into exact items', () => {
      const { items, problems } = fromLangChainMessages(conversation());
      expect(problems).to.deep.equal([]);
      expect(items).to.deep.equal(EXPECTED);
      expectWellFormed(items);
    });

    it('gives the same items from toDict(), toJSON(), JSON text and load()', async () => {
      const forms = await everyForm(conversation());
      for (const [form, messages] of Object.entries(forms)) {
        expect(fromLangChainMessages(messages), form).to.deep.equal({ items: EXPECTED, problems: [] });
      }
    });

    it('gives the same items from a mix of the forms, and the same ids when converted again', async () => {
      const instances = conversation();
      const forms = await everyForm(instances);
      const mixed = instances.map((message, index) => [message, forms['toDict()'][index], forms['JSON text'][index]][index % 3]);
      expect(fromLangChainMessages(mixed).items).to.deep.equal(EXPECTED);
      expect(fromLangChainMessages(mixed).items.map((entry) => entry.id)).to.deep.equal(EXPECTED.map((entry) => entry.id));
    });

    it('groups into messages with their stop marks through normalizeItems + groupMessages', () => {
      const messages = groupMessages(normalizeItems(fromLangChainMessages(conversation()).items));
      expect(messages.map((message) => `${message.role}:${message.items.length}`)).to.deep.equal([
        'system:1', 'user:2', 'assistant:4', 'tool:2', 'assistant:1', 'tool:1', 'assistant:1',
        'user:1', 'assistant:1', 'user:1', 'assistant:1', 'assistant:1',
      ]);
      expect(messages.map((message) => message.stop?.kind ?? null)).to.deep.equal([
        // A filter's stop with a refusal's details reads as the model declining (its own look).
        null, null, null, null, null, null, null, null, 'length', null, 'content_filtered', 'refusal',
      ]);
      expect(messages[messages.length - 1].stop?.details).to.deep.include({ type: 'refusal', category: 'cyber', explanation: REFUSAL.explanation });
    });
  });

  describe('streamed chunks', () => {
    const streamed = (): AIMessageChunk => {
      const first = new AIMessageChunk({
        id: 'run-7',
        content: 'Search',
        tool_call_chunks: [{ type: 'tool_call_chunk', id: 'call_1', name: 'search', args: '{"q":', index: 0 }],
        response_metadata: { model_provider: 'openai', model_name: 'gpt-5' },
      });
      const second = new AIMessageChunk({ content: 'ing…', tool_call_chunks: [{ type: 'tool_call_chunk', args: ' "etl"}', index: 0 }] });
      const last = new AIMessageChunk({ content: '', response_metadata: { finish_reason: 'tool_calls' }, usage_metadata: USAGE_1 });
      return first.concat(second).concat(last);
    };

    it('converts a chunk merged with concat() into its text and the call its tool_call_chunks spelled', async () => {
      const merged = streamed();
      // concat() merges usage through mergeUsageMetadata, which adds the (empty) token details.
      const metadata = { model: 'gpt-5', provider: 'openai', usage: { ...USAGE_1, input_token_details: {}, output_token_details: {} } };
      const expected = [
        item('run-7', 0, 'assistant', 'text', { text: 'Searching…' }, { metadata }),
        item('run-7', 1, 'assistant', 'tool_call', { call_id: 'call_1', name: 'search', arguments: { q: 'etl' }, display_text: null }, { metadata }),
      ];
      expect(fromLangChainMessages([merged])).to.deep.equal({ items: expected, problems: [] });
      for (const [form, messages] of Object.entries(await everyForm([merged]))) {
        expect(fromLangChainMessages(messages).items, form).to.deep.equal(expected);
      }
    });

    it('assembles a call from v1 tool_call_chunk blocks when no tool_calls list says it', () => {
      const first = new AIMessageChunk({ id: 'run-8', contentBlocks: [{ type: 'tool_call_chunk', id: 'call_2', name: 'grep', args: '{"pattern":', index: 0 }] });
      const second = new AIMessageChunk({ contentBlocks: [{ type: 'tool_call_chunk', args: ' "ERROR"}', index: 0 }] });
      const { items, problems } = fromLangChainMessages([first.concat(second)]);
      expect(problems).to.deep.equal([]);
      expect(items.map((entry) => entry.content)).to.deep.equal([{ call_id: 'call_2', name: 'grep', arguments: { pattern: 'ERROR' }, display_text: null }]);
    });

    it('keeps the arguments of a call cut off mid-stream as text, and reports them', () => {
      const { items, problems } = fromLangChainMessages([
        { type: 'ai', id: 'run-9', content: '', tool_call_chunks: [{ id: 'call_3', name: 'grep', args: '{"pattern": "ERR', index: 0 }] },
      ]);
      expect(items.map((entry) => entry.content.arguments)).to.deep.equal(['{"pattern": "ERR']);
      expect(problems).to.deep.equal([{ index: 0, message: 'Message 0: tool call call_3 (grep): its arguments are not complete JSON; kept as text.' }]);
    });
  });

  describe('provider-native content', () => {
    /** An Anthropic response as ChatAnthropic returns it: Anthropic's own blocks in `content`. */
    const anthropicMessage = (): AIMessage =>
      new AIMessage({
        id: 'msg_01',
        content: [
          { type: 'thinking', thinking: 'The founding year is in the history document.', signature: 'EqQB' },
          { type: 'redacted_thinking', data: 'EmwKAhgB' },
          {
            type: 'text',
            text: 'The company was founded in 1998.',
            citations: [
              { type: 'char_location', cited_text: 'founded in 1998', document_index: 0, document_title: 'History', start_char_index: 120, end_char_index: 135 },
              { type: 'page_location', cited_text: 'since 1998', document_index: 1, document_title: 'Annual report', start_page_number: 3, end_page_number: 5 },
            ],
          },
          { type: 'server_tool_use', id: 'srvtoolu_9', name: 'web_search', input: { query: 'company founding year' } },
          { type: 'tool_use', id: 'toolu_1', name: 'lookup', input: { year: 1998 } },
        ],
        tool_calls: [{ id: 'toolu_1', name: 'lookup', args: { year: 1998 } }],
        response_metadata: { model_provider: 'anthropic', model_name: 'claude-sonnet-4-6', stop_reason: 'tool_use' },
      });

    it("reads Anthropic's blocks as LangChain's translation of them does, in every form", async () => {
      const message = anthropicMessage();
      const { items, problems } = fromLangChainMessages([message]);
      expect(problems).to.deep.equal([]);
      expect(items.map((entry) => [entry.type, entry.content])).to.deep.equal([
        ['thinking', { text: 'The founding year is in the history document.' }],
        ['thinking', { text: '_Reasoning redacted by the provider._', redacted: true }],
        ['text', {
          text: 'The company was founded in 1998.',
          // Places in the cited documents, not spans of this text: no start_index/end_index.
          citations: [
            { cited_text: 'founded in 1998', source: { type: 'document', title: 'History' } },
            { cited_text: 'since 1998', source: { type: 'document', title: 'Annual report' }, start_page_number: 3, end_page_number: 5 },
          ],
        }],
        ['tool_call', { call_id: 'srvtoolu_9', name: 'web_search', arguments: { query: 'company founding year' }, display_text: null }],
        ['tool_call', { call_id: 'toolu_1', name: 'lookup', arguments: { year: 1998 }, display_text: null }],
      ]);
      for (const [form, messages] of Object.entries(await everyForm([message]))) {
        expect(fromLangChainMessages(messages), form).to.deep.equal({ items, problems: [] });
      }
    });

    it("pairs Anthropic's own server tool result with its call in a tool message, and answers after it", () => {
      const { items, problems } = fromLangChainMessages([{
        type: 'ai',
        data: {
          id: 'msg_02',
          content: [
            { type: 'server_tool_use', id: 'srvtoolu_2', name: 'web_search', input: { query: 'etl' } },
            { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_2', content: { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' } },
            { type: 'text', text: 'The search failed.' },
          ],
          response_metadata: { model_provider: 'anthropic', stop_reason: 'end_turn' },
        },
      }]);
      expect(problems).to.deep.equal([]);
      expect(items.map((entry) => [entry.message_id, entry.type, entry.content.name ?? entry.content.text, entry.content.is_error])).to.deep.equal([
        ['msg_02', 'tool_call', 'web_search', undefined],
        ['msg_02:results', 'tool_result', 'web_search', true],
        ['msg_02:step-1', 'text', 'The search failed.', undefined],
      ]);
      expectWellFormed(items);
    });

    it("keeps OpenAI's refusal (which stops the message) and reasoning summary and DeepSeek's reasoning_content from additional_kwargs, once", async () => {
      const messages = [
        new AIMessage({ id: 'a', content: '', additional_kwargs: { refusal: 'I can’t help with that.' }, response_metadata: { model_provider: 'openai', finish_reason: 'stop' } }),
        new AIMessage({ id: 'b', content: '', additional_kwargs: { refusal: 'No.' } }),
        new AIMessage({ id: 'c', content: 'The answer.', additional_kwargs: { reasoning_content: 'Weighing both logs.' }, response_metadata: { model_provider: 'deepseek' } }),
        new AIMessage({
          id: 'd',
          content: [{ type: 'text', text: 'The answer.', annotations: [] }],
          additional_kwargs: { reasoning: { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Compared the runs.' }] } },
          response_metadata: { model_provider: 'openai' },
        }),
      ];
      const refused = { stop_reason: 'content_filtered', stop_details: { type: 'refusal' } };
      const expected = [
        ['a', 'text', { text: 'I can’t help with that.', refusal: true, ...refused }],
        ['b', 'text', { text: 'No.', refusal: true, ...refused }],
        ['c', 'thinking', { text: 'Weighing both logs.' }],
        ['c', 'text', { text: 'The answer.' }],
        ['d', 'thinking', { text: 'Compared the runs.' }],
        ['d', 'text', { text: 'The answer.' }],
      ];
      const row = (entry: DisplayItemJSON) => [entry.message_id, entry.type, entry.content];
      expect(fromLangChainMessages(messages).items.map(row)).to.deep.equal(expected);
      for (const [form, converted] of Object.entries(await everyForm(messages))) {
        expect(fromLangChainMessages(converted).items.map(row), form).to.deep.equal(expected);
      }
    });

    it('reads v1 media blocks and files in their camelCase spellings', () => {
      const { items, problems } = fromLangChainMessages([
        new HumanMessage({
          contentBlocks: [
            { type: 'image', mimeType: 'image/jpeg', data: '/9j/4AAQ' },
            { type: 'file', fileId: 'file-abc', mimeType: 'application/pdf' },
            { type: 'video', url: 'https://example.com/run.mp4', mimeType: 'video/mp4' },
            { type: 'text-plain', data: 'YnVpbGQgbG9n', title: 'build.log', mimeType: 'text/plain' },
          ],
        }),
      ]);
      expect(problems).to.deep.equal([]);
      expect(items.map((entry) => [entry.type, entry.content])).to.deep.equal([
        ['image', { data: '/9j/4AAQ', mime_type: 'image/jpeg' }],
        ['file_reference', { name: 'file-abc', mime_type: 'application/pdf', file_id: 'file-abc' }],
        ['file_reference', { name: 'run.mp4', path: 'https://example.com/run.mp4', mime_type: 'video/mp4' }],
        ['file_reference', { name: 'build.log', mime_type: 'text/plain' }],
      ]);
    });
  });

  describe('tool results', () => {
    it('turns content parts into text and media, names the result after its call, and keeps the artifact', () => {
      const { items, problems } = fromLangChainMessages([
        new AIMessage({ id: 'm', content: '', tool_calls: [{ id: 'call-shot', name: 'screenshot', args: {} }] }),
        new ToolMessage({
          id: 't',
          tool_call_id: 'call-shot',
          content: [{ type: 'text', text: 'Captured.' }, { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }],
          artifact: { width: 800 },
        }),
      ]);
      expect(problems).to.deep.equal([]);
      expect(items.slice(1)).to.deep.equal([
        item('t', 0, 'tool', 'tool_result', { tool_call_id: 'call-shot', name: 'screenshot', content: 'Captured.', is_error: false, is_interrupt: false }, { metadata: { artifact: { width: 800 } } }),
        item('t', 1, 'tool', 'image', { data: PNG, mime_type: 'image/png' }),
      ]);
    });

    it('reports a result that names no call', () => {
      const { items, problems } = fromLangChainMessages([{ type: 'tool', content: 'orphan' }]);
      expect(items.map((entry) => entry.content.content)).to.deep.equal(['orphan']);
      expect(problems).to.deep.equal([{ index: 0, message: 'Message 0: the tool result names no tool_call_id, so it pairs with no call.' }]);
    });
  });

  describe('stop marks', () => {
    const stopOf = (responseMetadata: Record<string, unknown>) => {
      const { items } = fromLangChainMessages([{ type: 'ai', content: 'Hi', response_metadata: responseMetadata }]);
      return [items[0].content.stop_reason ?? null, items[0].content.stop_details ?? null];
    };

    it("maps the provider's own signals to the kit's names", () => {
      const details = { type: 'refusal', category: 'bio', explanation: 'Declined.' };
      expect([
        stopOf({ finish_reason: 'stop' }),
        stopOf({ finish_reason: 'tool_calls' }),
        stopOf({ stop_reason: 'end_turn' }),
        stopOf({ stop_reason: 'tool_use' }),
        stopOf({ finishReason: 'STOP' }),
        stopOf({ finish_reason: 'length' }),
        stopOf({ stop_reason: 'max_tokens' }),
        stopOf({ finishReason: 'MAX_TOKENS' }),
        stopOf({ finish_reason: 'content_filter' }),
        stopOf({ stop_reason: 'refusal', stop_details: details }),
        stopOf({ stop_reason: 'model_context_window_exceeded' }),
        stopOf({ finishReason: 'SAFETY' }),
        stopOf({ stop_reason: 'some_new_reason' }),
        stopOf({}),
        stopOf({ stopReason: 'max_tokens' }),
        stopOf({ done_reason: 'stop' }),
        stopOf({ done_reason: 'length' }),
      ]).to.deep.equal([
        [null, null], [null, null], [null, null], [null, null], [null, null],
        ['length', null], ['length', null], ['length', null],
        ['content_filtered', null], ['content_filtered', details],
        ['length', null],
        ['safety', null], ['some_new_reason', null],
        [null, null],
        ['length', null], [null, null], ['length', null],
      ]);
    });

    it('marks a refusal in the content as a stop, unless the stop says more', () => {
      const refusal = { type: 'refusal', refusal: 'I can’t share that.' };
      const stopWith = (responseMetadata: Record<string, unknown>) =>
        fromLangChainMessages([{ type: 'ai', content: [refusal], response_metadata: responseMetadata }]).items.map((entry) => entry.content);
      expect(stopWith({ finish_reason: 'stop' })).to.deep.equal([
        { text: 'I can’t share that.', refusal: true, stop_reason: 'content_filtered', stop_details: { type: 'refusal' } },
      ]);
      expect(stopWith({ finish_reason: 'length' })).to.deep.equal([{ text: 'I can’t share that.', refusal: true, stop_reason: 'length' }]);
      expect(stopWith({ stop_reason: 'refusal', stop_details: REFUSAL })).to.deep.equal([
        { text: 'I can’t share that.', refusal: true, stop_reason: 'content_filtered', stop_details: REFUSAL },
      ]);
    });

    it('drops the refusal block LangChain derives from a refusal stop, which the mark already shows', () => {
      const message = new AIMessage({
        id: 'r',
        content: [{ type: 'text', text: 'I won’t help with that.' }],
        response_metadata: { model_provider: 'anthropic', stop_reason: 'refusal', stop_details: REFUSAL },
      });
      expect(message.contentBlocks.map((block) => block.type)).to.deep.equal(['text', 'refusal']);
      expect(fromLangChainMessages([message]).items.map((entry) => entry.content)).to.deep.equal([
        { text: 'I won’t help with that.', stop_reason: 'content_filtered', stop_details: REFUSAL },
      ]);
    });
  });

  describe('message types', () => {
    it('maps generic chat messages by their role, and reads types only _getType() answers', () => {
      const legacy = { _getType: () => 'human', content: 'From an older class.' };
      const { items, problems } = fromLangChainMessages([
        new ChatMessage({ content: 'Review this.', role: 'user' }),
        new ChatMessage({ content: 'Looks risky.', role: 'critic' }),
        legacy,
        { role: 'assistant', content: 'Plain object.' },
      ]);
      expect(problems).to.deep.equal([]);
      expect(items.map((entry) => [entry.message_type, entry.content.text])).to.deep.equal([
        ['user', 'Review this.'], ['critic', 'Looks risky.'], ['user', 'From an older class.'], ['assistant', 'Plain object.'],
      ]);
    });

    it('applies RemoveMessage as LangGraph does, and reports one that removes nothing', () => {
      const { items, problems } = fromLangChainMessages([
        new HumanMessage({ id: 'h1', content: 'first' }),
        new AIMessage({ id: 'a1', content: 'draft answer' }),
        new RemoveMessage({ id: 'a1' }),
        new AIMessage({ id: 'a2', content: 'final answer' }),
        new RemoveMessage({ id: 'missing' }),
      ]);
      expect(items.map((entry) => entry.content.text)).to.deep.equal(['first', 'final answer']);
      expect(problems).to.deep.equal([{ index: 4, message: 'Message 4 removes id "missing", which no earlier message has; nothing was removed.' }]);
      const cleared = fromLangChainMessages([new HumanMessage('old'), new RemoveMessage({ id: '__remove_all__' }), new HumanMessage('new')]);
      expect(cleared.items.map((entry) => entry.content.text)).to.deep.equal(['new']);
    });
  });

  describe('what the kit cannot show', () => {
    it('keeps unknown blocks and message types as items of their own and reports each', () => {
      const { items, problems } = fromLangChainMessages([
        new AIMessage({
          id: 'u',
          content: [
            { type: 'text', text: 'Here it is.' },
            { type: 'hologram', frames: 3 },
            { type: 'non_standard', value: { type: 'computer_call', action: 'click' } },
            { type: 'non_standard', value: { opaque: true } },
          ],
        }),
        { type: 'critic', content: 'A message type LangChain apps may invent.' },
        { content: 'No type at all.' },
      ]);
      expect(items.map((entry) => [entry.message_type, entry.type, entry.content.part_type ?? entry.content.text])).to.deep.equal([
        ['assistant', 'text', 'Here it is.'],
        ['assistant', 'hologram', 'hologram'],
        ['assistant', 'computer_call', 'computer_call'],
        ['assistant', 'non_standard', 'non_standard'],
        ['critic', 'critic', 'critic'],
        ['unknown', 'unsupported_part', ''],
      ]);
      expect(items[1].content.part).to.deep.equal({ type: 'hologram', frames: 3 });
      expect(problems.map((problem) => problem.message)).to.deep.equal([
        'Message 0, block 1: block type "hologram" has no view in the kit; it is shown as it came.',
        'Message 0, block 2: block type "computer_call" has no view in the kit; it is shown as it came.',
        'Message 0, block 3: block type "non_standard" has no view in the kit; it is shown as it came.',
        'Message 1 has the unknown type "critic"; it is shown as it came.',
        'Message 2 has no type; it is shown as it came.',
      ]);
      expectWellFormed(items);
    });

    it('never throws on hostile input, and keeps what it could read', () => {
      const throwing = new Proxy({}, { get: () => { throw new Error('boom'); } });
      const badGetter = Object.defineProperty({ type: 'ai', content: 'fallback text' }, 'contentBlocks', { get: () => { throw new Error('getter'); } });
      const cyclic: Record<string, unknown> = { type: 'text', text: 'loop' };
      cyclic.self = cyclic;
      const hostile = [null, 42, 'hello', [], throwing, badGetter, { type: 'human', content: [cyclic, null] }, { type: 'ai', content: { type: 'text', text: 'single block' } }];
      const holes: unknown[] = [];
      holes[2] = new HumanMessage('after holes');
      for (const input of [undefined, null, 'text', {}, hostile, holes, new Proxy([], { get: () => { throw new Error('array'); } })]) {
        expect(() => fromLangChainMessages(input)).not.to.throw();
      }
      expect(fromLangChainMessages('text')).to.deep.equal({ items: [], problems: [{ message: 'Expected an array of LangChain messages.' }] });
      const { items, problems } = fromLangChainMessages(hostile);
      expect(items.map((entry) => [entry.message_type, entry.type, entry.content.text])).to.deep.equal([
        ['unknown', 'unsupported_part', undefined],
        ['assistant', 'text', 'fallback text'],
        ['user', 'text', 'loop'],
        ['user', 'unsupported_part', undefined],
        ['assistant', 'text', 'single block'],
      ]);
      expect(problems.map((problem) => problem.index)).to.deep.equal([0, 1, 2, 3, 4, 6]);
      expectWellFormed(items);
      const gaps = fromLangChainMessages(holes);
      expect(gaps.items.map((entry) => entry.content.text)).to.deep.equal(['after holes']);
      expect(gaps.problems.map((problem) => problem.index)).to.deep.equal([0, 1]);
    });
  });
});
