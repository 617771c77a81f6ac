import { expect } from '@open-wc/testing';
import Anthropic from '@anthropic-ai/sdk';
import { fromAnthropicMessages } from '../../src/adapters/index.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { expectWellFormed } from './invariants.js';

/** Request history plus response objects, in the Messages API's documented shapes. */
const conversation = [
  {
    role: 'user',
    content: [
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
      { type: 'text', text: 'Which service in this screenshot is failing?' },
    ],
  },
  {
    id: 'msg_01',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    content: [
      { type: 'thinking', thinking: 'The dashboard shows billing-sync in red.', signature: 'EqQB' },
      { type: 'redacted_thinking', data: 'EmwKAhgB' },
      { type: 'text', text: 'Let me check its logs.' },
      { type: 'tool_use', id: 'toolu_01', name: 'read_logs', input: { service: 'billing-sync' } },
      { type: 'tool_use', id: 'toolu_02', name: 'get_status', input: { service: 'billing-sync' } },
    ],
    stop_reason: 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 410, output_tokens: 96 },
  },
  {
    role: 'user',
    content: [
      { type: 'tool_result', tool_use_id: 'toolu_01', content: [{ type: 'text', text: 'ERROR db timeout' }, { type: 'text', text: 'ERROR retry failed' }] },
      { type: 'tool_result', tool_use_id: 'toolu_02', content: 'permission denied', is_error: true },
      { type: 'text', text: 'Also check the config.' },
    ],
  },
  {
    id: 'msg_02',
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-6',
    content: [{ type: 'text', text: 'billing-sync failed because the database' }],
    stop_reason: 'max_tokens',
    stop_sequence: null,
    usage: { input_tokens: 700, output_tokens: 1024 },
  },
];

