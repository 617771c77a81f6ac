import { humanizeCode, humanizeToolName } from './humanize.js';
import { readKey, readString, readText } from './guards.js';
import { parseJsonText, safeJson } from './safe-json.js';
import { repairJson, type PartialJson } from './partial-json.js';
import { toolDuration } from './timing.js';
import {
  TOOL_STATUSES, type DisplayItem, type ToolCallDisplayItem, type ToolDisplayStatus, type ToolResultDisplayItem, type ToolStatus,
} from './types.js';

const STATUSES: ReadonlySet<string> = new Set<string>(TOOL_STATUSES);
const FINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

export interface ToolCallView {
  callId: string | null;
  name: string;
  label: string;
  arguments: unknown;
  status: ToolDisplayStatus;
  /** Arguments still streaming in as JSON text: `arguments` is what arrived so far, made whole. */
  argumentsArriving: boolean;
  /** The status exactly as the row gave it, when it is not one the kit knows. */
  rawStatus: string | null;
  /** `metadata.display_text` while the call waits ("Waiting for user response"). */
  statusText: string | null;
  /**
   * The status in words where the kit's own word for it would say less: the waiting call's
   * `statusText`, or an unknown status as words ("Paused by operator"). Null: the kit's word.
   */
  statusWords: string | null;
  error: string | null;
  hitlDecision: string | null;
  /** For an `incomplete` call, why its run ended: a stop reason, or '' when storage does not say. */
  endedReason: string | null;
  /** How long it ran, from what storage kept (ms); null when it did not say. */
  duration: number | null;
  /** Waiting for a person to approve or decline it (see `awaitsApproval`). */
  awaitingApproval: boolean;
}

/**
 * What a tool call row says, with its paired result (if any) filling in what extracted items
 * lack: items without a `status` take it from the result. `ended` says the call's run is over
 * (a stop reason, or '' when none is known; a call carrying a stop says it itself): a call storage
 * still keeps `pending` or `executing` then reads as `incomplete`, never as running.
 */
export function describeToolCall(call: ToolCallDisplayItem, result?: DisplayItem | null, runEnded: string | null = null): ToolCallView {
  const { answer, ended, hitlDecision, status, incomplete } = callState(call, result, runEnded);
  const name = call.name;
  const waiting = status === 'interrupted' || status === 'pending' || status === 'executing';
  const metaText = readText(call.metadata, 'display_text');
  const arriving = waiting && status !== 'interrupted' ? arrivingArguments(call.arguments) : null;
  const statusText = waiting ? metaText : null;
  const rawStatus = call.status !== null && !STATUSES.has(call.status) ? call.status : null;
  return {
    callId: call.toolCallId,
    name,
    label: call.displayText ?? (humanizeToolName(name) || name),
    arguments: arriving ? arriving.value : call.arguments,
    argumentsArriving: arriving !== null,
    status,
    rawStatus,
    statusText,
    statusWords: statusText ?? (rawStatus !== null ? humanizeCode(rawStatus) || null : null),
    error: errorText(call),
    hitlDecision,
    endedReason: incomplete ? ended : null,
    duration: isFinalStatus(status) || status === 'declined' ? toolDuration(call, answer) : null,
    awaitingApproval: awaitsApproval(name, status, statusText, hitlDecision, ended),
  };
}

/**
 * The status `describeToolCall` gives a call, without the rest of its view: callers that only
 * count statuses (a group's summary, a host's view context) need not read arguments that may
 * still be streaming in.
 */
export function toolCallStatus(call: ToolCallDisplayItem, result?: DisplayItem | null, runEnded: string | null = null): ToolDisplayStatus {
  return callState(call, result, runEnded).status;
}

/** What a call's status follows from: its answer, its run's end and a person's decision. */
function callState(call: ToolCallDisplayItem, result: DisplayItem | null | undefined, runEnded: string | null) {
  const answer = result?.kind === 'tool_result' ? result : null;
  // A call that carries the stop is the last thing its message said: its run is over too.
  const ended = runEnded ?? call.stop?.reason ?? null;
  const hitlDecision = readString(call.metadata, 'hitl_decision') ?? answer?.hitlDecision ?? null;
  const status = toolStatus(call, answer, hitlDecision);
  const incomplete = ended !== null && !answer && (status === 'pending' || status === 'executing');
  return { answer, ended, hitlDecision, status: incomplete ? ('incomplete' as const) : status, incomplete };
}

/**
 * A call not yet running may still be receiving its arguments as JSON text (the in-flight
 * message, docs/display-items.md#in-flight-message): what arrived so far, made whole, when it
 * does not parse yet.
 */
function arrivingArguments(args: unknown): PartialJson | null {
  if (typeof args !== 'string') return null;
  const repaired = repairJson(args);
  return repaired && !repaired.complete ? repaired : null;
}

