import { isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { toolResultBody } from './content-parts.js';
import { mapStopReason, refusalStop, toolResultEntry, unsupportedEntry, type Entry } from './entries.js';
import { MessageContent, messageBlocks, type Step } from './langchain-message-content.js';
import { convertSafely, ItemSink, type StopMark } from './sink.js';
import type { AdapterResult } from './types.js';

/**
 * LangChain JS 1.x messages as an app holds them, in any of three forms mixed in one array:
 * class instances (`HumanMessage`, `AIMessage`, `AIMessageChunk`, `ToolMessage`…), their
 * `toDict()` output (`{type, data}`) and their serialized JSON (`{lc: 1, type: "constructor",
 * id: [..., class], kwargs}`). An instance is read through `contentBlocks`, LangChain's own
 * translation of the provider's content into its v1 standard blocks; the other forms only have
 * `content`, read here in both spellings (provider blocks and standard blocks), so that every
 * form of a message gives the same items. `tool_calls`, `invalid_tool_calls` and what providers
 * keep beside the content (reasoning, a refusal) are merged in, each once. A server-side tool
 * call (web search…) is a tool call whose result, which arrives inside the same message, follows
 * as a `tool` message; text after such a result answers it and starts the next message. A
 * `RemoveMessage` deletes the earlier messages with its id, as LangGraph's reducer does.
 */
export function fromLangChainMessages(messages: unknown): AdapterResult {
  const sink = new ItemSink();
  return convertSafely(sink, () => {
    if (!Array.isArray(messages)) {
      sink.problem('Expected an array of LangChain messages.');
      return;
    }
    new MessagesReader(sink).read(messages);
  });
}

/** One message whatever its form: its type, and the object its fields are read from. */
interface MessageView {
  type: string | null;
  fields: PlainObject;
}

interface PendingTools {
  messageId: string;
  entries: Entry[];
}

/** Serialized class names (chunks named without their `Chunk`) as the `type` an instance carries. */
const TYPE_BY_CLASS: ReadonlyMap<string, string> = new Map([
  ['HumanMessage', 'human'],
  ['AIMessage', 'ai'],
  ['SystemMessage', 'system'],
  ['ToolMessage', 'tool'],
  ['ChatMessage', 'generic'],
  ['FunctionMessage', 'function'],
  ['RemoveMessage', 'remove'],
]);

/** Message types, and the roles of generic `ChatMessage`s, in the kit's roles. */
const ROLE_BY_TYPE: ReadonlyMap<string, string> = new Map([
  ['human', 'user'],
  ['user', 'user'],
  ['ai', 'assistant'],
  ['assistant', 'assistant'],
  ['system', 'system'],
  ['developer', 'system'],
  ['tool', 'tool'],
  ['function', 'tool'],
]);

/** LangGraph's id for "every message before this one". */
const REMOVE_ALL = '__remove_all__';

class MessagesReader {
  /** Names of the calls made so far, for results that do not repeat them. */
  private readonly callNames = new Map<string, string>();
  private pendingTools: PendingTools | null = null;

  constructor(private readonly sink: ItemSink) {}

  read(messages: readonly unknown[]): void {
    // Array.from, not map: a hole in the array is a missing message to report, not one to skip.
    const views = Array.from(messages, viewOf);
    const isRemoved = removals(views, this.sink);
    views.forEach((view, index) => {
      if (!isRemoved(index)) this.readMessage(view, index);
    });
    this.flushTools();
  }

  private readMessage(view: MessageView | null, index: number): void {
    if (view === null) {
      this.sink.problem(`Message ${index} is not an object; it was left out.`, { index });
      return;
    }
    if (view.type === 'remove') return;
    const role = roleOf(view);
    if (role === 'tool') {
      this.addToolResult(view.fields, index);
      return;
    }
    this.flushTools();
    if (role === null) this.emitUnknown(view, index);
    else this.emitMessage(view.fields, role, index);
  }

  private emitMessage(fields: PlainObject, role: string, index: number): void {
    const messageId = readId(fields, 'id') ?? `message-${index}`;
    const signalled = stopOf(fields);
    const content = new MessageContent(this.sink, index, messageId);
    const steps = content.read(fields, signalled);
    const stop = withRefusal(signalled, steps);
    for (const [callId, name] of content.callNames()) this.callNames.set(callId, name);
    const metadata = responseMetadata(fields);
    const usage = readObject(fields, 'usage_metadata');
    steps.forEach((step, number) => {
      const stepId = number === 0 ? messageId : `${messageId}:step-${number}`;
      const isLast = number === steps.length - 1;
      this.sink.emit({
        role,
        messageId: stepId,
        entries: [...step.said, ...step.calls],
        // The message stopped after its last step; the usage is the whole message's, counted once.
        stop: isLast ? stop : null,
        metadata: isLast && usage ? { ...metadata, usage } : metadata,
      });
      if (step.results.length === 0) return;
      // The last step's results and the tool messages after it answer one turn: one message.
      this.pendingTools = { messageId: `${stepId}:results`, entries: step.results };
      if (!isLast) this.flushTools();
    });
  }

  /** A message type the kit does not know: kept as it came, under its own type, and reported. */
  private emitUnknown(view: MessageView, index: number): void {
    const type = view.type ?? '';
    const what = view.type === null ? 'no type' : `the unknown type ${JSON.stringify(type)}`;
    this.sink.problem(`Message ${index} has ${what}; it is shown as it came.`, { index });
    this.sink.emit({
      role: type || 'unknown',
      messageId: readId(view.fields, 'id') ?? `message-${index}`,
      entries: [unsupportedEntry(type, view.fields)],
    });
  }

  private addToolResult(fields: PlainObject, index: number): void {
    const callId = readId(fields, 'tool_call_id') ?? '';
    if (callId === '') this.sink.problem(`Message ${index}: the tool result names no tool_call_id, so it pairs with no call.`, { index });
    const body = toolResultBody(messageBlocks(fields, null));
    const name = readString(fields, 'name') ?? this.callNames.get(callId) ?? '';
    const entry = toolResultEntry(callId, name, body.text, readString(fields, 'status') === 'error');
    // What the tool returned beside its answer to the model: kept for the host, not shown.
    const artifact = readKey(fields, 'artifact');
    if (artifact !== undefined && artifact !== null) entry.metadata = { artifact };
    // LangChain writes one ToolMessage per call; the results of one turn read as one message.
    this.pendingTools ??= { messageId: readId(fields, 'id') ?? `message-${index}`, entries: [] };
    this.pendingTools.entries.push(entry, ...body.media);
  }

  private flushTools(): void {
    if (!this.pendingTools) return;
    this.sink.emit({ role: 'tool', ...this.pendingTools });
    this.pendingTools = null;
  }
}

function viewOf(raw: unknown): MessageView | null {
  if (!isPlainObject(raw)) return null;
  const kwargs = readObject(raw, 'kwargs');
  const path = readKey(raw, 'id');
  if (readKey(raw, 'lc') !== undefined && kwargs !== null && Array.isArray(path)) {
    const last: unknown = path[path.length - 1];
    const className = typeof last === 'string' ? last : '';
    return { type: TYPE_BY_CLASS.get(className.replace(/Chunk$/, '')) ?? className, fields: kwargs };
  }
  // `toDict()` nests the fields under `data`; a message with its own `content` is not that.
  const data = readObject(raw, 'data');
  if (data !== null && readKey(raw, 'content') === undefined) return { type: readString(raw, 'type'), fields: data };
  return { type: readString(raw, 'type') ?? typeFromMethod(raw) ?? readString(raw, 'role'), fields: raw };
}

/** Message classes older than the `type` field answer their type only through `_getType()`. */
function typeFromMethod(raw: PlainObject): string | null {
  const method = readKey(raw, '_getType');
  if (typeof method !== 'function') return null;
  try {
    const type: unknown = method.call(raw);
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}

function roleOf(view: MessageView): string | null {
  if (view.type === 'generic') {
    const role = readString(view.fields, 'role');
    return role ? ROLE_BY_TYPE.get(role) ?? role : null;
  }
  return view.type !== null ? ROLE_BY_TYPE.get(view.type) ?? null : null;
}

/**
 * Which positions `RemoveMessage`s delete: the earlier messages with their id, or every earlier
 * one for `__remove_all__`, as LangGraph's `messagesStateReducer` applies them. A removal that
 * finds nothing is reported, since what it meant to delete is still shown.
 */
function removals(views: ReadonlyArray<MessageView | null>, sink: ItemSink): (index: number) => boolean {
  const removed = new Set<number>();
  const positionsById = new Map<string, number[]>();
  let clearedBefore = 0;
  views.forEach((view, index) => {
    if (view === null) return;
    const id = readId(view.fields, 'id');
    if (view.type !== 'remove') {
      if (id === null) return;
      const positions = positionsById.get(id);
      if (positions) positions.push(index);
      else positionsById.set(id, [index]);
      return;
    }
    if (id === REMOVE_ALL) {
      clearedBefore = index;
      positionsById.clear();
      return;
    }
    const positions = id === null ? undefined : positionsById.get(id);
    if (id === null || positions === undefined) {
      sink.problem(`Message ${index} removes ${id === null ? 'no id' : `id "${id}"`}, which no earlier message has; nothing was removed.`, { index });
      return;
    }
    for (const position of positions) removed.add(position);
    positionsById.delete(id);
  });
  return (index) => index < clearedBefore || removed.has(index);
}

/**
 * Where each provider's integration keeps why the model stopped, in `response_metadata`: Anthropic,
 * OpenAI, Gemini, Bedrock (Converse) and Ollama.
 */
export const STOP_KEYS = ['stop_reason', 'finish_reason', 'finishReason', 'stopReason', 'done_reason'] as const;

/** The provider's own stop signal, kept in `response_metadata` under its own name. */
function stopOf(fields: PlainObject): StopMark | null {
  const meta = readObject(fields, 'response_metadata');
  const raw = STOP_KEYS.map((key) => readKey(meta, key)).find((value) => value !== undefined && value !== null);
  // Gemini writes its reasons in capitals (`STOP`, `MAX_TOKENS`), otherwise the same names.
  const reason = mapStopReason(typeof raw === 'string' ? raw.toLowerCase() : raw);
  return reason ? { reason, details: readKey(meta, 'stop_details') } : null;
}

/**
 * A refusal stops the message, as the kit marks refusals from every source (OpenAI finishes one
 * with a plain `stop`). A stop that says something else, a cut-off, is kept, and so is a refusal
 * stop that already carries the provider's details.
 */
function withRefusal(stop: StopMark | null, steps: readonly Step[]): StopMark | null {
  const refused = steps.some((step) => step.said.some((entry) => entry.content.refusal === true));
  if (!refused) return stop;
  const refusal = refusalStop();
  const saysLess = stop !== null && stop.reason === refusal.reason && (stop.details === undefined || stop.details === null);
  return stop === null || saysLess ? refusal : stop;
}

/** Which model spoke, from the response; request messages say nothing. */
function responseMetadata(fields: PlainObject): Record<string, unknown> {
  const meta = readObject(fields, 'response_metadata');
  const metadata: Record<string, unknown> = {};
  const model = readString(meta, 'model_name') ?? readString(meta, 'model');
  if (model) metadata.model = model;
  const provider = readString(meta, 'model_provider');
  if (provider) metadata.provider = provider;
  return metadata;
}
