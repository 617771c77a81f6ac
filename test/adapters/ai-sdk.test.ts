import { expect } from '@open-wc/testing';
import { readUIMessageStream, stepCountIs, streamText, type UIMessage, type UIMessageStreamOnEndCallback } from 'ai';
import { finish, getWeather, mockModel, textChunks, weatherCallStep } from '../agent-libs/ai-sdk.js';
import { fromAISDKMessages } from '../../src/adapters/index.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { expectWellFormed } from './invariants.js';

/** UIMessages as `useChat` keeps them. */
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
    // The part without a type stays, as a generic item.
    expect(items.map((item) => item.type)).to.deep.equal(['text', 'tool_call', 'unsupported_part']);
    expect(items[2].content).to.deep.equal({ part_type: '', part: { kind: 'weird' } });
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

describe('fromAISDKMessages, called again on every chunk', () => {
  it('gives an unchanged message object the same item objects, and only a changed one new ones', () => {
    const question = { id: 'q', role: 'user', parts: [{ type: 'text', text: 'Why?' }] };
    const answer = (text: string) => ({ id: 'a', role: 'assistant', parts: [{ type: 'text', text, state: 'streaming' }] });
    const first = fromAISDKMessages([...conversation, question, answer('Because')]).items;
    const second = fromAISDKMessages([...conversation, question, answer('Because it')]).items;
    expect(second.slice(0, -1).every((item, at) => item === first[at]), 'earlier messages: the same objects').to.equal(true);
    expect(second.at(-1)).not.to.equal(first.at(-1));
    expect(second.at(-1)!.content.text).to.equal('Because it');
    // The same object in another place, or as the last message of a turn that ended another way, converts anew.
    const moved = fromAISDKMessages([question, ...conversation]).items;
    expect(moved[0]).not.to.equal(second.find((item) => item.message_id === 'q'));
    const ended = fromAISDKMessages([...conversation, question], { isAbort: true }).items;
    expect(ended.at(-1)!.content.stop_reason).to.equal('cancelled');
    expect(fromAISDKMessages([...conversation, question]).items.at(-1)!.content).not.to.have.property('stop_reason');
  });

  it('converts the whole list anew when anything but the last message changed, moved or went', () => {
    const messages = [0, 1, 2, 3].map((n) => ({ id: `m${n}`, role: n % 2 ? 'assistant' : 'user', parts: [{ type: 'text', text: `Text ${n}` }] }));
    const texts = (list: unknown[]) => fromAISDKMessages(list).items.map((item) => item.content.text);
    expect(texts(messages)).to.deep.equal(['Text 0', 'Text 1', 'Text 2', 'Text 3']);
    const edited = { ...messages[1], parts: [{ type: 'text', text: 'Edited' }] };
    expect(texts([messages[0], edited, messages[2], messages[3]])).to.deep.equal(['Text 0', 'Edited', 'Text 2', 'Text 3']);
    expect(texts([messages[0], messages[2], messages[3]])).to.deep.equal(['Text 0', 'Text 2', 'Text 3']);
    expect(texts(messages.slice(0, 2))).to.deep.equal(['Text 0', 'Text 1']);
    expect(texts([...messages, messages[0]]).at(-1)).to.equal('Text 0');
    expect(fromAISDKMessages([...messages, messages[0]]).items.at(-1)!.message_id, 'a repeated message keeps its id apart').to.equal('m0#2');
  });

  it('marks text and reasoning still streaming, so the list shows them as it shows a draft', () => {
    const { items } = fromAISDKMessages([{
      id: 'a', role: 'assistant', parts: [
        { type: 'reasoning', text: 'Thinking it through', state: 'done' },
        { type: 'text', text: 'Because **it', state: 'streaming' },
      ],
    }]);
    expect(items.map((item) => item.status)).to.deep.equal([undefined, 'streaming']);
  });

  it('keeps two messages with one id apart, even when one was converted before', () => {
    const twin = { id: 'same', role: 'assistant', parts: [{ type: 'text', text: 'One' }] };
    const other = { id: 'same', role: 'assistant', parts: [{ type: 'text', text: 'Two' }] };
    fromAISDKMessages([twin]);
    const { items } = fromAISDKMessages([twin, other]);
    expect(items.map((item) => [item.id, item.message_id])).to.deep.equal([['same:0', 'same'], ['same#2:0', 'same#2']]);
  });
});

