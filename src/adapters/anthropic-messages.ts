import { asObject, isPlainObject, readBoolean, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { humanizeToolName } from '../model/humanize.js';
import { safeJson } from '../model/safe-json.js';
import { convertContentPart, toolResultBody } from './content-parts.js';
import { compactionEntry, mapStopReason, parseArguments, toolCallEntry, toolResultEntry, unsupportedEntry, type Entry } from './entries.js';
import { convertSafely, ItemSink, type StopMark } from './sink.js';
import type { AdapterResult } from './types.js';

/**
 * Anthropic Messages API: request messages (`{role, content}`) and response objects (`{id,
 * type: "message", role, content, stop_reason, stop_details, model, usage}`) in one list.
 * `tool_result` blocks ride in user messages; here they become a `tool` message of their own,
 * placed before whatever else the user message says (the API requires them first).
 *
 * Server tools (web search, web fetch, code execution, tool search…) and MCP tools run inside
 * one response: their call, their result and the answer that uses it are blocks of a single
 * assistant message. Results belong in a `tool` message, so the message is cut where a result
 * falls (`<id>`, `<id>:results`, `<id>:step-1`…) and reads call → result → answer. The stop mark
 * and the usage go with the last part.
 *
 * `pause_turn` (and the beta's `compaction`) is not a stop: the server handed a long turn back
 * for the client to continue. Such a message carries no stop mark, and `metadata.paused: true`
 * on the items of its last part says the turn goes on in the next response.
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

/** Stop reasons that hand the turn back to be continued rather than end it. */
const PAUSED: ReadonlySet<string> = new Set(['pause_turn', 'compaction']);

/** One stretch of a message up to the server-tool results that end it. */
interface Part {
  entries: Entry[];
  results: Entry[];
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
    const results: Entry[] = [];
    const parts: Part[] = [newPart()];
    contentBlocks(readKey(raw, 'content')).forEach((block, position) => {
      const type = readString(block, 'type') ?? '';
      let part = parts[parts.length - 1];
      if (type === 'tool_result') {
        results.push(...this.toolResult(block));
      } else if (isServerResult(type)) {
        part.results.push(...this.serverResult(block, type));
      } else {
        // What follows a server tool's result answers it: it starts the next part.
        if (part.results.length > 0) parts.push((part = newPart()));
        part.entries.push(...this.blockEntries(block, type, index, position));
      }
    });
    this.sink.emit({ role: 'tool', messageId: `${messageId}:results`, entries: results });
    this.emitParts(parts, role, messageId, raw);
  }

  private emitParts(parts: Part[], role: string, messageId: string, raw: PlainObject): void {
    const stop = stopOf(raw);
    // Cut off right after a result: an empty last part carries the mark after it.
    if (stop && parts[parts.length - 1].results.length > 0) parts.push(newPart());
    const last = parts.length - 1;
    const { usage, ...shared } = responseMetadata(raw);
    // What is the whole response's (its usage, counted once; that it paused) goes with the last
    // part that says anything.
    const ending = lastIndexWhere(parts, (part, i) => part.entries.length > 0 || (i === last && stop !== null));
    const endingMetadata = { ...shared, ...(usage === undefined ? {} : { usage }), ...(isPaused(raw) ? { paused: true } : {}) };
    parts.forEach((part, number) => {
      const id = number === 0 ? messageId : `${messageId}:step-${number}`;
      const metadata = number === ending ? endingMetadata : shared;
      this.sink.emit({ role, messageId: id, entries: joinCitedText(part.entries), stop: number === last ? stop : null, metadata });
      this.sink.emit({ role: 'tool', messageId: `${id}:results`, entries: part.results });
    });
  }

  private blockEntries(block: unknown, type: string, index: number, position: number): Entry[] {
    if (type === 'tool_use' || type === 'server_tool_use' || type === 'mcp_tool_use') return [this.toolCall(block, index, position)];
    if (type === 'search_result') return [searchResultEntry(block)];
    if (type === 'container_upload') return fileIdEntries(readString(block, 'file_id'));
    if (type === 'compaction') return [compactionEntry(readString(block, 'content'))];
    const converted = convertContentPart(block);
    if (converted.unknownType === undefined) return converted.entries;
    this.sink.problem(`Message ${index}, block ${position}: block type "${converted.unknownType}" has no view; it is kept as a generic item.`, { index });
    return [unsupportedEntry(type, block)];
  }

  private toolCall(block: unknown, index: number, position: number): Entry {
    const callId = readId(block, 'id') ?? `message-${index}:call-${position}`;
    const name = readString(block, 'name') ?? '';
    const parsed = parseArguments(readKey(block, 'input'));
    if (parsed.problem) this.sink.problem(`Message ${index}: tool call ${callId} (${name || 'unnamed'}): ${parsed.problem}.`, { index });
    this.callNames.set(callId, name);
    const call = toolCallEntry(callId, name, parsed.value);
    // An MCP tool is named within its server; which server ran it is part of what happened.
    const server = readString(block, 'server_name');
    if (server !== null) {
      call.metadata = { server_name: server };
      call.content.display_text = `${humanizeToolName(name) || name} (${server})`;
    }
    return call;
  }

  /**
   * The result's text blocks joined into the one string a result's `content` is
   * (docs/display-items.md#kinds); its images become their own items.
   */
  private toolResult(block: unknown): Entry[] {
    const callId = readId(block, 'tool_use_id') ?? '';
    const body = toolResultBody(readKey(block, 'content'));
    return [
      toolResultEntry(callId, this.callNames.get(callId) ?? '', body.text, readBoolean(block, 'is_error')),
      ...body.media,
    ];
  }

  private serverResult(block: unknown, type: string): Entry[] {
    const callId = readId(block, 'tool_use_id') ?? '';
    const name = this.callNames.get(callId) ?? type.replace(/_tool_result$/, '');
    const body = serverResultBody(block, type);
    const entry = toolResultEntry(callId, name, body.text, body.isError);
    // The result as the provider sent it, for views that show more than its text (issue 71).
    const content = readKey(block, 'content');
    if (content !== undefined && content !== null) entry.content.structured_content = content;
    return [entry, ...body.media];
  }
}

