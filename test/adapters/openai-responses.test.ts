import { expect } from '@open-wc/testing';
import OpenAI from 'openai';
import { fromOpenAIResponses, type DisplayItemJSON } from '../../src/adapters/index.js';
import { groupMessages } from '../../src/model/group.js';
import { describeToolCall } from '../../src/model/tools.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { expectWellFormed } from './invariants.js';

type Json = Record<string, unknown>;

const MODEL = 'gpt-5-2025-08-07';
const USAGE = {
  input_tokens: 812, input_tokens_details: { cached_tokens: 0 },
  output_tokens: 301, output_tokens_details: { reasoning_tokens: 128 }, total_tokens: 1113,
};
const PNG = 'iVBORw0KGgo=';

/** A Response object as the API sends it; `extra` overrides its fields. */
function apiResponse(id: string, output: unknown[], extra: Json = {}): Json {
  return {
    id, object: 'response', created_at: 1767225600, status: 'completed', error: null, incomplete_details: null,
    instructions: null, metadata: {}, model: MODEL, output, parallel_tool_calls: true, temperature: 1,
    tool_choice: 'auto', tools: [], top_p: 1, usage: USAGE, ...extra,
  };
}

/** A client of the real SDK whose requests are answered with `body`, as the API would send it. */
function clientAnswering(body: string, contentType: string): OpenAI {
  const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': contentType, 'x-request-id': 'req_test' } });
  return new OpenAI({ apiKey: 'test', baseURL: 'http://mock.invalid/v1', dangerouslyAllowBrowser: true, fetch, maxRetries: 0 });
}

async function created(response: Json): Promise<unknown> {
  return clientAnswering(JSON.stringify(response), 'application/json').responses.create({ model: MODEL, input: 'Hi' });
}

/** Server-sent events in the API's wire format, numbered as the API numbers them. */
function sse(events: readonly Json[]): string {
  return events.map((event, sequence_number) => `event: ${String(event.type)}\ndata: ${JSON.stringify({ ...event, sequence_number })}\n\n`).join('');
}

async function streamed(events: readonly Json[]): Promise<unknown> {
  return clientAnswering(sse(events), 'text/event-stream').responses.stream({ model: MODEL, input: 'Hi' }).finalResponse();
}

/** The lifecycle around a stream's output events; `end` is the terminal event's type and response. */
function lifecycle(id: string, events: readonly Json[], end: Json): Json[] {
  const started = apiResponse(id, [], { status: 'in_progress', usage: null });
  return [
    { type: 'response.created', response: started },
    { type: 'response.in_progress', response: started },
    ...events,
    end,
  ];
}

/** One output item as a stream sends it: added, its own events, done. */
function outputItem(output_index: number, added: Json, done: Json, events: readonly Json[] = []): Json[] {
  const item_id = String(done.id);
  return [
    { type: 'response.output_item.added', output_index, item: added },
    ...events.map((event) => ({ item_id, output_index, ...event })),
    { type: 'response.output_item.done', output_index, item: done },
  ];
}

const messageIds = (items: readonly DisplayItemJSON[]) => items.map((item) => item.message_id);
const outline = (items: readonly DisplayItemJSON[]) => items.map((item) => `${item.message_id} ${item.message_type}/${item.type}`);

// ---- A conversation with every tool: the request's input, two responses, the client's outputs ----

const INPUT = [
  { role: 'developer', content: 'You are a research assistant.' },
  {
    type: 'message', role: 'user', content: [
      { type: 'input_text', text: 'How many people live in Paris? Chart it.' },
      { type: 'input_image', image_url: `data:image/png;base64,${PNG}`, detail: 'low' },
      { type: 'input_file', file_url: 'https://example.com/census.pdf', filename: 'census.pdf' },
    ],
  },
];

const PARIS = 'https://en.wikipedia.org/wiki/Paris';
const ANSWER = 'Paris has 2.1 million people.';

