import { expect } from '@open-wc/testing';
import {
  AbstractChat, DirectChatTransport, readUIMessageStream, stepCountIs, streamText, ToolLoopAgent,
  type ChatState, type ChatStatus, type InferAgentUIMessage, type UIMessage, type UIMessageStreamOnEndCallback,
} from 'ai';
import { fromAISDKMessages } from '../../src/adapters/index.js';
import { liveAISDK } from '../../src/live/index.js';
import { mountList, settle, shownMessages } from '../helpers.js';
import { expectAnyChunkingSame, expectSameAsSaved, lastMark } from './live-helpers.js';
import { finish, getWeather, mockModel, textChunks, weatherCallStep } from '../agent-libs/ai-sdk.js';

type StreamEnd = Parameters<UIMessageStreamOnEndCallback<UIMessage>>[0];

const question: UIMessage = { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Weather in Paris?' }] };

/** A two-step turn: reasoning, text, a call with streamed input and its result, then the answer. */
function toolTurn(chunkDelayInMs = 1) {
  return mockModel([
    weatherCallStep('Let me **che', 'ck** the forecast.'),
    [...textChunks('t2', 'It is **18 °C** ', 'in Paris.'), finish('stop', 'end_turn')],
  ], chunkDelayInMs);
}

/** The UI message stream of a `streamText` run, as a route handler sends it, and its `onEnd` event. */
function uiStream(result: Pick<ReturnType<typeof streamText>, 'toUIMessageStream'>) {
  let resolveEnd!: (event: StreamEnd) => void;
  const ended = new Promise<StreamEnd>((resolve) => { resolveEnd = resolve; });
  const stream = result.toUIMessageStream<UIMessage>({ originalMessages: [question], generateMessageId: () => 'a1', onEnd: resolveEnd });
  return { stream, ended };
}

/**
 * The state `useChat()` reads its `messages`, `status` and `error` from (what @ai-sdk/react's
 * `Chat` keeps), telling the host of every change, as `useChat()` re-renders on each.
 */
class WatchedChatState<M extends UIMessage> implements ChatState<M> {
  messages: M[] = [];
  #status: ChatStatus = 'ready';
  #error: Error | undefined;

  constructor(private readonly changed: () => void) {}

  get status(): ChatStatus { return this.#status; }
  set status(value: ChatStatus) { this.#status = value; this.changed(); }
  get error(): Error | undefined { return this.#error; }
  set error(value: Error | undefined) { this.#error = value; this.changed(); }
  pushMessage = (message: M) => { this.messages = [...this.messages, message]; this.changed(); };
  popMessage = () => { this.messages = this.messages.slice(0, -1); this.changed(); };
  replaceMessage = (index: number, message: M) => {
    this.messages = this.messages.map((known, at) => (at === index ? structuredClone(message) : known));
    this.changed();
  };
  snapshot = <T,>(value: T): T => structuredClone(value);
}

class HostChat<M extends UIMessage> extends AbstractChat<M> {}

describe('AI SDK live', () => {
  it('readUIMessageStream into the list: the turn streams as the draft and ends as the saved messages render', async () => {
    const list = await mountList([]);
    const live = liveAISDK(list);
    live.push(question);
    const { stream, ended } = uiStream(streamText({ model: toolTurn(), prompt: 'Weather in Paris?', tools: { getWeather }, stopWhen: stepCountIs(3) }));
    let last: UIMessage | undefined;
    let sawDraft = false;
    async function* watched() {
      for await (const message of readUIMessageStream<UIMessage>({ stream })) {
        last = message;
        yield message;
        sawDraft ||= Array.isArray(list.draft) && list.draft.length > 0;
      }
    }
    await live.consume(watched());
    const end = await ended;
    live.finish(end);
    expect(sawDraft, 'the reply streamed as the draft').to.equal(true);
    expect(list.draft).to.equal(null);
    await expectSameAsSaved(list, fromAISDKMessages([question, last!], end).items);
    expect(shownMessages(list).map((message) => [message.role, message.unfinished])).to.deep.equal([['user', false], ['assistant', false], ['assistant', false]]);
    list.remove();
  });

  it('useChat state: update(messages, status) on every change, onFinish for the end; history is saved once', async () => {
    const upserted: string[][] = [];
    const list = await mountList([]);
    const target = {
      get draft() { return list.draft; },
      set draft(value: unknown) { list.draft = value; },
      upsert: (rows: unknown) => {
        upserted.push((rows as Array<{ id: string }>).map((row) => row.id));
        return list.upsert(rows);
      },
    };
    const live = liveAISDK(target);
    const history: UIMessage[] = Array.from({ length: 40 }, (_, index) => ({
      id: `h${index}`, role: index % 2 ? 'assistant' : 'user', parts: [{ type: 'text', text: `Earlier message ${index}` }],
    }));
    live.update([...history, question], 'submitted');
    expect(upserted.flat()).to.have.length(41);
    expect(list.draft, 'submitted: the reply is on its way').to.deep.equal({});
    await settle(list);
    expect(list.shadowRoot!.querySelector('[part="waiting"]')).to.not.equal(null);
    upserted.length = 0;
    const { stream, ended } = uiStream(streamText({ model: toolTurn(), prompt: 'Weather in Paris?', tools: { getWeather }, stopWhen: stepCountIs(3) }));
    let last: UIMessage | undefined;
    for await (const message of readUIMessageStream<UIMessage>({ stream })) {
      last = message;
      // useChat hands over the same history objects and the reply as a new object each time.
      live.update([...history, question, message], 'streaming');
    }
    const end = await ended;
    live.finish(end);
    live.update([...history, question, last!], 'ready');
    expect(upserted.flat().filter((id) => id.startsWith('h') || id.startsWith('u1')), 'history is not saved again').to.deep.equal([]);
    await expectSameAsSaved(list, fromAISDKMessages([...history, question, last!], end).items);
    list.remove();
  });

  it('shows no reply waiting where status does not say one is coming', async () => {
    const list = await mountList([]);
    const live = liveAISDK(list);
    // Messages alone may be a conversation loaded, whose last word is the user's.
    live.update([question]);
    expect(list.draft).to.equal(null);
    live.update([question], 'submitted');
    expect(list.draft).to.deep.equal({});
    live.update([question], 'error');
    expect(list.draft).to.equal(null);
    await settle(list);
    expect(list.shadowRoot!.querySelector('[part="waiting"]')).to.equal(null);
    expect(lastMark(list)?.reason).to.equal('stream_error');
    list.remove();
  });

  it('a turn the reader stopped is marked cancelled; a failed request stream_error', async () => {
    const list = await mountList([]);
    const live = liveAISDK(list);
    live.update([question], 'submitted');
    const controller = new AbortController();
    const result = streamText({ model: toolTurn(40), prompt: 'Weather in Paris?', tools: { getWeather }, abortSignal: controller.signal });
    const { stream, ended } = uiStream(result);
    let reply: UIMessage | undefined;
    for await (const message of readUIMessageStream<UIMessage>({ stream })) {
      reply = message;
      live.update([question, message], 'streaming');
      if (message.parts.some((part) => part.type === 'text' && part.text.includes('check'))) controller.abort();
    }
    live.finish(await ended);
    live.update([question, reply!], 'ready');
    await settle(list);
    const mark = () => lastMark(list);
    expect(mark()?.reason).to.equal('cancelled');

    const next: UIMessage = { id: 'u2', role: 'user', parts: [{ type: 'text', text: 'Try again?' }] };
    live.update([question, reply!, next], 'submitted');
    live.update([question, reply!, next], 'error');
    await settle(list);
    expect(mark()?.reason).to.equal('stream_error');
    expect(shownMessages(list).filter((message) => message.unfinished)).to.have.length(2);
    list.remove();
  });
  it("a failed stream stops as stream_error with useChat's error as the explanation, whether onFinish comes first or not", async () => {
    // Handed over at once on every change, the error comes before onFinish; a hook's effect runs after the render, so after onFinish.
    for (const handOver of ['at once', 'after the render']) {
      const list = await mountList([]);
      const live = liveAISDK(list);
      const model = mockModel([[{ type: 'stream-start', warnings: [] }, ...textChunks('t1', 'Checking the ').slice(0, 2), { type: 'error', error: 'Overloaded' }]]);
      // A route handler says what went wrong (`toUIMessageStreamResponse({ onError })`); by default the stream hides it.
      const agent = new ToolLoopAgent({ model });
      const transport = new DirectChatTransport({ agent, onError: (error) => (error instanceof Error ? error.message : String(error)) });
      let rendering = false;
      const state = new WatchedChatState<InferAgentUIMessage<typeof agent>>(() => {
        const hand = () => live.update(state.messages, state.status, state.error);
        if (handOver === 'at once') return hand();
        if (rendering) return;
        rendering = true;
        setTimeout(() => { rendering = false; hand(); });
      });
      const chat = new HostChat({ state, transport, onFinish: live.finish });
      await chat.sendMessage({ text: 'Weather in Paris?' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      await settle(list);
      expect(chat.error?.message, handOver).to.equal('Overloaded');
      expect(lastMark(list).reason, handOver).to.equal('stream_error');
      const stopped = (list.items as Array<{ content: Record<string, unknown> }>).at(-1)!.content;
      expect(stopped.stop_details, handOver).to.deep.equal({ type: 'error', explanation: 'Overloaded' });
      expect(shownMessages(list).at(-1)!.text, handOver).to.contain('Checking the').and.to.contain('Overloaded');
      // The same, saved: useChat's status and error, as the adapter takes them.
      await expectSameAsSaved(list, fromAISDKMessages(chat.messages, { status: chat.status, error: chat.error }).items);
      list.remove();
    }
  });

  it('any chunking of the stream ends in the same list', async () => {
    const text = 'A **bold** claim, `code`, and a [link](https://example.com/a).\n\n- one\n- two\n';
    const args = '{"city":"Paris","units":"metric"}';
    await expectAnyChunkingSame(async (pieces) => {
      const model = mockModel([
        [
          ...textChunks('t1', ...pieces(text)),
          { type: 'tool-input-start', id: 'call_1', toolName: 'getWeather' },
          ...pieces(args).map((delta) => ({ type: 'tool-input-delta' as const, id: 'call_1', delta })),
          { type: 'tool-input-end', id: 'call_1' },
          { type: 'tool-call', toolCallId: 'call_1', toolName: 'getWeather', input: args },
          finish('tool-calls', 'tool_use'),
        ],
        [...textChunks('t2', ...pieces('It is **18 °C**.')), finish('stop', 'end_turn')],
      ], 0);
      const { stream } = uiStream(streamText({ model, prompt: 'Weather in Paris?', tools: { getWeather }, stopWhen: stepCountIs(3) }));
      const snapshots: unknown[] = [question];
      for await (const message of readUIMessageStream<UIMessage>({ stream })) snapshots.push(message);
      return snapshots;
    }, liveAISDK);
  });
});
