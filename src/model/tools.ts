import { humanizeToolName } from './humanize.js';
import { readBoolean, readKey, readString } from './guards.js';
import { safeJson } from './safe-json.js';
import type { DisplayItem, ToolDisplayStatus, ToolStatus } from './types.js';

const STATUSES: ReadonlySet<string> = new Set<ToolStatus>([
  'pending', 'executing', 'completed', 'failed', 'interrupted', 'cancelled',
]);
const FINAL: ReadonlySet<string> = new Set(['completed', 'failed', 'cancelled']);

export interface ToolCallView {
  callId: string | null;
  name: string;
  label: string;
  arguments: unknown;
  status: ToolDisplayStatus;
  /** The status exactly as the row gave it, when it is not one the kit knows. */
  rawStatus: string | null;
  /** `metadata.display_text` while the call waits ("Waiting for user response"). */
  statusText: string | null;
  error: string | null;
  hitlDecision: string | null;
}

/**
 * What a tool call row says, with its paired result (if any) filling in what extracted items
 * lack: items without a `status` take it from the result.
 */
export function describeToolCall(call: DisplayItem, result?: DisplayItem | null): ToolCallView {
  const name = readString(call.content, 'name') ?? '';
  const displayText = nonEmpty(readString(call.content, 'display_text'));
  const hitlDecision =
    readString(call.metadata, 'hitl_decision') ?? (result ? readString(result.content, 'hitl_decision') : null);
  const status = toolStatus(call, result ?? null, hitlDecision);
  const waiting = status === 'interrupted' || status === 'pending' || status === 'executing';
  const metaText = nonEmpty(readString(call.metadata, 'display_text'));
  return {
    callId: call.toolCallId,
    name,
    label: displayText ?? (humanizeToolName(name) || name),
    arguments: readKey(call.content, 'arguments'),
    status,
    rawStatus: call.status !== null && !STATUSES.has(call.status) ? call.status : null,
    statusText: waiting ? metaText : null,
    error: errorText(call),
    hitlDecision,
  };
}

function toolStatus(call: DisplayItem, result: DisplayItem | null, hitl: string | null): ToolDisplayStatus {
  const status = call.status ?? statusFromResult(result);
  if (status === 'failed' && hitl === 'rejected') return 'declined';
  if (STATUSES.has(status)) return status as ToolStatus;
  return 'unknown';
}

function statusFromResult(result: DisplayItem | null): string {
  if (!result) return 'pending';
  if (readBoolean(result.content, 'is_interrupt')) return 'interrupted';
  return readBoolean(result.content, 'is_error') ? 'failed' : 'completed';
}

function errorText(call: DisplayItem): string | null {
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

export function describeToolResult(item: DisplayItem): ToolResultView {
  const name = readString(item.content, 'name') ?? '';
  const body = readKey(item.content, 'content');
  return {
    callId: item.toolCallId,
    name,
    label: humanizeToolName(name) || name,
    text: typeof body === 'string' ? body : body === undefined || body === null ? '' : safeJson(body),
    isError: readBoolean(item.content, 'is_error'),
    isInterrupt: readBoolean(item.content, 'is_interrupt'),
    hitlDecision: readString(item.content, 'hitl_decision'),
  };
}

function nonEmpty(text: string | null): string | null {
  return text !== null && text.trim() !== '' ? text : null;
}

/**
 * Results keyed by the call they answer. A result is shown with its call, so the list needs
 * to know which results found one.
 */
export function pairToolResults(items: readonly DisplayItem[]): {
  resultsByCall: Map<string, DisplayItem>;
  pairedResultKeys: Set<string>;
} {
  const callIds = new Set<string>();
  for (const item of items) if (item.kind === 'tool_call' && item.toolCallId) callIds.add(item.toolCallId);
  const resultsByCall = new Map<string, DisplayItem>();
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