/** "Task awaiting approval", "Needs your permission": a status label that asks for a decision. */
const ASKS_APPROVAL = /approv|permission|confirm/i;

/**
 * A call waits for a person's approval (docs/display-items.md#approvals) when it is `interrupted` —
 * unless it is a question (`ask_user`, answered by the person's next message) — or still waiting
 * with a status label that asks for approval. Never once a decision is stored, or once its run is
 * over.
 */
export function awaitsApproval(name: string, status: ToolDisplayStatus, statusText: string | null, decision: string | null, ended: string | null): boolean {
  if (decision !== null || ended !== null) return false;
  if (status === 'interrupted') return name !== 'ask_user' || (statusText !== null && ASKS_APPROVAL.test(statusText));
  return (status === 'pending' || status === 'executing') && statusText !== null && ASKS_APPROVAL.test(statusText);
}

function toolStatus(call: ToolCallDisplayItem, result: ToolResultDisplayItem | null, hitl: string | null): ToolDisplayStatus {
  // A result says the call ran: a row still `pending` or `executing` was not updated when it came.
  const stale = result !== null && (call.status === 'pending' || call.status === 'executing');
  const status = stale ? statusFromResult(result) : call.status ?? statusFromResult(result);
  if (status === 'failed' && hitl === 'rejected') return 'declined';
  if (STATUSES.has(status)) return status as ToolStatus;
  return 'unknown';
}

function statusFromResult(result: ToolResultDisplayItem | null): string {
  if (!result) return 'pending';
  if (result.isInterrupt) return 'interrupted';
  return result.isError ? 'failed' : 'completed';
}

function errorText(call: ToolCallDisplayItem): string | null {
  const error = readKey(call.metadata, 'error');
  if (error === undefined || error === null || error === '') return null;
  return typeof error === 'string' ? error : safeJson(error, { indent: 0, maxLength: 4000 });
}

export function isFinalStatus(status: string | null): boolean {
  return status !== null && FINAL.has(status);
}

export interface ToolResultView {
  callId: string | null;
  name: string;
  label: string;
  text: string;
  isError: boolean;
  isInterrupt: boolean;
  hitlDecision: string | null;
}

export function describeToolResult(item: ToolResultDisplayItem): ToolResultView {
  return {
    callId: item.toolCallId,
    name: item.name,
    label: humanizeToolName(item.name) || item.name,
    text: item.output,
    isError: item.isError,
    isInterrupt: item.isInterrupt,
    hitlDecision: item.hitlDecision,
  };
}

/**
 * Results keyed by the call they answer. A result is shown with its call, so the list needs
 * to know which results found one.
 */
export function pairToolResults(items: readonly DisplayItem[]): {
  resultsByCall: Map<string, ToolResultDisplayItem>;
  pairedResultKeys: Set<string>;
} {
  const callIds = new Set<string>();
  for (const item of items) if (item.kind === 'tool_call' && item.toolCallId) callIds.add(item.toolCallId);
  const resultsByCall = new Map<string, ToolResultDisplayItem>();
  const pairedResultKeys = new Set<string>();
  for (const item of items) {
    if (item.kind !== 'tool_result' || !item.toolCallId || !callIds.has(item.toolCallId)) continue;
    const earlier = resultsByCall.get(item.toolCallId);
    if (earlier) pairedResultKeys.delete(earlier.key);
    resultsByCall.set(item.toolCallId, item);
    pairedResultKeys.add(item.key);
  }
  return { resultsByCall, pairedResultKeys };
}

export interface ArgumentSummaryOptions {
  maxPairs?: number;
  maxValueLength?: number;
}

/** `path=/tmp, depth=2, …` — the first few arguments for a call's one-line header. */
export function summarizeArguments(args: unknown, options: ArgumentSummaryOptions = {}): string {
  const { maxPairs = 3, maxValueLength = 40 } = options;
  if (args === undefined || args === null) return '';
  if (typeof args === 'string') {
    // Arguments sent as JSON text read like arguments sent as an object.
    const parsed = parseJsonText(args);
    if (parsed.ok && parsed.value !== null && typeof parsed.value === 'object') return summarizeArguments(parsed.value, options);
    return cut(args.replace(/\s+/g, ' ').trim(), maxValueLength * 2);
  }
  if (Array.isArray(args)) return `[${args.length}]`;
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- typeof rules out objects: a primitive or a function
  if (typeof args !== 'object') return cut(String(args), maxValueLength);
  let keys: string[];
  try {
    keys = Object.keys(args);
  } catch {
    return '';
  }
  const pairs = keys.slice(0, maxPairs).map((key) => `${key}=${summarizeValue(readKey(args, key), maxValueLength)}`);
  return keys.length > maxPairs ? `${pairs.join(', ')}, …` : pairs.join(', ');
}

