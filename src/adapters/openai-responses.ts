import { isPlainObject, ownValue, readBoolean, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { convertContentPart, summaryText } from './content-parts.js';
import {
  compactionEntry, mapStopReason, redactedThinkingEntry, refusalStop, thinkingEntry, toolCallEntry, toolResultEntry, unsupportedEntry, type Entry,
} from './entries.js';
import { CALL_READERS, type CallReading, type Place } from './openai-responses-calls.js';
import { OUTPUT_READERS, type ResultReading } from './openai-responses-outputs.js';
import { convertSafely, ItemSink, type StopMark } from './sink.js';
import type { AdapterResult } from './types.js';

/**
 * OpenAI Responses API: a conversation as it is stored (the request's `input` items, then each
 * response's `output` items), a Response object, or a list holding Response objects among items.
 * Items are flat — a reasoning item, a call, its output, a message — so the messages are rebuilt:
 * consecutive assistant-side items are one turn, cut into steps where something is said after a
 * call, and each step is followed by a tool message with its results.
 */
export function fromOpenAIResponses(input: unknown): AdapterResult {
  const sink = new ItemSink();
  return convertSafely(sink, () => {
    const items = Array.isArray(input) ? input : isResponse(input) ? [input] : null;
    if (items === null) {
      sink.problem('Expected an array of Responses API items or a Response object.');
      return;
    }
    const reader = new ResponsesReader(sink);
    try {
      items.forEach((item, index) => reader.read(item, index));
    } finally {
      // A list that throws part-way still shows the turn it was in the middle of.
      reader.flush();
    }
  });
}

/** One assistant message and the tool message after it. */
interface Step {
  id: string;
  said: Entry[];
  calls: Entry[];
  results: Entry[];
  /** A result arrived as an item of its own: a later call belongs to a later step. */
  answered: boolean;
  stop: StopMark | null;
  metadata?: Record<string, unknown>;
}

/** Steps of one Response take their ids from it; steps of stored items from their first item. */
interface Segment {
  responseId: string | null;
  count: number;
  last: Step | null;
}

/** A call, and the step it sits in while that step is not yet emitted. */
interface OpenCall {
  entry: Entry;
  step: Step;
}

class ResponsesReader {
  /** Steps since the last user or system message: a result may still join its call's step. */
  private steps: Step[] = [];
  private segment: Segment = newSegment(null);
  private readonly openCalls = new Map<string, OpenCall>();
  private readonly callNames = new Map<string, string>();
  /** Calls with no output yet by item type, in order: an output that names no call answers the first of its kind. */
  private readonly unanswered = new Map<string, string[]>();

  constructor(private readonly sink: ItemSink) {}

  read(raw: unknown, index: number): void {
    if (isResponse(raw)) this.readResponse(raw, index);
    else this.readItem(raw, { index, label: `Item ${index}`, key: `item-${index}` });
  }

  /** Emits the held steps, each assistant message followed by its results. */
  flush(): void {
    for (const step of this.steps) {
      this.sink.emit({ role: 'assistant', messageId: step.id, entries: [...step.said, ...step.calls], stop: step.stop, metadata: step.metadata });
      this.sink.emit({ role: 'tool', messageId: `${step.id}:results`, entries: step.results });
    }
    this.steps = [];
    this.segment.last = null;
    this.openCalls.clear();
    this.unanswered.clear();
  }

  private readResponse(response: PlainObject, index: number): void {
    const responseId = readId(response, 'id') ?? `response-${index}`;
    this.segment = newSegment(responseId);
    const output = readKey(response, 'output');
    if (Array.isArray(output)) {
      output.forEach((item, position) => this.readItem(item, { index, label: `Item ${index}, output ${position}`, key: `${responseId}:${position}` }));
    } else {
      this.sink.problem(`Item ${index}: the response's output is not a list; it was left out.`, { index });
    }
    this.endResponse(response, responseId);
    this.segment = newSegment(null);
  }

  /** The response's own signals (why it ended, model, usage) go with its last message. */
  private endResponse(response: PlainObject, responseId: string): void {
    const stop = responseStop(response);
    const metadata = responseMetadata(response);
    let last = this.segment.last;
    if (last === null && stop === null) return;
    last ??= this.newStep(responseId);
    // A refusal says more than the response's matching `content_filter`: keep its details.
    if (stop !== null && stop.reason !== last.stop?.reason) last.stop = stop;
    if (Object.keys(metadata).length > 0) last.metadata = metadata;
  }

  private readItem(raw: unknown, place: Place): void {
    if (!isPlainObject(raw)) {
      this.sink.problem(`${place.label} is not an object; it was left out.`, { index: place.index });
      return;
    }
    // Input messages may leave out `type`.
    const type = readString(raw, 'type') ?? (readString(raw, 'role') !== null ? 'message' : '');
    switch (type) {
      case 'message':
        return this.readMessage(raw, place);
      case 'reasoning':
        return this.say([reasoningEntry(raw)], raw, place);
      case 'mcp_approval_response':
        return this.approvalResponse(raw, place);
      case 'compaction':
        return this.say([compactionEntry(null)], raw, place);
    }
    const call = ownValue(CALL_READERS, type);
    if (call) return this.addCall(call(raw, place), raw, place);
    const output = ownValue(OUTPUT_READERS, type);
    if (output) return this.addResult(this.answeredCall(raw, type), output(raw), raw, place);
    this.unsupported(type ? `item type "${type}"` : 'an item without a type', raw, place);
  }

  private readMessage(message: PlainObject, place: Place): void {
    const role = readString(message, 'role');
    if (role !== 'assistant' && role !== 'user' && role !== 'system' && role !== 'developer') {
      this.unsupported(`message role "${role ?? ''}"`, message, place);
      return;
    }
    const entries = this.contentEntries(message, place);
    if (role === 'assistant') {
      this.say(withUtterance(entries, readString(message, 'phase')), message, place, messageStop(message));
      return;
    }
    // A person (or the system) speaks: the turn before is over.
    this.flush();
    // `developer` is the newer name for the system role.
    this.sink.emit({ role: role === 'developer' ? 'system' : role, messageId: readId(message, 'id') ?? place.key, entries });
  }

  private contentEntries(message: PlainObject, place: Place): Entry[] {
    const content = readKey(message, 'content');
    if (typeof content !== 'string' && !Array.isArray(content)) {
      this.sink.problem(`${place.label}: the message's content is neither text nor a list of parts; it was left out.`, { index: place.index });
      return [];
    }
    const parts = typeof content === 'string' ? [content] : content;
    return parts.flatMap((part) => {
      const { entries, unknownType } = convertContentPart(part);
      if (unknownType === undefined) return entries;
      this.sink.problem(`${place.label}: content part "${unknownType}" is not supported; it is shown as it is.`, { index: place.index });
      return [...entries, unsupportedEntry(readString(part, 'type') ?? '', part)];
    });
  }

  /** Something the assistant said; said after a call, it answers the call and starts a new step. */
  private say(entries: Entry[], item: PlainObject, place: Place, stop: StopMark | null = null): void {
    if (entries.length === 0 && stop === null) return;
    const last = this.segment.last;
    const continues = last !== null && last.stop === null && last.calls.length === 0 && last.results.length === 0;
    const step = continues ? last : this.newStep(readId(item, 'id') ?? place.key);
    step.said.push(...entries);
    if (stop !== null) step.stop = stop;
  }

  private addCall(call: CallReading, item: PlainObject, place: Place): void {
    if (call.problem) {
      this.sink.problem(`${place.label}: tool call ${call.callId} (${call.name || 'unnamed'}): ${call.problem}.`, { index: place.index });
    }
    const last = this.segment.last;
    const step = last !== null && last.stop === null && !last.answered ? last : this.newStep(readId(item, 'id') ?? place.key);
    const entry = toolCallEntry(call.callId, call.name, call.args);
    if (call.label) entry.content.display_text = call.label;
    if (call.status !== undefined) entry.status = call.status;
    step.calls.push(entry);
    this.openCalls.set(call.callId, { entry, step });
    this.callNames.set(call.callId, call.name);
    const type = readString(item, 'type') ?? '';
    this.unanswered.set(type, [...(this.unanswered.get(type) ?? []), call.callId]);
    if (call.result) step.results.push(...resultEntries(call.callId, call.name, call.result));
  }

  /**
   * The call an output answers: the one it names (a local shell output names it in `id`), else
   * the first call of its kind still unanswered (a tool search's items carry `call_id: null`).
   */
  private answeredCall(output: PlainObject, type: string): string | null {
    const named = readId(output, 'call_id') ?? (type === 'local_shell_call_output' ? readId(output, 'id') : null);
    const waiting = this.unanswered.get(type.replace(/_output$/, '_call')) ?? [];
    const callId = named ?? waiting[0] ?? null;
    if (callId !== null) {
      const at = waiting.indexOf(callId);
      if (at >= 0) waiting.splice(at, 1);
    }
    return callId;
  }

  /** An output item answers its call: it joins the call's step, else the step the list is at. */
  private addResult(callId: string | null, result: ResultReading, item: PlainObject, place: Place): void {
    if (callId === null) {
      this.sink.problem(`${place.label}: the ${readString(item, 'type')} does not name its call, so it pairs with none.`, { index: place.index });
    }
    const id = callId ?? '';
    const step = this.openCalls.get(id)?.step ?? this.segment.last ?? this.newStep(readId(item, 'id') ?? place.key);
    step.results.push(...resultEntries(id, readString(item, 'name') ?? this.callNames.get(id) ?? '', result));
    step.answered = true;
  }

  /** A person's answer to an MCP approval request: the request is settled, approved or declined. */
  private approvalResponse(item: PlainObject, place: Place): void {
    const requestId = readId(item, 'approval_request_id');
    const approved = readBoolean(item, 'approve');
    const request = this.openCalls.get(requestId ?? '');
    if (request) request.entry.status = approved ? 'completed' : 'failed';
    const decision = { hitl_decision: approved ? 'approved' : 'rejected' };
    this.addResult(requestId, { text: readString(item, 'reason') ?? '', isError: !approved, extra: decision }, item, place);
  }

  private unsupported(what: string, item: PlainObject, place: Place): void {
    this.sink.problem(`${place.label}: ${what} is not supported; it is shown as it is.`, { index: place.index });
    this.say([unsupportedEntry(readString(item, 'type') ?? '', item)], item, place);
  }

  private newStep(fallbackId: string): Step {
    const { responseId, count } = this.segment;
    const id = responseId === null ? fallbackId : count === 0 ? responseId : `${responseId}:step-${count}`;
    const step: Step = { id, said: [], calls: [], results: [], answered: false, stop: null };
    this.segment.count += 1;
    this.segment.last = step;
    this.steps.push(step);
    return step;
  }
}

function newSegment(responseId: string | null): Segment {
  return { responseId, count: 0, last: null };
}

function isResponse(value: unknown): value is PlainObject {
  return isPlainObject(value) && readString(value, 'object') === 'response';
}

/** The summary when there is one, else raw reasoning text; neither means the provider hid it. */
function reasoningEntry(item: PlainObject): Entry {
  const text = summaryText(readKey(item, 'summary')) ?? summaryText(readKey(item, 'content'));
  return text !== null ? thinkingEntry(text) : redactedThinkingEntry();
}

const UTTERANCE_BY_PHASE: Readonly<Record<string, string>> = { commentary: 'narration', final_answer: 'answer' };

/** `phase` tells work-in-progress commentary from the final answer, as the kit's `utterance` does. */
function withUtterance(entries: Entry[], phase: string | null): Entry[] {
  const utterance = phase !== null ? ownValue(UTTERANCE_BY_PHASE, phase) : undefined;
  if (utterance === undefined) return entries;
  return entries.map((entry) => (entry.kind === 'text' ? { ...entry, content: { ...entry.content, utterance } } : entry));
}

/** A refusal ends the message; so does a message the API marks `incomplete` (cut off). */
function messageStop(message: PlainObject): StopMark | null {
  const content = readKey(message, 'content');
  if (Array.isArray(content) && content.some((part) => readString(part, 'type') === 'refusal')) {
    return refusalStop();
  }
  return readString(message, 'status') === 'incomplete' ? { reason: 'incomplete' } : null;
}

function responseStop(response: PlainObject): StopMark | null {
  switch (readString(response, 'status')) {
    case 'incomplete':
      return { reason: mapStopReason(readString(readObject(response, 'incomplete_details'), 'reason')) ?? 'incomplete' };
    case 'failed': {
      const error = readObject(response, 'error');
      const details = error && { type: 'error', category: readKey(error, 'code') ?? null, explanation: readString(error, 'message') };
      return { reason: 'stream_error', details };
    }
    case 'cancelled':
      return { reason: 'cancelled' };
  }
  return null;
}

function responseMetadata(response: PlainObject): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  const model = readString(response, 'model');
  if (model !== null) metadata.model = model;
  const usage = readObject(response, 'usage');
  if (usage !== null) metadata.usage = usage;
  return metadata;
}

function resultEntries(callId: string, name: string, result: ResultReading): Entry[] {
  const entry = toolResultEntry(callId, name, result.text, result.isError);
  if (result.extra) entry.content = { ...entry.content, ...result.extra };
  return [entry, ...(result.media ?? [])];
}
