import { ownValue } from '../model/guards.js';
import type { StopAction, StopKind, ToolDisplayStatus } from '../model/types.js';
import type { Usage } from '../model/usage.js';
import { formatCost, formatDuration, usageParts } from './format.js';

/** Every piece of text the kit shows. English defaults; replace globally or per element. */
export interface DisplayKitStrings {
  roles: Record<'user' | 'assistant' | 'tool' | 'system', string>;
  unfinished: string;
  message: (role: string, unfinished: boolean) => string;
  /** Finished reasoning whose duration is not known (and the reasoning's name in a transcript). */
  thinking: string;
  thinkingNow: string;
  /** A stop mark's line, by the kind of stop (a reason the kit has never seen reads `other`). */
  stop: Record<StopKind, string>;
  /**
   * A stop's category or error code in words, by its lowercase name (a refusal's `cyber`, Gemini's
   * `spii`, an API's `overloaded_error`), where its name made readable would not do (`self_harm`
   * reads "Self harm" without an entry).
   */
  stopCategories: Readonly<Record<string, string>>;
  /** Opens what a stop mark holds beyond its line: the raw reason the kit does not know, the provider's other fields. */
  stopDetails: string;
  /** Names the raw reason inside that disclosure. */
  stopReason: string;
  /** The buttons a host asks for with `stop-actions`. */
  stopActions: Record<StopAction, string>;
  toolStatus: Record<ToolDisplayStatus, string>;
  toolCall: string;
  toolResult: string;
  arguments: string;
  noArguments: string;
  /** Shown for a tool result that returned nothing. */
  noOutput: string;
  /** Beside arguments that are still streaming in, shown as far as they arrived. */
  argumentsArriving: string;
  result: string;
  error: string;
  waiting: string;
  approved: string;
  declined: string;
  todoProgress: (done: number, total: number) => string;
  todoStatus: Record<'pending' | 'in_progress' | 'completed' | 'cancelled', string>;
  image: string;
  file: string;
  data: string;
  notice: string;
  /** Opens what a notice holds beyond its line (a compacted conversation's summary). */
  noticeDetails: string;
  unknownKind: (kind: string) => string;
  fallbackTitle: string;
  fallbackRaw: string;
  /** Under a row whose `id` an earlier row already has: both show, neither replaces the other. */
  duplicateId: (id: string) => string;
  blockedLink: string;
  blockedImage: string;
  brokenImage: string;
  loadImage: (host: string) => string;
  copyCode: string;
  copied: string;
  code: string;
  /** Names the box a wide table scrolls sideways in. */
  table: string;
  taskDone: string;
  taskOpen: string;
  showMore: string;
  showAll: (lines: number) => string;
  showLess: string;
  jsonItems: (n: number) => string;
  jsonKeys: (n: number) => string;
  copyArguments: string;
  copyResult: string;
  toolDetails: string;
  rawRow: string;
  question: string;
  toolGroup: (total: number, counts: Array<[string, number]>) => string;
  toolsHidden: (n: number) => string;
  conversation: string;
  responding: string;
  responseComplete: string;
  jumpToLatest: (newItems: number) => string;
  invalidJson: (detail: string) => string;
  copyMessage: string;
  messageActions: string;
  exportMarkdown: string;
  exportJSON: string;
  sentAt: (time: string) => string;
  subagent: (messages: number) => string;
  subagentTitle: string;
  /** The label of a text that narrates work in progress rather than answering. */
  narration: string;
  sources: string;
  /** A citation marker's accessible name: "Source 1: Paris (wikipedia.org)". */
  citation: (number: number, source: string) => string;
  citationPages: (start: number, end: number) => string;
  untitledSource: string;
  /**
   * Words of the optional renderers (`display-kit/math`, `display-kit/mermaid`), which bring
   * their English defaults with them.
   */
  mathError?: (detail: string) => string;
  diagram?: string;
  diagramError?: (detail: string) => string;
  showDiagramSource?: string;
  showDiagram?: string;
  /** A span of time from storage: "0.4 s", "12 s", "3 min 5 s". */
  duration: (ms: number) => string;
  /** The reasoning's label once its duration is known. */
  thoughtFor: (duration: string) => string;
  /** How long a tool call ran (its accessible text). */
  took: (duration: string) => string;
  tokens: (n: number) => string;
  /** What a message's token count is made of (its tooltip). */
  usageDetails: (usage: Usage) => string;
  cost: (amount: number, currency: string) => string;
  /** Names the Approve / Decline group of a call that waits for a person. */
  approvalNeeded: (label: string) => string;
  approve: string;
  decline: string;
  /** After the reader chose, until storage records it. */
  decisionSent: (choice: string) => string;
  showRaw: string;
  /** A host's tool view threw. */
  viewFailed: (detail: string) => string;
  /** The built-in tool views' words; English comes with the views' code (with the tool elements). */
  builtinViews?: BuiltinViewStrings;
  find: string;
  findCount: (current: number, total: number) => string;
  findNone: string;
  findPrevious: string;
  findNext: string;
  findClose: string;
}

