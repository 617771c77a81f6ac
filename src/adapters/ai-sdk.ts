import { asObject, isPlainObject, ownValue, readBoolean, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { safeJson } from '../model/safe-json.js';
import { convertContentPart, type CitationJson } from './content-parts.js';
import { citationJson } from '../model/citations.js';
import { mapStopReason, parseArguments, redactedThinkingEntry, toolCallEntry, toolResultEntry, unsupportedEntry, type Entry } from './entries.js';
import { convertSafely, ItemSink, type MessageDraft, type SinkState, type StopMark } from './sink.js';
import type { AdapterResult } from './types.js';

/**
 * How a turn ended, as the AI SDK 7 reports it, not in the messages: a UIMessage records no
 * finish reason. Each field is named as the library names it, so a host passes the library's own
 * object unchanged:
 *
 * - `useChat({ onFinish })` / `new Chat({ onFinish })`: `{ isAbort, isError, finishReason }`
 *   (`isDisconnect` implies `isError`);
 * - `toUIMessageStream({ onEnd })` / `createUIMessageStream({ onEnd })` on the server:
 *   `{ isAborted, outcome: { status }, finishReason }`;
 * - `useChat()`'s `status`: `'error'` when the request failed. It cannot tell a stopped turn
 *   from a finished one (both go back to `'ready'`), so pass `onFinish`'s event for that;
 * - `useChat()`'s `error` beside it (an `Error`): the failure's message, which no event and no
 *   message part carries, becomes the stop's explanation;
 * - the UI message stream's `finish` chunk (`{ finishReason }`).
 */
export interface AISDKTurnEnd {
  finishReason?: string;
  isAbort?: boolean;
  isAborted?: boolean;
  isError?: boolean;
  outcome?: { status: string };
  status?: string;
  error?: unknown;
}

/**
 * Vercel AI SDK 7 `UIMessage`s (`{id, role, parts, metadata}`). One assistant UIMessage holds
 * every step of a turn (text, tool call, text after the result…), so it is cut into steps: each
 * step is an assistant message, followed by a tool message with that step's results. A user
 * message steered into the run (`steering-message`) comes between the steps, as a user message
 * of its own. A part the kit has no view for (`custom`, or a type this adapter does not know) is
 * kept as a generic item and reported.
 *
 * Where the turn stopped early, the mark goes on its last step: `length`, `content_filtered`,
 * `stream_error` (`error`, `interrupted`, a failed request), `cancelled` (the user stopped it).
 * It comes from `end`, which describes the last message of the list (see `AISDKTurnEnd`), or else
 * from a message's own `metadata.finishReason`, for hosts that put it there with
 * `messageMetadata`. A turn that ended before the assistant said anything gets an empty
 * assistant message carrying the mark, after the last message.
 *
 * ```ts
 * useChat({ onFinish: (event) => show(fromAISDKMessages(event.messages, event)) });
 * ```
 */
export function fromAISDKMessages(messages: unknown, end: AISDKTurnEnd = {}): AdapterResult {
  if (!Array.isArray(messages)) {
    const sink = new ItemSink();
    sink.problem('Expected an array of UIMessage objects.');
    return sink.result();
  }
  const last = messages.length - 1;
  const sink = new ItemSink(last > 0 ? earlierMessages(messages) : undefined);
  return convertSafely(sink, () => {
    if (last < 0) return;
    const ending = turnStop(end);
    sink.adopt(convertMessage(messages[last], last, ending));
    if (ending && readString(messages[last], 'role') !== 'assistant') {
      const replyTo = readId(messages[last], 'id') ?? `message-${last}`;
      sink.emit({ role: 'assistant', messageId: `${replyTo}:reply`, entries: [], stop: ending });
    }
  });
}

/** The messages before the last of the previous call, and what they gave: kept until the next call. */
let lastEarlier: { messages: readonly unknown[]; state: SinkState } | null = null;

/**
 * What every message but the last converts to. A host converting its chat state on every chunk
 * hands over the same objects with only the last one new: then this is the previous call's,
 * found by comparing references, and a chunk costs the message that grew.
 */
function earlierMessages(messages: readonly unknown[]): SinkState {
  const sink = new ItemSink();
  let known: SinkState | null = null;
  convertSafely(sink, () => {
    const count = messages.length - 1;
    const previous = lastEarlier;
    if (previous && previous.messages.length === count && previous.messages.every((message, index) => message === messages[index])) {
      known = previous.state;
      return;
    }
    const earlier = messages.slice(0, count);
    earlier.forEach((raw, index) => sink.adopt(convertMessage(raw, index, undefined)));
    lastEarlier = { messages: earlier, state: sink.state() };
  });
  return known ?? sink.state();
}

interface Converted extends AdapterResult {
  index: number;
  ending: string;
}

/** Each message object's last conversion: the AI SDK's state hands over a new object for a message that changed. */
const CONVERTED = new WeakMap<object, Converted>();

/**
 * One message's items, the same objects as last time when the message object, its place and
 * how its turn ended are the same: a host converting its whole chat state on every chunk pays
 * for the message that grew, and the list sees every other item unchanged.
 */
function convertMessage(raw: unknown, index: number, ending: StopMark | null | undefined): AdapterResult {
  const endingKey = ending === undefined ? '' : JSON.stringify(ending);
  const cached = isPlainObject(raw) ? CONVERTED.get(raw) : undefined;
  if (cached && cached.index === index && cached.ending === endingKey) return cached;
  const sink = new ItemSink();
  convertSafely(sink, () => new UIMessageReader(sink).readMessage(raw, index, ending));
  const converted: Converted = { index, ending: endingKey, items: sink.items, problems: sink.problems };
  if (isPlainObject(raw)) CONVERTED.set(raw, converted);
  return converted;
}

/** A stretch of one UIMessage: a step of the turn, or a user message steered into it. */
interface Step {
  /** Set on a steering message (which says, and calls nothing): its own id. */
  steeringId?: string;
  said: Entry[];
  calls: Entry[];
  results: Entry[];
}

/** The row-like tool status (docs/display-items.md#statuses), from the part's state. */
const STATUS_BY_STATE: Readonly<Record<string, string>> = {
  'input-streaming': 'pending',
  'input-available': 'executing',
  'approval-requested': 'interrupted',
  'approval-responded': 'executing',
  'output-available': 'completed',
  'output-error': 'failed',
  'output-denied': 'failed',
};

class UIMessageReader {
  constructor(private readonly sink: ItemSink) {}

  /** `ending`: how the turn ended, for the list's last message; `undefined` when nothing says. */
  readMessage(raw: unknown, index: number, ending?: StopMark | null): void {
    if (!isPlainObject(raw)) {
      this.sink.problem(`Message ${index} is not an object; it was left out.`, { index });
      return;
    }
    const role = readString(raw, 'role');
    const parts = readKey(raw, 'parts');
    if (role === null || !Array.isArray(parts)) {
      this.sink.problem(`Message ${index} has no role or no parts; it was left out.`, { index });
      return;
    }
    const messageId = readId(raw, 'id') ?? `message-${index}`;
    const { steps, citations } = this.readParts(parts, index, messageId);
    this.attachCitations(steps, citations, index);
    const metadata = readObject(raw, 'metadata');
    const ownReason = mapStopReason(readKey(metadata, 'finishReason'));
    const stop = role === 'assistant' && ending !== undefined ? ending : ownReason ? { reason: ownReason } : null;
    this.emitSteps(steps, role, messageId, metadata, stop);
  }

  private readParts(parts: readonly unknown[], index: number, messageId: string): { steps: Step[]; citations: CitationJson[] } {
    const steps: Step[] = [newStep()];
    const citations: CitationJson[] = [];
    parts.forEach((part, position) => {
      const type = readString(part, 'type') ?? '';
      let step = steps[steps.length - 1];
      if (type === 'step-start') {
        if (!isEmpty(step)) steps.push(newStep());
      } else if (type === 'steering-message') {
        // The user's words reached the run between two steps; the library sends them to the
        // model as a user message there, and that is how they read.
        steps.push(this.steeringMessage(part, index, position, messageId), newStep());
      } else if (isToolPart(type)) {
        const { call, results } = this.toolPart(part, type, index, `${messageId}:call-${position}`);
        step.calls.push(call);
        step.results.push(...results);
      } else if (type === 'source-url' || type === 'source-document') {
        citations.push(sourceCitation(part));
      } else {
        const said = this.spokenPart(part, type, index, position);
        // Text still arriving renders as a draft does (repaired tail, caret) where the host shows it as items.
        if (readString(part, 'state') === 'streaming') for (const entry of said) entry.status = 'streaming';
        // Text after a tool call within one step answers the call: it starts the next message.
        if (said.length > 0 && step.calls.length > 0) steps.push((step = newStep()));
        step.said.push(...said);
      }
    });
    return { steps: steps.filter((step) => !isEmpty(step)), citations };
  }

  private steeringMessage(part: unknown, index: number, position: number, messageId: string): Step {
    const parts = readKey(part, 'parts');
    const said = (Array.isArray(parts) ? parts : []).flatMap((inner) => this.spokenPart(inner, readString(inner, 'type') ?? '', index, position));
    return { ...newStep(), steeringId: readId(part, 'id') ?? `${messageId}:steering-${position}`, said };
  }

  private spokenPart(part: unknown, type: string, index: number, position: number): Entry[] {
    if (type.startsWith('data-')) {
      return [{ kind: 'structured_data', content: { format: type.slice(5), data: readKey(part, 'data') ?? null } }];
    }
    if (type === 'reasoning' && isRedactedReasoning(part)) return [redactedThinkingEntry()];
    // A file the model made while reasoning is a file all the same.
    if (type === 'reasoning-file') return convertContentPart({ ...asObject(part), type: 'file' }).entries;
    const converted = convertContentPart(part);
    if (converted.unknownType === undefined) return converted.entries;
    this.sink.problem(`Message ${index}, part ${position}: part type "${converted.unknownType}" has no view; it is kept as a generic item.`, { index });
    return [unsupportedEntry(type, part)];
  }

  private toolPart(part: unknown, type: string, index: number, fallbackId: string): { call: Entry; results: Entry[] } {
    const callId = readId(part, 'toolCallId') ?? fallbackId;
    const name = type === 'dynamic-tool' ? readString(part, 'toolName') ?? '' : type.slice('tool-'.length);
    const state = readString(part, 'state') ?? '';
    const parsed = parseArguments(readKey(part, 'input'));
    if (parsed.problem) this.sink.problem(`Message ${index}: tool call ${callId} (${name || 'unnamed'}): ${parsed.problem}.`, { index });
    const call = toolCallEntry(callId, name, parsed.value);
    const title = readString(part, 'title');
    if (title) call.content.display_text = title;
    const status = toolStatus(part, state);
    if (status !== undefined) call.status = status;
    else this.sink.problem(`Message ${index}: tool call ${callId} has an unknown state ${JSON.stringify(state)}.`, { index });
    call.metadata = toolMetadata(part, state);
    return { call, results: toolResults(part, state, callId, name) };
  }

  /** Sources back the answer: they go with the last text the message says. */
  private attachCitations(steps: Step[], citations: CitationJson[], index: number): void {
    if (citations.length === 0) return;
    const texts = steps.filter((step) => step.steeringId === undefined).flatMap((step) => step.said).filter((entry) => entry.kind === 'text');
    const target = texts.at(-1);
    if (!target) {
      this.sink.problem(`Message ${index}: its sources have no text to attach to; they were left out.`, { index });
      return;
    }
    const existing: unknown[] = Array.isArray(target.content.citations) ? target.content.citations : [];
    target.content = { ...target.content, citations: [...existing, ...citations] };
  }

  private emitSteps(steps: Step[], role: string, messageId: string, metadata: PlainObject | null, stop: StopMark | null): void {
    const last = steps.at(-1);
    // Stopped after the last results, after a steering message or before saying anything: an
    // empty step carries the mark where the turn stopped.
    if (stop && (!last || last.steeringId !== undefined || last.results.length > 0)) steps.push(newStep());
    const ending = steps.map((step) => step.steeringId === undefined).lastIndexOf(true);
    // `messageMetadata` often carries the turn's usage (`totalUsage` from the stream's finish part).
    const usage = readObject(metadata, 'usage') ?? readObject(metadata, 'totalUsage');
    let number = 0;
    steps.forEach((step, position) => {
      if (step.steeringId !== undefined) {
        this.sink.emit({ role: 'user', messageId: step.steeringId, entries: step.said });
        return;
      }
      const stepId = number === 0 ? messageId : `${messageId}:step-${number}`;
      number++;
      const draft: MessageDraft = { role, messageId: stepId, entries: [...step.said, ...step.calls] };
      // The usage is the whole turn's: it goes with the step that ends it, counted once.
      if (position === ending && usage) draft.metadata = { usage };
      // The turn stopped after its last step; earlier steps finished by calling tools.
      if (position === ending) draft.stop = stop;
      this.sink.emit(draft);
      this.sink.emit({ role: 'tool', messageId: `${stepId}:results`, entries: step.results });
    });
  }
}

function newStep(): Step {
  return { said: [], calls: [], results: [] };
}

/** How the turn ended by the library's report (`AISDKTurnEnd`); `undefined` when it says nothing. */
function turnStop(end: unknown): StopMark | null | undefined {
  const outcome = readString(readObject(end, 'outcome'), 'status');
  if (readBoolean(end, 'isAbort') || readBoolean(end, 'isAborted') || outcome === 'aborted') return { reason: 'cancelled' };
  if (readBoolean(end, 'isError') || readString(end, 'status') === 'error' || outcome === 'failed') return failedStop(readKey(end, 'error'));
  const finishReason = readKey(end, 'finishReason');
  if (finishReason === undefined || finishReason === null) return undefined;
  const reason = mapStopReason(finishReason);
  return reason ? { reason } : null;
}

/** A turn that failed, saying why where the host handed over the error (`useChat()`'s `error`). */
function failedStop(error: unknown): StopMark {
  const explanation = typeof error === 'string' ? error : readString(error, 'message');
  return explanation ? { reason: 'stream_error', details: { type: 'error', explanation } } : { reason: 'stream_error' };
}

function isEmpty(step: Step): boolean {
  return step.said.length === 0 && step.calls.length === 0 && step.results.length === 0;
}

function isToolPart(type: string): boolean {
  return type === 'dynamic-tool' || type.startsWith('tool-');
}

/** Anthropic's redacted reasoning reaches the AI SDK as an empty reasoning part holding the encrypted data. */
function isRedactedReasoning(part: unknown): boolean {
  const text = readString(part, 'text');
  const anthropic = readObject(readObject(part, 'providerMetadata'), 'anthropic');
  return (text === null || text === '') && typeof readKey(anthropic, 'redactedData') === 'string';
}

function toolStatus(part: unknown, state: string): string | undefined {
  // Preliminary output streams while the tool is still running.
  if (state === 'output-available' && readKey(part, 'preliminary') === true) return 'executing';
  if (state === 'approval-responded' && readKey(readObject(part, 'approval'), 'approved') === false) return 'failed';
  return ownValue(STATUS_BY_STATE, state);
}

function toolMetadata(part: unknown, state: string): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  const errorText = readString(part, 'errorText');
  if (state === 'output-error' && errorText !== null) metadata.error = errorText;
  const approved = readKey(readObject(part, 'approval'), 'approved');
  if (approved === true) metadata.hitl_decision = 'approved';
  if (approved === false || state === 'output-denied') metadata.hitl_decision = 'rejected';
  return metadata;
}

function toolResults(part: unknown, state: string, callId: string, name: string): Entry[] {
  if (state === 'output-error') return [toolResultEntry(callId, name, readString(part, 'errorText') ?? '', true)];
  if (state !== 'output-available') return [];
  const output = readKey(part, 'output');
  const text = typeof output === 'string' ? output : output === undefined ? '' : safeJson(output);
  return [toolResultEntry(callId, name, text, false)];
}

function sourceCitation(part: unknown): CitationJson {
  return citationJson({
    start: null,
    end: null,
    url: readString(part, 'url'),
    title: readString(part, 'title') ?? readString(part, 'filename'),
    citedText: null,
    pages: null,
  });
}
