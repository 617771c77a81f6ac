import { asObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { convertContentPart, readCitations, type CitationJson } from './content-parts.js';
import type { Entry } from './entries.js';
import type { ItemSink } from './sink.js';
import type { SubagentScope } from './subagent-scope.js';

/**
 * The chunks of one LangChain run (one LLM invocation) read into its blocks — text, thinking,
 * tool calls, media — keyed by their stream index, and into the run's model, usage and stop.
 */

export interface TextBlock {
  kind: 'text' | 'thinking';
  text: string;
  citations: CitationJson[];
  redacted: boolean;
}

export interface ToolBlock {
  kind: 'tool';
  callId: string | null;
  name: string;
  /** The `input` the call opened with: the arguments when they were not streamed. */
  input: unknown;
  /** `partial_json` fragments, concatenated in arrival order. */
  json: string;
  line: number;
  /** Why LangChain could not parse the call (`invalid_tool_calls`): its `json` is the raw text it came as. */
  invalid?: { error: unknown };
}

interface MediaBlock {
  kind: 'media';
  entries: Entry[];
}

type Block = TextBlock | ToolBlock | MediaBlock;

/** One LLM invocation being reassembled from its chunks. */
export interface Run {
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

/** Blocks only a provider understands (server-side tool use and its results): never shown. */
function isProviderBlock(type: string): boolean {
  return type === 'server_tool_use' || type.endsWith('_tool_result') || type === 'provider_item' ||
    type === 'non_standard' || type === 'mcp_tool_use';
}

/**
 * Adds what each chunk says to its run; a `task` call opens its sub-agent in the reader's scope.
 * The trace reader decides when a run is over.
 */
export class ChunkReader {
  constructor(
    private readonly sink: ItemSink,
    private readonly scope: SubagentScope,
  ) {}

  /** One chunk, or a whole (non-streamed) AI message, added to its run. */
  absorb(run: Run, line: number, chunk: PlainObject, wholeMessage: boolean): void {
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
    // A chunk's own `invalid_tool_calls` is only its piece of a call that is still arriving.
    if (wholeMessage) this.absorbInvalidToolCalls(run, line, readKey(chunk, 'invalid_tool_calls'));
    this.absorbMetadata(run, chunk);
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

  /**
   * A whole message's calls whose arguments LangChain could not parse: each shown as a failed call
   * with the text the model sent, unless a block of the content already made the call.
   */
  private absorbInvalidToolCalls(run: Run, line: number, calls: unknown): void {
    if (!Array.isArray(calls)) return;
    calls.forEach((call, position) => {
      const callId = readId(call, 'id');
      if (callId !== null && hasToolCall(run, callId)) return;
      const args = readKey(call, 'args');
      run.blocks.set(`invalid:${callId ?? position}`, {
        kind: 'tool', callId, name: readString(call, 'name') ?? '', input: undefined,
        json: typeof args === 'string' ? args : '', line, invalid: { error: readKey(call, 'error') },
      });
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
}

function hasToolBlocks(run: Run): boolean {
  return [...run.blocks.values()].some((block) => block.kind === 'tool');
}

function hasToolCall(run: Run, callId: string): boolean {
  return [...run.blocks.values()].some((block) => block.kind === 'tool' && block.callId === callId);
}