describe('fromAISDKMessages: the part types of AI SDK 7', () => {
  it('keeps text citations, reasoning files, and a steering message as a user message between the steps', () => {
    const { items, problems } = fromAISDKMessages([{
      id: 'a', role: 'assistant',
      parts: [
        { type: 'step-start' },
        { type: 'reasoning-file', mediaType: 'image/png', url: 'data:image/png;base64,iVBORw0KGgo=' },
        { type: 'tool-search', toolCallId: 's1', state: 'output-available', input: { q: 'Paris' }, output: 'Paris, France' },
        { type: 'steering-message', id: 'steer-1', parts: [{ type: 'text', text: 'Only the city proper, please.' }] },
        { type: 'step-start' },
        {
          type: 'text', text: 'About 2.1 million people.', state: 'done',
          citations: [{ source: { type: 'source', sourceType: 'url', id: 'src-1', url: 'https://www.insee.fr/', title: 'INSEE' }, startIndex: 6, endIndex: 17, citedText: '2,102,650' }],
        },
      ],
    }]);
    expect(problems).to.deep.equal([]);
    expectWellFormed(items);
    expect(items.map((item) => [item.message_id, item.message_type, item.type])).to.deep.equal([
      ['a', 'assistant', 'image'], ['a', 'assistant', 'tool_call'],
      ['a:results', 'tool', 'tool_result'],
      ['steer-1', 'user', 'text'],
      ['a:step-1', 'assistant', 'text'],
    ]);
    expect(items[0].content).to.deep.equal({ data: 'iVBORw0KGgo=', mime_type: 'image/png' });
    expect(items[3].content).to.deep.equal({ text: 'Only the city proper, please.' });
    expect(items[4].content).to.deep.equal({
      text: 'About 2.1 million people.',
      citations: [{ cited_text: '2,102,650', start_index: 6, end_index: 17, source: { type: 'web', title: 'INSEE', url: 'https://www.insee.fr/' } }],
    });
  });

  it('keeps a custom part and a part type it does not know as generic items, and reports them', () => {
    const custom = { type: 'custom', kind: 'openai.compaction', providerMetadata: { openai: { encrypted: 'gAAA' } } };
    const { items, problems } = fromAISDKMessages([{ id: 'a', role: 'assistant', parts: [custom, { type: 'text', text: 'Hi' }, { type: 'hologram', beam: 3 }] }]);
    expect(items.map((item) => [item.type, item.content])).to.deep.equal([
      ['custom', { part_type: 'custom', part: custom }],
      ['text', { text: 'Hi' }],
      ['hologram', { part_type: 'hologram', part: { type: 'hologram', beam: 3 } }],
    ]);
    expect(problems.map((problem) => problem.message)).to.deep.equal([
      'Message 0, part 0: part type "custom" has no view; it is kept as a generic item.',
      'Message 0, part 2: part type "hologram" has no view; it is kept as a generic item.',
    ]);
  });
});

