import { expect } from '@open-wc/testing';
import { AIMessage, AIMessageChunk, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';
import { fromLangChainMessages } from '../../src/adapters/index.js';
import { liveLangChain } from '../../src/live/index.js';
import { deepQueryAll, mountList, settle, shownMessages } from '../helpers.js';
import { expectWellFormed } from '../adapters/invariants.js';
import { expectAnyChunkingSame, expectSameAsSaved, watchedList, lastMark } from './live-helpers.js';
import { expectFailedCallShown } from '../adapters/failed-call.js';
import { abortAfter } from './mock-fetch.js';


const USAGE = { input_tokens: 40, output_tokens: 30, total_tokens: 70 };
const question = new HumanMessage({ id: 'q1', content: 'What is the weather in Paris?' });
const result = new ToolMessage({ id: 't1', content: '18 °C, sunny', tool_call_id: 'call_1' });
const metadata = { langgraph_node: 'agent', langgraph_step: 1, langgraph_checkpoint_ns: 'agent:1' };

/** A chat model that streams scripted replies through LangChain's own `stream()`, one chunk a tick apart; an error in a reply is thrown there. */
class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly replies: Array<Array<AIMessageChunk | Error>>, private readonly delay = 1) {
    super({});
  }

  override _llmType(): string {
    return 'scripted';
  }

  override async _generate(): Promise<ChatResult> {
    throw new Error('The scripted model only streams.');
  }

  override async *_streamResponseChunks(): AsyncGenerator<ChatGenerationChunk> {
    for (const message of this.replies.shift() ?? []) {
      await new Promise((resolve) => setTimeout(resolve, this.delay));
      if (message instanceof Error) throw message;
      yield new ChatGenerationChunk({ message, text: typeof message.content === 'string' ? message.content : '' });
    }
  }
}

/** The model's first reply: reasoning, text, a call whose arguments stream, the finish reason and usage last. */
const toolReply = () => [
  new AIMessageChunk({ id: 'msg_1', content: [{ type: 'reasoning', reasoning: 'They want the ', index: 0 }] }),
  new AIMessageChunk({ id: 'msg_1', content: [{ type: 'reasoning', reasoning: 'weather.', index: 0 }] }),
  new AIMessageChunk({ id: 'msg_1', content: [{ type: 'text', text: 'Let me **che', index: 1 }] }),
  new AIMessageChunk({ id: 'msg_1', content: [{ type: 'text', text: 'ck** the forecast.', index: 1 }] }),
  new AIMessageChunk({ id: 'msg_1', content: '', tool_call_chunks: [{ index: 0, id: 'call_1', name: 'get_weather', args: '{"city":' }] }),
  new AIMessageChunk({ id: 'msg_1', content: '', tool_call_chunks: [{ index: 0, args: '"Paris"}' }] }),
  new AIMessageChunk({
    id: 'msg_1', content: '', usage_metadata: USAGE,
    response_metadata: { finish_reason: 'tool_calls', model_name: 'scripted-1' },
  }),
];

/** A text reply cut a few characters at a time; `end` is its last chunk's response metadata (none: no finish reason). */
const textReply = (id: string | undefined, text: string, end?: Record<string, unknown>) => [
  ...text.match(/.{1,7}/gs)!.map((piece) => new AIMessageChunk({ id, content: piece })),
  ...(end ? [new AIMessageChunk({ id, content: '', usage_metadata: USAGE, response_metadata: { model_name: 'scripted-1', ...end } })] : []),
];

/** The chunks of a stream, as they pass, and the message they make merged (`concat`), as a host saves it. */
function recorded<T extends AIMessageChunk>(stream: AsyncIterable<T>) {
  const chunks: T[] = [];
  async function* passing() {
    for await (const chunk of stream) {
      chunks.push(chunk);
      yield chunk;
    }
  }
  return { stream: passing(), merged: () => chunks.reduce((message, chunk) => message.concat(chunk)) };
}

/** A chunk as LangGraph's API sends it: JSON, typed by its class name. */
const asJson = (chunk: AIMessageChunk) => ({
  type: 'AIMessageChunk', id: chunk.id, content: chunk.content, additional_kwargs: chunk.additional_kwargs, response_metadata: chunk.response_metadata,
  tool_call_chunks: chunk.tool_call_chunks, tool_calls: chunk.tool_calls, invalid_tool_calls: chunk.invalid_tool_calls, usage_metadata: chunk.usage_metadata,
});

