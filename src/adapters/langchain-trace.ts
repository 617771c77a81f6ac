import { asObject, isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { convertContent, convertContentPart, readCitations, toolResultBody, type CitationJson } from './content-parts.js';
import {
  mapStopReason,
  parseArguments,
  redactedThinkingEntry,
  textEntry,
  thinkingEntry,
  toolCallEntry,
  toolResultEntry,
  type Entry,
} from './entries.js';
import { convertSafely, ItemSink, type StopMark } from './sink.js';
import { SubagentScope } from './subagent-scope.js';
import type { AdapterResult } from './types.js';

export interface LangChainTraceOptions {
  /**
   * Whether the trace is over. Defaults to true: a saved trace file is over, and a run in it
   * that never ended was cut off, so its message is marked unfinished (`stream_error`) and
   * reported. Pass false while the trace is still being written: a run without an end is then
   * in flight (its calls executing, no mark, no problem), and so is a last line not yet whole.
   * The saved file is the default because this function reads the text at once, as a file is
   * read: a caller converting a live stream knows it and says so, while the other default would
   * let a truncated file pass a cut-off answer as a finished one, silently.
   */
  complete?: boolean;
}

/**
 * LangChain JSONL stream traces (SPEC §7): one JSON object a line. `AIMessageChunk` lines are
 * grouped by run `id` into one assistant message; `tool` lines become tool results; human and
 * system lines become their text. A `task` tool call opens a sub-agent whose turns follow flat
 * in the file: their items carry `metadata.parent_call_id`. A trace still being written is
 * converted with `{complete: false}` (see `LangChainTraceOptions`).
 */
export function fromLangChainTrace(jsonlText: string, options: LangChainTraceOptions = {}): AdapterResult {
  const sink = new ItemSink();
  return convertSafely(sink, () => {
    if (typeof jsonlText !== 'string') {
      sink.problem('The trace is not text (expected JSONL: one JSON object a line).');
      return;
    }
    new TraceReader(sink, readKey(options, 'complete') !== false).read(jsonlText);
  });
}

interface TraceLine {
  line: number;
  value: PlainObject;
}

type LineKind = 'ai-chunk' | 'ai' | 'tool' | 'user' | 'system' | 'unknown';

/** How a run's message ends: it finished, it was cut off, or it is still being streamed. */
type RunEnd = 'finished' | 'cut' | 'in-flight';

interface TextBlock {
  kind: 'text' | 'thinking';
  text: string;
  citations: CitationJson[];
  redacted: boolean;
}

interface ToolBlock {
  kind: 'tool';
  callId: string | null;
  name: string;
  /** The `input` the call opened with: the arguments when they were not streamed. */
  input: unknown;
  /** `partial_json` fragments, concatenated in arrival order. */
  json: string;
  line: number;
}

interface MediaBlock {
  kind: 'media';
  entries: Entry[];
}

type Block = TextBlock | ToolBlock | MediaBlock;

/** One LLM invocation being reassembled from its chunks. */
interface Run {
  runId: string;
  firstLine: number;
  lastLine: number;
  parentCallId: string | null;
  blocks: Map<string, Block>;
  model: string | null;
  provider: string | null;
  usage: unknown;
  stopReason: unknown;
  stopDetails: unknown;
  /** A stop reason or a `last` chunk was seen: the run ended, even if no `last` chunk followed. */
  ended: boolean;
  reportedTypes: Set<string>;
}

interface PendingTools {
  messageId: string;
  parentCallId: string | null;
  entries: Entry[];
}

interface CallInfo {
  name: string;
  parentCallId: string | null;
}

/** Blocks only a provider understands (server-side tool use and its results): never shown. */
function isProviderBlock(type: string): boolean {
  return type === 'server_tool_use' || type.endsWith('_tool_result') || type === 'provider_item' ||
    type === 'non_standard' || type === 'mcp_tool_use';
}

class TraceReader {
  private readonly openRuns = new Map<string, Run>();
  private readonly calls = new Map<string, CallInfo>();
  private readonly scope = new SubagentScope();
  private pendingTools: PendingTools | null = null;

  constructor(
    private readonly sink: ItemSink,
    private readonly complete: boolean,
  ) {}

  read(text: string): void {
    for (const entry of this.parseLines(text)) this.handleLine(entry);
    this.flushTools();
    for (const run of [...this.openRuns.values()]) this.closeRun(run, run.ended ? 'finished' : this.complete ? 'cut' : 'in-flight');
  }

  /**
   * Every line that does not parse is reported by its 1-based number; the rest still convert.
   * In a trace still being written, the text after the last newline may be a line half-written.
   */
  private parseLines(text: string): TraceLine[] {
    const lines: TraceLine[] = [];
    const raws = text.split(/\r?\n/);
    raws.forEach((raw, offset) => {
      const line = offset + 1;
      if (raw.trim() === '') return;
      let value: unknown;
      try {
        value = JSON.parse(raw);
      } catch (error) {
        const beingWritten = !this.complete && offset === raws.length - 1;
        if (!beingWritten) this.sink.problem(`Line ${line} is not valid JSON (${errorText(error)}); it was left out.`, { line });
        return;
      }
      if (!isPlainObject(value)) {
        this.sink.problem(`Line ${line} is not a JSON object; it was left out.`, { line });
        return;
      }
      lines.push({ line, value: unwrapSerialized(value) });
    });
    return lines;
  }

  private handleLine({ line, value }: TraceLine): void {
    const kind = lineKind(readString(value, 'type'));
    if (kind === 'ai-chunk' || kind === 'ai') {
      this.flushTools();
      this.absorbChunk(line, value, kind === 'ai');
      return;
    }
    // Anything that is not a chunk means the model turns before it are over.
    this.closeOpenRuns();
    if (kind === 'tool') {
      this.addToolResult(line, value);
      return;
    }
    this.flushTools();
    if (kind === 'user' || kind === 'system') this.emitPlainMessage(line, value, kind);
    else this.sink.problem(`Line ${line} has an unknown type ${JSON.stringify(readKey(value, 'type'))}; it was left out.`, { line });
  }

  private absorbChunk(line: number, chunk: PlainObject, wholeMessage: boolean): void {
    const run = this.runFor(line, readId(chunk, 'id') ?? (wholeMessage ? `line-${line}` : 'lc_run--unknown'));
    run.lastLine = line;
    const content = readKey(chunk, 'content');
    let sawToolBlock = false;
    if (typeof content === 'string') this.textBlock(run, 'auto:text', 'text').text += content;
    else if (Array.isArray(content)) {
      for (let position = 0; position < content.length; position++) {
        if (this.absorbBlock(run, line, content[position], position)) sawToolBlock = true;
      }
    }
    // Providers without tool blocks in `content` (OpenAI) stream calls only as tool_call_chunks.
    if (!sawToolBlock) this.absorbToolCallChunks(run, line, readKey(chunk, 'tool_call_chunks'));
    if (wholeMessage && !hasToolBlocks(run)) this.absorbWholeToolCalls(run, line, readKey(chunk, 'tool_calls'));
    this.absorbMetadata(run, chunk);
    if (wholeMessage || readString(chunk, 'chunk_position') === 'last') {
      run.ended = true;
      this.closeRun(run, 'finished');
    }
  }

  private runFor(line: number, runId: string): Run {
    const open = this.openRuns.get(runId);
    if (open) return open;
    const run: Run = {
      runId,
      firstLine: line,
      lastLine: line,
      // Captured when the run starts: a task this run opens must not become its own parent.
      parentCallId: this.scope.current(),
      blocks: new Map(),
      model: null,
      provider: null,
      usage: undefined,
      stopReason: undefined,
      stopDetails: undefined,
      ended: false,
      reportedTypes: new Set(),
    };
    this.openRuns.set(runId, run);
    return run;
  }

  /** Returns whether the block was part of a tool call. */
  private absorbBlock(run: Run, line: number, block: unknown, position: number): boolean {
    if (typeof block === 'string') {
      this.textBlock(run, 'auto:text', 'text').text += block;
      return false;
    }
    const type = readString(block, 'type') ?? '';
    const index = readKey(block, 'index');
    const hasIndex = typeof index === 'number' && Number.isFinite(index);
    const key = hasIndex ? `i:${index}` : `p:${position}`;
    switch (type) {
      case 'text': {
        // Without an index, text chunks can only be one running block.
        const text = this.textBlock(run, hasIndex ? key : 'auto:text', 'text');
        text.text += readString(block, 'text') ?? '';
        text.citations.push(...readCitations(readKey(block, 'citations') ?? readKey(block, 'annotations')));
        return false;
      }
      case 'thinking':
      case 'reasoning':
        this.textBlock(run, hasIndex ? key : 'auto:thinking', 'thinking').text +=
          readString(block, 'thinking') ?? readString(block, 'reasoning') ?? readString(block, 'text') ?? '';
        return false;
      case 'redacted_thinking':
        this.textBlock(run, key, 'thinking').redacted = true;
        return false;
      case 'tool_use':
      case 'tool_call':
      case 'tool_call_chunk':
        this.startToolBlock(run, line, key, block);
        return true;
      case 'input_json_delta':
        this.appendToolJson(run, line, key, readString(block, 'partial_json') ?? '');
        return true;
    }
    if (!isProviderBlock(type)) this.absorbOtherBlock(run, line, key, block, type);
    return false;
  }

  private absorbOtherBlock(run: Run, line: number, key: string, block: unknown, type: string): void {
    const converted = convertContentPart(block);
    // Keyed by line too: an image arrives whole, and index-less keys repeat from chunk to chunk.
    if (converted.entries.length > 0) run.blocks.set(`${key}:media@${line}`, { kind: 'media', entries: converted.entries });
    if (converted.unknownType !== undefined && !run.reportedTypes.has(type)) {
      run.reportedTypes.add(type);
      this.sink.problem(`Line ${line}: content block type "${converted.unknownType}" is not supported; it was left out.`, { line });
    }
  }

  private textBlock(run: Run, key: string, kind: TextBlock['kind']): TextBlock {
    const existing = run.blocks.get(key);
    if (existing && existing.kind === kind) return existing;
    // One index reused for another kind of block: keep both rather than mix them.
    const blockKey = existing ? `${key}:${kind}` : key;
    const again = run.blocks.get(blockKey);
    if (again && again.kind === kind) return again;
    const block: TextBlock = { kind, text: '', citations: [], redacted: false };
    run.blocks.set(blockKey, block);
    return block;
  }

  private startToolBlock(run: Run, line: number, key: string, block: unknown): void {
    const callId = readId(block, 'id');
    const name = readString(block, 'name') ?? '';
    const args = readKey(block, 'args');
    const existing = run.blocks.get(key);
    if (existing && existing.kind === 'tool') {
      // A tool_call_chunk continuing a call: later chunks carry only argument fragments.
      if (typeof args === 'string') existing.json += args;
      return;
    }
    const input = readKey(block, 'input') ?? (typeof args === 'string' ? undefined : args);
    run.blocks.set(key, { kind: 'tool', callId, name, input, json: typeof args === 'string' ? args : '', line });
    if (name === 'task' && callId !== null) this.scope.open(run.runId, callId);
  }

  private appendToolJson(run: Run, line: number, key: string, fragment: string): void {
    const block = run.blocks.get(key);
    if (block && block.kind === 'tool') {
      block.json += fragment;
      return;
    }
    this.sink.problem(`Line ${line}: tool arguments arrived for block ${key.slice(2)}, which never started a tool call; they were left out.`, { line });
  }

  private absorbToolCallChunks(run: Run, line: number, chunks: unknown): void {
    if (!Array.isArray(chunks)) return;
    chunks.forEach((chunk, position) => {
      const index = readKey(chunk, 'index');
      const key = `tc:${typeof index === 'number' ? index : position}`;
      this.startToolBlock(run, line, key, chunk);
    });
  }

  /** A whole (non-streamed) AI message lists its calls, arguments parsed, in `tool_calls`. */
  private absorbWholeToolCalls(run: Run, line: number, calls: unknown): void {
    if (!Array.isArray(calls)) return;
    calls.forEach((call, position) => {
      const callId = readId(call, 'id');
      this.startToolBlock(run, line, `call:${callId ?? position}`, { ...asObject(call), input: readKey(call, 'args') });
    });
  }

  private absorbMetadata(run: Run, chunk: PlainObject): void {
    const meta = readObject(chunk, 'response_metadata') ?? {};
    run.model = readString(meta, 'model_name') ?? readString(meta, 'model') ?? run.model;
    run.provider = readString(meta, 'model_provider') ?? run.provider;
    const stop = readKey(meta, 'stop_reason') ?? readKey(meta, 'finish_reason');
    if (stop !== undefined && stop !== null) {
      run.stopReason = stop;
      run.ended = true;
    }
    const details = readKey(meta, 'stop_details');
    if (details !== undefined && details !== null) run.stopDetails = details;
    const usage = readKey(chunk, 'usage_metadata');
    if (usage !== undefined && usage !== null) run.usage = usage;
  }

  /**
   * A tool result or a new human turn means the model's turns before it are over, even for runs
   * that never sent a `last` chunk (older LangChain versions do not).
   */
  private closeOpenRuns(): void {
    for (const run of [...this.openRuns.values()]) this.closeRun(run, 'finished');
  }

  private closeRun(run: Run, end: RunEnd): void {
    this.openRuns.delete(run.runId);
    const entries = this.runEntries(run, end);
    const stop = end === 'cut' ? { reason: 'stream_error' } : end === 'finished' ? runStop(run) : null;
    if (end === 'cut') {
      this.sink.problem(
        `Run ${run.runId} (lines ${run.firstLine}–${run.lastLine}) has no last chunk: the trace looks truncated, so the message is marked as cut off.`,
        { line: run.lastLine },
      );
    }
    if (end === 'finished' && !entries.some((entry) => entry.kind === 'tool_call')) this.scope.answered(run.parentCallId);
    this.sink.emit({
      role: 'assistant',
      messageId: run.runId,
      entries,
      stop,
      metadata: runMetadata(run),
    });
  }

  private runEntries(run: Run, end: RunEnd): Entry[] {
    const entries: Entry[] = [];
    let callNumber = 0;
    for (const block of run.blocks.values()) {
      if (block.kind === 'media') entries.push(...block.entries);
      else if (block.kind === 'tool') entries.push(this.toolCall(run, block, callNumber++, end));
      else if (block.redacted) entries.push(redactedThinkingEntry());
      else if (block.text !== '') entries.push(textBlockEntry(block));
    }
    return entries;
  }

  private toolCall(run: Run, block: ToolBlock, callNumber: number, end: RunEnd): Entry {
    const callId = block.callId ?? `${run.runId}:call-${callNumber}`;
    const parsed = parseArguments(block.json !== '' ? block.json : block.input);
    this.calls.set(callId, { name: block.name, parentCallId: run.parentCallId });
    const entry = toolCallEntry(callId, block.name, parsed.value);
    // Arguments still streaming are not whole JSON yet: kept as text, which the kit shows arriving.
    if (end === 'in-flight') entry.status = 'executing';
    else if (parsed.problem) {
      this.sink.problem(`Line ${block.line}: tool call ${callId} (${block.name || 'unnamed'}): ${parsed.problem}.`, { line: block.line });
    }
    return entry;
  }

  private addToolResult(line: number, value: PlainObject): void {
    const callId = readId(value, 'tool_call_id') ?? '';
    if (callId === '') this.sink.problem(`Line ${line}: the tool result names no tool_call_id, so it pairs with no call.`, { line });
    const call = this.calls.get(callId);
    // A result belongs where its call was made, even when it closes the sub-agent it started.
    const parentCallId = call ? call.parentCallId : this.scope.current();
    this.scope.close(callId);
    const body = toolResultBody(readKey(value, 'content'));
    const entry = toolResultEntry(callId, readString(value, 'name') ?? call?.name ?? '', body.text, readString(value, 'status') === 'error');
    const pending = this.pendingToolsFor(line, value, parentCallId);
    pending.entries.push(entry, ...body.media);
  }

  /** LangChain writes one ToolMessage per call; consecutive ones answer one turn, so they form one message. */
  private pendingToolsFor(line: number, value: PlainObject, parentCallId: string | null): PendingTools {
    if (this.pendingTools && this.pendingTools.parentCallId === parentCallId) return this.pendingTools;
    this.flushTools();
    this.pendingTools = { messageId: `tools:${readId(value, 'id') ?? `line-${line}`}`, parentCallId, entries: [] };
    return this.pendingTools;
  }

  private flushTools(): void {
    const pending = this.pendingTools;
    if (!pending) return;
    this.pendingTools = null;
    this.sink.emit({
      role: 'tool',
      messageId: pending.messageId,
      entries: pending.entries,
      metadata: nestingMetadata(pending.parentCallId),
    });
  }

  private emitPlainMessage(line: number, value: PlainObject, role: 'user' | 'system'): void {
    const { entries, unknownTypes } = convertContent(readKey(value, 'content'));
    for (const type of unknownTypes) {
      this.sink.problem(`Line ${line}: content part "${type}" is not supported; it was left out.`, { line });
    }
    this.sink.emit({
      role,
      messageId: readId(value, 'id') ?? `line-${line}`,
      entries,
      metadata: nestingMetadata(this.scope.current()),
    });
  }
}

function lineKind(type: string | null): LineKind {
  switch (type) {
    case 'AIMessageChunk':
    case 'AIMessageChunkV1':
      return 'ai-chunk';
    case 'ai':
    case 'AIMessage':
      return 'ai';
    case 'tool':
    case 'ToolMessage':
    case 'ToolMessageChunk':
      return 'tool';
    case 'human':
    case 'user':
    case 'HumanMessage':
    case 'HumanMessageChunk':
      return 'user';
    case 'system':
    case 'SystemMessage':
    case 'SystemMessageChunk':
      return 'system';
    default:
      return 'unknown';
  }
}

/**
 * LangChain's own serialization wraps a message as `{lc, type: "constructor", id: [..., class],
 * kwargs}`; the class name is the message type.
 */
function unwrapSerialized(value: PlainObject): PlainObject {
  const kwargs = readObject(value, 'kwargs');
  const path = readKey(value, 'id');
  if (readKey(value, 'lc') === undefined || kwargs === null || !Array.isArray(path)) return value;
  const className = path.at(-1);
  return typeof className === 'string' ? { ...kwargs, type: className } : value;
}

function hasToolBlocks(run: Run): boolean {
  return [...run.blocks.values()].some((block) => block.kind === 'tool');
}

function textBlockEntry(block: TextBlock): Entry {
  if (block.kind === 'thinking') return thinkingEntry(block.text);
  return textEntry(block.text, block.citations.length > 0 ? { citations: block.citations } : {});
}

function runStop(run: Run): StopMark | null {
  const reason = mapStopReason(run.stopReason);
  return reason ? { reason, details: run.stopDetails } : null;
}

function runMetadata(run: Run): Record<string, unknown> {
  const metadata: Record<string, unknown> = { run_id: run.runId };
  if (run.model !== null) metadata.model = run.model;
  if (run.provider !== null) metadata.provider = run.provider;
  if (run.usage !== undefined) metadata.usage = run.usage;
  return { ...metadata, ...nestingMetadata(run.parentCallId) };
}

function nestingMetadata(parentCallId: string | null): Record<string, unknown> {
  return parentCallId !== null ? { parent_call_id: parentCallId } : {};
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'parse error';
}