/** Hosted tools (OpenAI runs them; each item carries its outcome), then calls the client runs. */
const FIRST_OUTPUT = [
  { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Search, then chart.' }] },
  { id: 'ws_1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'Paris population', sources: [{ type: 'url', url: PARIS }] } },
  { id: 'ws_2', type: 'web_search_call', status: 'completed', action: { type: 'open_page', url: PARIS } },
  {
    id: 'fs_1', type: 'file_search_call', status: 'completed', queries: ['population 2024'],
    results: [{ file_id: 'file_1', filename: 'census.pdf', score: 0.92, text: '2,102,650 inhabitants', attributes: {} }],
  },
  {
    id: 'ci_1', type: 'code_interpreter_call', status: 'completed', code: 'plot(population)', container_id: 'cntr_1',
    outputs: [{ type: 'logs', logs: 'saved chart.png' }, { type: 'image', url: 'https://files.example/chart.png' }],
  },
  { id: 'ig_1', type: 'image_generation_call', status: 'completed', result: PNG, revised_prompt: 'A map of Paris', output_format: 'png', size: '1024x1024' },
  { id: 'mcpl_1', type: 'mcp_list_tools', server_label: 'deepwiki', tools: [{ name: 'ask_question', description: 'Ask about a repository', input_schema: {} }] },
  { id: 'mcp_1', type: 'mcp_call', server_label: 'deepwiki', name: 'ask_question', arguments: '{"repo":"openai/openai-node"}', output: 'The official SDK.', error: null, status: 'completed' },
  { id: 'mcp_2', type: 'mcp_call', server_label: 'deepwiki', name: 'ask_question', arguments: '{}', output: null, error: { type: 'http_error', code: 502, message: 'Bad gateway' }, status: 'failed' },
  { id: 'rs_2', type: 'reasoning', summary: [], encrypted_content: 'gAAAAABo' },
  {
    id: 'msg_1', type: 'message', role: 'assistant', status: 'completed', phase: 'commentary', content: [{
      type: 'output_text', text: ANSWER,
      annotations: [
        { type: 'url_citation', start_index: 0, end_index: 5, url: PARIS, title: 'Paris - Wikipedia' },
        { type: 'file_citation', file_id: 'file_1', filename: 'census.pdf', index: 28 },
      ],
    }],
  },
  { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
  { id: 'ctc_1', type: 'custom_tool_call', call_id: 'call_2', name: 'run_sql', input: 'SELECT count(*) FROM people' },
  { id: 'cu_1', type: 'computer_call', call_id: 'call_3', action: { type: 'click', button: 'left', x: 10, y: 20 }, pending_safety_checks: [], status: 'completed' },
  { id: 'lsh_1', type: 'local_shell_call', call_id: 'call_4', action: { type: 'exec', command: ['ls', '-la'], env: {} }, status: 'completed' },
  { id: 'sh_1', type: 'shell_call', call_id: 'call_5', action: { commands: ['pwd'], max_output_length: null, timeout_ms: null }, environment: null, status: 'completed' },
  { id: 'ap_1', type: 'apply_patch_call', call_id: 'call_6', operation: { type: 'update_file', path: 'README.md', diff: '@@ -1 +1 @@\n-a\n+b' }, status: 'completed' },
  { id: 'mcpr_1', type: 'mcp_approval_request', server_label: 'deepwiki', name: 'read_wiki', arguments: '{"repo":"openai/openai-node"}' },
];

/** What the client sends back: the outputs of the calls it ran, and a person's approval. */
const CLIENT_OUTPUTS = [
  { type: 'function_call_output', call_id: 'call_1', output: '{"temp_c":18}' },
  { type: 'custom_tool_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: '2102650' }] },
  { type: 'computer_call_output', call_id: 'call_3', output: { type: 'computer_screenshot', image_url: `data:image/png;base64,${PNG}` } },
  { type: 'local_shell_call_output', id: 'call_4', output: '{"stdout":"a.txt"}' },
  { type: 'shell_call_output', call_id: 'call_5', output: [{ stdout: '/home/me', stderr: '', outcome: { type: 'exit', exit_code: 0 } }] },
  { type: 'apply_patch_call_output', call_id: 'call_6', status: 'failed', output: 'context mismatch' },
  { type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: true },
];

const SECOND_OUTPUT = [
  { id: 'mcp_3', type: 'mcp_call', server_label: 'deepwiki', name: 'read_wiki', arguments: '{"repo":"openai/openai-node"}', approval_request_id: 'mcpr_1', output: 'Wiki pages: 12', error: null, status: 'completed' },
  { id: 'msg_2', type: 'message', role: 'assistant', status: 'completed', phase: 'final_answer', content: [{ type: 'output_text', text: 'Done: 18 °C, 2.1 million people.', annotations: [] }] },
];

/** The conversation as a host stores it: input items, the Response objects the SDK returned, outputs. */
async function conversation(): Promise<unknown[]> {
  const first = await created(apiResponse('resp_1', FIRST_OUTPUT));
  const second = await created(apiResponse('resp_2', SECOND_OUTPUT, { usage: { ...USAGE, output_tokens: 40 } }));
  return [...INPUT, first, ...CLIENT_OUTPUTS, second];
}

const EXPECTED_OUTLINE = [
  'item-0 system/text',
  'item-1 user/text', 'item-1 user/image', 'item-1 user/file_reference',
  'resp_1 assistant/thinking',
  'resp_1 assistant/tool_call', 'resp_1 assistant/tool_call', 'resp_1 assistant/tool_call', 'resp_1 assistant/tool_call',
  'resp_1 assistant/tool_call', 'resp_1 assistant/tool_call', 'resp_1 assistant/tool_call', 'resp_1 assistant/tool_call',
  'resp_1:results tool/tool_result', 'resp_1:results tool/tool_result', 'resp_1:results tool/tool_result', 'resp_1:results tool/image',
  'resp_1:results tool/tool_result', 'resp_1:results tool/image', 'resp_1:results tool/tool_result', 'resp_1:results tool/tool_result',
  'resp_1:results tool/tool_result',
  'resp_1:step-1 assistant/thinking', 'resp_1:step-1 assistant/text',
  'resp_1:step-1 assistant/tool_call', 'resp_1:step-1 assistant/tool_call', 'resp_1:step-1 assistant/tool_call', 'resp_1:step-1 assistant/tool_call',
  'resp_1:step-1 assistant/tool_call', 'resp_1:step-1 assistant/tool_call', 'resp_1:step-1 assistant/tool_call',
  'resp_1:step-1:results tool/tool_result', 'resp_1:step-1:results tool/tool_result', 'resp_1:step-1:results tool/tool_result',
  'resp_1:step-1:results tool/image', 'resp_1:step-1:results tool/tool_result', 'resp_1:step-1:results tool/tool_result',
  'resp_1:step-1:results tool/tool_result', 'resp_1:step-1:results tool/tool_result',
  'resp_2 assistant/tool_call', 'resp_2:results tool/tool_result',
  'resp_2:step-1 assistant/text',
];

/** Items of one message, by id. */
function messageOf(items: readonly DisplayItemJSON[], id: string): DisplayItemJSON[] {
  return items.filter((item) => item.message_id === id);
}

describe('fromOpenAIResponses on what the openai SDK returns from create()', () => {
  it('rebuilds the messages: input, each response cut where it speaks after a call, results after their calls', async () => {
    const { items, problems } = fromOpenAIResponses(await conversation());
    expect(problems).to.deep.equal([]);
    expect(outline(items)).to.deep.equal(EXPECTED_OUTLINE);
    expectWellFormed(items);
  });

  it('reads input messages: developer as system, text, an image and a file by URL', async () => {
    const { items } = fromOpenAIResponses(await conversation());
    expect(items.slice(0, 4).map((item) => item.content)).to.deep.equal([
      { text: 'You are a research assistant.' },
      { text: 'How many people live in Paris? Chart it.' },
      { data: PNG, mime_type: 'image/png' },
      { name: 'census.pdf', path: 'https://example.com/census.pdf' },
    ]);
  });

  it('turns hosted tools into calls named by their type, with their status and readable labels', async () => {
    const calls = messageOf(fromOpenAIResponses(await conversation()).items, 'resp_1').slice(1);
    expect(calls.map((call) => [call.content.call_id, call.content.name, call.content.arguments, call.content.display_text, call.status])).to.deep.equal([
      ['ws_1', 'web_search', { type: 'search', query: 'Paris population' }, 'Web search: Paris population', 'completed'],
      ['ws_2', 'web_search', { type: 'open_page', url: PARIS }, `Web search: ${PARIS}`, 'completed'],
      ['fs_1', 'file_search', { queries: ['population 2024'] }, 'File search: population 2024', 'completed'],
      ['ci_1', 'code_interpreter', { code: 'plot(population)', container_id: 'cntr_1' }, null, 'completed'],
      ['ig_1', 'image_generation', { revised_prompt: 'A map of Paris', size: '1024x1024', output_format: 'png' }, null, 'completed'],
      ['mcpl_1', 'mcp_list_tools', { server_label: 'deepwiki' }, 'Mcp list tools: deepwiki', 'completed'],
      ['mcp_1', 'ask_question', { repo: 'openai/openai-node' }, 'Ask question (deepwiki)', 'completed'],
      ['mcp_2', 'ask_question', {}, 'Ask question (deepwiki)', 'failed'],
    ]);
  });

  it('gives hosted tools their outcomes: sources, search hits, logs and a chart, the generated image, MCP output and errors', async () => {
    const results = messageOf(fromOpenAIResponses(await conversation()).items, 'resp_1:results');
    expect(results.map((item) => item.type === 'tool_result'
      ? [item.content.tool_call_id, item.content.name, item.content.content, item.content.is_error]
      : [item.type, item.content])).to.deep.equal([
      ['ws_1', 'web_search', PARIS, false],
      ['fs_1', 'file_search', JSON.stringify(FIRST_OUTPUT[3].results, null, 2), false],
      ['ci_1', 'code_interpreter', 'saved chart.png', false],
      ['image', { url: 'https://files.example/chart.png' }],
      ['ig_1', 'image_generation', '', false],
      ['image', { data: PNG, mime_type: 'image/png' }],
      ['mcpl_1', 'mcp_list_tools', 'ask_question: Ask about a repository', false],
      ['mcp_1', 'ask_question', 'The official SDK.', false],
      ['mcp_2', 'ask_question', 'Bad gateway', true],
    ]);
  });

  it('reads reasoning: the summary as thinking, encrypted-only reasoning as redacted', async () => {
    const { items } = fromOpenAIResponses(await conversation());
    expect(messageOf(items, 'resp_1')[0].content).to.deep.equal({ text: 'Search, then chart.' });
    expect(messageOf(items, 'resp_1:step-1')[0].content).to.deep.equal({ text: '_Reasoning redacted by the provider._', redacted: true });
    expect(fromOpenAIResponses([{ id: 'rs', type: 'reasoning', summary: [], content: [{ type: 'reasoning_text', text: 'Raw steps.' }] }]).items[0].content)
      .to.deep.equal({ text: 'Raw steps.' });
  });

  it('keeps output text with its citations, and the phase as the utterance', async () => {
    const { items } = fromOpenAIResponses(await conversation());
    expect(messageOf(items, 'resp_1:step-1')[1].content).to.deep.equal({
      text: ANSWER,
      utterance: 'narration',
      citations: [
        { start_index: 0, end_index: 5, source: { type: 'web', title: 'Paris - Wikipedia', url: PARIS } },
        { start_index: 28, end_index: 28, source: { type: 'document', title: 'census.pdf' } },
      ],
    });
    expect(messageOf(items, 'resp_2:step-1')[0].content).to.deep.equal({ text: 'Done: 18 °C, 2.1 million people.', utterance: 'answer' });
  });

  it('pairs the client’s outputs with their calls by call_id, in the step that made the calls', async () => {
    const { items } = fromOpenAIResponses(await conversation());
    const calls = messageOf(items, 'resp_1:step-1').filter((item) => item.type === 'tool_call');
    expect(calls.map((call) => [call.content.call_id, call.content.name, call.content.arguments, call.content.display_text, call.status])).to.deep.equal([
      ['call_1', 'get_weather', { city: 'Paris' }, null, undefined],
      ['call_2', 'run_sql', { input: 'SELECT count(*) FROM people' }, null, undefined],
      ['call_3', 'computer', { type: 'click', button: 'left', x: 10, y: 20 }, 'Computer: click', undefined],
      ['call_4', 'local_shell', { type: 'exec', command: ['ls', '-la'], env: {} }, 'Local shell: ls -la', undefined],
      ['call_5', 'shell', { commands: ['pwd'], max_output_length: null, timeout_ms: null }, 'Shell: pwd', undefined],
      ['call_6', 'apply_patch', FIRST_OUTPUT[16].operation, 'Apply patch: README.md', undefined],
      // Approved by the person: the request is settled.
      ['mcpr_1', 'read_wiki', { repo: 'openai/openai-node' }, 'Read wiki (deepwiki)', 'completed'],
    ]);
    const results = messageOf(items, 'resp_1:step-1:results');
    expect(results.map((item) => item.type === 'tool_result'
      ? [item.content.tool_call_id, item.content.name, item.content.content, item.content.is_error]
      : [item.type, item.content])).to.deep.equal([
      ['call_1', 'get_weather', '{"temp_c":18}', false],
      ['call_2', 'run_sql', '2102650', false],
      ['call_3', 'computer', '', false],
      ['image', { data: PNG, mime_type: 'image/png' }],
      // The local shell's output names its call in `id`.
      ['call_4', 'local_shell', '{"stdout":"a.txt"}', false],
      ['call_5', 'shell', '/home/me', false],
      ['call_6', 'apply_patch', 'context mismatch', true],
      ['mcpr_1', 'read_wiki', '', false],
    ]);
    expect(results.at(-1)?.content.hitl_decision).to.equal('approved');
  });

  it('puts model and usage on each response’s last message, and no stop mark on a completed response', async () => {
    const { items } = fromOpenAIResponses(await conversation());
    expect(items.filter((item) => item.metadata).map((item) => [item.message_id, item.metadata])).to.deep.equal([
      ...messageOf(items, 'resp_1:step-1').map(() => ['resp_1:step-1', { model: MODEL, usage: USAGE }]),
      ['resp_2:step-1', { model: MODEL, usage: { ...USAGE, output_tokens: 40 } }],
    ]);
    expect(items.filter((item) => 'stop_reason' in item.content)).to.deep.equal([]);
  });

  it('reads the same conversation stored as bare items: one turn per run of assistant items, ids from the items', async () => {
    const { items, problems } = fromOpenAIResponses([...INPUT, ...FIRST_OUTPUT, ...CLIENT_OUTPUTS, ...SECOND_OUTPUT]);
    expect(problems).to.deep.equal([]);
    expectWellFormed(items);
    expect([...new Set(messageIds(items))]).to.deep.equal([
      'item-0', 'item-1', 'rs_1', 'rs_1:results', 'rs_2', 'rs_2:results', 'mcp_3', 'mcp_3:results', 'msg_2',
    ]);
    const sameOutline = EXPECTED_OUTLINE.map((line) => line.replace('resp_1:step-1', 'rs_2').replace('resp_1', 'rs_1').replace('resp_2:step-1', 'msg_2').replace('resp_2', 'mcp_3'));
    expect(outline(items)).to.deep.equal(sameOutline);
  });

  it('gives the same ids when converted again', async () => {
    const stored = await conversation();
    const ids = (input: unknown) => fromOpenAIResponses(input).items.map((item) => item.id);
    expect(ids(stored)).to.deep.equal(ids(structuredClone(stored)));
    expect(ids(stored)).to.include.members(['resp_1:0', 'resp_1:step-1:1', 'resp_2:step-1:0']);
    const bare = [...INPUT, ...FIRST_OUTPUT];
    expect(ids(bare)).to.deep.equal(ids(structuredClone(bare)));
  });

  it('groups into the intended messages through normalizeItems + groupMessages', async () => {
    const messages = groupMessages(normalizeItems(fromOpenAIResponses(await conversation()).items));
    expect(messages.map((message) => `${message.role}:${message.items.length}`)).to.deep.equal([
      'system:1', 'user:3', 'assistant:9', 'tool:9', 'assistant:9', 'tool:8', 'assistant:1', 'tool:1', 'assistant:1',
    ]);
    expect(messages.map((message) => message.stop)).to.deep.equal(messages.map(() => null));
    const approval = messages[4].items.at(-1);
    expect(approval).to.deep.include({ kind: 'tool_call', status: 'completed', toolCallId: 'mcpr_1' });
    expect(messages[5].items.filter((item) => item.kind === 'tool_result').map((item) => item.toolCallId)).to.deep.equal([
      'call_1', 'call_2', 'call_3', 'call_4', 'call_5', 'call_6', 'mcpr_1',
    ]);
  });
});

describe('fromOpenAIResponses: stops', () => {
  const answer = (text: string, status = 'completed') => ({
    id: 'msg_x', type: 'message', role: 'assistant', status, content: [{ type: 'output_text', text, annotations: [] }],
  });
  const lastContent = (input: unknown) => fromOpenAIResponses(input).items.at(-1)?.content;

  it('incomplete responses: max_output_tokens → length, content_filter → content_filtered, others kept', async () => {
    const cut = await created(apiResponse('resp_cut', [answer('Paris is', 'incomplete')], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }));
    expect(lastContent(cut)).to.deep.equal({ text: 'Paris is', stop_reason: 'length' });
    const filtered = await created(apiResponse('resp_f', [answer('Here is how')], { status: 'incomplete', incomplete_details: { reason: 'content_filter' } }));
    expect(lastContent(filtered)).to.deep.equal({ text: 'Here is how', stop_reason: 'content_filtered' });
    expect(lastContent(apiResponse('r', [answer('Hm')], { status: 'incomplete', incomplete_details: { reason: 'max_messages' } })))
      .to.deep.equal({ text: 'Hm', stop_reason: 'max_messages' });
    expect(lastContent(apiResponse('r', [answer('Hm')], { status: 'incomplete', incomplete_details: null })))
      .to.deep.equal({ text: 'Hm', stop_reason: 'incomplete' });
  });

  it('an output message marked incomplete stops its message, even stored without its response', () => {
    const { items } = fromOpenAIResponses([{ role: 'user', content: 'Hi' }, answer('Hel', 'incomplete'), answer('Later')]);
    expect(items.map((item) => [item.message_id, item.content])).to.deep.equal([
      ['item-0', { text: 'Hi' }],
      ['msg_x', { text: 'Hel', stop_reason: 'incomplete' }],
      ['msg_x#2', { text: 'Later' }],
    ]);
  });

  it('a failed response: stream_error with the error’s code and message as details, even with no output', async () => {
    const failed = await created(apiResponse('resp_e', [], { status: 'failed', error: { code: 'server_error', message: 'The server had an error.' } }));
    const { items } = fromOpenAIResponses(failed);
    expect(items).to.deep.equal([{
      id: 'resp_e:0', type: 'text', message_type: 'assistant', message_id: 'resp_e', sequence: 0,
      content: { text: '', stop_reason: 'stream_error', stop_details: { type: 'error', category: 'server_error', explanation: 'The server had an error.' } },
      metadata: { model: MODEL, usage: USAGE },
    }]);
    const stop = groupMessages(normalizeItems(items))[0].stop;
    expect(stop).to.deep.include({ kind: 'stream_error' });
    expect(stop?.details).to.deep.include({ type: 'error', category: 'server_error', explanation: 'The server had an error.' });
  });

  it('a cancelled background response (from responses.cancel()): cancelled, on the last thing it said', async () => {
    const body = JSON.stringify(apiResponse('resp_bg', [answer('Half an', 'incomplete')], { status: 'cancelled', background: true }));
    const cancelled = await clientAnswering(body, 'application/json').responses.cancel('resp_bg');
    expect(lastContent(cancelled)).to.deep.equal({ text: 'Half an', stop_reason: 'cancelled' });
  });

  it('a refusal: its text, and content_filtered with {type: refusal} beside the mark', async () => {
    const refused = await created(apiResponse('resp_r', [{
      id: 'msg_r', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: 'I can’t help with that.' }],
    }]));
    const { items } = fromOpenAIResponses(refused);
    expect(items.map((item) => item.content)).to.deep.equal([
      { text: 'I can’t help with that.', refusal: true, stop_reason: 'content_filtered', stop_details: { type: 'refusal' } },
    ]);
    // The response's own matching reason does not take the refusal's details away.
    const both = apiResponse('resp_r2', [{ id: 'm', type: 'message', role: 'assistant', status: 'incomplete', content: [{ type: 'refusal', refusal: 'No.' }] }], {
      status: 'incomplete', incomplete_details: { reason: 'content_filter' },
    });
    expect(lastContent(both)).to.deep.include({ stop_reason: 'content_filtered', stop_details: { type: 'refusal' } });
    const stop = groupMessages(normalizeItems(items))[0].stop;
    expect(stop).to.deep.include({ kind: 'refusal' });
    expect(stop?.details).to.deep.include({ type: 'refusal' });
  });

  it('a response cut off after a call marks the call’s message, the last it sent', () => {
    const { items } = fromOpenAIResponses(apiResponse('resp_c', [
      { id: 'fc', type: 'function_call', call_id: 'c1', name: 'write', arguments: '{"path": "/a", "body": "hel', status: 'incomplete' },
    ], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }));
    expect(items.map((item) => [item.type, item.content.stop_reason, item.content.arguments])).to.deep.equal([
      ['tool_call', 'length', '{"path": "/a", "body": "hel'],
    ]);
    expect(groupMessages(normalizeItems(items))[0].stop).to.deep.include({ kind: 'length' });
  });
});