describe('fromAISDKMessages: how the turn ended, from what the library reports', () => {
  const turn = [
    { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
    { id: 'a', role: 'assistant', parts: [{ type: 'step-start' }, { type: 'text', text: 'Hello, I' }] },
  ];
  const marks = (end: Parameters<typeof fromAISDKMessages>[1], messages: unknown[] = turn) => {
    const { items } = fromAISDKMessages(messages, end);
    expectWellFormed(items);
    return items.map((item) => `${item.message_id}:${String(item.content.stop_reason ?? '-')}`);
  };

  it('marks the last assistant message from useChat onFinish, the UI message stream onEnd, useChat status or a finish chunk', () => {
    // useChat / Chat onFinish
    expect(marks({ isAbort: false, isError: false, finishReason: 'stop' })).to.deep.equal(['u:-', 'a:-']);
    expect(marks({ isAbort: true, isError: false })).to.deep.equal(['u:-', 'a:cancelled']);
    expect(marks({ isAbort: false, isError: true })).to.deep.equal(['u:-', 'a:stream_error']);
    expect(marks({ isAbort: false, isError: false, finishReason: 'length' })).to.deep.equal(['u:-', 'a:length']);
    expect(marks({ isAbort: false, isError: false, finishReason: 'content-filter' })).to.deep.equal(['u:-', 'a:content_filtered']);
    expect(marks({ finishReason: 'interrupted' })).to.deep.equal(['u:-', 'a:stream_error']);
    // toUIMessageStream / createUIMessageStream onEnd
    expect(marks({ isAborted: true, outcome: { status: 'aborted' } })).to.deep.equal(['u:-', 'a:cancelled']);
    expect(marks({ isAborted: true })).to.deep.equal(['u:-', 'a:cancelled']);
    expect(marks({ outcome: { status: 'aborted' } })).to.deep.equal(['u:-', 'a:cancelled']);
    expect(marks({ isAborted: false, outcome: { status: 'failed' } })).to.deep.equal(['u:-', 'a:stream_error']);
    expect(marks({ isAborted: false, outcome: { status: 'completed' }, finishReason: 'tool-calls' })).to.deep.equal(['u:-', 'a:-']);
    // useChat status: only an error shows; streaming and ready say nothing of a stop
    expect(marks({ status: 'error' })).to.deep.equal(['u:-', 'a:stream_error']);
    expect(marks({ status: 'streaming' })).to.deep.equal(['u:-', 'a:-']);
    expect(marks({ status: 'ready' })).to.deep.equal(['u:-', 'a:-']);
  });

  it("explains a failed turn with useChat's error, an Error or its message; without one the mark says no more", () => {
    const detailsOf = (end: Parameters<typeof fromAISDKMessages>[1], messages: unknown[] = turn) => fromAISDKMessages(messages, end).items.at(-1)!.content.stop_details;
    const overloaded = { type: 'error', explanation: 'Overloaded' };
    expect(detailsOf({ status: 'error', error: new Error('Overloaded') })).to.deep.equal(overloaded);
    expect(detailsOf({ isError: true, error: 'Overloaded' })).to.deep.equal(overloaded);
    expect(detailsOf({ status: 'error', error: new Error('Overloaded') }, [turn[0]]), 'the empty reply carries it too').to.deep.equal(overloaded);
    expect(detailsOf({ status: 'error' })).to.equal(undefined);
    expect(detailsOf({ status: 'error', error: new Error('') })).to.equal(undefined);
    // An error left over from an earlier turn says nothing about one that finished.
    expect(detailsOf({ finishReason: 'stop', error: new Error('Overloaded') })).to.equal(undefined);
  });

  it('lets the reported end win over metadata.finishReason, which still marks messages without one', () => {
    const withMetadata = [
      { id: 'a0', role: 'assistant', metadata: { finishReason: 'length' }, parts: [{ type: 'text', text: 'Cut' }] },
      { id: 'a1', role: 'assistant', metadata: { finishReason: 'length' }, parts: [{ type: 'text', text: 'Hello' }] },
    ];
    expect(marks({}, withMetadata)).to.deep.equal(['a0:length', 'a1:length']);
    expect(marks({ finishReason: 'stop' }, withMetadata)).to.deep.equal(['a0:length', 'a1:-']);
    expect(marks({ isAbort: true }, withMetadata)).to.deep.equal(['a0:length', 'a1:cancelled']);
  });

  it('shows a turn that ended before the assistant said anything: an empty reply carrying the mark', () => {
    expect(marks({ status: 'error' }, [turn[0]])).to.deep.equal(['u:-', 'u:reply:stream_error']);
    expect(marks({ isAbort: true }, [...turn, { id: 'a2', role: 'assistant', parts: [{ type: 'step-start' }] }])).to.deep.equal(['u:-', 'a:-', 'a2:cancelled']);
    expect(marks({ finishReason: 'stop' }, [turn[0]])).to.deep.equal(['u:-']);
    expect(fromAISDKMessages([], { isAbort: true }).items).to.deep.equal([]);
  });

  it('puts a stop that came after a step\'s results after them', () => {
    const { items } = fromAISDKMessages([{
      id: 'a', role: 'assistant',
      parts: [{ type: 'tool-search', toolCallId: 's1', state: 'output-available', input: {}, output: 'found' }],
    }], { isAbort: true });
    expect(items.map((item) => [item.message_id, item.type, item.content.stop_reason ?? null])).to.deep.equal([
      ['a', 'tool_call', null], ['a:results', 'tool_result', null], ['a:step-1', 'text', 'cancelled'],
    ]);
  });

  it('reads the end through guards: hostile values neither throw nor mark', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('no'); } });
    expect(marks(hostile as never)).to.deep.equal(['u:-', 'a:-']);
  });
});

type StreamEnd = Parameters<UIMessageStreamOnEndCallback<UIMessage>>[0];

const question = { id: 'u1', role: 'user' as const, parts: [{ type: 'text' as const, text: 'Weather in Paris?' }] };

/**
 * What a host has once `streamText` is done: the last UIMessage `readUIMessageStream` built from
 * `toUIMessageStream()`, and the stream's own `onEnd` event. `onSnapshot` sees every state.
 */