describe('LangChain live', () => {
  it('model.stream() into the list: a tool turn ends as its merged messages render', async () => {
    const { list, target, drafts } = await watchedList();
    const live = liveLangChain(target);
    const model = new ScriptedChatModel([toolReply(), textReply('msg_2', 'It is **18 °C** in Paris.', { finish_reason: 'stop' })]);
    live.push(question);
    const first = recorded(await model.stream([question]));
    await live.consume(first.stream);
    await settle(list);
    expect(deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item')[0].status, 'the host runs the call').to.equal('executing');
    live.push(result);
    const second = recorded(await model.stream([question, first.merged(), result]));
    await live.consume(second.stream);
    expect(list.draft).to.equal(null);
    expect(live.problems).to.deep.equal([]);

    const streamingCall = drafts.map((draft) => draft.find((item) => item.type === 'tool_call')).find((item) => item !== undefined);
    expect(streamingCall?.status, 'a call whose arguments are streaming').to.equal('pending');
    expect(drafts.some((draft) => draft.some((item) => item.type === 'thinking' && item.content.text === 'They want the ')), 'the reasoning streamed').to.equal(true);
    expect(drafts.flat().every((item) => item.message_type === 'assistant'), 'only the assistant streams').to.equal(true);

    const saved = fromLangChainMessages([question, first.merged(), result, second.merged()]);
    expect(saved.problems).to.deep.equal([]);
    expectWellFormed(list.items as never);
    await expectSameAsSaved(list, saved.items);
    const messages = shownMessages(list);
    expect(messages.map((message) => [message.role, message.unfinished])).to.deep.equal([['user', false], ['assistant', false], ['assistant', false]]);
    expect(messages[1].text).to.contain('They want the weather.').and.to.contain('Let me check the forecast.').and.to.contain('Paris');
    expect(messages[2].text).to.contain('It is 18 °C in Paris.');
    list.remove();
  });

  it('a call whose arguments never parse (invalid_tool_calls) ends failed, with its arguments as sent and the error, as saved', async () => {
    const list = await mountList([]);
    const live = liveLangChain(list);
    const broken = '{"tz": Europe/Paris}';
    const reply = [
      new AIMessageChunk({ id: 'msg_i', content: 'Checking both.' }),
      new AIMessageChunk({ id: 'msg_i', content: '', tool_call_chunks: [{ index: 0, id: 'call_1', name: 'get_weather', args: '{"city": "Paris"}' }] }),
      new AIMessageChunk({ id: 'msg_i', content: '', tool_call_chunks: [{ index: 1, id: 'call_2', name: 'get_time', args: '{"tz": ' }] }),
      new AIMessageChunk({ id: 'msg_i', content: '', tool_call_chunks: [{ index: 1, args: 'Europe/Paris}' }] }),
      new AIMessageChunk({ id: 'msg_i', content: '', response_metadata: { finish_reason: 'tool_calls', model_name: 'scripted-1' } }),
    ];
    const model = new ScriptedChatModel([reply, textReply('msg_j', 'It is 18 °C in Paris.', { finish_reason: 'stop' })], 0);
    live.push(question);
    const first = recorded(await model.stream([question]));
    await live.consume(first.stream);
    expect((first.merged().invalid_tool_calls ?? []).map((call) => call.args), 'LangChain could not parse it').to.deep.equal([broken]);
    await settle(list);
    const statuses = () => deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item').map((call) => call.status);
    expect(statuses(), 'the valid call runs; the other never will').to.deep.equal(['executing', 'failed']);
    expectFailedCallShown(list, 'get_time', 'Malformed args.', broken);

    live.push(result);
    const second = recorded(await model.stream([question]));
    await live.consume(second.stream);
    await settle(list);
    expect(statuses()).to.deep.equal(['completed', 'failed']);
    expectFailedCallShown(list, 'get_time', 'Malformed args.', broken);
    const saved = fromLangChainMessages([question, first.merged(), result, second.merged()]);
    expect(saved.problems).to.deep.equal([]);
    await expectSameAsSaved(list, saved.items);
    list.remove();
  });

  it('a stream stopped through its AbortSignal, and one that ends with no finish reason, stop as cancelled; one that throws, as stream_error', async () => {
    const list = await mountList([]);
    const live = liveLangChain(list);
    const broken = [...textReply('msg_e', 'Checking the'), new Error('429 Too many requests.')];
    const model = new ScriptedChatModel([toolReply(), textReply('msg_n', 'It is sunny.'), broken], 20);
    const controller = new AbortController();
    live.push(question);
    await live.consume(abortAfter(await model.stream([question], { signal: controller.signal }), 3, controller), controller.signal);
    await settle(list);
    expect(lastMark(list).reason).to.equal('cancelled');
    expect(shownMessages(list).at(-1)!.text).to.contain('Let me');
    expect(list.draft).to.equal(null);

    live.push(new HumanMessage({ id: 'q2', content: 'And now?' }));
    await live.consume(await model.stream([question]));
    await settle(list);
    expect(lastMark(list).reason).to.equal('cancelled');
    expect(shownMessages(list).map((message) => [message.role, message.unfinished])).to.deep.equal([
      ['user', false], ['assistant', true], ['user', false], ['assistant', true],
    ]);

    live.push(new HumanMessage({ id: 'q3', content: 'Again?' }));
    await live.consume(await model.stream([question]));
    await settle(list);
    expect(lastMark(list).reason).to.equal('stream_error');
    expect(shownMessages(list).at(-1)!.text).to.contain('Checking the').and.to.contain('429 Too many requests.');
    list.remove();
  });

  it('a reply that ends with the provider\'s own finish key (Bedrock stopReason, Ollama done_reason) is finished, not cut off', async () => {
    const list = await mountList([]);
    const live = liveLangChain(list);
    const model = new ScriptedChatModel([textReply('msg_b', 'From Bedrock.', { stopReason: 'end_turn' }), textReply('msg_o', 'From Ollama.', { done_reason: 'stop' })], 0);
    for (const id of ['q_b', 'q_o']) {
      live.push(new HumanMessage({ id, content: 'Hello?' }));
      await live.consume(await model.stream([question]));
    }
    await settle(list);
    expect(shownMessages(list).map((message) => message.unfinished)).to.deep.equal([false, false, false, false]);
    list.remove();
  });

  it('a cut-off reply reads as length; an Anthropic refusal shows its details; replies without ids stay apart', async () => {
    const list = await mountList([]);
    const live = liveLangChain(list);
    const refusal = { type: 'refusal', category: 'cyber', explanation: 'This could enable malware.' };
    const model = new ScriptedChatModel([
      textReply(undefined, 'The history of Paris begins', { finish_reason: 'length' }),
      textReply(undefined, 'I can’t help with that.', { stop_reason: 'refusal', stop_details: refusal, model_provider: 'anthropic' }),
    ]);
    live.push(new HumanMessage({ id: 'q1', content: 'Tell me about Paris.' }));
    await live.consume(await model.stream('Tell me about Paris.'));
    await settle(list);
    expect(lastMark(list).reason).to.equal('length');
    live.push(new HumanMessage({ id: 'q2', content: 'Write malware.' }));
    await live.consume(await model.stream('Write malware.'));
    await settle(list);
    expect(lastMark(list).reason).to.equal('content_filtered');
    const messages = shownMessages(list);
    expect(messages.map((message) => [message.role, message.unfinished])).to.deep.equal([
      ['user', false], ['assistant', true], ['user', false], ['assistant', true],
    ]);
    expect(messages[1].text).to.contain('The history of Paris begins');
    expect(messages[3].text).to.contain('I can’t help with that.').and.to.contain('Cybersecurity').and.to.contain('This could enable malware.');
    await expect(list).to.be.accessible();
    list.remove();
  });

  it('LangGraph "messages" tuples, JSON chunks from its API among them, end as the merged messages render', async () => {
    const list = await mountList([]);
    const live = liveLangChain(list);
    const reply = toolReply();
    const answer = textReply('msg_2', 'It is **18 °C** in Paris.', { finish_reason: 'stop' });
    live.push(question);
    // Several modes at once: ["messages", [message, metadata]], ["updates", {node: {messages}}], ["custom", …].
    for (const chunk of reply) live.push(['messages', [asJson(chunk), metadata]]);
    live.push(['custom', { progress: 'calling get_weather', content: 'not a message' }]);
    live.push(['messages', [result, { ...metadata, langgraph_node: 'tools' }]]);
    live.push(['updates', { tools: { messages: [result] } }]);
    // Subgraph namespaces in front: [namespace, [message, metadata]].
    for (const chunk of answer) live.push([['agent:2'], [chunk, metadata]]);
    live.end();
    expect(list.draft).to.equal(null);
    expect(live.problems).to.deep.equal([]);
    const merged = (chunks: AIMessageChunk[]) => chunks.reduce((message, chunk) => message.concat(chunk));
    await expectSameAsSaved(list, fromLangChainMessages([question, merged(reply), result, merged(answer)]).items);
    list.remove();
  });

  it('LangGraph "values": each state replaces its messages by id, and earlier turns are not saved again', async () => {
    const list = await mountList([]);
    const upserted: string[] = [];
    const live = liveLangChain({
      get draft() { return list.draft; },
      set draft(value: unknown) { list.draft = value; },
      upsert: (rows: unknown) => {
        upserted.push(...(rows as Array<{ message_id: string }>).map((row) => row.message_id));
        return list.upsert(rows);
      },
    });
    const called = new AIMessage({
      id: 'a1', content: 'Let me check.', tool_calls: [{ id: 'call_1', name: 'get_weather', args: { city: 'Paris' } }],
      response_metadata: { finish_reason: 'tool_calls' },
    });
    const answered = new AIMessage({ id: 'a2', content: 'It is 18 °C.', response_metadata: { finish_reason: 'stop' } });
    const next = new HumanMessage({ id: 'q2', content: 'And tomorrow?' });
    const later = new AIMessage({ id: 'a3', content: 'Rain.', response_metadata: { finish_reason: 'stop' } });
    const states: BaseMessage[][] = [[question], [question, called], [question, called, result], [question, called, result, answered]];
    for (const messages of states) live.push({ messages });
    await settle(list);
    expect(deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item')[0].status).to.equal('completed');
    upserted.length = 0;
    live.push({ messages: [question, called, result, answered, next] });
    live.push({ messages: [question, called, result, answered, next, later] });
    live.end();
    await settle(list);
    expect([...new Set(upserted)], 'the first turn is not saved again').to.deep.equal(['q2', 'a3']);
    expect(shownMessages(list).map((message) => message.role)).to.deep.equal(['user', 'assistant', 'assistant', 'user', 'assistant']);
    await expectSameAsSaved(list, fromLangChainMessages([question, called, result, answered, next, later]).items);

    // A page that joins later: its first state holds both turns.
    const joined = await mountList([]);
    const late = liveLangChain(joined);
    late.push({ messages: [question, called, result, answered, next, later] });
    late.end();
    await expectSameAsSaved(joined, fromLangChainMessages([question, called, result, answered, next, later]).items);
    joined.remove();
    list.remove();
  });

  it('any chunking of the stream ends in the same list', async () => {
    const text = 'A **bold** claim, `code`, and a [link](https://example.com/a).\n\n- one\n- two\n';
    const args = '{"query":"weather in Paris","units":"metric"}';
    await expectAnyChunkingSame((pieces) => [
      question,
      ...pieces(text).map((piece) => new AIMessageChunk({ id: 'msg_c', content: piece })),
      new AIMessageChunk({ id: 'msg_c', content: '', tool_call_chunks: [{ index: 0, id: 'call_c', name: 'search', args: '' }] }),
      ...pieces(args).map((piece) => new AIMessageChunk({ id: 'msg_c', content: '', tool_call_chunks: [{ index: 0, args: piece }] })),
      new AIMessageChunk({ id: 'msg_c', content: '', response_metadata: { finish_reason: 'tool_calls' } }),
      new ToolMessage({ id: 't_c', content: 'Sunny.', tool_call_id: 'call_c' }),
    ], liveLangChain);
  });
});
