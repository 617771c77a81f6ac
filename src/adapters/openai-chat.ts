import { isPlainObject, readBoolean, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { convertContent, readCitations, toolResultBody } from './content-parts.js';
import {
  mapStopReason, parseArguments, refusalStop, textEntry, thinkingEntry, toolCallEntry, toolResultEntry, type Entry,
} from './entries.js';
import { convertSafely, ItemSink, type StopMark } from './sink.js';
import type { AdapterResult } from './types.js';

/**
 * OpenAI Chat Completions messages (and OpenAI-style messages such as Nous',
 * docs/display-items.md#other-formats): roles system/developer/user/assistant/tool, string or
 * part-list `content`, `reasoning_content`, `tool_calls` (nested `function` or flat `{id, name,
 * arguments}`), `finish_reason` on the message or on a choice object `{message, finish_reason}`.
 */
export function fromOpenAIChat(messages: unknown): AdapterResult {
  const sink = new ItemSink();
  return convertSafely(sink, () => {
    if (!Array.isArray(messages)) {
      sink.problem('Expected an array of chat messages (or choice objects).');
      return;
    }
    new ChatReader(sink).read(messages);
  });
}

interface PendingTools {
  messageId: string;
  entries: Entry[];
}

class ChatReader {
  private readonly callNames = new Map<string, string>();
  /** Legacy `function_call`s have no id: a `function` message answers the last call of its name. */
  private readonly legacyCalls = new Map<string, string>();
  private pendingTools: PendingTools | null = null;

  constructor(private readonly sink: ItemSink) {}

  read(messages: readonly unknown[]): void {
    messages.forEach((raw, index) => this.readMessage(raw, index));
    this.flushTools();
  }

  private readMessage(raw: unknown, index: number): void {
    const { message, finishReason, usage } = unwrapChoice(raw);
    if (message === null) {
      this.sink.problem(`Message ${index} is not an object; it was left out.`, { index });
      return;
    }
    const role = readString(message, 'role');
    if (role === 'tool' || role === 'function') {
      this.addToolResult(message, index, role);
      return;
    }
    this.flushTools();
    if (role === null) {
      this.sink.problem(`Message ${index} has no role; it was left out.`, { index });
      return;
    }
    const messageId = readId(message, 'id') ?? `message-${index}`;
    if (role === 'assistant') {
      this.sink.emit({
        role,
        messageId,
        entries: this.assistantEntries(message, index, messageId),
        stop: assistantStop(message, finishReason),
        metadata: usage ? { usage } : {},
      });
      return;
    }
    // `developer` is the newer name for the system role.
    const displayRole = role === 'developer' ? 'system' : role;
    this.sink.emit({ role: displayRole, messageId, entries: this.contentEntries(message, index), stop: stopOf(finishReason) });
  }

  private assistantEntries(message: PlainObject, index: number, messageId: string): Entry[] {
    const entries: Entry[] = [];
    // Reasoning precedes the answer it led to.
    const reasoning = readString(message, 'reasoning_content') ?? readString(message, 'reasoning');
    if (reasoning) entries.push(thinkingEntry(reasoning));
    entries.push(...this.contentEntries(message, index));
    const refusal = readString(message, 'refusal');
    if (refusal) entries.push(textEntry(refusal, { refusal: true }));
    attachCitations(entries, readCitations(readKey(message, 'annotations')));
    const calls = readKey(message, 'tool_calls');
    if (Array.isArray(calls)) calls.forEach((call, position) => entries.push(this.toolCall(call, index, `${messageId}:call-${position}`)));
    const legacy = readObject(message, 'function_call');
    if (legacy) entries.push(this.legacyCall(legacy, index, `${messageId}:function_call`));
    return entries;
  }

  /** Nous keeps the original parts in `metadata.content_parts` and flattens `content` to text. */
  private contentEntries(message: PlainObject, index: number): Entry[] {
    const parts = readKey(readObject(message, 'metadata'), 'content_parts');
    const { entries, unknownTypes } = convertContent(Array.isArray(parts) ? parts : readKey(message, 'content'));
    for (const type of unknownTypes) {
      this.sink.problem(`Message ${index}: content part "${type}" is not supported; it was left out.`, { index });
    }
    // An assistant turn that only calls tools often sends content "" or whitespace: nothing to show.
    return entries.filter((entry) => entry.kind !== 'text' || String(entry.content.text).trim() !== '');
  }

  private toolCall(call: unknown, index: number, fallbackId: string): Entry {
    const callId = readId(call, 'id') ?? fallbackId;
    const fn = readObject(call, 'function');
    const custom = readObject(call, 'custom');
    const name = readString(fn, 'name') ?? readString(custom, 'name') ?? readString(call, 'name') ?? '';
    // Custom tools take free text, not JSON: show it as the single argument it is.
    const raw = custom ? { input: readKey(custom, 'input') } : fn ? readKey(fn, 'arguments') : readKey(call, 'arguments');
    const parsed = parseArguments(raw);
    if (parsed.problem) this.sink.problem(`Message ${index}: tool call ${callId} (${name || 'unnamed'}): ${parsed.problem}.`, { index });
    this.callNames.set(callId, name);
    return toolCallEntry(callId, name, parsed.value);
  }

  private legacyCall(call: PlainObject, index: number, callId: string): Entry {
    const entry = this.toolCall({ id: callId, function: call }, index, callId);
    this.legacyCalls.set(String(entry.content.name), callId);
    return entry;
  }

  private addToolResult(message: PlainObject, index: number, role: 'tool' | 'function'): void {
    const name = readString(message, 'name');
    const callId =
      role === 'function' ? this.legacyCalls.get(name ?? '') ?? `function:${name ?? ''}` : readId(message, 'tool_call_id') ?? '';
    if (callId === '') this.sink.problem(`Message ${index}: the tool result names no tool_call_id, so it pairs with no call.`, { index });
    const body = toolResultBody(readKey(message, 'content'));
    const entry = toolResultEntry(callId, name ?? this.callNames.get(callId) ?? '', body.text, readBoolean(message, 'is_error'));
    // OpenAI sends one tool message per call; the results of one turn read as one message.
    this.pendingTools ??= { messageId: readId(message, 'id') ?? `message-${index}`, entries: [] };
    this.pendingTools.entries.push(entry, ...body.media);
  }

  private flushTools(): void {
    if (!this.pendingTools) return;
    this.sink.emit({ role: 'tool', ...this.pendingTools });
    this.pendingTools = null;
  }
}

/**
 * A list may hold messages, or choices from a completion, which carry the finish reason beside
 * the message. A host that kept the completion's `usage` may put it beside either.
 */
function unwrapChoice(raw: unknown): { message: PlainObject | null; finishReason: unknown; usage: PlainObject | null } {
  if (!isPlainObject(raw)) return { message: null, finishReason: undefined, usage: null };
  const inner = readObject(raw, 'message');
  const message = inner !== null && readKey(raw, 'role') === undefined ? inner : raw;
  return {
    message,
    finishReason: readKey(raw, 'finish_reason') ?? readKey(message, 'finish_reason'),
    usage: readObject(raw, 'usage') ?? readObject(message, 'usage'),
  };
}

function stopOf(finishReason: unknown): { reason: unknown } | null {
  const reason = mapStopReason(finishReason);
  return reason ? { reason } : null;
}

/**
 * A refusal stops the message (its finish reason is usually a plain `stop`). A finish reason that
 * says something else, a cut-off, is kept; one that says the same loses to the refusal's details.
 */
function assistantStop(message: PlainObject, finishReason: unknown): StopMark | null {
  const finished = stopOf(finishReason);
  if (!readString(message, 'refusal')) return finished;
  const refusal = refusalStop();
  return finished === null || finished.reason === refusal.reason ? refusal : finished;
}

/** Annotations belong to the message's answer: the last text it said. */
function attachCitations(entries: Entry[], citations: ReturnType<typeof readCitations>): void {
  if (citations.length === 0) return;
  const target = [...entries].reverse().find((entry) => entry.kind === 'text');
  if (!target) return;
  const existing: unknown[] = Array.isArray(target.content.citations) ? target.content.citations : [];
  target.content = { ...target.content, citations: [...existing, ...citations] };
}
