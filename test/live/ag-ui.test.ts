import { expect } from '@open-wc/testing';
import { AbstractAgent } from '@ag-ui/client';
import { EventType, type BaseEvent, type Message } from '@ag-ui/core';
import { Observable } from 'rxjs';
import { fromAGUIMessages } from '../../src/adapters/index.js';
import { liveAGUI } from '../../src/live/index.js';
import { deepQueryAll, frames, mountList, settle, shownMessages } from '../helpers.js';
import { expectAnyChunkingSame, expectSameAsSaved, lastMark } from './live-helpers.js';
import { expectWellFormed } from '../adapters/invariants.js';

const history = [
  { id: 'h1', message_id: 'h1', sequence: 0, type: 'text', message_type: 'user', content: { text: 'What is the weather in Paris?' } },
];

/** One turn as an AG-UI agent streams it: reasoning, Markdown, a call with streamed arguments, its result, the answer. */
function turn(runId = 'run-1'): BaseEvent[] {
  return [
    { type: EventType.RUN_STARTED, threadId: 't1', runId },
    { type: EventType.REASONING_START, messageId: 'r1' },
    { type: EventType.REASONING_MESSAGE_START, messageId: 'r1', role: 'reasoning' },
    { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'The user wants ' },
    { type: EventType.REASONING_MESSAGE_CONTENT, messageId: 'r1', delta: 'the weather.' },
    { type: EventType.REASONING_MESSAGE_END, messageId: 'r1' },
    { type: EventType.REASONING_END, messageId: 'r1' },
    { type: EventType.TEXT_MESSAGE_START, messageId: 'a1', role: 'assistant' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Let me **che' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'ck** the forecast.' },
    { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
    { type: EventType.TOOL_CALL_START, toolCallId: 'c1', toolCallName: 'get_weather', parentMessageId: 'a1' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '{"city":' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c1', delta: '"Paris"}' },
    { type: EventType.TOOL_CALL_END, toolCallId: 'c1' },
    { type: EventType.TOOL_CALL_RESULT, messageId: 't1', toolCallId: 'c1', content: '{"city":"Paris","temp_c":18}' },
    { type: EventType.TEXT_MESSAGE_START, messageId: 'a2', role: 'assistant' },
    { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a2', delta: 'It is **18 °C** in Paris.' },
    { type: EventType.TEXT_MESSAGE_END, messageId: 'a2' },
    { type: EventType.RUN_FINISHED, threadId: 't1', runId },
  ] as BaseEvent[];
}

/** An agent that streams a script, each event in a task of its own, then completes (or fails). Its next run may have another. */
class ScriptedAgent extends AbstractAgent {
  constructor(public script: BaseEvent[], private readonly failure?: Error) {
    super({ threadId: 't1' });
  }

  run(): Observable<BaseEvent> {
    return new Observable<BaseEvent>((subscriber) => {
      void (async () => {
        for (const event of this.script) {
          await new Promise((resolve) => setTimeout(resolve));
          subscriber.next(event);
        }
        if (this.failure) subscriber.error(this.failure);
        else subscriber.complete();
      })();
    });
  }
}

/** An earlier turn, as the agent keeps it and as the host saved it for the list (rows keyed by ids of their own). */
const earlier: Message[] = [
  { id: 'h1', role: 'user', content: 'Hello' },
  { id: 'h2', role: 'assistant', content: 'Hi! What would you like to know?' },
];
const earlierRows = [
  { id: 'h1', message_id: 'h1', sequence: 0, type: 'text', message_type: 'user', content: { text: 'Hello' } },
  { id: 'h2', message_id: 'h2', sequence: 0, type: 'text', message_type: 'assistant', content: { text: 'Hi! What would you like to know?' } },
];
const question: Message = { id: 'u1', role: 'user', content: 'What is the weather in Paris?' };

type List = Awaited<ReturnType<typeof mountList>>;

/** The ids of the messages the list's rows hold, in order. */
function rowMessages(list: List): string[] {
  return [...new Set(list.items.map((row) => (row as { message_id: string }).message_id))];
}

/** How many of the messages shown hold this text. */
function timesShown(list: List, text: string): number {
  return shownMessages(list).filter((message) => message.text.includes(text)).length;
}

/** The earlier turn, the question, and turn()'s answer: each message once. */
async function expectQuestionAnsweredOnce(list: List, label = ''): Promise<void> {
  await settle(list);
  expect(shownMessages(list).map((message) => message.role), label).to.deep.equal(['user', 'assistant', 'user', 'assistant', 'assistant']);
  for (const text of ['Hello', 'Hi! What would you like to know?', 'What is the weather in Paris?', 'Let me check the forecast.', 'It is 18 °C in Paris.']) {
    expect(timesShown(list, text), `${label} ${text}`).to.equal(1);
  }
}

describe('AG-UI live', () => {
  it('shows the reply waiting from RUN_STARTED until the agent says something', async () => {
    const list = await mountList(history);
    const live = liveAGUI(list);
    const [started, ...rest] = turn();
    live.push(started);
    expect(list.draft).to.deep.equal({});
    await settle(list);
    expect(list.shadowRoot!.querySelector('[part="waiting"]')).to.not.equal(null);
    live.push(rest[0]);
    live.push(rest[1]);
    live.push(rest[2]);
    expect(Array.isArray(list.draft) && list.draft.length > 0, 'the reasoning streams as the draft').to.equal(true);
    await settle(list);
    expect(list.shadowRoot!.querySelector('[part="waiting"]')).to.equal(null);
    for (const event of rest.slice(3)) live.push(event);
    expect(list.draft).to.equal(null);
  });

  it('streams a run from an @ag-ui/client agent and ends as the agent\'s own messages render', async () => {
    const list = await mountList(history);
    const agent = new ScriptedAgent(turn());
    const live = liveAGUI(list);
    await agent.runAgent({}, live.subscriber);
    expect(list.draft).to.equal(null);
    expect(live.problems).to.deep.equal([]);
    await expectSameAsSaved(list, [...history, ...fromAGUIMessages(agent.messages).items]);
    expect(shownMessages(list).map((message) => [message.role, message.unfinished])).to.deep.equal([
      ['user', false], ['assistant', false], ['assistant', false],
    ]);
    expect(list.items.map((row) => (row as { id: string }).id)).to.deep.equal(['h1', 'r1:0', 'r1:1', 'r1:2', 't1:0', 'a2:0']);
    list.remove();
  });

  it('an event it does not read is a problem, named once; state, steps and custom events show nothing and are none', async () => {
    const list = await mountList([]);
    const live = liveAGUI(list);
    const [start, ...rest] = turn();
    const quiet = [
      { type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/step', value: 1 }] },
      { type: EventType.STEP_STARTED, stepName: 'plan' },
      { type: EventType.CUSTOM, name: 'host-thing', value: 1 },
    ];
    const unread = [{ type: 'SUBAGENT_STARTED', subagentId: 's1' }, { type: 'SUBAGENT_STARTED', subagentId: 's2' }, { type: 'HOLOGRAM', value: 1 }];
    for (const event of [start, ...quiet, ...unread, ...rest]) live.push(event);
    await settle(list);
    expect(live.problems.map((problem) => problem.message)).to.deep.equal([
      'The stream\'s "SUBAGENT_STARTED" event is not read; what it carried is not shown.',
      'The stream\'s "HOLOGRAM" event is not read; what it carried is not shown.',
    ]);
    expect(deepQueryAll(list, 'stop-mark'), 'the run goes on to its end').to.have.length(0);
    expect(shownMessages(list).at(-1)!.text).to.contain('It is 18 °C in Paris.');
    list.remove();
  });

  it('activities (a snapshot, then JSON Patch deltas) end as the agent keeps them', async () => {
    const list = await mountList(history);
    const script = [
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'run-a' },
      { type: EventType.ACTIVITY_SNAPSHOT, messageId: 'plan', activityType: 'plan', content: { steps: [{ title: 'Search', status: 'running' }] } },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a1', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'Searching…' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a1' },
      {
        type: EventType.ACTIVITY_DELTA, messageId: 'plan', activityType: 'plan', patch: [
          { op: 'replace', path: '/steps/0/status', value: 'done' },
          { op: 'add', path: '/steps/-', value: { title: 'Answer', status: 'running' } },
        ],
      },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'run-a' },
    ] as BaseEvent[];
    const agent = new ScriptedAgent(script);
    const live = liveAGUI(list);
    await agent.runAgent({}, live.subscriber);
    await expectSameAsSaved(list, [...history, ...fromAGUIMessages(agent.messages).items]);
    expect(shownMessages(list).map((message) => message.text).join(' ')).to.contain('Answer');
    list.remove();
  });

  it('shows the streaming message as the draft: repaired Markdown, streamed arguments, calls that run', async () => {
    const list = await mountList(history);
    const live = liveAGUI(list);
    const events = turn();
    const upto = (type: string, nth = 1) => {
      let seen = 0;
      return events.findIndex((event) => event.type === type && ++seen === nth);
    };
    events.slice(0, upto(EventType.TEXT_MESSAGE_CONTENT) + 1).forEach((event) => live.push(event));
    // Streamed Markdown renders at most once a frame.
    await frames(2);
    await settle(list);
    const streaming = list.shadowRoot!.querySelector('[part~="message-streaming"]');
    expect(streaming, 'a streaming message').to.exist;
    expect(list.shadowRoot!.querySelector('[part="log"]')!.getAttribute('aria-busy')).to.equal('true');
    // The half-sent `**che` is shown bold, as the draft repairs it, not as raw asterisks.
    expect(deepQueryAll(list, 'strong').map((node) => node.textContent)).to.include('che');
    await expect(list).to.be.accessible();

    events.slice(upto(EventType.TEXT_MESSAGE_CONTENT) + 1, upto(EventType.TOOL_CALL_ARGS) + 1).forEach((event) => live.push(event));
    await settle(list);
    const [call] = deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item');
    expect(call.status).to.equal('pending');

    events.slice(upto(EventType.TOOL_CALL_ARGS) + 1, upto(EventType.TOOL_CALL_END) + 1).forEach((event) => live.push(event));
    await settle(list);
    expect(deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item')[0].status).to.equal('executing');
    // Nothing of the run is saved while its first message still streams.
    expect(list.items).to.have.length(1);

    live.push(events[upto(EventType.TOOL_CALL_RESULT)]);
    await settle(list);
    expect(list.draft, 'a message that stopped changing is saved, not drafted').to.equal(null);
    expect(deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item')[0].status).to.equal('completed');
    await expect(list).to.be.accessible();
    list.remove();
  });

  it('a RUN_ERROR leaves a stream_error mark with its code and message', async () => {
    const list = await mountList(history);
    const live = liveAGUI(list);
    const events = turn().slice(0, 10);
    for (const event of events) live.push(event);
    live.push({ type: EventType.RUN_ERROR, message: 'The model provider timed out.', code: 'provider_timeout' } as BaseEvent);
    await settle(list);
    const [, assistant] = shownMessages(list);
    expect(assistant.unfinished).to.equal(true);
    // The provider's code in words; the raw code only inside the mark's details.
    expect(assistant.text).to.contain('Provider timeout');
    expect(assistant.text).to.contain('The model provider timed out.');
    expect(list.draft).to.equal(null);
    expectWellFormed(list.items as never);
    await expect(list).to.be.accessible();
    list.remove();
  });

  it('a RUN_ERROR whose code names a stop the kit knows reads as that stop: HttpAgent\'s abort, a refusal, a cut-off', async () => {
    const cases: Array<[string, string, string | null]> = [
      ['abort', 'cancelled', null], ['content_filter', 'content_filtered', 'I can’t help with that request.'], ['length', 'length', null],
    ];
    for (const [code, reason, shownText] of cases) {
      const list = await mountList(history);
      const live = liveAGUI(list);
      turn().slice(0, 10).forEach((event) => live.push(event));
      live.push({ type: EventType.RUN_ERROR, code, message: code === 'content_filter' ? 'I can’t help with that request.' : 'Request aborted' } as BaseEvent);
      await settle(list);
      const mark = lastMark(list);
      expect(mark.reason, code).to.equal(reason);
      if (shownText) expect(shownMessages(list).at(-1)!.text).to.contain(shownText).and.to.contain('declined');
      list.remove();
    }
  });

  it('a stream that ends without RUN_FINISHED, or is aborted, stops as cancelled', async () => {
    for (const stop of ['end', 'abort'] as const) {
      const list = await mountList(history);
      const live = liveAGUI(list);
      turn().slice(0, 10).forEach((event) => live.push(event));
      live[stop]();
      await settle(list);
      const [, assistant] = shownMessages(list);
      expect(assistant.unfinished, stop).to.equal(true);
      const mark = lastMark(list);
      expect(mark.reason, stop).to.equal('cancelled');
      list.remove();
    }
  });

  it('an agent whose stream errors (its transport failed) gets a stream_error mark through the subscriber', async () => {
    const list = await mountList(history);
    const agent = new ScriptedAgent(turn().slice(0, 10), new Error('socket hang up'));
    const live = liveAGUI(list);
    // The client logs the failure it then throws; it is this test's own, not the run's.
    const logged: unknown[][] = [];
    const log = console.error;
    console.error = (...args: unknown[]) => logged.push(args);
    try {
      await agent.runAgent({}, live.subscriber).catch(() => undefined);
    } finally {
      console.error = log;
    }
    expect(logged.map((args) => String(args[1]))).to.deep.equal(['Error: socket hang up']);
    await settle(list);
    const mark = lastMark(list);
    expect(mark.reason).to.equal('stream_error');
    expect(shownMessages(list).at(-1)!.text).to.contain('socket hang up');
    list.remove();
  });

  it('a stop after a tool result goes on an empty assistant message of its own', async () => {
    const list = await mountList(history);
    const live = liveAGUI(list);
    turn().slice(0, 16).forEach((event) => live.push(event));
    live.end();
    await settle(list);
    const messages = shownMessages(list);
    expect(messages.at(-1)!.role).to.equal('assistant');
    expect(messages.at(-1)!.unfinished).to.equal(true);
    expectWellFormed(list.items as never);
    list.remove();
  });

  it('any chunking of the stream ends in the same list', async () => {
    const text = 'A **bold** claim, `code`, and a [link](https://example.com/a).\n\n- one\n- two\n\n```js\nlet x = 1;\n```\n';
    const args = '{"query":"weather in Paris","units":"metric"}';
    await expectAnyChunkingSame((pieces) => [
      { type: EventType.RUN_STARTED, threadId: 't', runId: 'r' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a', role: 'assistant' },
      ...pieces(text).map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a', delta })),
      { type: EventType.TOOL_CALL_START, toolCallId: 'c', toolCallName: 'search', parentMessageId: 'a' },
      ...pieces(args).map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId: 'c', delta })),
      { type: EventType.TOOL_CALL_END, toolCallId: 'c' },
      { type: EventType.TOOL_CALL_RESULT, messageId: 't', toolCallId: 'c', content: 'Sunny.' },
      { type: EventType.RUN_FINISHED, threadId: 't', runId: 'r' },
    ], liveAGUI, history);
  });

  it('a messages snapshot saves the earlier turns once and keeps streaming the current one', async () => {
    const upserts: unknown[][] = [];
    const target = { draft: null as unknown, upsert: (rows: unknown) => void upserts.push(rows as unknown[]) };
    const live = liveAGUI(target);
    live.push({ type: EventType.RUN_STARTED, threadId: 't', runId: 'r' });
    live.push({
      type: EventType.MESSAGES_SNAPSHOT,
      messages: [
        { id: 'u0', role: 'user', content: 'Earlier question' },
        { id: 'a0', role: 'assistant', content: 'Earlier answer' },
        { id: 'u1', role: 'user', content: 'Now?' },
        { id: 'a1', role: 'assistant', content: 'Work' },
      ],
    });
    live.push({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a1', delta: 'ing on it' });
    expect(upserts[0].map((row) => (row as { id: string }).id)).to.deep.equal(['u0:0', 'a0:0', 'u1:0']);
    expect(upserts.length, 'the history was upserted once').to.equal(1);
    expect((target.draft as Array<{ content: { text: string } }>)[0].content.text).to.equal('Working on it');
  });

  it('a question pushed as a message shows at once, and the run that answers it goes on from it: each once', async () => {
    const list = await mountList(earlierRows);
    const live = liveAGUI(list);
    live.push(question);
    expect(rowMessages(list)).to.deep.equal(['h1', 'h2', 'u1']);
    expect(list.draft, 'the reply waits').to.deep.equal({});
    const [started, ...rest] = turn();
    // A server that echoes the run's input repeats the whole conversation, the question too.
    const input = { threadId: 't1', runId: 'run-1', state: {}, messages: [...earlier, question], tools: [], context: [], forwardedProps: {} };
    live.push({ ...started, input } as BaseEvent);
    for (const event of rest) live.push(event);
    expect(list.draft).to.equal(null);
    await expectQuestionAnsweredOnce(list);
    expect(list.items.map((row) => (row as { id: string }).id)).to.deep.equal(['h1', 'h2', 'u1:0', 'r1:0', 'r1:1', 'r1:2', 't1:0', 'a2:0']);
    list.remove();
  });

  it('a question added with agent.addMessage() shows once: from the run\'s input, or as it is added to a subscribed binding', async () => {
    for (const way of ['runAgent', 'subscribe'] as const) {
      // The host saved the earlier turn for the list, and gave the agent the thread.
      const list = await mountList(earlierRows);
      const agent = new ScriptedAgent(turn());
      agent.setMessages(earlier);
      const live = liveAGUI(list);
      if (way === 'subscribe') agent.subscribe(live.subscriber);
      agent.addMessage(question);
      if (way === 'subscribe') expect(rowMessages(list), 'shown as it is added').to.deep.equal(['h1', 'h2', 'u1']);
      await agent.runAgent({}, way === 'runAgent' ? live.subscriber : undefined);
      expect(live.problems, way).to.deep.equal([]);
      await expectQuestionAnsweredOnce(list, way);
      await expectSameAsSaved(list, [...earlierRows, ...fromAGUIMessages(agent.messages.slice(earlier.length)).items]);
      list.remove();
    }
  });

  it('a run whose server sends a MESSAGES_SNAPSHOT of the conversation shows the question from the run\'s start, and each message once', async () => {
    const list = await mountList(earlierRows);
    const [started, ...rest] = turn();
    const agent = new ScriptedAgent([started, { type: EventType.MESSAGES_SNAPSHOT, messages: [...earlier, question] } as BaseEvent, ...rest]);
    agent.setMessages(earlier);
    agent.addMessage(question);
    const live = liveAGUI(list);
    const shownAtStart: string[] = [];
    agent.subscribe({ onRunStartedEvent: () => void shownAtStart.push(...rowMessages(list)) });
    await agent.runAgent({}, live.subscriber);
    expect(shownAtStart).to.deep.equal(['h1', 'h2', 'u1']);
    await expectQuestionAnsweredOnce(list);
    await expectSameAsSaved(list, [...earlierRows, ...fromAGUIMessages(agent.messages.slice(earlier.length)).items]);
    list.remove();
  });

  it('a second turn shows its own question, and the first turn not again', async () => {
    const list = await mountList([]);
    const live = liveAGUI(list);
    const agent = new ScriptedAgent(turn());
    agent.addMessage(question);
    await agent.runAgent({}, live.subscriber);
    // The next run's input repeats the first turn whole.
    agent.script = [
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'run-2' },
      { type: EventType.TEXT_MESSAGE_START, messageId: 'a3', role: 'assistant' },
      { type: EventType.TEXT_MESSAGE_CONTENT, messageId: 'a3', delta: 'It is 15 °C in Lyon.' },
      { type: EventType.TEXT_MESSAGE_END, messageId: 'a3' },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'run-2' },
    ] as BaseEvent[];
    agent.addMessage({ id: 'u2', role: 'user', content: 'And in Lyon?' });
    await agent.runAgent({}, live.subscriber);
    await settle(list);
    expect(shownMessages(list).map((message) => message.role)).to.deep.equal(['user', 'assistant', 'assistant', 'user', 'assistant']);
    for (const text of ['What is the weather in Paris?', 'It is 18 °C in Paris.', 'And in Lyon?', 'It is 15 °C in Lyon.']) expect(timesShown(list, text), text).to.equal(1);
    await expectSameAsSaved(list, fromAGUIMessages(agent.messages).items);
    list.remove();
  });

  it('a question\'s run stopped before it said anything leaves its own mark, after its own question', async () => {
    const list = await mountList([]);
    const live = liveAGUI(list);
    for (const [id, content] of [['u1', 'What is the weather in Paris?'], ['u2', 'And in Lyon?']]) {
      live.push({ id, role: 'user', content });
      live.push({ type: EventType.RUN_STARTED, threadId: 't1', runId: id });
      live.abort();
    }
    await settle(list);
    expect(shownMessages(list).map((message) => message.role)).to.deep.equal(['user', 'assistant', 'user', 'assistant']);
    expect(deepQueryAll(list, 'stop-mark')).to.have.length(2);
    list.remove();
  });

  it('a call that names no parent message is not shown again by the next run\'s input', async () => {
    const list = await mountList([]);
    const live = liveAGUI(list);
    // The agent keeps such a call in an assistant message of its own, under the call's id; the binding under one it makes.
    const agent = new ScriptedAgent([
      { type: EventType.RUN_STARTED, threadId: 't1', runId: 'run-1' },
      { type: EventType.TOOL_CALL_START, toolCallId: 'c9', toolCallName: 'get_weather' },
      { type: EventType.TOOL_CALL_ARGS, toolCallId: 'c9', delta: '{"city":"Paris"}' },
      { type: EventType.TOOL_CALL_END, toolCallId: 'c9' },
      { type: EventType.TOOL_CALL_RESULT, messageId: 'r9', toolCallId: 'c9', content: 'Sunny.' },
      { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'run-1' },
    ] as BaseEvent[]);
    agent.addMessage(question);
    await agent.runAgent({}, live.subscriber);
    agent.script = [{ type: EventType.RUN_STARTED, threadId: 't1', runId: 'run-2' }, { type: EventType.RUN_FINISHED, threadId: 't1', runId: 'run-2' }] as BaseEvent[];
    agent.addMessage({ id: 'u2', role: 'user', content: 'And in Lyon?' });
    await agent.runAgent({}, live.subscriber);
    await settle(list);
    expect(deepQueryAll(list, 'tool-call-item')).to.have.length(1);
    expect(shownMessages(list).map((message) => message.role)).to.deep.equal(['user', 'assistant', 'user']);
    list.remove();
  });

  it('never throws on hostile events, and ignores events that change nothing shown', () => {
    const target = { draft: null as unknown, upsert: () => undefined };
    const live = liveAGUI(target);
    const hostile = [null, 3, 'TEXT', [], {}, { type: 42 }, { type: 'STATE_DELTA', delta: [] }, { type: 'TEXT_MESSAGE_CONTENT' },
      { type: 'TOOL_CALL_ARGS', toolCallId: 'nope', delta: 5 }, { type: 'TOOL_CALL_RESULT' }, { type: 'MESSAGES_SNAPSHOT', messages: 'x' },
      { type: 'MESSAGES_SNAPSHOT', messages: [null, { role: 'alien', id: 'x' }] }];
    for (const event of hostile) expect(() => live.push(event)).not.to.throw();
    expect(() => live.end()).not.to.throw();
  });

  it('a role the kit does not know is a problem and a visible item, never dropped', () => {
    const { items, problems } = fromAGUIMessages([{ id: 'x', role: 'narrator', content: 'Once upon a time' }]);
    expect(problems).to.have.length(1);
    expect(items.map((item) => item.type)).to.deep.equal(['narrator']);
  });
});
