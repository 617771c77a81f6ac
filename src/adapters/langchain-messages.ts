import { asObject, isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { convertContentPart, toolResultBody } from './content-parts.js';
import {
  mapStopReason,
  parseArguments,
  refusalStop,
  textEntry,
  thinkingEntry,
  toolCallEntry,
  toolResultEntry,
  unsupportedEntry,
  type Entry,
} from './entries.js';
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

interface Step {
  said: Entry[];
  calls: Entry[];
  results: Entry[];
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

/** A call being assembled from the blocks and lists that mention it. */
interface CallSlot {
  entry: Entry;
  /** Argument text still arriving in pieces; null once the arguments are a settled value. */
  text: string | null;
}

/** Block types that are a whole tool call, made by the app's tools or by the provider's own. */
const CALL_TYPES: ReadonlySet<string> = new Set(['tool_call', 'tool_use', 'server_tool_call', 'server_tool_use', 'mcp_tool_use']);

/** Streamed pieces of a call's arguments: LangChain's chunks and Anthropic's JSON deltas. */
const FRAGMENT_TYPES: ReadonlySet<string> = new Set(['tool_call_chunk', 'server_tool_call_chunk', 'input_json_delta']);

/** Everything one non-tool message says, cut into steps at the results of server-side tools. */
class MessageContent {
  private readonly steps: Step[] = [newStep()];
  /** By `id:<call id>` and, for streamed pieces, `index:<block index>`. */
  private readonly slots = new Map<string, CallSlot>();
  /** `tool_calls`, by id: LangChain parses them whole, so their arguments win over the blocks'. */
  private listed = new Map<string, unknown>();
  private callCount = 0;

  constructor(
    private readonly sink: ItemSink,
    private readonly index: number,
    private readonly messageId: string,
  ) {}

  read(fields: PlainObject, stop: StopMark | null): Step[] {
    const listed = listOf(readKey(fields, 'tool_calls'));
    const invalid = listOf(readKey(fields, 'invalid_tool_calls'));
    this.listed = new Map(listed.flatMap((call) => idPair(call)));
    messageBlocks(fields, stop).forEach((block, position) => this.readBlock(block, position));
    for (const call of listed) this.callBlock(call, true);
    for (const call of invalid) this.invalidCall(call);
    // A chunk LangChain did not collapse into `tool_calls` keeps its calls only as pieces.
    if (listed.length === 0 && invalid.length === 0) {
      for (const piece of listOf(readKey(fields, 'tool_call_chunks'))) this.callBlock(piece, false);
    }
    this.settleArguments();
    this.addKeptBeside(readObject(fields, 'additional_kwargs'));
    return this.steps;
  }

  callNames(): Array<[string, string]> {
    return [...new Set(this.slots.values())].map((slot) => [String(slot.entry.content.call_id), String(slot.entry.content.name)]);
  }

  private get step(): Step {
    return this.steps[this.steps.length - 1];
  }

  private readBlock(block: unknown, position: number): void {
    const type = readString(block, 'type') ?? '';
    if (CALL_TYPES.has(type)) this.callBlock(block, true);
    else if (FRAGMENT_TYPES.has(type)) this.callBlock(block, false);
    else if (type === 'invalid_tool_call') this.invalidCall(block);
    else if (type === 'server_tool_call_result') this.serverResult(readId(block, 'toolCallId'), readKey(block, 'output'), readString(block, 'status') === 'error');
    // Anthropic's own results of its server tools: web_search_tool_result, mcp_tool_result…
    else if (type.endsWith('_tool_result')) this.serverResult(readId(block, 'tool_use_id'), readKey(block, 'content'), isAnthropicError(block));
    else if (type === 'non_standard') this.nonStandard(block, position);
    else this.said(block, position);
  }

  private said(block: unknown, position: number): void {
    const converted = convertContentPart(answerCitations(block));
    let entries = converted.entries;
    if (converted.unknownType !== undefined) {
      this.sink.problem(
        `Message ${this.index}, block ${position}: block type "${converted.unknownType}" has no view in the kit; it is shown as it came.`,
        { index: this.index },
      );
      entries = [unsupportedEntry(readString(block, 'type') ?? '', block)];
    }
    if (entries.length === 0) return;
    // Text after a server tool's result answers it: it starts the next message.
    if (this.step.results.length > 0) this.steps.push(newStep());
    this.step.said.push(...entries);
  }

  /** LangChain wraps what it has no standard block for (redacted thinking, a provider's own blocks) in `non_standard`. */
  private nonStandard(block: unknown, position: number): void {
    const value = readKey(block, 'value');
    const type = readString(value, 'type');
    if (type !== null && type !== 'non_standard') this.readBlock(value, position);
    else this.said(block, position);
  }

  /**
   * A whole call, or a streamed piece of one (`whole` false: found by its stream index too, its
   * `args` text appended). Each call is one item however many blocks and lists mention it.
   */
  private callBlock(block: unknown, whole: boolean): void {
    const id = readId(block, 'id');
    const streamIndex = readId(block, 'index');
    const found = this.slotById(id) ?? (whole ? undefined : this.slotByIndex(streamIndex));
    const slot = found ?? this.openCall(id, streamIndex, readString(block, 'name') ?? '');
    const listed = id !== null ? this.listed.get(id) : undefined;
    if (listed !== undefined) settle(slot, readKey(listed, 'args'));
    else if (slot.text === null && found) return;
    else if (!whole) slot.text = (slot.text ?? '') + (readString(block, 'args') ?? readString(block, 'partial_json') ?? '');
    else {
      const args = readKey(block, 'args') ?? readKey(block, 'input');
      if (typeof args === 'string') slot.text = args;
      else settle(slot, args);
    }
  }

  /** A call LangChain could not parse: failed, its arguments kept as the text that came. */
  private invalidCall(block: unknown): void {
    const id = readId(block, 'id');
    if (this.slotById(id)) return;
    const slot = this.openCall(id, null, readString(block, 'name') ?? '');
    const args = readKey(block, 'args');
    settle(slot, typeof args === 'string' ? args : '');
    slot.entry.status = 'failed';
    const error = readKey(block, 'error');
    if (error !== undefined && error !== null) slot.entry.metadata = { error };
  }

  private openCall(id: string | null, streamIndex: string | null, name: string): CallSlot {
    const callId = id ?? `${this.messageId}:call-${this.callCount}`;
    this.callCount += 1;
    const slot: CallSlot = { entry: toolCallEntry(callId, name, {}), text: null };
    this.slots.set(`id:${callId}`, slot);
    if (streamIndex !== null) this.slots.set(`index:${streamIndex}`, slot);
    this.step.calls.push(slot.entry);
    return slot;
  }

  private slotById(id: string | null): CallSlot | undefined {
    return id !== null ? this.slots.get(`id:${id}`) : undefined;
  }

  private slotByIndex(streamIndex: string | null): CallSlot | undefined {
    return streamIndex !== null ? this.slots.get(`index:${streamIndex}`) : undefined;
  }

  private serverResult(callId: string | null, output: unknown, isError: boolean): void {
    const id = callId ?? '';
    if (id === '') this.sink.problem(`Message ${this.index}: a server tool result names no call, so it pairs with none.`, { index: this.index });
    const body = toolResultBody(output);
    const name = this.slotById(id)?.entry.content.name;
    this.step.results.push(toolResultEntry(id, typeof name === 'string' ? name : '', body.text, isError), ...body.media);
  }

  /** Arguments that arrived as text are parsed once all their pieces are in. */
  private settleArguments(): void {
    for (const slot of new Set(this.slots.values())) {
      if (slot.text === null) continue;
      const parsed = parseArguments(slot.text);
      const { call_id: callId, name } = slot.entry.content;
      if (parsed.problem) {
        this.sink.problem(`Message ${this.index}: tool call ${String(callId)} (${String(name) || 'unnamed'}): ${parsed.problem}.`, { index: this.index });
      }
      settle(slot, parsed.value);
    }
  }

  /**
   * What providers keep beside `content` (OpenAI's reasoning summary and refusal, the
   * `reasoning_content` of DeepSeek and others): LangChain's translators move it into the
   * blocks, but only for an instance whose provider they know, so it is added when the blocks
   * did not carry it already.
   */
  private addKeptBeside(kwargs: PlainObject | null): void {
    const said = this.steps.flatMap((step) => step.said);
    if (!said.some((entry) => entry.kind === 'thinking')) this.steps[0].said.unshift(...reasoningBeside(kwargs));
    const refusal = readString(kwargs, 'refusal');
    if (refusal && !said.some((entry) => entry.content.refusal === true)) this.step.said.push(textEntry(refusal, { refusal: true }));
  }
}

function newStep(): Step {
  return { said: [], calls: [], results: [] };
}

function settle(slot: CallSlot, args: unknown): void {
  slot.entry.content.arguments = args ?? {};
  slot.text = null;
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
 * The blocks a message says. An instance's `contentBlocks` is LangChain's translation of the
 * provider's content into standard blocks; the other forms keep `content` (or `content_blocks`,
 * for a message built from standard blocks).
 */
function messageBlocks(fields: PlainObject, stop: StopMark | null): unknown[] {
  const raw = partsOf(readKey(fields, 'content') ?? readKey(fields, 'content_blocks'));
  const translated = readKey(fields, 'contentBlocks');
  if (!Array.isArray(translated)) return raw;
  // Translators turn a refusal stop (Anthropic's stop_details, Gemini's finish message) into a
  // refusal block that the content never had; the stop mark shows it already, with its details.
  const derivedRefusal = stop?.details !== undefined && stop.details !== null && !raw.some(isRefusal);
  return derivedRefusal ? translated.filter((block) => !isRefusal(block)) : translated;
}

function partsOf(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [content];
  if (Array.isArray(content)) return content;
  // Some serializers write a single block where a list is meant.
  return isPlainObject(content) ? [content] : [];
}

function isRefusal(block: unknown): boolean {
  return readString(block, 'type') === 'refusal';
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function idPair(call: unknown): Array<[string, unknown]> {
  const id = readId(call, 'id');
  return id !== null ? [[id, call]] : [];
}

/** Anthropic marks a failed server tool by the type of the result's content (`…_tool_result_error`). */
function isAnthropicError(block: unknown): boolean {
  return readKey(block, 'is_error') === true || (readString(readObject(block, 'content'), 'type') ?? '').endsWith('_error');
}

const DOCUMENT_PLACES: ReadonlySet<string> = new Set(['char', 'page', 'block', 'search']);

/**
 * LangChain's Anthropic translator writes where a citation sits in the cited document as the
 * citation's `startIndex`/`endIndex`, which the standard means as a span of the answer; its
 * `source` says which. Page numbers go where the kit reads pages; offsets into the document are
 * dropped, as they are when the kit reads Anthropic's own blocks.
 */
function answerCitations(block: unknown): unknown {
  const annotations = readKey(block, 'annotations');
  if (readString(block, 'type') !== 'text' || !Array.isArray(annotations)) return block;
  return { ...asObject(block), annotations: annotations.map(documentPlaceMoved) };
}

function documentPlaceMoved(annotation: unknown): unknown {
  const place = readString(annotation, 'source');
  if (place === null || !DOCUMENT_PLACES.has(place)) return annotation;
  const { startIndex, endIndex, ...rest } = asObject(annotation);
  return place === 'page' ? { ...rest, start_page_number: startIndex, end_page_number: endIndex } : rest;
}

function reasoningBeside(kwargs: PlainObject | null): Entry[] {
  const text = readString(kwargs, 'reasoning_content');
  if (text) return [thinkingEntry(text)];
  const reasoning = readObject(kwargs, 'reasoning');
  return reasoning ? convertContentPart({ type: 'reasoning', summary: readKey(reasoning, 'summary') }).entries : [];
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
