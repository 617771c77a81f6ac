import { isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { convertContent, toolResultBody } from './content-parts.js';
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
import { ChunkReader, type Run, type TextBlock, type ToolBlock } from './langchain-trace-chunks.js';
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
 * LangChain JSONL stream traces (docs/display-items.md#other-formats): one JSON object a line.
 * `AIMessageChunk` lines are grouped by run `id` into one assistant message; `tool` lines become
 * tool results; human and system lines become their text. A `task` tool call opens a sub-agent
 * whose turns follow flat in the file: their items carry `metadata.parent_call_id`. A trace still being written is
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

interface PendingTools {
  messageId: string;
  parentCallId: string | null;
  entries: Entry[];
}

interface CallInfo {
  name: string;
  parentCallId: string | null;
}

class TraceReader {
  private readonly openRuns = new Map<string, Run>();
  private readonly calls = new Map<string, CallInfo>();
  private readonly scope = new SubagentScope();
  private pendingTools: PendingTools | null = null;
  private readonly chunks: ChunkReader;

  constructor(
    private readonly sink: ItemSink,
    private readonly complete: boolean,
  ) {
    this.chunks = new ChunkReader(sink, this.scope);
  }

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
    this.chunks.absorb(run, line, chunk, wholeMessage);
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
    this.calls.set(callId, { name: block.name, parentCallId: run.parentCallId });
    if (block.invalid) return failedCall(callId, block.name, block.json, block.invalid.error);
    const parsed = parseArguments(block.json !== '' ? block.json : block.input);
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
  const className: unknown = path.at(-1);
  return typeof className === 'string' ? { ...kwargs, type: className } : value;
}

function textBlockEntry(block: TextBlock): Entry {
  if (block.kind === 'thinking') return thinkingEntry(block.text);
  return textEntry(block.text, block.citations.length > 0 ? { citations: block.citations } : {});
}

/**
 * A call LangChain could not parse (`invalid_tool_calls`): failed, with the arguments as the text
 * the model sent and LangChain's reason as its error. The failure is on the call, so it is no problem.
 */
function failedCall(callId: string, name: string, rawArguments: string, error: unknown): Entry {
  const entry = toolCallEntry(callId, name, rawArguments);
  entry.status = 'failed';
  if (error !== undefined && error !== null) entry.metadata = { error };
  return entry;
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
