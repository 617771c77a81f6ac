import { asObject, isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { convertContentPart, toolResultBody } from './content-parts.js';
import {
  parseArguments,
  textEntry,
  thinkingEntry,
  toolCallEntry,
  toolResultEntry,
  unsupportedEntry,
  type Entry,
} from './entries.js';
import type { ItemSink, StopMark } from './sink.js';

/**
 * What one non-tool LangChain message says, whatever its form: its blocks, its calls (each one item
 * however many blocks and lists mention it) and what providers keep beside the content.
 */

export interface Step {
  said: Entry[];
  calls: Entry[];
  results: Entry[];
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
export class MessageContent {
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

/**
 * The blocks a message says. An instance's `contentBlocks` is LangChain's translation of the
 * provider's content into standard blocks; the other forms keep `content` (or `content_blocks`,
 * for a message built from standard blocks).
 */
export function messageBlocks(fields: PlainObject, stop: StopMark | null): unknown[] {
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