/** The words of the built-in tool views (a command's output, a diff, a search, a file). */
export interface BuiltinViewStrings {
  /** A command's output, its errors, its exit code when not zero. */
  command: string;
  output: string;
  errors: string;
  exitCode: (code: number) => string;
  /** A diff: each file's change, each changed line's kind (said to assistive technology, beside the visible sign). */
  fileChange: Record<'edit' | 'create' | 'delete', string>;
  lineAdded: string;
  lineRemoved: string;
  showUnchanged: (lines: number) => string;
  /** Names the lines a tool read from a file. */
  fileLines: (first: number, last: number) => string;
  searchedFor: (query: string) => string;
  searchResults: string;
  noResults: string;
  pageText: string;
  fileSize: (bytes: number) => string;
}

export const englishStrings: DisplayKitStrings = {
  roles: { user: 'You', assistant: 'Assistant', tool: 'Tool', system: 'System' },
  unfinished: 'unfinished',
  message: (role, unfinished) => (unfinished ? `${role} message, unfinished` : `${role} message`),
  thinking: 'Reasoning',
  thinkingNow: 'Thinking…',
  stop: {
    cancelled: 'You stopped this response',
    length: 'The answer reached its length limit',
    context_window: "The answer stopped: the model's context window is full",
    pause_turn: 'The model paused before finishing',
    stream_error: 'The response failed before it finished',
    timeout: 'The response took too long and was stopped',
    content_filtered: "The provider's content filter stopped this answer",
    refusal: 'The model declined to answer',
    other: 'Stopped early',
  },
  stopCategories: {
    cyber: 'Cybersecurity', bio: 'Biological risk', chem: 'Chemical risk', spii: 'Sensitive personal information',
    recitation: 'Repeats copyrighted material', blocklist: 'Blocked terms', overloaded_error: 'The service is overloaded',
    rate_limit_error: 'Too many requests', rate_limit_exceeded: 'Too many requests', resource_exhausted: 'Too many requests',
    api_error: 'The provider had an internal error', server_error: 'The provider had an internal error',
    authentication_error: 'The API key was not accepted', invalid_request_error: 'The request was not valid',
    insufficient_quota: 'Out of credit or quota', context_length_exceeded: "The conversation no longer fits the model's context window",
  },
  stopDetails: 'Details',
  stopReason: 'Reason',
  stopActions: { continue: 'Continue', retry: 'Retry' },
  toolStatus: {
    pending: 'Pending',
    executing: 'Running',
    completed: 'Done',
    failed: 'Failed',
    interrupted: 'Waiting',
    cancelled: 'Cancelled',
    declined: 'Declined',
    incomplete: 'Did not finish',
    unknown: 'Unknown status',
  },
  toolCall: 'Tool call',
  toolResult: 'Tool result',
  arguments: 'Arguments',
  noArguments: 'No arguments',
  noOutput: 'No output',
  argumentsArriving: 'still arriving',
  result: 'Result',
  error: 'Error',
  waiting: 'Waiting',
  approved: 'Approved',
  declined: 'Declined',
  todoProgress: (done, total) => `${done} of ${total} done`,
  todoStatus: { pending: 'To do', in_progress: 'In progress', completed: 'Done', cancelled: 'Cancelled' },
  image: 'Image',
  file: 'File',
  data: 'Data',
  notice: 'Notice',
  noticeDetails: 'Details',
  unknownKind: (kind) => `Item of kind “${kind}”`,
  fallbackTitle: 'This item could not be displayed',
  fallbackRaw: 'What was received',
  duplicateId: (id) => `Another row has the same id (“${id}”): both are shown`,
  blockedLink: 'blocked link',
  blockedImage: 'blocked image',
  brokenImage: 'image not loaded',
  loadImage: (host) => (host ? `Load image from ${host}` : 'Load image'),
  copyCode: 'Copy',
  copied: 'Copied',
  code: 'Code',
  table: 'Table',
  taskDone: 'Done:',
  taskOpen: 'Not done:',
  showMore: 'Show more',
  showAll: (lines) => `Show all (${formatNumber(lines)} ${plural(lines, 'line', 'lines')})`,
  showLess: 'Show less',
  jsonItems: (n) => `${formatNumber(n)} ${plural(n, 'item', 'items')}`,
  jsonKeys: (n) => `${formatNumber(n)} ${plural(n, 'key', 'keys')}`,
  copyArguments: 'Copy arguments',
  copyResult: 'Copy result',
  toolDetails: 'Details',
  rawRow: 'Everything the row holds',
  question: 'Question',
  toolGroup: (total, counts) =>
    [`${formatNumber(total)} tool ${plural(total, 'call', 'calls')}`, ...counts.map(([label, n]) => `${formatNumber(n)} ${label.toLowerCase()}`)].join(' · '),
  toolsHidden: (n) => `${formatNumber(n)} tool ${plural(n, 'step', 'steps')} hidden`,
  conversation: 'Conversation',
  responding: 'Responding…',
  responseComplete: 'Response complete',
  jumpToLatest: (n) => (n > 0 ? `Jump to latest (${formatNumber(n)} new)` : 'Jump to latest'),
  invalidJson: (detail) => `This data is not valid JSON: ${detail}`,
  copyMessage: 'Copy',
  messageActions: 'Message actions',
  exportMarkdown: 'Export as Markdown',
  exportJSON: 'Export as JSON',
  sentAt: (time) => `Sent ${time}`,
  subagent: (n) => `Sub-agent · ${formatNumber(n)} ${plural(n, 'message', 'messages')}`,
  subagentTitle: 'Sub-agent',
  narration: 'Status update',
  sources: 'Sources',
  citation: (number, source) => `Source ${formatNumber(number)}: ${source}`,
  citationPages: (start, end) => (start === end ? `p. ${formatNumber(start)}` : `pp. ${formatNumber(start)}–${formatNumber(end)}`),
  untitledSource: 'Untitled source',
  duration: (ms) => formatDuration(ms, formatNumber, ['s', 'min', 'h']),
  thoughtFor: (duration) => `Thought for ${duration}`,
  took: (duration) => `took ${duration}`,
  tokens: (n) => `${formatNumber(n)} ${plural(n, 'token', 'tokens')}`,
  usageDetails: (usage) =>
    usageParts(usage, formatNumber, { input: 'input', output: 'output', cached: 'cached', reasoning: 'reasoning' }),
  cost: (amount, currency) => formatCost('en', amount, currency),
  approvalNeeded: (label) => `${label}: approve or decline?`,
  approve: 'Approve',
  decline: 'Decline',
  decisionSent: (choice) => `Sent: ${choice}`,
  showRaw: 'Show raw',
  viewFailed: (detail) => `This view could not be shown: ${detail}`,
  find: 'Find in conversation',
  findCount: (current, total) => `${formatNumber(current)} of ${formatNumber(total)}`,
  findNone: 'No matches',
  findPrevious: 'Previous match',
  findNext: 'Next match',
  findClose: 'Close',
};

const englishNumbers = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const englishPlurals = new Intl.PluralRules('en');

function formatNumber(n: number): string {
  return englishNumbers.format(n);
}

/** English has two plural forms: `one` (1) and `other` (0, 2, 1.5, …). */
function plural(n: number, one: string, other: string): string {
  return englishPlurals.select(n) === 'one' ? one : other;
}

let globalStrings: DisplayKitStrings = englishStrings;

/** Replaces strings for every element that has no strings of its own. */
export function setStrings(overrides: Partial<DisplayKitStrings>): void {
  globalStrings = { ...englishStrings, ...overrides };
}

export function resolveStrings(local?: Partial<DisplayKitStrings>): DisplayKitStrings {
  return local ? { ...globalStrings, ...local } : globalStrings;
}

export function roleName(strings: DisplayKitStrings, role: string): string {
  return ownValue<string>(strings.roles, role) ?? role;
}

/** A todo's status in words; one the table does not know is shown as given. */
export function todoStatusName(strings: DisplayKitStrings, status: string): string {
  return ownValue<string>(strings.todoStatus, status) ?? status;
}