function summarizeValue(value: unknown, max: number): string {
  if (typeof value === 'string') return cut(value.replace(/\s+/g, ' '), max);
  if (Array.isArray(value)) return `[${value.length}]`;
  if (value !== null && typeof value === 'object') return '{…}';
  return cut(String(value), max);
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Arguments that say what a call is about, in the order they are looked for: what was searched,
 * fetched, run, matched, read.
 */
const PRIMARY_KEYS = [
  'query', 'q', 'search_query', 'url', 'uri', 'command', 'cmd', 'pattern', 'glob', 'file_path', 'filePath', 'path', 'filename',
] as const;
const MAX_PREVIEW = 120;

/**
 * The one argument worth reading in a call's header (a query, a URL, a command, a path), on one
 * line; else the value of the only argument there is, when it is text. Null when neither is
 * there, or the label already says it: a preview never repeats what the reader has.
 */
export function argumentPreview(args: unknown, label = ''): string | null {
  const value = argumentValue(args);
  if (!value.json || value.value === null || typeof value.value !== 'object' || Array.isArray(value.value)) return null;
  const preview = primaryText(value.value);
  if (preview === null) return null;
  return label.toLowerCase().includes(preview.toLowerCase()) ? null : cut(preview, MAX_PREVIEW);
}

function primaryText(args: object): string | null {
  for (const key of PRIMARY_KEYS) {
    const text = oneLine(readKey(args, key));
    if (text) return text;
  }
  let keys: string[];
  try {
    keys = Object.keys(args);
  } catch {
    return null;
  }
  return keys.length === 1 ? oneLine(readKey(args, keys[0])) : null;
}

function oneLine(value: unknown): string | null {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() || null : null;
}

export interface TextExcerpt {
  text: string;
  truncated: boolean;
  lines: number;
}

/** Long results are cut to a readable excerpt; the reader can ask for all of it. */
export function excerpt(text: string, maxLines = 20, maxChars = 2000): TextExcerpt {
  const lines = text.split('\n');
  const lineCount = lines.length;
  if (lineCount <= maxLines && text.length <= maxChars) return { text, truncated: false, lines: lineCount };
  const byLines = lines.slice(0, maxLines).join('\n');
  return { text: byLines.length > maxChars ? byLines.slice(0, maxChars) : byLines, truncated: true, lines: lineCount };
}

/** What to show of arguments: structured data as a tree, a JSON string parsed, else text. */
export function argumentValue(args: unknown): { json: true; value: unknown } | { json: false; text: string } {
  if (typeof args !== 'string') return { json: true, value: args };
  const parsed = parseJsonText(args);
  return parsed.ok ? { json: true, value: parsed.value } : { json: false, text: args };
}

export interface AskUserView {
  question: string;
  options: Array<{ label: string; description: string | null }>;
}

/** An `ask_user` call reads as the question it asks, not as JSON. */
export function readAskUser(view: ToolCallView): AskUserView | null {
  if (view.name !== 'ask_user') return null;
  const args = argumentValue(view.arguments);
  const question = args.json ? readString(args.value, 'question') : null;
  if (!question) return null;
  const options = args.json ? readKey(args.value, 'options') : null;
  return {
    question,
    options: Array.isArray(options) ? options.map(readOption) : [],
  };
}

function readOption(option: unknown): { label: string; description: string | null } {
  if (typeof option === 'string') return { label: option, description: null };
  return {
    label: readString(option, 'label') ?? readString(option, 'value') ?? safeJson(option, { indent: 0, maxLength: 200 }),
    description: readString(option, 'description'),
  };
}

/** The statuses a group's summary counts: what went wrong, what waits for a person, what still runs. */
export type NotableStatus = 'failed' | 'interrupted' | 'executing';

export interface ToolGroupSummary {
  total: number;
  byStatus: Partial<Record<ToolDisplayStatus, number>>;
  /**
   * The counts a reader needs beside the total, in this order and only those above zero:
   * failed, waiting (`interrupted`), running (`executing`, and `pending` about to run).
   */
  notable: Array<[NotableStatus, number]>;
}

export function summarizeGroup(views: readonly Pick<ToolCallView, 'status'>[]): ToolGroupSummary {
  const byStatus: Partial<Record<ToolDisplayStatus, number>> = {};
  for (const view of views) byStatus[view.status] = (byStatus[view.status] ?? 0) + 1;
  const counts: Array<[NotableStatus, number]> = [
    ['failed', byStatus.failed ?? 0],
    ['interrupted', byStatus.interrupted ?? 0],
    ['executing', (byStatus.executing ?? 0) + (byStatus.pending ?? 0)],
  ];
  return { total: views.length, byStatus, notable: counts.filter(([, n]) => n > 0) };
}

/** Arguments with nothing in them: none, an empty string or an empty object. */
export function isEmptyArguments(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'object' && !Array.isArray(value)) {
    try {
      return Object.keys(value).length === 0;
    } catch {
      return false;
    }
  }
  return false;
}