describe('fromOpenAIResponses on the finalResponse() of an SDK stream', () => {
  const weatherStream = lifecycle('resp_s1', [
    ...outputItem(0,
      { id: 'rs_s1', type: 'reasoning', summary: [] },
      { id: 'rs_s1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Look it up first.' }] },
      [
        { type: 'response.reasoning_summary_part.added', summary_index: 0, part: { type: 'summary_text', text: '' } },
        { type: 'response.reasoning_summary_text.delta', summary_index: 0, delta: 'Look it up ' },
        { type: 'response.reasoning_summary_text.delta', summary_index: 0, delta: 'first.' },
        { type: 'response.reasoning_summary_text.done', summary_index: 0, text: 'Look it up first.' },
        { type: 'response.reasoning_summary_part.done', summary_index: 0, part: { type: 'summary_text', text: 'Look it up first.' } },
      ]),
    ...outputItem(1,
      { id: 'ws_s1', type: 'web_search_call', status: 'in_progress', action: { type: 'search', query: 'Paris weather' } },
      { id: 'ws_s1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'Paris weather' } },
      [
        { type: 'response.web_search_call.in_progress' },
        { type: 'response.web_search_call.searching' },
        { type: 'response.web_search_call.completed' },
      ]),
    ...outputItem(2,
      { id: 'msg_s1', type: 'message', role: 'assistant', status: 'in_progress', content: [] },
      {
        id: 'msg_s1', type: 'message', role: 'assistant', status: 'completed',
        content: [{ type: 'output_text', text: 'It is 18 °C.', annotations: [{ type: 'url_citation', start_index: 6, end_index: 11, url: 'https://weather.example/paris', title: 'Paris weather' }], logprobs: [] }],
      },
      [
        { type: 'response.content_part.added', content_index: 0, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } },
        { type: 'response.output_text.delta', content_index: 0, delta: 'It is ', logprobs: [] },
        { type: 'response.output_text.delta', content_index: 0, delta: '18 °C.', logprobs: [] },
        { type: 'response.output_text.annotation.added', content_index: 0, annotation_index: 0, annotation: { type: 'url_citation', start_index: 6, end_index: 11, url: 'https://weather.example/paris', title: 'Paris weather' } },
        { type: 'response.output_text.done', content_index: 0, text: 'It is 18 °C.', logprobs: [] },
        {
          type: 'response.content_part.done', content_index: 0,
          part: { type: 'output_text', text: 'It is 18 °C.', annotations: [{ type: 'url_citation', start_index: 6, end_index: 11, url: 'https://weather.example/paris', title: 'Paris weather' }], logprobs: [] },
        },
      ]),
    ...outputItem(3,
      { id: 'fc_s1', type: 'function_call', call_id: 'call_s1', name: 'get_forecast', arguments: '', status: 'in_progress' },
      { id: 'fc_s1', type: 'function_call', call_id: 'call_s1', name: 'get_forecast', arguments: '{"city": "Paris"}', status: 'completed' },
      [
        { type: 'response.function_call_arguments.delta', delta: '{"city":' },
        { type: 'response.function_call_arguments.delta', delta: ' "Paris"}' },
        { type: 'response.function_call_arguments.done', arguments: '{"city": "Paris"}' },
      ]),
  ], {
    type: 'response.completed',
    response: apiResponse('resp_s1', [
      { id: 'rs_s1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Look it up first.' }] },
      { id: 'ws_s1', type: 'web_search_call', status: 'completed', action: { type: 'search', query: 'Paris weather' } },
      {
        id: 'msg_s1', type: 'message', role: 'assistant', status: 'completed',
        content: [{ type: 'output_text', text: 'It is 18 °C.', annotations: [{ type: 'url_citation', start_index: 6, end_index: 11, url: 'https://weather.example/paris', title: 'Paris weather' }], logprobs: [] }],
      },
      { id: 'fc_s1', type: 'function_call', call_id: 'call_s1', name: 'get_forecast', arguments: '{"city": "Paris"}', status: 'completed' },
    ]),
  });

  it('converts a completed stream: summary, a web search, cited text, a streamed function call', async () => {
    const final = await streamed(weatherStream);
    const { items, problems } = fromOpenAIResponses([{ role: 'user', content: 'Weather in Paris?' }, final]);
    expect(problems).to.deep.equal([]);
    expectWellFormed(items);
    expect(items.map((item) => [item.message_id, item.type, item.content, item.status])).to.deep.equal([
      ['item-0', 'text', { text: 'Weather in Paris?' }, undefined],
      ['resp_s1', 'thinking', { text: 'Look it up first.' }, undefined],
      ['resp_s1', 'tool_call', { call_id: 'ws_s1', name: 'web_search', arguments: { type: 'search', query: 'Paris weather' }, display_text: 'Web search: Paris weather' }, 'completed'],
      ['resp_s1:step-1', 'text', {
        text: 'It is 18 °C.',
        citations: [{ start_index: 6, end_index: 11, source: { type: 'web', title: 'Paris weather', url: 'https://weather.example/paris' } }],
      }, undefined],
      ['resp_s1:step-1', 'tool_call', { call_id: 'call_s1', name: 'get_forecast', arguments: { city: 'Paris' }, display_text: null }, undefined],
    ]);
    expect(items.at(-1)?.metadata).to.deep.equal({ model: MODEL, usage: USAGE });
  });

  it('a stream that ends incomplete (max_output_tokens): the cut-off text carries length', async () => {
    const partial = { id: 'msg_i', type: 'message', role: 'assistant', status: 'incomplete', content: [{ type: 'output_text', text: 'Paris is the capital and', annotations: [], logprobs: [] }] };
    const final = await streamed(lifecycle('resp_i', [
      ...outputItem(0, { id: 'msg_i', type: 'message', role: 'assistant', status: 'in_progress', content: [] }, partial, [
        { type: 'response.content_part.added', content_index: 0, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } },
        { type: 'response.output_text.delta', content_index: 0, delta: 'Paris is the capital', logprobs: [] },
        { type: 'response.output_text.delta', content_index: 0, delta: ' and', logprobs: [] },
      ]),
    ], { type: 'response.incomplete', response: apiResponse('resp_i', [partial], { status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } }) }));
    const { items } = fromOpenAIResponses(final);
    expect(items.map((item) => [item.message_id, item.content])).to.deep.equal([
      ['resp_i', { text: 'Paris is the capital and', stop_reason: 'length' }],
    ]);
  });

  it('a streamed refusal: the refusal text and its mark', async () => {
    const done = { id: 'msg_r', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'refusal', refusal: 'I can’t help with that.' }] };
    const final = await streamed(lifecycle('resp_r', [
      ...outputItem(0, { id: 'msg_r', type: 'message', role: 'assistant', status: 'in_progress', content: [] }, done, [
        { type: 'response.content_part.added', content_index: 0, part: { type: 'refusal', refusal: '' } },
        { type: 'response.refusal.delta', content_index: 0, delta: 'I can’t help ' },
        { type: 'response.refusal.delta', content_index: 0, delta: 'with that.' },
        { type: 'response.refusal.done', content_index: 0, refusal: 'I can’t help with that.' },
        { type: 'response.content_part.done', content_index: 0, part: { type: 'refusal', refusal: 'I can’t help with that.' } },
      ]),
    ], { type: 'response.completed', response: apiResponse('resp_r', [done]) }));
    expect(fromOpenAIResponses(final).items.map((item) => item.content)).to.deep.equal([
      { text: 'I can’t help with that.', refusal: true, stop_reason: 'content_filtered', stop_details: { type: 'refusal' } },
    ]);
  });

  it('a stream that fails: stream_error with the error beside the mark, after what it had said', async () => {
    const partial = { id: 'msg_f', type: 'message', role: 'assistant', status: 'incomplete', content: [{ type: 'output_text', text: 'Looking', annotations: [], logprobs: [] }] };
    const failed = apiResponse('resp_f', [partial], { status: 'failed', error: { code: 'server_error', message: 'The model crashed.' }, usage: null });
    const final = await streamed(lifecycle('resp_f', [
      ...outputItem(0, { id: 'msg_f', type: 'message', role: 'assistant', status: 'in_progress', content: [] }, partial, [
        { type: 'response.content_part.added', content_index: 0, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } },
        { type: 'response.output_text.delta', content_index: 0, delta: 'Looking', logprobs: [] },
      ]),
    ], { type: 'response.failed', response: failed }));
    expect(fromOpenAIResponses(final).items.map((item) => item.content)).to.deep.equal([
      { text: 'Looking', stop_reason: 'stream_error', stop_details: { type: 'error', category: 'server_error', explanation: 'The model crashed.' } },
    ]);
  });
});

