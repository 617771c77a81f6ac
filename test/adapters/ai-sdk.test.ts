import { expect } from '@open-wc/testing';
import { fromAISDKMessages } from '../../src/adapters/index.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { expectWellFormed } from './invariants.js';

/** UIMessages as `useChat` keeps them (AI SDK v5). */
const conversation = [
  {
    id: 'u1',
    role: 'user',
    parts: [
      { type: 'text', text: 'Compare the weather in these two cities.' },
      { type: 'file', mediaType: 'image/png', filename: 'map.png', url: 'data:image/png;base64,iVBORw0KGgo=' },
      { type: 'file', mediaType: 'application/pdf', filename: 'notes.pdf', url: 'https://example.com/notes.pdf' },
    ],
  },
  {
    id: 'a1',
    role: 'assistant',
    metadata: { finishReason: 'length' },
    parts: [
      { type: 'step-start' },
      { type: 'reasoning', text: 'Two lookups, then compare.', state: 'done' },
      { type: 'text', text: 'Looking both up.', state: 'done' },
      { type: 'tool-getWeather', toolCallId: 'call_1', state: 'output-available', input: { city: 'Paris' }, output: { tempC: 18 } },
      { type: 'tool-getWeather', toolCallId: 'call_2', state: 'output-error', input: { city: 'Atlantis' }, errorText: 'City not found' },
      { type: 'step-start' },
      { type: 'text', text: 'Paris is 18 °C; Atlantis could not', state: 'done' },
      { type: 'source-url', sourceId: 's1', url: 'https://weather.example/paris', title: 'Paris weather' },
    ],
  },
];