async function runToUIMessages(result: Pick<ReturnType<typeof streamText>, 'toUIMessageStream'>, onSnapshot: (message: UIMessage) => void = () => {}) {
  let resolveEnd!: (event: StreamEnd) => void;
  const ended = new Promise<StreamEnd>((resolve) => { resolveEnd = resolve; });
  const stream = result.toUIMessageStream<UIMessage>({
    originalMessages: [question],
    generateMessageId: () => 'a1',
    // The documented way to keep the turn's usage on the message.
    messageMetadata: ({ part }) => (part.type === 'finish' ? { totalUsage: part.totalUsage } : undefined),
    onEnd: resolveEnd,
  });
  let message: UIMessage | undefined;
  for await (const snapshot of readUIMessageStream<UIMessage>({ stream })) {
    message = snapshot;
    onSnapshot(snapshot);
  }
  return { message: message!, end: await ended };
}

describe('fromAISDKMessages on what the ai library (7) builds from streamText', () => {
  it('reasoning, text, a tool call with streamed input, its result, more text, and a finish at length', async () => {
    const model = mockModel([
      weatherCallStep('Checking ', 'the weather.'),
      [...textChunks('t2', 'Paris is 18 °C ', 'and'), finish('length', 'max_tokens')],
    ]);
    const result = streamText({ model, prompt: 'Weather in Paris?', tools: { getWeather }, stopWhen: stepCountIs(3) });
    const { message, end } = await runToUIMessages(result);
    expect(end).to.deep.include({ isAborted: false, finishReason: 'length' });

    const { items, problems } = fromAISDKMessages([question, message], end);
    expect(problems).to.deep.equal([]);
    expectWellFormed(items);
    expect(items.map((item) => [item.message_id, item.type, item.content, item.status])).to.deep.equal([
      ['u1', 'text', { text: 'Weather in Paris?' }, undefined],
      ['a1', 'thinking', { text: 'Need the forecast.' }, undefined],
      ['a1', 'text', { text: 'Checking the weather.' }, undefined],
      ['a1', 'tool_call', { call_id: 'call_1', name: 'getWeather', arguments: { city: 'Paris' }, display_text: null }, 'completed'],
      ['a1:results', 'tool_result', { tool_call_id: 'call_1', name: 'getWeather', content: '{\n  "city": "Paris",\n  "tempC": 18\n}', is_error: false, is_interrupt: false }, undefined],
      ['a1:step-1', 'text', { text: 'Paris is 18 °C and', stop_reason: 'length' }, undefined],
    ]);
    // The turn's usage (both calls), once, on the step that ends it.
    expect(items.slice(0, 5).map((item) => item.metadata ?? null)).to.deep.equal([null, null, null, null, null]);
    expect(items[5].metadata?.usage).to.deep.include({ inputTokens: 40, outputTokens: 16 });
  });

  it('a stream stopped through its AbortSignal: what arrived, marked cancelled', async () => {
    const controller = new AbortController();
    const model = mockModel([[...textChunks('t1', 'Partial ', 'answer', ' never sent'), finish('stop', 'end_turn')]], 150);
    const result = streamText({ model, prompt: 'Weather in Paris?', abortSignal: controller.signal });
    const { message, end } = await runToUIMessages(result, (snapshot) => {
      if (snapshot.parts.some((part) => part.type === 'text' && part.text === 'Partial answer')) controller.abort();
    });
    expect(end).to.deep.include({ isAborted: true, outcome: { status: 'aborted' } });

    const { items } = fromAISDKMessages([question, message], end);
    expectWellFormed(items);
    expect(items.map((item) => [item.message_id, item.content])).to.deep.equal([
      ['u1', { text: 'Weather in Paris?' }],
      ['a1', { text: 'Partial answer', stop_reason: 'cancelled' }],
    ]);
  });

  it('a model stream that fails part-way: finishReason error, marked stream_error', async () => {
    const model = mockModel([[...textChunks('t1', 'Half an '), { type: 'error', error: new Error('upstream reset') }]]);
    const result = streamText({ model, prompt: 'Weather in Paris?', onError: () => {} });
    const { message, end } = await runToUIMessages(result);
    expect(end.finishReason).to.equal('error');
    const { items } = fromAISDKMessages([question, message], end);
    expect(items.at(-1)?.content).to.deep.equal({ text: 'Half an ', stop_reason: 'stream_error' });
  });
});
