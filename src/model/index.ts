export * from './types.js';
export { normalizeItem, normalizeItems, asDisplayItem } from './normalize.js';
export { groupMessages, startsNewMessage } from './group.js';
export { classifyStop, readStopDetails, stopKind } from './stop.js';
export { humanizeCode, humanizeToolName } from './humanize.js';
export {
  describeToolCall, describeToolResult, pairToolResults, isFinalStatus, summarizeArguments, argumentPreview, excerpt, argumentValue,
  readAskUser, summarizeGroup,
} from './tools.js';
export type { ToolCallView, ToolResultView, AskUserView, ToolGroupSummary, NotableStatus, TextExcerpt } from './tools.js';
export { safeJson, parseJsonText } from './safe-json.js';
export { readCitations, citedSources } from './citations.js';
export type { Citation, CitedSource } from './citations.js';
export { readUsage, messageUsage, totalUsage } from './usage.js';
export type { Usage, UsageTotal } from './usage.js';
export { storedDuration, toolDuration, thinkingDuration } from './timing.js';
export { awaitsApproval } from './tools.js';
