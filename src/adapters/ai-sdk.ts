import { isPlainObject, ownValue, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { safeJson } from '../model/safe-json.js';
import { convertContentPart, type CitationJson } from './content-parts.js';
import { citationJson } from '../model/citations.js';
import { mapStopReason, parseArguments, redactedThinkingEntry, toolCallEntry, toolResultEntry, type Entry } from './entries.js';
import { convertSafely, ItemSink, type MessageDraft } from './sink.js';
import type { AdapterResult } from './types.js';

/**
 * Vercel AI SDK v5 `UIMessage`s (`{id, role, parts, metadata}`). One assistant UIMessage holds
 * every step of a turn (text, tool call, text after the result…), so it is cut into steps: each
 * step is an assistant message, followed by a tool message with that step's results.
 */
export function fromAISDKMessages(messages: unknown): AdapterResult {
  const sink = new ItemSink();
  return convertSafely(sink, () => {
    if (!Array.isArray(messages)) {
      sink.problem('Expected an array of UIMessage objects.');
      return;
    }
    const reader = new UIMessageReader(sink);
    messages.forEach((raw, index) => reader.readMessage(raw, index));
  });
}

interface Step {
  said: Entry[];
  calls: Entry[];
  results: Entry[];
}

/** The row-like status SPEC §3 uses, from the part's state. */
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

  readMessage(raw: unknown, index: number): void {
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
    this.emitSteps(steps, role, messageId, raw);
  }

  private readParts(parts: readonly unknown[], index: number, messageId: string): { steps: Step[]; citations: CitationJson[] } {
    const steps: Step[] = [newStep()];
    const citations: CitationJson[] = [];
    parts.forEach((part, position) => {
      const type = readString(part, 'type') ?? '';
      let step = steps[steps.length - 1];
      if (type === 'step-start') {
        if (!isEmpty(step)) steps.push(newStep());
      } else if (isToolPart(type)) {
        const { call, results } = this.toolPart(part, type, index, `${messageId}:call-${position}`);
        step.calls.push(call);
        step.results.push(...results);
      } else if (type === 'source-url' || type === 'source-document') {
        citations.push(sourceCitation(part));
      } else {
        const said = this.spokenPart(part, type, index, position);
        // Text after a tool call within one step answers the call: it starts the next message.
        if (said.length > 0 && step.calls.length > 0) steps.push((step = newStep()));
        step.said.push(...said);
      }
    });
    return { steps: steps.filter((step) => !isEmpty(step)), citations };
  }

  private spokenPart(part: unknown, type: string, index: number, position: number): Entry[] {
    if (type.startsWith('data-')) {
      return [{ kind: 'structured_data', content: { format: type.slice(5), data: readKey(part, 'data') ?? null } }];
    }
    if (type === 'reasoning' && isRedactedReasoning(part)) return [redactedThinkingEntry()];
    const converted = convertContentPart(part);
    if (converted.unknownType !== undefined) {
      this.sink.problem(`Message ${index}, part ${position}: part type "${converted.unknownType}" is not supported; it was left out.`, { index });
    }
    return converted.entries;
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
    const texts = steps.flatMap((step) => step.said).filter((entry) => entry.kind === 'text');
    const target = texts.at(-1);
    if (!target) {
      this.sink.problem(`Message ${index}: its sources have no text to attach to; they were left out.`, { index });
      return;
    }
    const existing = Array.isArray(target.content.citations) ? target.content.citations : [];
    target.content = { ...target.content, citations: [...existing, ...citations] };
  }

  private emitSteps(steps: Step[], role: string, messageId: string, raw: PlainObject): void {
    const metadata = readObject(raw, 'metadata');
    const reason = mapStopReason(readKey(metadata, 'finishReason'));
    // `messageMetadata` often carries the turn's usage (`totalUsage` from the stream's finish part).
    const usage = readObject(metadata, 'usage') ?? readObject(metadata, 'totalUsage');
    steps.forEach((step, number) => {
      const stepId = number === 0 ? messageId : `${messageId}:step-${number}`;
      const isLast = number === steps.length - 1;
      const draft: MessageDraft = { role, messageId: stepId, entries: [...step.said, ...step.calls] };
      // The usage is the whole turn's: it goes with the step that ends it, counted once.
      if (isLast && usage) draft.metadata = { usage };
      // The turn stopped after its last step; earlier steps finished by calling tools.
      if (isLast && reason) draft.stop = { reason };
      this.sink.emit(draft);
      this.sink.emit({ role: 'tool', messageId: `${stepId}:results`, entries: step.results });
    });
  }
}

function newStep(): Step {
  return { said: [], calls: [], results: [] };
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
