import { asObject, isPlainObject, readBoolean, readId, readKey, readString, type PlainObject } from '../model/guards.js';
import { convertContentPart, toolResultBody } from './content-parts.js';
import { mapStopReason, parseArguments, toolCallEntry, toolResultEntry, type Entry } from './entries.js';
import { convertSafely, ItemSink, type StopMark } from './sink.js';
import type { AdapterResult } from './types.js';

/**
 * Anthropic Messages API: request messages (`{role, content}`) and response objects (`{id,
 * type: "message", role, content, stop_reason, stop_details, model, usage}`) in one list.
 * `tool_result` blocks ride in user messages; here they become a `tool` message of their own,
 * placed before whatever else the user message says (the API requires them first).
 */
export function fromAnthropicMessages(messages: unknown): AdapterResult {
  const sink = new ItemSink();
  return convertSafely(sink, () => {
    if (!Array.isArray(messages)) {
      sink.problem('Expected an array of Anthropic messages.');
      return;
    }
    new MessagesReader(sink).read(messages);
  });
}

/** Server-side tools and their results: the provider replays them, a reader has nothing to see. */
function isProviderBlock(type: string): boolean {
  return type === 'server_tool_use' || type === 'mcp_tool_use' || type === 'container_upload' ||
    type.endsWith('_tool_result');
}

class MessagesReader {
  private readonly callNames = new Map<string, string>();

  constructor(private readonly sink: ItemSink) {}

  read(messages: readonly unknown[]): void {
    messages.forEach((raw, index) => this.readMessage(raw, index));
  }

  private readMessage(raw: unknown, index: number): void {
    if (!isPlainObject(raw)) {
      this.sink.problem(`Message ${index} is not an object; it was left out.`, { index });
      return;
    }
    const role = readString(raw, 'role');
    if (role === null) {
      this.sink.problem(`Message ${index} has no role; it was left out.`, { index });
      return;
    }
    const messageId = readId(raw, 'id') ?? `message-${index}`;
    const blocks = contentBlocks(readKey(raw, 'content'));
    const results: Entry[] = [];
    const said: Entry[] = [];
    blocks.forEach((block, position) => {
      if (readString(block, 'type') === 'tool_result') results.push(...this.toolResult(block));
      else said.push(...this.blockEntries(block, index, position));
    });
    this.sink.emit({ role: 'tool', messageId: `${messageId}:results`, entries: results });
    this.sink.emit({ role, messageId, entries: joinCitedText(said), stop: stopOf(raw), metadata: responseMetadata(raw) });
  }

  private blockEntries(block: unknown, index: number, position: number): Entry[] {
    const type = readString(block, 'type') ?? '';
    if (type === 'tool_use') return [this.toolCall(block, index, position)];
    if (type === 'search_result') return [searchResultEntry(block)];
    if (isProviderBlock(type)) return [];
    const converted = convertContentPart(block);
    if (converted.unknownType !== undefined) {
      this.sink.problem(`Message ${index}, block ${position}: block type "${converted.unknownType}" is not supported; it was left out.`, { index });
    }
    return converted.entries;
  }

  private toolCall(block: unknown, index: number, position: number): Entry {
    const callId = readId(block, 'id') ?? `message-${index}:call-${position}`;
    const name = readString(block, 'name') ?? '';
    const parsed = parseArguments(readKey(block, 'input'));
    if (parsed.problem) this.sink.problem(`Message ${index}: tool call ${callId} (${name || 'unnamed'}): ${parsed.problem}.`, { index });
    this.callNames.set(callId, name);
    return toolCallEntry(callId, name, parsed.value);
  }

  /** The result's text blocks joined into SPEC's one string; its images become their own items. */
  private toolResult(block: unknown): Entry[] {
    const callId = readId(block, 'tool_use_id') ?? '';
    const body = toolResultBody(readKey(block, 'content'));
    return [
      toolResultEntry(callId, this.callNames.get(callId) ?? '', body.text, readBoolean(block, 'is_error')),
      ...body.media,
    ];
  }
}

/**
 * With citations on, Anthropic splits one answer into a text block per cited span ("The
 * capital is ", "Paris", "."), each block's citations backing that block's text. Shown apart
 * they would read as separate paragraphs, so neighbouring pieces join into one text, and each
 * citation records the span of the joined text its block was.
 */
function joinCitedText(entries: readonly Entry[]): Entry[] {
  const joined: Entry[] = [];
  for (const entry of entries) {
    const previous = joined.at(-1);
    const joins = previous && isPlainText(previous) && isPlainText(entry) && (hasCitations(previous) || hasCitations(entry));
    if (joins) {
      appendText(previous, entry);
    } else if (isPlainText(entry) && hasCitations(entry)) {
      const text: Entry = { kind: 'text', content: { text: '', citations: [] } };
      appendText(text, entry);
      joined.push(text);
    } else {
      joined.push({ ...entry });
    }
  }
  return joined;
}

/** Adds a piece's text to a joined text, its citations spanning the piece. */
function appendText(target: Entry, piece: Entry): void {
  const before = String(target.content.text);
  const text = String(piece.content.text);
  const spanned = citationList(piece).map((citation) => ({ ...asObject(citation), start_index: before.length, end_index: before.length + text.length }));
  target.content = { text: before + text, citations: [...citationList(target), ...spanned] };
}

function isPlainText(entry: Entry): boolean {
  return entry.kind === 'text' && Object.keys(entry.content).every((key) => key === 'text' || key === 'citations');
}

function citationList(entry: Entry): unknown[] {
  return Array.isArray(entry.content.citations) ? entry.content.citations : [];
}

function hasCitations(entry: Entry): boolean {
  return citationList(entry).length > 0;
}

function contentBlocks(content: unknown): unknown[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  return Array.isArray(content) ? content : [];
}

function searchResultEntry(block: unknown): Entry {
  const source = readString(block, 'source');
  const content: Record<string, unknown> = { name: readString(block, 'title') ?? source ?? 'search result' };
  if (source !== null) content.path = source;
  return { kind: 'file_reference', content };
}

function stopOf(message: PlainObject): StopMark | null {
  const reason = mapStopReason(readKey(message, 'stop_reason'));
  return reason ? { reason, details: readKey(message, 'stop_details') } : null;
}

/** Response objects say which model spoke and what it cost; request messages say neither. */
function responseMetadata(message: PlainObject): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  const model = readString(message, 'model');
  if (model !== null) metadata.model = model;
  const usage = readKey(message, 'usage');
  if (usage !== undefined && usage !== null) metadata.usage = usage;
  return metadata;
}
