import { fromAGUIMessages } from '../adapters/ag-ui.js';
import type { AdapterResult, DisplayItemJSON } from '../adapters/types.js';
import { isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { applyJsonPatch } from './json-patch.js';
import { appendText, LiveSession, streamError, type LiveStop, type LiveTarget } from './live-session.js';

/** An AG-UI tool call as `agent.messages` keeps it. */
interface CallState {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/** An AG-UI message as `agent.messages` keeps it, built up from the events. */
type MessageState = PlainObject & { id: string; role: string; content?: unknown; toolCalls?: CallState[] };

/**
 * AG-UI events (`@ag-ui/core` 1.x) into a list: text, reasoning and tool call streams, tool
 * results, message snapshots, and the run's end. Feed it events (`live.push(event)`, or
 * `live.consume(events)`), or hand `live.subscriber` to an `@ag-ui/client` agent:
 * `agent.runAgent({}, live.subscriber)`.
 *
 * The user's question shows however it comes: pushed as a message (`live.push({id, role:
 * 'user', content})`), among the agent's messages as its run begins (what `agent.addMessage()`
 * added, which the run's input repeats), in `RUN_STARTED`'s `input`, or in a
 * `MESSAGES_SNAPSHOT`. A user message the list does not show yet starts a new turn; one it shows
 * already (same id, from this binding or in the host's `list.items`) is not shown again.
 *
 * The run's messages are kept as `agent.messages` would hold them and converted with
 * `fromAGUIMessages`, so a streamed run ends as its `MESSAGES_SNAPSHOT` renders.
 * `RUN_ERROR` stops the run as `stream_error` (its `code` and `message` as the details), or as
 * what its code names (`abort` → `cancelled`, `content_filter` or `refusal` → `content_filtered`,
 * `length`);
 * `RUN_FINISHED` with a `cancelled` outcome as `cancelled`; with an `interrupt` outcome, the
 * calls still open wait for a person (`interrupted`).
 */
export class AGUILive extends LiveSession<unknown> {
  private messages: MessageState[] = [];
  /** Ids of the messages (and calls) of earlier turns, and of the history saved: a run's input repeats them. */
  private readonly seen = new Set<string>();
  /**
   * The turn is the question alone so far: the `RUN_STARTED` of the run that answers it goes on
   * with it, where any other starts a turn of its own.
   */
  private asked = false;

  /** An `@ag-ui/client` `AgentSubscriber` that feeds this list. */
  readonly subscriber = {
    // The agent's messages as its run begins (the run's input): the question `agent.addMessage()` added is new among them.
    onRunInitialized: ({ messages }: { messages: unknown }): void => this.receive(messages),
    // Given to `agent.subscribe()`, the subscriber hears of a message as it is added, before its run.
    onNewMessage: ({ message }: { message: unknown }): void => this.receive([message]),
    onEvent: ({ event }: { event: unknown }): void => this.push(event),
    onRunFailed: ({ error }: { error: unknown }): void => this.fail(error),
    onRunFinalized: (): void => this.end(),
  };

  constructor(target: LiveTarget) {
    super(target);
  }

  protected apply(event: unknown): void {
    if (!isPlainObject(event)) return;
    const type = readString(event, 'type');
    const handler = type === null ? undefined : HANDLERS.get(type);
    if (handler) handler(this, event);
    else if (type !== null && !SHOWS_NOTHING.has(type)) this.unreadEvent(`"${type}" event`);
    // An AG-UI message has a role and no type: the host's question, or a message it adds between runs.
    else if (type === null && readString(event, 'role') !== null) this.takeMessages([event]);
  }

  protected convert(): AdapterResult {
    return fromAGUIMessages(this.messages);
  }

  /** A run begins: the question's own goes on with its turn, any other starts one. Its input may hold the question. */
  runStarted(event: PlainObject): void {
    if (!this.asked || this.finished) this.startRun();
    const input = readKey(readObject(event, 'input'), 'messages');
    if (Array.isArray(input)) this.takeMessages(input);
    this.asked = false;
  }

  /** A run of its own: its messages start empty. */
  private startRun(): void {
    this.beginRun();
    this.setTurn([]);
  }

  /** The turn's messages from here; the last turn's stay known, so a later run's input does not show them again. */
  private setTurn(messages: MessageState[]): void {
    this.rememberTurn(this.seen);
    this.messages = messages;
  }

  /** The turn's message ids, and its calls' (see `callKey`). */
  private rememberTurn(into: Set<string>): void {
    for (const message of this.messages) {
      into.add(message.id);
      for (const call of message.toolCalls ?? []) into.add(callKey(call.id));
    }
  }

  /** Messages handed over beside the events (the subscriber's), shown at once. */
  private receive(messages: unknown): void {
    if (Array.isArray(messages) && this.takeMessages(messages)) this.flush();
  }

  /**
   * Messages the agent holds, as the host or the agent hands them over; whether any was new. The
   * last user message the list does not show is the question: it starts a turn, and what came
   * before it is saved as history. Only messages the list does not show are added: the run's
   * input repeats the whole conversation, which the host may have put in `list.items` already.
   */
  private takeMessages(messages: readonly unknown[]): boolean {
    const all = messages.filter(isPlainObject).map((message) => this.withId(message));
    // During a run the agent hands over the messages its events built: the turn has them.
    const inTurn = (message: PlainObject) => this.messages.some((known) => known.id === messageId(message));
    if (all.every(inTurn)) return false;
    const known = this.knownIds();
    this.rememberTurn(known);
    const question = lastIndex(all, (message) => readString(message, 'role') === 'user' && !known.has(messageId(message)));
    const saved = this.saveHistory(question < 0 ? all : all.slice(0, question), known);
    if (question >= 0) this.ask(all.slice(question).filter((message) => !known.has(messageId(message))));
    return saved || question >= 0;
  }

  /** The question starts a turn, saved at once; the reply is awaited from here. */
  private ask(messages: readonly PlainObject[]): void {
    // An answer still streaming (its host never said the run ended) is saved as it stands.
    if (this.open) {
      this.open = false;
      this.flush();
    }
    this.beginRun();
    this.setTurn(messages.map(copyMessage));
    this.asked = true;
  }

  /** Ids of the messages (and calls) the list shows, as this binding saved them and as the host gave them (`list.items`). */
  private knownIds(): Set<string> {
    const known = new Set(this.seen);
    const rows = readKey(this.target, 'items');
    if (!Array.isArray(rows)) return known;
    for (const row of rows) {
      const id = readId(row, 'message_id');
      const callId = readId(readObject(row, 'content'), 'call_id');
      if (id !== null) known.add(id);
      if (callId !== null) known.add(callKey(callId));
    }
    return known;
  }

  /**
   * Finished messages, saved as they are, but only those whose ids the list does not show: they
   * are converted together, so a tool's result still finds its call's name, and a reasoning
   * message the answer after it.
   */
  private saveHistory(messages: readonly unknown[], known: ReadonlySet<string>): boolean {
    if (messages.length === 0) return false;
    const rows = fromAGUIMessages(messages).items.filter((item) => !isShown(item, known));
    for (const item of rows) this.seen.add(item.message_id);
    if (rows.length > 0) this.target.upsert(rows);
    return rows.length > 0;
  }

  runFinished(event: PlainObject): void {
    const outcome = readString(readObject(event, 'outcome'), 'type');
    // The calls still open in an interrupted run wait for a person.
    if (outcome === 'interrupt') for (const id of this.callStatus.keys()) this.callStatus.set(id, 'interrupted');
    this.stopRun(outcome === 'cancelled' ? { reason: 'cancelled' } : null);
  }

  runError(event: PlainObject): void {
    this.stopRun(runErrorStop(readString(event, 'code'), readString(event, 'message')));
  }

  startMessage(id: string | null, role: string): MessageState {
    this.ensureRun();
    const message: MessageState = { id: id ?? this.uniqueId(), role, content: '' };
    this.messages.push(message);
    this.open = isSpeaking(message);
    return message;
  }

  /** The message an event names; a chunk without an id continues the last one of its role. */
  message(id: string | null, role: string): MessageState {
    const found = id !== null ? lastOf(this.messages, (message) => message.id === id) : lastOf(this.messages, (message) => message.role === role);
    return found ?? this.startMessage(id, role);
  }

  appendText(id: string | null, role: string, delta: unknown): void {
    const message = this.message(id, role);
    appendText(message, 'content', delta);
    this.open = message === this.messages.at(-1) && isSpeaking(message);
  }

  startCall(event: PlainObject): CallState {
    this.ensureRun();
    const id = readId(event, 'toolCallId') ?? this.uniqueId();
    const parentId = readId(event, 'parentMessageId');
    const parent = this.callParent(parentId);
    const call: CallState = { id, type: 'function', function: { name: readString(event, 'toolCallName') ?? '', arguments: '' } };
    parent.toolCalls = [...(parent.toolCalls ?? []), call];
    this.callStatus.set(id, 'pending');
    this.open = true;
    return call;
  }

  /** A call belongs to its parent message, else to the assistant message that is speaking, else to one of its own. */
  private callParent(parentId: string | null): MessageState {
    const last = this.messages.at(-1);
    const parent = parentId !== null ? lastOf(this.messages, (message) => message.id === parentId && message.role === 'assistant') : undefined;
    if (parent) return parent;
    if (parentId === null && last?.role === 'assistant') return last;
    return this.startMessage(parentId, 'assistant');
  }

  call(id: string | null): CallState | undefined {
    const calls = this.messages.flatMap((message) => message.toolCalls ?? []);
    return id === null ? calls.at(-1) : lastOf(calls, (call) => call.id === id);
  }

  appendArguments(event: PlainObject): void {
    const id = readId(event, 'toolCallId');
    const call = this.call(id) ?? this.startCall(event);
    const delta = readString(event, 'delta');
    if (delta !== null) call.function.arguments += delta;
  }

  endCall(event: PlainObject): void {
    const id = readId(event, 'toolCallId');
    if (id !== null && this.callStatus.has(id)) this.callStatus.set(id, 'executing');
  }

  toolResult(event: PlainObject): void {
    this.ensureRun();
    const callId = readId(event, 'toolCallId') ?? '';
    this.messages.push({ id: readId(event, 'messageId') ?? `${callId}:result`, role: 'tool', toolCallId: callId, content: readKey(event, 'content') ?? '' });
    this.callStatus.delete(callId);
    this.open = false;
  }

  /**
   * The whole conversation as the agent holds it. What came before the current turn (up to the
   * last user message) is saved, what the list does not show of it; the turn's own messages are
   * kept, so events can go on adding to them without the history being converted again on every
   * chunk.
   */
  snapshot(event: PlainObject): void {
    const all = readKey(event, 'messages');
    if (!Array.isArray(all)) return;
    let turnStart = all.length - 1;
    while (turnStart >= 0 && readString(all[turnStart], 'role') !== 'user') turnStart--;
    // Known without the turn's own: a message still streaming, which the snapshot may put before its question, is in no row yet.
    this.saveHistory(all.slice(0, turnStart + 1), this.knownIds());
    this.setTurn(all.slice(turnStart + 1).filter(isPlainObject).map(copyMessage));
    const last = this.messages.at(-1);
    // Mid-run, the turn's last message may still be streaming: it stays the draft.
    this.open = this.started && !this.finished && last !== undefined && isSpeaking(last);
  }

  /** An activity (a plan, a search's progress) as one message, its content replaced whole. */
  activity(event: PlainObject): void {
    this.ensureRun();
    const id = readId(event, 'messageId');
    const known = this.activityMessage(id);
    const content = readKey(event, 'content') ?? {};
    if (known) {
      if (readKey(event, 'replace') !== false) known.content = content;
      return;
    }
    this.messages.push({ id: id ?? this.uniqueId(), role: 'activity', activityType: readString(event, 'activityType') ?? 'activity', content });
    this.open = false;
  }

  /** An activity changed by a JSON Patch; one that does not apply leaves the activity as it was. */
  activityDelta(event: PlainObject): void {
    const known = this.activityMessage(readId(event, 'messageId'));
    const patched = known ? applyJsonPatch(known.content, readKey(event, 'patch')) : null;
    if (known && patched !== null) known.content = patched;
  }

  private activityMessage(id: string | null): MessageState | undefined {
    return id === null ? undefined : lastOf(this.messages, (message) => message.id === id && message.role === 'activity');
  }

  setEncrypted(event: PlainObject): void {
    const id = readId(event, 'entityId');
    const value = readString(event, 'encryptedValue');
    const target = readString(event, 'subtype') === 'tool-call' ? this.call(id) : lastOf(this.messages, (message) => message.id === id);
    if (target && value !== null) Object.assign(target, { encryptedValue: value });
  }

  /** Events before a `RUN_STARTED` (a host that forwards only message events) still form a run. */
  private ensureRun(): void {
    if (!this.started || this.finished) this.startRun();
    // The run has said something: a `RUN_STARTED` from here on is another run's.
    this.asked = false;
  }
}

/** A message the model is saying, which streams as the draft (a user's or a tool's is saved at once). */
function isSpeaking(message: MessageState): boolean {
  return message.role === 'assistant' || message.role === 'reasoning';
}

/** The last element that matches (the kit targets ES2022, which has no `findLast`). */
function lastOf<T>(list: readonly T[], matches: (value: T) => boolean): T | undefined {
  const index = lastIndex(list, matches);
  return index < 0 ? undefined : list[index];
}

function lastIndex<T>(list: readonly T[], matches: (value: T) => boolean): number {
  for (let index = list.length - 1; index >= 0; index--) if (matches(list[index])) return index;
  return -1;
}

function messageId(message: PlainObject): string {
  return readId(message, 'id') ?? '';
}

/**
 * A call's key among the known ids. A call is known by its own id too: the agent keeps a call
 * that names no parent message in an assistant message of its own, under an id the list never saw.
 */
function callKey(id: string): string {
  return `call:${id}`;
}

function isShown(item: DisplayItemJSON, known: ReadonlySet<string>): boolean {
  const callId = item.type === 'tool_call' ? readId(item.content, 'call_id') : null;
  return known.has(item.message_id) || (callId !== null && known.has(callKey(callId)));
}

function copyMessage(message: PlainObject): MessageState {
  const calls = readKey(message, 'toolCalls');
  const copy: MessageState = { ...message, id: readId(message, 'id') ?? '', role: readString(message, 'role') ?? '' };
  if (Array.isArray(calls)) {
    copy.toolCalls = calls.filter(isPlainObject).map((call) => ({
      id: readId(call, 'id') ?? '',
      type: 'function',
      function: { name: readString(readObject(call, 'function'), 'name') ?? '', arguments: readString(readObject(call, 'function'), 'arguments') ?? '' },
    }));
  }
  return copy;
}

/**
 * `RUN_ERROR` codes are the producer's own. Some name a stop the kit knows: `HttpAgent` reports
 * the reader's abort as `abort`, and servers pass a provider's refusal or cut-off on as
 * `content_filter` or `length`. Any other code is a stream that broke.
 */
const STOPS_BY_CODE = new Map([
  ['abort', 'cancelled'], ['aborted', 'cancelled'], ['cancelled', 'cancelled'], ['canceled', 'cancelled'],
  ['content_filter', 'content_filtered'], ['content_filtered', 'content_filtered'], ['refusal', 'content_filtered'],
  ['length', 'length'], ['max_tokens', 'length'],
]);

function runErrorStop(code: string | null, message: string | null): LiveStop {
  const reason = code === null ? undefined : STOPS_BY_CODE.get(code.toLowerCase());
  if (reason === 'content_filtered') return { reason, details: message ? { type: 'refusal', explanation: message } : { type: 'refusal' } };
  if (reason) return { reason };
  return streamError(code, message);
}

type Handler = (live: AGUILive, event: PlainObject) => void;

const text = (role: string): Handler => (live, event) => live.appendText(readId(event, 'messageId'), role, readKey(event, 'delta'));

/** Events with nothing to show: ends the next event implies, state, steps, the host's own. Any other unread is a problem. */
const SHOWS_NOTHING: ReadonlySet<string> = new Set(['TEXT_MESSAGE_END', 'REASONING_START', 'REASONING_END', 'REASONING_MESSAGE_END', 'STATE_SNAPSHOT', 'STATE_DELTA', 'STEP_STARTED', 'STEP_FINISHED', 'CUSTOM', 'RAW']);

/** The events that change what is shown; state, steps and custom events do not. */
const HANDLERS = new Map<string, Handler>([
  ['RUN_STARTED', (live, event) => live.runStarted(event)],
  ['RUN_FINISHED', (live, event) => live.runFinished(event)],
  ['RUN_ERROR', (live, event) => live.runError(event)],
  ['TEXT_MESSAGE_START', (live, event) => void live.startMessage(readId(event, 'messageId'), readString(event, 'role') ?? 'assistant')],
  ['TEXT_MESSAGE_CONTENT', text('assistant')],
  ['TEXT_MESSAGE_CHUNK', (live, event) => live.appendText(readId(event, 'messageId'), readString(event, 'role') ?? 'assistant', readKey(event, 'delta'))],
  ['REASONING_MESSAGE_START', (live, event) => void live.startMessage(readId(event, 'messageId'), 'reasoning')],
  ['REASONING_MESSAGE_CONTENT', text('reasoning')],
  ['REASONING_MESSAGE_CHUNK', text('reasoning')],
  ['REASONING_ENCRYPTED_VALUE', (live, event) => live.setEncrypted(event)],
  ['TOOL_CALL_START', (live, event) => void live.startCall(event)],
  ['TOOL_CALL_ARGS', (live, event) => live.appendArguments(event)],
  ['TOOL_CALL_CHUNK', (live, event) => live.appendArguments(event)],
  ['TOOL_CALL_END', (live, event) => live.endCall(event)],
  ['TOOL_CALL_RESULT', (live, event) => live.toolResult(event)],
  ['MESSAGES_SNAPSHOT', (live, event) => live.snapshot(event)],
  ['ACTIVITY_SNAPSHOT', (live, event) => live.activity(event)],
  ['ACTIVITY_DELTA', (live, event) => live.activityDelta(event)],
]);

/** Binds a list to an AG-UI event stream. */
export function liveAGUI(target: LiveTarget): AGUILive {
  return new AGUILive(target);
}
