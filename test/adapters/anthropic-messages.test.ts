import { expect } from '@open-wc/testing';
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

  it('treats end_turn and stop_sequence as finished and keeps unknown reasons such as pause_turn', () => {
    const stopOf = (stop_reason: string) => fromAnthropicMessages([{ role: 'assistant', content: 'Hi', stop_reason }]).items[0].content;
    expect(stopOf('end_turn')).not.to.have.property('stop_reason');
    expect(stopOf('stop_sequence')).not.to.have.property('stop_reason');
    expect(stopOf('pause_turn').stop_reason).to.equal('pause_turn');
  });

  it('marks a message that stopped before saying anything', () => {
    const { items } = fromAnthropicMessages([{ role: 'assistant', content: [], stop_reason: 'max_tokens' }]);
    expect(items.map((item) => item.content)).to.deep.equal([{ text: '', stop_reason: 'length' }]);
  });

  it('joins cited text pieces with their citations and leaves provider blocks out', () => {
    const { items, problems } = fromAnthropicMessages([{
      role: 'assistant',
      content: [
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'capital of France' } },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
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
    expect(items.map((item) => [item.type, item.content.arguments])).to.deep.equal([['tool_call', '{bad']]);
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