function newPart(): Part {
  return { entries: [], results: [] };
}

function lastIndexWhere<T>(list: readonly T[], test: (value: T, index: number) => boolean): number {
  for (let i = list.length - 1; i >= 0; i--) if (test(list[i], i)) return i;
  return -1;
}

/** `web_search_tool_result`, `code_execution_tool_result`, `mcp_tool_result`… but not a client `tool_result`. */
function isServerResult(type: string): boolean {
  return type.endsWith('_tool_result');
}

interface ResultBody {
  text: string;
  isError: boolean;
  media: Entry[];
}

/**
 * What a server tool returned, as a person reads it: search hits as titles and URLs, a program's
 * output, a file's lines. A shape not known here is shown as its JSON rather than lost.
 */
function serverResultBody(block: unknown, type: string): ResultBody {
  const content = readKey(block, 'content');
  // An MCP server's result is shaped like a client tool's.
  if (type === 'mcp_tool_result') return { ...toolResultBody(content), isError: readBoolean(block, 'is_error') };
  const errorCode = readString(content, 'error_code');
  if (errorCode !== null) return { text: errorText(content, errorCode), isError: true, media: [] };
  const body = (text: string, media: Entry[] = []): ResultBody => ({ text, isError: false, media });
  if (typeof content === 'string') return body(content);
  if (Array.isArray(content)) return body(content.map(searchHitText).join('\n\n'));
  switch (readString(content, 'type')) {
    case 'code_execution_result':
    case 'bash_code_execution_result':
    case 'encrypted_code_execution_result':
      return body(programOutput(content), outputFiles(readKey(content, 'content')));
    case 'text_editor_code_execution_view_result':
      return body(readString(content, 'content') ?? '');
    case 'text_editor_code_execution_create_result':
      return body(readBoolean(content, 'is_file_update') ? 'File updated.' : 'File created.');
    case 'text_editor_code_execution_str_replace_result':
      return body(stringList(readKey(content, 'lines')).join('\n'));
    case 'tool_search_tool_search_result':
      return body(toolResultBody(readKey(content, 'tool_references')).text);
    case 'web_fetch_result':
      return fetchedPage(content);
  }
  return body(readString(content, 'text') ?? safeJson(content));
}

function errorText(error: unknown, code: string): string {
  const message = readString(error, 'error_message');
  return message ? `${code}: ${message}` : code;
}

function searchHitText(hit: unknown): string {
  const lines = [readString(hit, 'title'), readString(hit, 'url')].filter((line): line is string => !!line);
  return lines.length > 0 ? lines.join('\n') : safeJson(hit);
}

/** stdout, then stderr and a failing exit code. Encrypted stdout means nothing to a reader. */
function programOutput(result: unknown): string {
  const stdout = readString(result, 'stdout') ?? '';
  const stderr = readString(result, 'stderr') ?? '';
  const code = readKey(result, 'return_code');
  const sections = [stdout, stderr && `stderr:\n${stderr}`, typeof code === 'number' && code !== 0 ? `exit code ${code}` : ''];
  return sections.filter((section) => section !== '').join('\n\n');
}

/** Files a program wrote, as references a reader can follow by id. */
function outputFiles(files: unknown): Entry[] {
  return Array.isArray(files) ? files.flatMap((file) => fileIdEntries(readString(file, 'file_id'))) : [];
}

function fileIdEntries(fileId: string | null): Entry[] {
  return fileId === null ? [] : convertContentPart({ type: 'file', file_id: fileId }).entries;
}

/** A fetched page: its title and URL, then its text; a PDF stays a document of its own. */
function fetchedPage(result: unknown): ResultBody {
  const document = readKey(result, 'content');
  const source = readObject(document, 'source');
  const pageText = readString(source, 'type') === 'text' ? readString(source, 'data') : null;
  const text = [readString(document, 'title'), readString(result, 'url'), pageText].filter((line): line is string => !!line).join('\n\n');
  return { text, isError: false, media: pageText === null && document !== undefined ? convertContentPart(document).entries : [] };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((line): line is string => typeof line === 'string') : [];
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

function isPaused(message: PlainObject): boolean {
  const reason = readString(message, 'stop_reason');
  return reason !== null && PAUSED.has(reason);
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