describe('fromOpenAIResponses: what it cannot show, and hostile input', () => {
  it('keeps an unknown item as a visible item and reports it; an encrypted compaction is a notice', () => {
    const memo = { id: 'hm_1', type: 'hologram_memo', note: 'gAAAA' };
    const compaction = { id: 'cmp_1', type: 'compaction', encrypted_content: 'gAAAA' };
    const future = { id: 'hc_1', type: 'hologram_call', status: 'completed' };
    const { items, problems } = fromOpenAIResponses([{ role: 'user', content: 'Hi' }, memo, apiResponse('resp_u', [compaction, future])]);
    expect(problems).to.deep.equal([
      { index: 1, message: 'Item 1: item type "hologram_memo" is not supported; it is shown as it is.' },
      { index: 2, message: 'Item 2, output 1: item type "hologram_call" is not supported; it is shown as it is.' },
    ]);
    expect(items.slice(1).map((item) => [item.message_id, item.message_type, item.type, item.content])).to.deep.equal([
      ['hm_1', 'assistant', 'hologram_memo', { part_type: 'hologram_memo', part: memo }],
      ['resp_u', 'assistant', 'notification', { text: 'Earlier messages were summarized to fit the context.' }],
      ['resp_u', 'assistant', 'hologram_call', { part_type: 'hologram_call', part: future }],
    ]);
    expectWellFormed(items);
    const messages = groupMessages(normalizeItems(items));
    expect(messages.map((message) => message.items.map((item) => item.kind))).to.deep.equal([['text'], ['other'], ['notification', 'other']]);
  });

  it('keeps an unknown content part and an unknown role, and reports both', () => {
    const { items, problems } = fromOpenAIResponses([
      { role: 'user', content: [{ type: 'input_text', text: 'Listen:' }, { type: 'input_video', video_url: 'https://example.com/v.mp4' }] },
      { type: 'message', role: 'critic', content: 'Too long.' },
    ]);
    expect(items.map((item) => [item.message_type, item.type])).to.deep.equal([['user', 'text'], ['user', 'input_video'], ['assistant', 'message']]);
    expect(problems.map((problem) => problem.message)).to.deep.equal([
      'Item 0: content part "input_video" is not supported; it is shown as it is.',
      'Item 1: message role "critic" is not supported; it is shown as it is.',
    ]);
  });

  it('reports unreadable arguments and outputs that name no call, keeping what they said', () => {
    const { items, problems } = fromOpenAIResponses([
      { id: 'fc', type: 'function_call', call_id: 'c1', name: 'f', arguments: '{oops' },
      { type: 'function_call_output', output: 'orphan' },
    ]);
    expect(items.map((item) => [item.type, item.content.arguments ?? item.content.content])).to.deep.equal([['tool_call', '{oops'], ['tool_result', 'orphan']]);
    expect(problems).to.deep.equal([
      { index: 0, message: 'Item 0: tool call c1 (f): its arguments are not complete JSON; kept as text.' },
      { index: 1, message: 'Item 1: the function_call_output does not name its call, so it pairs with none.' },
    ]);
  });

  it('a declined MCP approval: the request reads as declined', () => {
    const { items } = fromOpenAIResponses([
      apiResponse('resp_a', [{ id: 'mcpr', type: 'mcp_approval_request', server_label: 'fs', name: 'delete_all', arguments: '{}' }]),
      { type: 'mcp_approval_response', approval_request_id: 'mcpr', approve: false, reason: 'Too risky' },
    ]);
    expect(items.map((item) => [item.type, item.status, item.content.content, item.content.hitl_decision])).to.deep.equal([
      ['tool_call', 'failed', undefined, undefined],
      ['tool_result', undefined, 'Too risky', 'rejected'],
    ]);
    const [call, result] = normalizeItems(items);
    expect(call.kind === 'tool_call' && describeToolCall(call, result).status).to.equal('declined');
  });

  it('an approval request not yet answered waits for a person', () => {
    const { items } = fromOpenAIResponses([{ id: 'mcpr', type: 'mcp_approval_request', server_label: 'fs', name: 'delete_all', arguments: '{}' }]);
    expect(items.map((item) => [item.type, item.status])).to.deep.equal([['tool_call', 'interrupted']]);
  });

  it('never throws: not a list, null items, throwing getters, a list that throws part-way', () => {
    for (const input of [null, undefined, 42, 'hello', { object: 'list', data: [] }]) {
      const { items, problems } = fromOpenAIResponses(input);
      expect(items).to.deep.equal([]);
      expect(problems.map((problem) => problem.message)).to.deep.equal(['Expected an array of Responses API items or a Response object.']);
    }
    const hostileMessage = { type: 'message', role: 'user', get content(): never { throw new Error('boom'); } };
    const hostileResponse = { object: 'response', id: 'resp_h', get output(): never { throw new Error('boom'); } };
    const { items, problems } = fromOpenAIResponses([null, 7, hostileMessage, hostileResponse, { role: 'user', content: 'still here' }]);
    expect(problems).to.deep.equal([
      { index: 0, message: 'Item 0 is not an object; it was left out.' },
      { index: 1, message: 'Item 1 is not an object; it was left out.' },
      { index: 2, message: 'Item 2: the message\'s content is neither text nor a list of parts; it was left out.' },
      { index: 3, message: 'Item 3: the response\'s output is not a list; it was left out.' },
    ]);
    expect(items.map((item) => item.content.text)).to.deep.equal(['still here']);

    const list = new Proxy([{ id: 'rs', type: 'reasoning', summary: [{ type: 'summary_text', text: 'Kept.' }] }, { role: 'user', content: 'lost' }], {
      get(target, key, receiver) {
        if (key === '1') throw new Error('hostile getter');
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const partial = fromOpenAIResponses(list);
    expect(partial.items.map((item) => item.content.text)).to.deep.equal(['Kept.']);
    expect(partial.problems.map((problem) => problem.message)).to.deep.equal(['Conversion stopped early: hostile getter']);
  });
});
