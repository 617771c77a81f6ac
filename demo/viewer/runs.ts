import { readKey, readObject, readString } from '../../src/model/guards.js';
import { groupMessages } from '../../src/model/group.js';
import { humanizeToolName } from '../../src/model/humanize.js';
import { normalizeItems } from '../../src/model/normalize.js';
import type { DisplayItem } from '../../src/model/types.js';

/**
 * What the viewer's side panel says about a conversation: per model run (LangChain traces
 * group by `metadata.run_id`) and overall. Pure: display items in, plain data out.
 */

export interface TokenUsage {
  input: number | null;
  output: number | null;
  total: number | null;
}

export interface RunSummary {
  /** The run id (`lc_run--…`), or the message id for formats that give model data per message. */
  runId: string;
  model: string | null;
  provider: string | null;
  usage: TokenUsage | null;
  /** The last item's `content.stop_reason`, or `"finished"`. */
  stopReason: string;
  stopped: boolean;
  /** The `task` call that started this run, when a sub-agent made it. */
  parentCallId: string | null;
  /** What the parent call says about the sub-agent (its type, else its description), when known. */
  subagent: string | null;
  itemCount: number;
  /** Names of the tools this run called, in order. */
  toolCalls: string[];
}

export interface KindCount {
  kind: string;
  count: number;
}

export interface StoppedMessage {
  /** 1-based position of the message in the conversation. */
  number: number;
  role: string;
  reason: string;
}

export interface ConversationSummary {
  itemCount: number;
  messageCount: number;
  kinds: KindCount[];
  stoppedMessages: StoppedMessage[];
  failedToolResults: number;
  runs: RunSummary[];
  /** The sum over every run that reported usage; null when none did. */
  usage: TokenUsage | null;
}

export const FINISHED = 'finished';

export function summarizeConversation(raws: readonly unknown[]): ConversationSummary {
  const items = normalizeItems([...raws]);
  const messages = groupMessages(items);
  const runs = runsOf(items);
  return {
    itemCount: items.length,
    messageCount: messages.length,
    kinds: countKinds(items),
    stoppedMessages: messages.flatMap((message, position) =>
      message.stop ? [{ number: position + 1, role: message.role, reason: message.stop.reason }] : [],
    ),
    failedToolResults: items.filter((item) => item.kind === 'tool_result' && readKey(item.content, 'is_error') === true).length,
    runs,
    usage: sumUsage(runs.map((run) => run.usage)),
  };
}

/** One summary per run, in the order the runs start. */
export function summarizeRuns(raws: readonly unknown[]): RunSummary[] {
  return runsOf(normalizeItems([...raws]));
}

function runsOf(items: DisplayItem[]): RunSummary[] {
  const groups = new Map<string, DisplayItem[]>();
  for (const item of items) {
    const key = runKey(item);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const calls = taskCalls(items);
  return [...groups].map(([runId, runItems]) => summarizeRun(runId, runItems, calls));
}

/**
 * LangChain items name their run. Other adapters (Anthropic responses) put model and usage on
 * the message instead: the message is then the run, so the panel still shows what is known.
 */
function runKey(item: DisplayItem): string | null {
  const runId = readString(item.metadata, 'run_id');
  if (runId !== null) return runId;
  const knowsModel = readKey(item.metadata, 'model') !== undefined || readKey(item.metadata, 'usage') !== undefined;
  return knowsModel ? item.messageId : null;
}

function summarizeRun(runId: string, items: DisplayItem[], calls: Map<string, DisplayItem>): RunSummary {
  const last = items[items.length - 1];
  const reason = readKey(last.content, 'stop_reason');
  const parentCallId = readString(last.metadata, 'parent_call_id');
  return {
    runId,
    model: firstString(items, 'model'),
    provider: firstString(items, 'provider'),
    usage: lastUsage(items),
    // Truthiness, as the kit decides it (SPEC §2): any stop_reason means it stopped early.
    stopReason: reason ? (typeof reason === 'string' ? reason : JSON.stringify(reason)) : FINISHED,
    stopped: Boolean(reason),
    parentCallId,
    subagent: parentCallId !== null ? describeSubagent(calls.get(parentCallId)) : null,
    itemCount: items.length,
    toolCalls: items.filter((item) => item.kind === 'tool_call').map((item) => readString(item.content, 'name') ?? ''),
  };
}

function taskCalls(items: DisplayItem[]): Map<string, DisplayItem> {
  const calls = new Map<string, DisplayItem>();
  for (const item of items) if (item.kind === 'tool_call' && item.toolCallId !== null) calls.set(item.toolCallId, item);
  return calls;
}

/** `task` calls say which sub-agent they start (`subagent_type`) and why (`description`). */
function describeSubagent(call: DisplayItem | undefined): string | null {
  if (!call) return null;
  const args = readObject(call.content, 'arguments');
  return readString(args, 'subagent_type') ?? readString(args, 'description') ?? humanizeToolName(readString(call.content, 'name'));
}

function firstString(items: DisplayItem[], key: string): string | null {
  for (const item of items) {
    const value = readString(item.metadata, key);
    if (value !== null) return value;
  }
  return null;
}

/** Every item of a run carries the same usage; the last one is the most complete if not. */
function lastUsage(items: DisplayItem[]): TokenUsage | null {
  for (let index = items.length - 1; index >= 0; index--) {
    const usage = readUsage(readKey(items[index].metadata, 'usage'));
    if (usage) return usage;
  }
  return null;
}

/**
 * LangChain's usage_metadata `{input_tokens, output_tokens, total_tokens}` (Anthropic's usage
 * lacks the total; OpenAI says prompt/completion). The total is the sum when not given.
 */
export function readUsage(value: unknown): TokenUsage | null {
  const input = count(value, 'input_tokens') ?? count(value, 'prompt_tokens');
  const output = count(value, 'output_tokens') ?? count(value, 'completion_tokens');
  const total = count(value, 'total_tokens') ?? (input !== null && output !== null ? input + output : null);
  return input === null && output === null && total === null ? null : { input, output, total };
}

function count(source: unknown, key: string): number | null {
  const value = readKey(source, key);
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export function sumUsage(usages: readonly (TokenUsage | null)[]): TokenUsage | null {
  const present = usages.filter((usage): usage is TokenUsage => usage !== null);
  if (present.length === 0) return null;
  const sum = (key: keyof TokenUsage) =>
    present.some((usage) => usage[key] !== null) ? present.reduce((total, usage) => total + (usage[key] ?? 0), 0) : null;
  return { input: sum('input'), output: sum('output'), total: sum('total') };
}

function countKinds(items: DisplayItem[]): KindCount[] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(item.kind, (counts.get(item.kind) ?? 0) + 1);
  return [...counts].map(([kind, total]) => ({ kind, count: total }));
}
