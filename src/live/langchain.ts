import { fromLangChainMessages, STOP_KEYS } from '../adapters/langchain-messages.js';
import type { AdapterResult } from '../adapters/types.js';
import { isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { LiveSession, type LiveTarget } from './live-session.js';

/** LangGraph stream modes whose payloads hold messages; the others (`custom`, `debug`…) are not shown. */
const MESSAGE_MODES: ReadonlySet<string> = new Set(['messages', 'updates', 'values']);

/** Keys LangChain keeps, not joins, when it merges two chunks: what names a thing and where it sits. */
const KEPT: ReadonlySet<string> = new Set(['type', 'id', 'name', 'index', 'output_version', 'model_provider', 'created', 'timestamp']);

/**
 * LangChain JS and LangGraph streams into a list: the `AIMessageChunk`s `model.stream()` yields,
 * and what a LangGraph graph's `stream()` yields — `streamMode: "messages"`'s `[message,
 * metadata]` tuples (chunks of the model's messages, whole `ToolMessage`s), also as `[mode, …]`
 * or `[namespace, …]` when several modes or subgraphs stream, and the `messages` of
 * `"updates"` (`{node: {messages}}`) and `"values"` (the whole state) payloads. Messages the host
 * adds itself (the user's `HumanMessage`, `ToolMessage`s it ran) go in with `push()`; a human
 * message starts a new turn. Instances and plain objects both work; serialized messages do not.
 *
 * Chunks with one `id` are one message, merged by the chunk's own `concat()` (LangChain's merge,
 * `tool_call_chunks` included), or for plain chunks (LangGraph's API sends them as JSON, typed
 * `AIMessageChunk`) by the same rules here; a chunk without an id goes on with the message
 * streaming. A whole message replaces the one with its id. The turn is converted with
 * `fromLangChainMessages`, so a streamed turn ends as its merged messages (`chunk.concat(…)…`)
 * render. With `"values"`, the state brings the user's message: the host does not push it too.
 *
 * Stops come from the message's `response_metadata` (`finish_reason`, `stop_reason`, Gemini's
 * `finishReason`, Bedrock's `stopReason`, Ollama's `done_reason`), which LangChain carries on the last chunk only: a stream that ends with no
 * chunk having said why the message stopped ends as `cancelled`, since nothing tells a reply cut
 * off from one a provider did not say was finished (a provider that reports no reason reads as
 * cut off). Calls are `pending` while their chunks stream, `executing` from that last chunk (or a
 * whole message) until their `ToolMessage` arrives; a call whose arguments LangChain could not
 * parse (`invalid_tool_calls`) is `failed` from then on, with its arguments as sent and the error.
 */
export class LangChainLive extends LiveSession<unknown> {
  private messages: PlainObject[] = [];
  /** Ids of earlier turns' messages: a `"values"` state repeats them at every step. */
  private readonly earlier = new Set<string>();

  constructor(target: LiveTarget) {
    super(target);
  }

  protected convert(): AdapterResult {
    return fromLangChainMessages(this.messages);
  }

  protected apply(event: unknown): void {
    for (const message of messagesIn(event)) this.add(message);
  }

  private add(message: PlainObject): void {
    const chunk = isChunk(message);
    // A chunk without an id goes on with the message streaming.
    const id = readId(message, 'id') ?? (chunk && this.open ? readId(this.messages.at(-1), 'id') : null);
    if (id !== null && this.earlier.has(id)) return;
    const at = id === null ? -1 : this.messages.findIndex((known) => readId(known, 'id') === id);
    const type = typeOf(message);
    if (at < 0 && (type === 'human' || type === 'user' || !this.started)) this.startTurn();
    const stored = at < 0 ? this.identified(message, chunk) : chunk ? merged(this.messages[at], message) : message;
    if (at < 0) this.messages.push(stored);
    else this.messages[at] = stored;
    this.settle(stored, chunk);
  }

  /** What a message says about the turn: a result answers its call; the model's message streams, or stops. */
  private settle(message: PlainObject, chunk: boolean): void {
    const type = typeOf(message);
    if (type === 'tool') this.callStatus.delete(readId(message, 'tool_call_id') ?? '');
    if (type !== 'ai' && type !== 'assistant') {
      this.open = false;
      return;
    }
    if (chunk && !hasStopped(message)) {
      for (const id of callIds(message)) if (!this.callStatus.has(id)) this.callStatus.set(id, 'pending');
      this.open = true;
      this.finished = false;
      return;
    }
    // A whole message, or the chunk that said why it stopped: its calls are complete, and run now;
    // one whose arguments LangChain could not parse never runs, and stays failed as the adapter says.
    const invalid = new Set(idsOf(readKey(message, 'invalid_tool_calls')));
    for (const id of callIds(message)) {
      if (invalid.has(id)) this.callStatus.delete(id);
      else this.callStatus.set(id, 'executing');
    }
    this.open = false;
    this.finished = true;
  }

  /**
   * A person speaks: the turn before is over. It is written first, since a LangGraph state can
   * bring several turns in one event.
   */
  private startTurn(): void {
    if (this.messages.length > 0) {
      this.open = false;
      this.flush();
    }
    for (const message of this.messages) {
      const id = readId(message, 'id');
      if (id !== null) this.earlier.add(id);
    }
    this.beginRun();
    this.messages = [];
  }

  /**
   * A new message, with an id of the session's when it has none. A chunk instance takes it
   * through its own `concat()`, so that it stays a chunk that merges as LangChain merges; a plain
   * chunk's class name becomes the type it stands for.
   */
  private identified(message: PlainObject, chunk: boolean): PlainObject {
    const concat = readKey(message, 'concat');
    const typed = chunk && typeof concat !== 'function' ? plainChunk({ ...message, type: typeOf(message) }) : message;
    if (readId(typed, 'id') !== null) return typed;
    const id = this.uniqueId();
    return typeof concat === 'function' ? (concat.call(message, { content: '', id }) as PlainObject) : { ...typed, id };
  }
}

/**
 * The messages an event holds: a message; LangGraph's `[message, metadata]`, inside `[mode, …]`
 * or `[namespace, …]` tuples; the `messages` of a state (`"values"`) or of each node's update.
 */
function messagesIn(event: unknown): PlainObject[] {
  if (Array.isArray(event)) {
    if (isMessage(event[0])) return [event[0]];
    const mode: unknown = event.length > 1 ? event[event.length - 2] : undefined;
    return typeof mode === 'string' && !MESSAGE_MODES.has(mode) ? [] : messagesIn(event[event.length - 1]);
  }
  if (!isPlainObject(event)) return [];
  if (isMessage(event)) return [event];
  const messages = readKey(event, 'messages');
  if (messages !== undefined) return listOf(messages).filter(isMessage);
  return Object.values(event).flatMap((update) => listOf(readKey(update, 'messages')).filter(isMessage));
}

/** Every LangChain message has `content`; a state or an update does not. */
function isMessage(value: unknown): value is PlainObject {
  return isPlainObject(value) && readKey(value, 'content') !== undefined;
}

function isChunk(message: PlainObject): boolean {
  return typeof readKey(message, 'concat') === 'function' || /MessageChunk$/.test(readString(message, 'type') ?? '');
}

/** A message's type (`human`, `ai`, `tool`…); a chunk's class name (`AIMessageChunk`) as the type it stands for. */
function typeOf(message: PlainObject): string {
  const type = readString(message, 'type') ?? readString(message, 'role') ?? '';
  const className = /^(\w+?)MessageChunk$/.exec(type);
  return className ? className[1].toLowerCase() : type;
}

/** The provider said why the message stopped, where the adapter reads it. */
function hasStopped(message: PlainObject): boolean {
  const meta = readObject(message, 'response_metadata');
  return STOP_KEYS.some((key) => Boolean(readString(meta, key)));
}

function callIds(message: PlainObject): string[] {
  return idsOf([...listOf(readKey(message, 'tool_calls')), ...listOf(readKey(message, 'tool_call_chunks'))]);
}

function idsOf(calls: unknown): string[] {
  return listOf(calls).map((call) => readId(call, 'id')).filter((id): id is string => id !== null);
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
}

/** The message and a chunk of it: by the message's own `concat()` when it has one, else as LangChain merges. */
function merged(message: PlainObject, chunk: PlainObject): PlainObject {
  const concat = readKey(message, 'concat');
  return typeof concat === 'function' ? (concat.call(message, chunk) as PlainObject) : plainChunk(mergeFields(message, chunk));
}

/**
 * As LangChain's chunks do, calls are read from the merged `tool_call_chunks`, not from what each
 * chunk made of its own piece (`tool_calls`, or an `invalid_tool_calls` for a piece that is no JSON).
 */
function plainChunk(fields: PlainObject): PlainObject {
  if (listOf(fields.tool_call_chunks).length === 0) return fields;
  const { tool_calls: _calls, invalid_tool_calls: _invalid, ...rest } = fields;
  return rest;
}

/** LangChain's merge of two chunks' fields (`_mergeDicts`): text joined, counts added, objects key by key, lists by entry. */
function mergeFields(left: PlainObject, right: PlainObject): PlainObject {
  const result: PlainObject = { ...left };
  for (const key of Object.keys(right)) result[key] = mergeValue(key, result[key], readKey(right, key));
  return result;
}

function mergeValue(key: string, left: unknown, right: unknown): unknown {
  if (left === undefined || left === null) return right;
  if (right === undefined || right === null) return left;
  if (key === 'content') return mergeContent(left, right);
  if (typeof left === 'string' && typeof right === 'string') return KEPT.has(key) ? left || right : left + right;
  if (typeof left === 'number' && typeof right === 'number') return KEPT.has(key) ? left : left + right;
  if (Array.isArray(left) && Array.isArray(right)) return mergeLists(left, right);
  if (isPlainObject(left) && isPlainObject(right)) return mergeFields(left, right);
  // LangChain refuses values of two kinds, or two unequal values it cannot join: the first stays.
  return left;
}

/** Text joins text; otherwise both become lists of blocks, merged by index. */
function mergeContent(left: unknown, right: unknown): unknown {
  if (typeof left === 'string' && typeof right === 'string') return left + right;
  return mergeLists(blocksOf(left), blocksOf(right));
}

function blocksOf(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return listOf(content);
}

/** Each entry merges into the one at its place (`samePlace`), or is added; an empty text adds nothing. */
function mergeLists(left: readonly unknown[], right: readonly unknown[]): unknown[] {
  const result = [...left];
  for (const entry of right) {
    const at = result.findIndex((known) => samePlace(known, entry));
    if (at >= 0) result[at] = mergeFields(result[at] as PlainObject, entry as PlainObject);
    else if (readKey(entry, 'text') !== '') result.push(entry);
  }
  return result;
}

/**
 * Two entries are one when they have one `index` (and are not blocks of two kinds, nor name two
 * ids), or, both without an index, one id.
 */
function samePlace(known: unknown, entry: unknown): boolean {
  if (!isPlainObject(known) || !isPlainObject(entry)) return false;
  const [index, knownIndex] = [readKey(entry, 'index'), readKey(known, 'index')];
  const [id, knownId] = [readId(entry, 'id'), readId(known, 'id')];
  if (isIndex(index) && isIndex(knownIndex)) {
    return index === knownIndex && sameKind(known, entry) && (id === null || knownId === null || id === knownId);
  }
  return !isIndex(index) && !isIndex(knownIndex) && id !== null && id === knownId;
}

function isIndex(value: unknown): value is number | string {
  return typeof value === 'number' || typeof value === 'string';
}

/** A block and its delta (`text`, `text_delta`) are one kind. */
function sameKind(known: PlainObject, entry: PlainObject): boolean {
  const [type, knownType] = [readString(entry, 'type'), readString(known, 'type')];
  return type === null || knownType === null || type.replace(/_delta$/, '') === knownType.replace(/_delta$/, '');
}

/** Binds a list to a LangChain model's or a LangGraph graph's stream. */
export function liveLangChain(target: LiveTarget): LangChainLive {
  return new LangChainLive(target);
}