describe('fromAISDKMessages', () => {
  it('cuts an assistant message into steps, each followed by its results, keeping the extractor rules', () => {
    const { items, problems } = fromAISDKMessages(conversation);
    expect(problems).to.deep.equal([]);
    expect(items.map((item) => `${item.message_id} ${item.message_type}/${item.type}`)).to.deep.equal([
      'u1 user/text', 'u1 user/image', 'u1 user/file_reference',
      'a1 assistant/thinking', 'a1 assistant/text', 'a1 assistant/tool_call', 'a1 assistant/tool_call',
      'a1:results tool/tool_result', 'a1:results tool/tool_result',
      'a1:step-1 assistant/text',
    ]);
    expectWellFormed(items);
  });

  it('reads text, reasoning and file parts', () => {
    const { items } = fromAISDKMessages(conversation);
    expect(items[0].content).to.deep.equal({ text: 'Compare the weather in these two cities.' });
    expect(items[1].content).to.deep.equal({ data: 'iVBORw0KGgo=', mime_type: 'image/png' });
    expect(items[2].content).to.deep.equal({ name: 'notes.pdf', path: 'https://example.com/notes.pdf', mime_type: 'application/pdf' });
    expect(items[3].content).to.deep.equal({ text: 'Two lookups, then compare.' });
  });

  it('maps tool parts to calls with a row status and results in a tool message', () => {
    const { items } = fromAISDKMessages(conversation);
    expect(items[5]).to.deep.include({ status: 'completed' });
    expect(items[5].content).to.deep.equal({ call_id: 'call_1', name: 'getWeather', arguments: { city: 'Paris' }, display_text: null });
    expect(items[6]).to.deep.include({ status: 'failed', metadata: { error: 'City not found' } });
    expect(items[7].content).to.deep.equal({ tool_call_id: 'call_1', name: 'getWeather', content: '{\n  "tempC": 18\n}', is_error: false, is_interrupt: false });
    expect(items[8].content).to.deep.include({ tool_call_id: 'call_2', content: 'City not found', is_error: true });
  });

  it('maps every tool state to a status and dynamic-tool parts to their toolName', () => {
    const states = ['input-streaming', 'input-available', 'output-available', 'output-error'];
    const { items } = fromAISDKMessages([{
      id: 'a', role: 'assistant',
      parts: states.map((state, i) => ({ type: 'dynamic-tool', toolName: 'mcp_search', toolCallId: `c${i}`, state, input: { q: i }, output: 'ok', errorText: 'bad' })),
    }]);
    const calls = items.filter((item) => item.type === 'tool_call');
    expect(calls.map((item) => item.status)).to.deep.equal(['pending', 'executing', 'completed', 'failed']);
    expect(calls.every((item) => item.content.name === 'mcp_search')).to.equal(true);
    expect(items.filter((item) => item.type === 'tool_result').map((item) => item.content.tool_call_id)).to.deep.equal(['c2', 'c3']);
  });

  it('keeps source-url parts as citations on the answer', () => {
    const { items } = fromAISDKMessages(conversation);
    expect(items[9].content.citations).to.deep.equal([{ source: { type: 'web', title: 'Paris weather', url: 'https://weather.example/paris' } }]);
  });

  it('puts the finish reason from metadata on the last item of the last step', () => {
    const { items } = fromAISDKMessages(conversation);
    expect(items.map((item) => item.content.stop_reason ?? null)).to.deep.equal([null, null, null, null, null, null, null, null, null, 'length']);
    const stopOf = (finishReason: string) =>
      fromAISDKMessages([{ id: 'x', role: 'assistant', metadata: { finishReason }, parts: [{ type: 'text', text: 'Hi' }] }]).items[0].content.stop_reason;
    expect(stopOf('stop')).to.equal(undefined);
    expect(stopOf('tool-calls')).to.equal(undefined);
    expect(stopOf('content-filter')).to.equal('content_filtered');
    expect(stopOf('error')).to.equal('stream_error');
  });

  it('shows redacted reasoning as redacted and reads approval states as human decisions', () => {
    const { items } = fromAISDKMessages([{
      id: 'a', role: 'assistant',
      parts: [
        { type: 'reasoning', text: '', providerMetadata: { anthropic: { redactedData: 'EmwKAhgB' } } },
        { type: 'tool-deleteFile', toolCallId: 'd1', state: 'approval-requested', input: { path: '/tmp/x' }, approval: { id: 'ap1' } },
        { type: 'tool-deleteFile', toolCallId: 'd2', state: 'output-denied', input: { path: '/etc' }, approval: { id: 'ap2', approved: false, reason: 'No' } },
      ],
    }]);
    expect(items[0].content).to.deep.equal({ text: '_Reasoning redacted by the provider._', redacted: true });
    expect(items.slice(1).map((item) => [item.status, item.metadata?.hitl_decision])).to.deep.equal([
      ['interrupted', undefined],
      ['failed', 'rejected'],
    ]);
  });

  it('starts a new step when text follows a tool call without a step-start part', () => {
    const { items } = fromAISDKMessages([{
      id: 'a', role: 'assistant',
      parts: [
        { type: 'tool-search', toolCallId: 's1', state: 'output-available', input: {}, output: 'found' },
        { type: 'text', text: 'Found it.' },
      ],
    }]);
    expect(items.map((item) => `${item.message_id}/${item.type}`)).to.deep.equal(['a/tool_call', 'a:results/tool_result', 'a:step-1/text']);
  });

  it('reports broken input by index and never throws', () => {
    expect(fromAISDKMessages(undefined).problems).to.have.length(1);
    const { items, problems } = fromAISDKMessages([
      'hello',
      { id: 'n', role: 'user' },
      { id: 'b', role: 'assistant', parts: [{ type: 'text', text: 'ok' }, { type: 'tool-x', toolCallId: 'x', state: 'levitating', input: {} }, { kind: 'weird' }] },
    ]);
    expect(problems.map((problem) => problem.index)).to.deep.equal([0, 1, 2, 2]);
    expect(items.map((item) => item.type)).to.deep.equal(['text', 'tool_call']);
    expect(items[1]).not.to.have.property('status');
  });

  it('groups into the expected messages through normalizeItems + groupMessages', () => {
    const messages = groupMessages(normalizeItems(fromAISDKMessages(conversation).items));
    expect(messages.map((m) => `${m.role}:${m.items.map((item) => item.kind).join('+')}`)).to.deep.equal([
      'user:text+image+file_reference',
      'assistant:thinking+text+tool_call+tool_call',
      'tool:tool_result+tool_result',
      'assistant:text',
    ]);
    expect(messages.map((m) => m.stop?.reason ?? null)).to.deep.equal([null, null, null, 'length']);
    expect(messages[1].items.map((item) => item.status)).to.deep.equal([null, null, 'completed', 'failed']);
  });
});
