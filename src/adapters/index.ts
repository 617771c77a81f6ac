/**
 * Adapters: other agent formats turned into display items (docs/display-items.md#other-formats),
 * DOM-free and total. Each returns `{items, problems}` and never throws; feed `items` to
 * `normalizeItems`.
 */
export { fromLangChainTrace, type LangChainTraceOptions } from './langchain-trace.js';
export { fromLangChainMessages } from './langchain-messages.js';
export { fromOpenAIChat } from './openai-chat.js';
export { fromOpenAIResponses } from './openai-responses.js';
export { fromAnthropicMessages } from './anthropic-messages.js';
export { fromAISDKMessages } from './ai-sdk.js';
export type { AISDKTurnEnd } from './ai-sdk.js';
export { fromAGUIMessages } from './ag-ui.js';
export { convertContentPart, readCitations } from './content-parts.js';
export type { CitationJson, PartConversion } from './content-parts.js';
export type { AdapterProblem, AdapterResult, DisplayItemJSON } from './types.js';
