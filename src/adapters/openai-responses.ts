import { humanizeToolName } from '../model/humanize.js';
import { isPlainObject, ownValue, readBoolean, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { safeJson } from '../model/safe-json.js';
import { convertContentPart, imageEntry, summaryText, toolResultBody } from './content-parts.js';
import {
  mapStopReason, parseArguments, redactedThinkingEntry, refusalStop, thinkingEntry, toolCallEntry, toolResultEntry,
  unsupportedEntry, type Entry,
} from './entries.js';
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

/** Where an item sits: `index` and `label` for problems, `key` for ids when the item has none. */
interface Place {
  index: number;
  label: string;
  key: string;
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

/** What one call item says; `result` when the item carries its own outcome (tools OpenAI runs). */
interface CallReading {
  callId: string;
  name: string;
  args: unknown;
  label?: string | null;
  status?: string;
  result?: ResultReading | null;
  /** The arguments could not be read as a JSON object. */
  problem?: string | null;
}

interface ResultReading {
  text: string;
  isError: boolean;
  media?: Entry[];
  extra?: Record<string, unknown>;
}

class ResponsesReader {
  /** Steps since the last user or system message: a result may still join its call's step. */
  private steps: Step[] = [];
  private segment: Segment = newSegment(null);
  private readonly openCalls = new Map<string, OpenCall>();
  private readonly callNames = new Map<string, string>();

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
    }
    const call = ownValue(CALL_READERS, type);
    if (call) return this.addCall(call(raw, place), raw, place);
    const output = ownValue(OUTPUT_READERS, type);
    // A local shell output names its call in `id` (the call's `call_id`).
    const callId = readId(raw, 'call_id') ?? (type === 'local_shell_call_output' ? readId(raw, 'id') : null);
    if (output) return this.addResult(callId, output(raw), raw, place);
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
    if (call.result) step.results.push(...resultEntries(call.callId, call.name, call.result));
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

// ---- Calls ----

type CallReader = (item: PlainObject, place: Place) => CallReading;

/** Tools OpenAI runs report their progress in the item's own `status`. */
const STATUS_BY_ITEM_STATUS: Readonly<Record<string, string>> = {
  in_progress: 'executing',
  searching: 'executing',
  interpreting: 'executing',
  generating: 'executing',
  calling: 'executing',
  completed: 'completed',
  failed: 'failed',
  incomplete: 'failed',
};

function hostedStatus(item: PlainObject): string | undefined {
  const status = readString(item, 'status');
  return status !== null ? ownValue(STATUS_BY_ITEM_STATUS, status) : undefined;
}

/**
 * The call's own id; calls answered by an output item of their own (`function_call`,
 * `shell_call`…) pair with it by `call_id`, and carry no status: the output says how they went.
 */
function callIdOf(item: PlainObject, place: Place): string {
  return readId(item, 'call_id') ?? readId(item, 'id') ?? place.key;
}

/** "Web search: weather in Paris": the tool's name, then what it was asked. */
function labelled(name: string, detail: string | null): string | null {
  return detail ? `${humanizeToolName(name)}: ${detail}` : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** The fields of `source` that are present, read through the guards. */
function pick(source: unknown, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const value = readKey(source, key);
    if (value !== undefined && value !== null) picked[key] = value;
  }
  return picked;
}

function functionCall(item: PlainObject, place: Place): CallReading {
  const parsed = parseArguments(readKey(item, 'arguments'));
  return { callId: callIdOf(item, place), name: readString(item, 'name') ?? '', args: parsed.value, problem: parsed.problem };
}

/** Custom tools take free text, not JSON: shown as the single argument it is. */
function customToolCall(item: PlainObject, place: Place): CallReading {
  return { callId: callIdOf(item, place), name: readString(item, 'name') ?? '', args: { input: readKey(item, 'input') ?? '' } };
}

function webSearchCall(item: PlainObject, place: Place): CallReading {
  const action = readObject(item, 'action');
  const type = readString(action, 'type');
  const detail =
    type === 'open_page' ? readString(action, 'url') :
    type === 'find_in_page' ? readString(action, 'pattern') :
    readString(action, 'query') ?? (strings(readKey(action, 'queries')).join('; ') || null);
  const sources = readKey(action, 'sources');
  const urls = Array.isArray(sources) ? sources.map((source) => readString(source, 'url')).filter((url) => url !== null) : [];
  return {
    callId: callIdOf(item, place),
    name: 'web_search',
    args: pick(action, ['type', 'query', 'queries', 'url', 'pattern']),
    label: labelled('web_search', detail),
    status: hostedStatus(item),
    result: urls.length > 0 ? { text: urls.join('\n'), isError: false } : null,
  };
}

function fileSearchCall(item: PlainObject, place: Place): CallReading {
  const queries = strings(readKey(item, 'queries'));
  const results = readKey(item, 'results');
  return {
    callId: callIdOf(item, place),
    name: 'file_search',
    args: { queries },
    label: labelled('file_search', queries.join('; ')),
    status: hostedStatus(item),
    // Results are there only when the request asked to include them.
    result: Array.isArray(results) ? { text: safeJson(results), isError: false } : null,
  };
}

function codeInterpreterCall(item: PlainObject, place: Place): CallReading {
  const outputs = readKey(item, 'outputs');
  return {
    callId: callIdOf(item, place),
    name: 'code_interpreter',
    args: pick(item, ['code', 'container_id']),
    status: hostedStatus(item),
    result: Array.isArray(outputs) ? codeOutputs(outputs) : null,
  };
}

function codeOutputs(outputs: readonly unknown[]): ResultReading {
  const logs = outputs.map((output) => readString(output, 'logs')).filter((text) => text !== null);
  const images = outputs.map((output) => readString(output, 'url')).filter((url) => url !== null);
  return { text: logs.join('\n'), isError: false, media: images.map((url) => imageEntry(url, null, null)) };
}

/** The generated image arrives as base64 in `result`: it is the call's output, shown as an image. */
function imageGenerationCall(item: PlainObject, place: Place): CallReading {
  const image = readString(item, 'result');
  const error = readObject(item, 'error');
  const format = readString(item, 'output_format') ?? 'png';
  return {
    callId: callIdOf(item, place),
    name: 'image_generation',
    args: pick(item, ['revised_prompt', 'action', 'size', 'quality', 'background', 'output_format']),
    status: hostedStatus(item),
    result: error !== null
      ? { text: errorText(error), isError: true }
      : image ? { text: '', isError: false, media: [imageEntry(null, image, `image/${format}`)] } : null,
  };
}

function mcpCall(item: PlainObject, place: Place): CallReading {
  const parsed = parseArguments(readKey(item, 'arguments'));
  const error = readKey(item, 'error');
  const output = readString(item, 'output');
  const failed = error !== undefined && error !== null;
  return {
    ...mcpTool(item, place),
    args: parsed.value,
    problem: parsed.problem,
    status: hostedStatus(item) ?? (failed ? 'failed' : undefined),
    result: failed ? { text: errorText(error), isError: true } : output !== null ? { text: output, isError: false } : null,
  };
}

/** A call that waits for a person to approve it before OpenAI makes it. */
function mcpApprovalRequest(item: PlainObject, place: Place): CallReading {
  const parsed = parseArguments(readKey(item, 'arguments'));
  return { ...mcpTool(item, place), args: parsed.value, problem: parsed.problem, status: 'interrupted' };
}

/** "Ask question (deepwiki)": the MCP tool's own name, and the server it is on. */
function mcpTool(item: PlainObject, place: Place): Pick<CallReading, 'callId' | 'name' | 'label'> {
  const name = readString(item, 'name') ?? '';
  const server = readString(item, 'server_label');
  return { callId: callIdOf(item, place), name, label: server ? `${humanizeToolName(name) || name} (${server})` : null };
}

function mcpListTools(item: PlainObject, place: Place): CallReading {
  const server = readString(item, 'server_label');
  const error = readString(item, 'error');
  const tools = readKey(item, 'tools');
  const listed = Array.isArray(tools) ? tools.map(toolLine).join('\n') : '';
  return {
    callId: callIdOf(item, place),
    name: 'mcp_list_tools',
    args: pick(item, ['server_label']),
    label: labelled('mcp_list_tools', server),
    status: error ? 'failed' : 'completed',
    result: error ? { text: error, isError: true } : { text: listed, isError: false },
  };
}

function toolLine(tool: unknown): string {
  const name = readString(tool, 'name') ?? readString(tool, 'type') ?? '';
  const description = readString(tool, 'description');
  return description ? `${name}: ${description}` : name;
}

function computerCall(item: PlainObject, place: Place): CallReading {
  const action = readObject(item, 'action');
  const actions = readKey(item, 'actions');
  const kinds = action !== null ? [readString(action, 'type')] : Array.isArray(actions) ? actions.map((entry) => readString(entry, 'type')) : [];
  const checks = readKey(item, 'pending_safety_checks');
  const args = action ?? { actions };
  // Checks a person must acknowledge before the action runs: the reader should see them.
  const checked = Array.isArray(checks) && checks.length > 0 ? { ...args, pending_safety_checks: checks } : args;
  return { callId: callIdOf(item, place), name: 'computer', args: checked, label: labelled('computer', kinds.filter(Boolean).join(', ')) };
}

function localShellCall(item: PlainObject, place: Place): CallReading {
  const action = readObject(item, 'action') ?? {};
  return {
    callId: callIdOf(item, place),
    name: 'local_shell',
    args: action,
    label: labelled('local_shell', strings(readKey(action, 'command')).join(' ')),
  };
}

function shellCall(item: PlainObject, place: Place): CallReading {
  const action = readObject(item, 'action') ?? {};
  return { callId: callIdOf(item, place), name: 'shell', args: action, label: labelled('shell', strings(readKey(action, 'commands')).join('; ')) };
}

function applyPatchCall(item: PlainObject, place: Place): CallReading {
  const operation = readObject(item, 'operation') ?? {};
  return { callId: callIdOf(item, place), name: 'apply_patch', args: operation, label: labelled('apply_patch', readString(operation, 'path')) };
}

function toolSearchCall(item: PlainObject, place: Place): CallReading {
  const parsed = parseArguments(readKey(item, 'arguments'));
  return { callId: callIdOf(item, place), name: 'tool_search', args: parsed.value, problem: parsed.problem };
}

/** Programmatic tool calling: code the model wrote to call tools. */
function programCall(item: PlainObject, place: Place): CallReading {
  return { callId: callIdOf(item, place), name: 'program', args: pick(item, ['code']) };
}

const CALL_READERS: Readonly<Record<string, CallReader>> = {
  function_call: functionCall,
  custom_tool_call: customToolCall,
  web_search_call: webSearchCall,
  file_search_call: fileSearchCall,
  code_interpreter_call: codeInterpreterCall,
  image_generation_call: imageGenerationCall,
  mcp_call: mcpCall,
  mcp_list_tools: mcpListTools,
  mcp_approval_request: mcpApprovalRequest,
  computer_call: computerCall,
  local_shell_call: localShellCall,
  shell_call: shellCall,
  apply_patch_call: applyPatchCall,
  tool_search_call: toolSearchCall,
  program: programCall,
};

// ---- Outputs of calls ----

type OutputReader = (item: PlainObject) => ResultReading;

/** An output cut off or failed is an error result. */
function outputFailed(item: PlainObject): boolean {
  const status = readString(item, 'status');
  return status === 'failed' || status === 'incomplete';
}

/** Function and custom tool outputs: a string, or input parts (text, images, files). */
function partsOutput(item: PlainObject): ResultReading {
  const body = toolResultBody(readKey(item, 'output'));
  return { text: body.text, isError: outputFailed(item), media: body.media };
}

function textOutput(item: PlainObject): ResultReading {
  const output = readKey(item, 'output') ?? readKey(item, 'result');
  return { text: typeof output === 'string' ? output : output === undefined || output === null ? '' : safeJson(output), isError: outputFailed(item) };
}

/** The screenshot taken after a computer action. */
function computerOutput(item: PlainObject): ResultReading {
  const screenshot = readObject(item, 'output');
  const image = { type: 'input_image', image_url: readString(screenshot, 'image_url'), file_id: readString(screenshot, 'file_id') };
  return { text: '', isError: outputFailed(item), media: screenshot !== null ? convertContentPart(image).entries : [] };
}

/** Each command's stdout and stderr; a command that timed out or exited non-zero failed. */
function shellOutput(item: PlainObject): ResultReading {
  const outputs = readKey(item, 'output');
  const runs = Array.isArray(outputs) ? outputs : [];
  const text = runs.flatMap((run) => [readString(run, 'stdout'), readString(run, 'stderr')]).filter(Boolean).join('\n');
  const failed = runs.some((run) => {
    const outcome = readObject(run, 'outcome');
    return readString(outcome, 'type') === 'timeout' || (readKey(outcome, 'exit_code') ?? 0) !== 0;
  });
  return { text, isError: failed || outputFailed(item) };
}

function toolSearchOutput(item: PlainObject): ResultReading {
  const tools = readKey(item, 'tools');
  return { text: Array.isArray(tools) ? tools.map(toolLine).join('\n') : '', isError: outputFailed(item) };
}

const OUTPUT_READERS: Readonly<Record<string, OutputReader>> = {
  function_call_output: partsOutput,
  custom_tool_call_output: partsOutput,
  computer_call_output: computerOutput,
  local_shell_call_output: textOutput,
  shell_call_output: shellOutput,
  apply_patch_call_output: textOutput,
  tool_search_output: toolSearchOutput,
  program_output: textOutput,
};

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  return readString(error, 'message') ?? safeJson(error);
}