describe('fromAnthropicMessages', () => {
  it('converts a whole conversation in order and keeps the extractor rules', () => {
    const { items, problems } = fromAnthropicMessages(conversation);
    expect(problems).to.deep.equal([]);
    expect(items.map((item) => `${item.message_type}/${item.type}`)).to.deep.equal([
      'user/image', 'user/text',
      'assistant/thinking', 'assistant/thinking', 'assistant/text', 'assistant/tool_call', 'assistant/tool_call',
      'tool/tool_result', 'tool/tool_result',
      'user/text',
      'assistant/text',
    ]);
    expectWellFormed(items);
  });

  it('reads text, thinking, redacted thinking and image blocks', () => {
    const { items } = fromAnthropicMessages(conversation);
    expect(items[0].content).to.deep.equal({ data: '/9j/4AAQ', mime_type: 'image/jpeg' });
    expect(items[2].content).to.deep.equal({ text: 'The dashboard shows billing-sync in red.' });
    expect(items[3].content).to.deep.equal({ text: '_Reasoning redacted by the provider._', redacted: true });
    expect(items[4].content).to.deep.equal({ text: 'Let me check its logs.' });
    expect(items[2].metadata).to.deep.equal({ model: 'claude-sonnet-4-6', usage: { input_tokens: 410, output_tokens: 96 } });
    expect(items[2].message_id).to.equal('msg_01');
  });

  it('turns tool_use into calls and tool_result blocks into a tool message before the user text', () => {
    const { items } = fromAnthropicMessages(conversation);
    expect(items[5].content).to.deep.equal({ call_id: 'toolu_01', name: 'read_logs', arguments: { service: 'billing-sync' }, display_text: null });
    expect(items[7].content).to.deep.equal({ tool_call_id: 'toolu_01', name: 'read_logs', content: 'ERROR db timeout\n\nERROR retry failed', is_error: false, is_interrupt: false });
    expect(items[8].content).to.deep.include({ tool_call_id: 'toolu_02', name: 'get_status', content: 'permission denied', is_error: true });
    expect(items[9].content).to.deep.equal({ text: 'Also check the config.' });
    expect(items[7].message_id).to.not.equal(items[9].message_id);
  });

  it('keeps images a tool returned as their own items in the tool message', () => {
    const { items } = fromAnthropicMessages([
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'screenshot', input: {} }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: 'Captured' }, { type: 'image', source: { type: 'url', url: 'https://example.com/s.png' } }] }] },
    ]);
    expect(items.slice(1).map((item) => [item.message_type, item.type, item.content.content ?? item.content.url])).to.deep.equal([
      ['tool', 'tool_result', 'Captured'],
      ['tool', 'image', 'https://example.com/s.png'],
    ]);
    expectWellFormed(items);
  });

  it('maps stop reasons: max_tokens → length, refusal → content_filtered with stop_details verbatim', () => {
    const { items } = fromAnthropicMessages(conversation);
    expect(items[items.length - 1].content.stop_reason).to.equal('length');
    expect(items.filter((item) => 'stop_reason' in item.content)).to.have.length(1);

    const details = { type: 'refusal', category: 'cyber', explanation: 'Declined to assist.' };
    const refusal = fromAnthropicMessages([{
      role: 'assistant',
      content: [{ type: 'thinking', thinking: 'This asks for malware.' }, { type: 'text', text: 'I can’t help with that.' }],
      stop_reason: 'refusal',
      stop_details: details,
    }]).items;
    expect(refusal[0].content).to.deep.equal({ text: 'This asks for malware.' });
    expect(refusal[1].content).to.deep.equal({ text: 'I can’t help with that.', stop_reason: 'content_filtered', stop_details: details });
  });

  it('treats end_turn and stop_sequence as finished, a full context window as length, and keeps unknown reasons', () => {
    const itemOf = (stop_reason: string) => fromAnthropicMessages([{ role: 'assistant', content: 'Hi', stop_reason }]).items[0];
    expect(itemOf('end_turn').content).not.to.have.property('stop_reason');
    expect(itemOf('stop_sequence').content).not.to.have.property('stop_reason');
    expect(itemOf('model_context_window_exceeded').content.stop_reason).to.equal('length');
    expect(itemOf('solar_flare').content.stop_reason).to.equal('solar_flare');
  });

  it('reads pause_turn (and compaction) as a paused turn, not a stop: no mark, metadata.paused', () => {
    for (const stop_reason of ['pause_turn', 'compaction']) {
      const [item] = fromAnthropicMessages([{ id: 'm', role: 'assistant', content: 'Searching…', stop_reason, stop_details: null, usage: { output_tokens: 3 } }]).items;
      expect(item.content, stop_reason).to.deep.equal({ text: 'Searching…' });
      expect(item.metadata, stop_reason).to.deep.equal({ usage: { output_tokens: 3 }, paused: true });
    }
  });

  it('marks a message that stopped before saying anything', () => {
    const { items } = fromAnthropicMessages([{ role: 'assistant', content: [], stop_reason: 'max_tokens' }]);
    expect(items.map((item) => item.content)).to.deep.equal([{ text: '', stop_reason: 'length' }]);
  });

  it('joins cited text pieces with their citations', () => {
    const { items, problems } = fromAnthropicMessages([{
      role: 'assistant',
      content: [
        { type: 'text', text: 'The capital is ' },
        { type: 'text', text: 'Paris', citations: [{ type: 'web_search_result_location', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris', cited_text: 'Paris is the capital' }] },
        { type: 'text', text: '.' },
      ],
      stop_reason: 'end_turn',
    }]);
    expect(problems).to.deep.equal([]);
    expect(items.map((item) => item.content)).to.deep.equal([
      {
        text: 'The capital is Paris.',
        citations: [{
          cited_text: 'Paris is the capital',
          source: { type: 'web', title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris' },
          start_index: 15,
          end_index: 20,
        }],
      },
    ]);
  });

  it('gives each cited piece its own span: document pages, and a block cited alone spans its text', () => {
    const pageCitation = { type: 'page_location', cited_text: 'Revenue grew 12%.', document_index: 0, document_title: 'Annual report', start_page_number: 3, end_page_number: 5 };
    const charCitation = { type: 'char_location', cited_text: 'Costs fell.', document_index: 1, document_title: 'Memo', start_char_index: 400, end_char_index: 411 };
    const { items } = fromAnthropicMessages([
      { role: 'assistant', content: [{ type: 'text', text: 'Revenue grew', citations: [pageCitation] }, { type: 'text', text: ' and costs fell.', citations: [charCitation] }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Alone.', citations: [charCitation] }] },
    ]);
    expect(items[0].content).to.deep.equal({
      text: 'Revenue grew and costs fell.',
      citations: [
        { cited_text: 'Revenue grew 12%.', start_index: 0, end_index: 12, source: { type: 'document', title: 'Annual report' }, start_page_number: 3, end_page_number: 5 },
        { cited_text: 'Costs fell.', start_index: 12, end_index: 28, source: { type: 'document', title: 'Memo' } },
      ],
    });
    expect(items[1].content.citations).to.deep.equal([{ cited_text: 'Costs fell.', start_index: 0, end_index: 6, source: { type: 'document', title: 'Memo' } }]);
  });

  it('reports broken input by index and never throws', () => {
    expect(fromAnthropicMessages('nope').problems).to.have.length(1);
    const { items, problems } = fromAnthropicMessages([
      42,
      { content: 'no role' },
      { role: 'assistant', content: [{ type: 'hologram' }, { type: 'tool_use', id: 't', name: 'f', input: '{bad' }] },
      { role: 'user', content: { not: 'a list' } },
    ]);
    expect(problems.map((problem) => problem.index)).to.deep.equal([0, 1, 2, 2]);
    expect(problems[2].message).to.match(/hologram/);
    // The unknown block stays, as an item of its own type that the generic fallback shows.
    expect(items.map((item) => [item.type, item.content.arguments ?? item.content.part])).to.deep.equal([
      ['hologram', { type: 'hologram' }],
      ['tool_call', '{bad'],
    ]);
  });

  it('groups into the expected messages through normalizeItems + groupMessages', () => {
    const messages = groupMessages(normalizeItems(fromAnthropicMessages(conversation).items));
    expect(messages.map((m) => `${m.role}:${m.items.map((item) => item.kind).join('+')}`)).to.deep.equal([
      'user:image+text',
      'assistant:thinking+thinking+text+tool_call+tool_call',
      'tool:tool_result+tool_result',
      'user:text',
      'assistant:text',
    ]);
    expect(messages.map((m) => m.stop?.kind ?? null)).to.deep.equal([null, null, null, null, 'length']);
    expect(messages[2].items[1].content.is_error).to.equal(true);
  });
});

describe('fromAnthropicMessages: server tools, MCP tools and container uploads', () => {
  const search = { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'Paris population' } };
  const hits = {
    type: 'web_search_tool_result',
    tool_use_id: 'srvtoolu_1',
    content: [
      { type: 'web_search_result', title: 'Paris - Wikipedia', url: 'https://en.wikipedia.org/wiki/Paris', encrypted_content: 'EqgfCioIARgB', page_age: null },
      { type: 'web_search_result', title: 'INSEE', url: 'https://www.insee.fr/', encrypted_content: 'EqgfCioIARgC', page_age: '2 days ago' },
    ],
  };

  it('cuts the response where a server result falls: call → result → answer, stop and usage on the last part', () => {
    const { items, problems } = fromAnthropicMessages([{
      id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-6',
      content: [{ type: 'text', text: 'Let me look.' }, search, hits, { type: 'text', text: 'About 2.1 million.' }],
      stop_reason: 'max_tokens', usage: { input_tokens: 9, output_tokens: 4 },
    }]);
    expect(problems).to.deep.equal([]);
    expect(items.map((item) => `${item.message_id} ${item.message_type}/${item.type}`)).to.deep.equal([
      'msg_1 assistant/text', 'msg_1 assistant/tool_call',
      'msg_1:results tool/tool_result',
      'msg_1:step-1 assistant/text',
    ]);
    expectWellFormed(items);
    expect(items[1].content).to.deep.equal({ call_id: 'srvtoolu_1', name: 'web_search', arguments: { query: 'Paris population' }, display_text: null });
    expect(items[2].content).to.deep.equal({
      tool_call_id: 'srvtoolu_1', name: 'web_search', is_error: false, is_interrupt: false,
      content: 'Paris - Wikipedia\nhttps://en.wikipedia.org/wiki/Paris\n\nINSEE\nhttps://www.insee.fr/',
      structured_content: hits.content,
    });
    expect(items.map((item) => item.content.stop_reason ?? null)).to.deep.equal([null, null, null, 'length']);
    expect(items.map((item) => item.metadata)).to.deep.equal([
      { model: 'claude-sonnet-4-6' }, { model: 'claude-sonnet-4-6' }, undefined,
      { model: 'claude-sonnet-4-6', usage: { input_tokens: 9, output_tokens: 4 } },
    ]);
  });

  it('puts a stop that came right after a server result after the result, on an empty part', () => {
    const { items } = fromAnthropicMessages([{ id: 'm', role: 'assistant', content: [search, hits], stop_reason: 'max_tokens' }]);
    expect(items.map((item) => [item.message_id, item.type, item.content.stop_reason ?? null])).to.deep.equal([
      ['m', 'tool_call', null], ['m:results', 'tool_result', null], ['m:step-1', 'text', 'length'],
    ]);
    expectWellFormed(items);
  });

  it('reads every server result as text a person reads, errors as errors, written files as references', () => {
    const resultOf = (block: Record<string, unknown>) => {
      const { items, problems } = fromAnthropicMessages([{ role: 'assistant', content: [block] }]);
      expect(problems, String(block.type)).to.deep.equal([]);
      expectWellFormed(items);
      return items.map((item) => (item.type === 'tool_result' ? [item.content.name, item.content.content, item.content.is_error] : [item.type, item.content]));
    };
    const result = (type: string, content: unknown) => ({ type, tool_use_id: 'srvtoolu_9', content });
    expect(resultOf(result('web_search_tool_result', { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' })))
      .to.deep.equal([['web_search', 'max_uses_exceeded', true]]);
    expect(resultOf(result('code_execution_tool_result', { type: 'code_execution_result', stdout: '42\n', stderr: '', return_code: 0, content: [] })))
      .to.deep.equal([['code_execution', '42\n', false]]);
    expect(resultOf(result('bash_code_execution_tool_result', {
      type: 'bash_code_execution_result', stdout: 'wrote plot.png', stderr: 'warning: slow', return_code: 2,
      content: [{ type: 'bash_code_execution_output', file_id: 'file_011' }],
    }))).to.deep.equal([
      ['bash_code_execution', 'wrote plot.png\n\nstderr:\nwarning: slow\n\nexit code 2', false],
      ['file_reference', { name: 'file_011', file_id: 'file_011' }],
    ]);
    expect(resultOf(result('code_execution_tool_result', { type: 'encrypted_code_execution_result', encrypted_stdout: 'EqQB', stderr: '', return_code: 0, content: [] })))
      .to.deep.equal([['code_execution', '', false]]);
    expect(resultOf(result('text_editor_code_execution_tool_result', { type: 'text_editor_code_execution_view_result', content: 'line 1\nline 2', file_type: 'text', num_lines: 2, start_line: 1, total_lines: 2 })))
      .to.deep.equal([['text_editor_code_execution', 'line 1\nline 2', false]]);
    expect(resultOf(result('text_editor_code_execution_tool_result', { type: 'text_editor_code_execution_create_result', is_file_update: false })))
      .to.deep.equal([['text_editor_code_execution', 'File created.', false]]);
    expect(resultOf(result('text_editor_code_execution_tool_result', { type: 'text_editor_code_execution_str_replace_result', lines: ['-a', '+b'], new_lines: 1, new_start: 3, old_lines: 1, old_start: 3 })))
      .to.deep.equal([['text_editor_code_execution', '-a\n+b', false]]);
    expect(resultOf(result('text_editor_code_execution_tool_result', { type: 'text_editor_code_execution_tool_result_error', error_code: 'file_not_found', error_message: 'No such file: /tmp/x' })))
      .to.deep.equal([['text_editor_code_execution', 'file_not_found: No such file: /tmp/x', true]]);
    expect(resultOf(result('tool_search_tool_result', { type: 'tool_search_tool_search_result', tool_references: [{ type: 'tool_reference', tool_name: 'get_weather' }, { type: 'tool_reference', tool_name: 'get_time' }] })))
      .to.deep.equal([['tool_search', 'Tool available: get_weather\n\nTool available: get_time', false]]);
    expect(resultOf(result('web_fetch_tool_result', {
      type: 'web_fetch_result', url: 'https://example.com/a', retrieved_at: '2026-01-01T00:00:00Z',
      content: { type: 'document', title: 'Example', citations: null, source: { type: 'text', media_type: 'text/plain', data: 'Hello page.' } },
    }))).to.deep.equal([['web_fetch', 'Example\n\nhttps://example.com/a\n\nHello page.', false]]);
    expect(resultOf(result('web_fetch_tool_result', {
      type: 'web_fetch_result', url: 'https://example.com/a.pdf', retrieved_at: null,
      content: { type: 'document', title: null, citations: null, source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0x' } },
    }))).to.deep.equal([['web_fetch', 'https://example.com/a.pdf', false], ['file_reference', { name: 'file', mime_type: 'application/pdf' }]]);
    expect(resultOf(result('web_fetch_tool_result', { type: 'web_fetch_tool_result_error', error_code: 'url_not_accessible' })))
      .to.deep.equal([['web_fetch', 'url_not_accessible', true]]);
    // A server tool this adapter has never seen still shows what it returned.
    expect(resultOf(result('advisor_tool_result', { type: 'advisor_result', text: 'Check the units.', stop_reason: null })))
      .to.deep.equal([['advisor', 'Check the units.', false]]);
    expect(resultOf(result('future_tool_result', { type: 'future_result', score: 3 }))).to.deep.equal([['future', '{\n  "type": "future_result",\n  "score": 3\n}', false]]);
  });

  it('reads MCP calls with their server and their results, and a container upload as a file reference', () => {
    const { items, problems } = fromAnthropicMessages([
      { role: 'user', content: [{ type: 'container_upload', file_id: 'file_0aa' }, { type: 'text', text: 'Summarize the CSV.' }] },
      {
        id: 'msg_m', role: 'assistant', stop_reason: 'end_turn',
        content: [
          { type: 'mcp_tool_use', id: 'mcptoolu_1', name: 'read_issue', server_name: 'github', input: { number: 7 } },
          { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_1', is_error: false, content: [{ type: 'text', text: 'Issue 7: crash on start' }] },
          { type: 'mcp_tool_use', id: 'mcptoolu_2', name: 'read_issue', server_name: 'github', input: { number: 8 } },
          { type: 'mcp_tool_result', tool_use_id: 'mcptoolu_2', is_error: true, content: 'Not found' },
          { type: 'text', text: 'Issue 7 is a crash; 8 does not exist.' },
        ],
      },
    ]);
    expect(problems).to.deep.equal([]);
    expectWellFormed(items);
    expect(items.map((item) => `${item.message_id} ${item.type}`)).to.deep.equal([
      'message-0 file_reference', 'message-0 text',
      'msg_m tool_call', 'msg_m:results tool_result',
      'msg_m:step-1 tool_call', 'msg_m:step-1:results tool_result',
      'msg_m:step-2 text',
    ]);
    expect(items[0].content).to.deep.equal({ name: 'file_0aa', file_id: 'file_0aa' });
    expect(items[2].metadata).to.deep.equal({ server_name: 'github' });
    expect(items[2].content.display_text, 'the header names the tool and its server').to.equal('Read issue (github)');
    expect(items[3].content).to.deep.include({ name: 'read_issue', content: 'Issue 7: crash on start', is_error: false });
    expect(items[5].content).to.deep.include({ tool_call_id: 'mcptoolu_2', content: 'Not found', is_error: true });
  });

  it('shows a compaction as a notice with its summary, and keeps a block type it has no view for (mcp_tool_listing) as a generic item, saying so', () => {
    const compaction = { type: 'compaction', content: 'Earlier: the user asked about Paris.', encrypted_content: null };
    const { items, problems } = fromAnthropicMessages([{ role: 'assistant', content: [compaction, { type: 'mcp_tool_listing', mcp_server_name: 'github', tools: [] }] }]);
    expect(items.map((item) => [item.type, item.content])).to.deep.equal([
      ['notification', { text: 'Earlier messages were summarized to fit the context.', details: 'Earlier: the user asked about Paris.' }],
      ['mcp_tool_listing', { part_type: 'mcp_tool_listing', part: { type: 'mcp_tool_listing', mcp_server_name: 'github', tools: [] } }],
    ]);
    expect(problems.map((problem) => problem.message)).to.deep.equal([
      'Message 0, block 1: block type "mcp_tool_listing" has no view; it is kept as a generic item.',
    ]);
  });
});

/** A client of the real SDK whose requests are answered with `body`, as the API would send it. */
function clientAnswering(body: string, contentType: string): Anthropic {
  const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': contentType, 'request-id': 'req_test' } });
  return new Anthropic({ apiKey: 'test', baseURL: 'http://mock.invalid', dangerouslyAllowBrowser: true, fetch, maxRetries: 0 });
}

/** Server-sent events in the API's wire format: `event:` then `data:` per event. */
function sse(events: ReadonlyArray<Record<string, unknown>>): string {
  return events.map((event) => `event: ${String(event.type)}\ndata: ${JSON.stringify(event)}\n\n`).join('');
}

const REQUEST = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user' as const, content: 'How many people live in Paris?' }] };

function messageStart(id: string): Record<string, unknown> {
  return {
    type: 'message_start',
    message: {
      id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', content: [], container: null,
      stop_reason: null, stop_sequence: null, stop_details: null, usage: { input_tokens: 50, output_tokens: 1 },
    },
  };
}

/** One content block as the stream sends it: its start, its deltas, its stop. */
function block(index: number, start: Record<string, unknown>, deltas: ReadonlyArray<Record<string, unknown>> = []): Array<Record<string, unknown>> {
  return [
    { type: 'content_block_start', index, content_block: start },
    ...deltas.map((delta) => ({ type: 'content_block_delta', index, delta })),
    { type: 'content_block_stop', index },
  ];
}

function messageEnd(stop_reason: string, stop_details: unknown = null): Array<Record<string, unknown>> {
  return [
    { type: 'message_delta', delta: { stop_reason, stop_sequence: null, stop_details }, usage: { output_tokens: 80 } },
    { type: 'message_stop' },
  ];
}

const searchHit = { type: 'web_search_result', title: 'Paris - Wikipedia', url: 'https://en.wikipedia.org/wiki/Paris', encrypted_content: 'EqgfCioIARgB', page_age: null };
const searchCitation = { type: 'web_search_result_location', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris - Wikipedia', cited_text: 'Paris has 2,102,650 inhabitants.', encrypted_index: 'Eo8BCioIAhgB' };

describe('fromAnthropicMessages on what @anthropic-ai/sdk returns', () => {
  it('converts a create() response: web search, its results, and the cited answer', async () => {
    const response = {
      id: 'msg_01', type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', container: null,
      content: [
        { type: 'server_tool_use', id: 'srvtoolu_01', name: 'web_search', input: { query: 'Paris population' }, caller: { type: 'direct' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_01', content: [searchHit], caller: { type: 'direct' } },
        { type: 'text', text: 'About ', citations: null },
        { type: 'text', text: '2.1 million people', citations: [searchCitation] },
        { type: 'text', text: ' live in Paris.', citations: null },
      ],
      stop_reason: 'end_turn', stop_sequence: null, stop_details: null,
      usage: { input_tokens: 2048, output_tokens: 90, server_tool_use: { web_search_requests: 1 } },
    };
    const message = await clientAnswering(JSON.stringify(response), 'application/json').messages.create(REQUEST);
    const { items, problems } = fromAnthropicMessages([REQUEST.messages[0], message]);
    expect(problems).to.deep.equal([]);
    expectWellFormed(items);
    expect(items.map((item) => `${item.message_id} ${item.message_type}/${item.type}`)).to.deep.equal([
      'message-0 user/text', 'msg_01 assistant/tool_call', 'msg_01:results tool/tool_result', 'msg_01:step-1 assistant/text',
    ]);
    expect(items[2].content.content).to.equal('Paris - Wikipedia\nhttps://en.wikipedia.org/wiki/Paris');
    expect(items[3].content).to.deep.equal({
      text: 'About 2.1 million people live in Paris.',
      citations: [{ cited_text: 'Paris has 2,102,650 inhabitants.', start_index: 6, end_index: 24, source: { type: 'web', title: 'Paris - Wikipedia', url: 'https://en.wikipedia.org/wiki/Paris' } }],
    });
    expect(items[3].metadata).to.deep.equal({ model: 'claude-sonnet-4-6', usage: response.usage });
  });

  it('converts the finalMessage() of a stream: thinking, streamed tool input, a search, citations, max_tokens', async () => {
    const body = sse([
      messageStart('msg_s1'),
      ...block(0, { type: 'thinking', thinking: '', signature: '' }, [
        { type: 'thinking_delta', thinking: 'The user wants ' }, { type: 'thinking_delta', thinking: 'a number.' }, { type: 'signature_delta', signature: 'EqQB' },
      ]),
      ...block(1, { type: 'text', text: '' }, [{ type: 'text_delta', text: 'Let me ' }, { type: 'text_delta', text: 'look.' }]),
      ...block(2, { type: 'server_tool_use', id: 'srvtoolu_s1', name: 'web_search', input: {} }, [
        { type: 'input_json_delta', partial_json: '{"query": "Paris' }, { type: 'input_json_delta', partial_json: ' population"}' },
      ]),
      ...block(3, { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_s1', content: [searchHit] }),
      ...block(4, { type: 'text', text: '', citations: [] }, [{ type: 'citations_delta', citation: searchCitation }, { type: 'text_delta', text: '2.1 million' }]),
      ...block(5, { type: 'text', text: '' }, [{ type: 'text_delta', text: ' people live in' }]),
      ...messageEnd('max_tokens'),
    ]);
    const message = await clientAnswering(body, 'text/event-stream').messages.stream(REQUEST).finalMessage();
    const { items, problems } = fromAnthropicMessages([message]);
    expect(problems).to.deep.equal([]);
    expectWellFormed(items);
    expect(items.map((item) => [item.message_id, item.type, item.content])).to.deep.equal([
      ['msg_s1', 'thinking', { text: 'The user wants a number.' }],
      ['msg_s1', 'text', { text: 'Let me look.' }],
      ['msg_s1', 'tool_call', { call_id: 'srvtoolu_s1', name: 'web_search', arguments: { query: 'Paris population' }, display_text: null }],
      ['msg_s1:results', 'tool_result', { tool_call_id: 'srvtoolu_s1', name: 'web_search', content: 'Paris - Wikipedia\nhttps://en.wikipedia.org/wiki/Paris', is_error: false, is_interrupt: false, structured_content: [searchHit] }],
      ['msg_s1:step-1', 'text', {
        text: '2.1 million people live in',
        citations: [{ cited_text: 'Paris has 2,102,650 inhabitants.', start_index: 0, end_index: 11, source: { type: 'web', title: 'Paris - Wikipedia', url: 'https://en.wikipedia.org/wiki/Paris' } }],
        stop_reason: 'length',
      }],
    ]);
    expect(items[4].metadata).to.deep.include({ usage: { input_tokens: 50, output_tokens: 80 } });
  });

  it('a streamed pause_turn after a server result: no stop mark anywhere, the turn marked paused', async () => {
    const body = sse([
      messageStart('msg_p'),
      ...block(0, { type: 'server_tool_use', id: 'srvtoolu_p', name: 'web_search', input: {} }, [{ type: 'input_json_delta', partial_json: '{"query":"Paris"}' }]),
      ...block(1, { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_p', content: [searchHit] }),
      ...messageEnd('pause_turn'),
    ]);
    const message = await clientAnswering(body, 'text/event-stream').messages.stream(REQUEST).finalMessage();
    const { items } = fromAnthropicMessages([message]);
    expectWellFormed(items);
    expect(items.map((item) => [item.message_id, item.type, 'stop_reason' in item.content, item.metadata?.paused ?? false])).to.deep.equal([
      ['msg_p', 'tool_call', false, true],
      ['msg_p:results', 'tool_result', false, false],
    ]);
  });

  it('a streamed refusal: content_filtered, with the stop_details the API sent', async () => {
    const details = { type: 'refusal', category: 'cyber', explanation: 'The request asks for working malware.' };
    const body = sse([
      messageStart('msg_r'),
      ...block(0, { type: 'text', text: '' }, [{ type: 'text_delta', text: 'I can’t help with that.' }]),
      ...messageEnd('refusal', details),
    ]);
    const message = await clientAnswering(body, 'text/event-stream').messages.stream(REQUEST).finalMessage();
    const { items } = fromAnthropicMessages([message]);
    expect(items.map((item) => item.content)).to.deep.equal([{ text: 'I can’t help with that.', stop_reason: 'content_filtered', stop_details: details }]);
    const messages = groupMessages(normalizeItems(items));
    // Stored as content_filtered; its refusal details make it read as the model declining.
    expect(messages[0].stop).to.deep.include({ kind: 'refusal' });
    expect(messages[0].stop?.details).to.deep.include({ category: 'cyber', explanation: details.explanation });
  });
});
