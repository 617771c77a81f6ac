/**
 * Live bindings: an agent library's stream shown in a `<message-list>` as it arrives. Each
 * source is one class over the same core (`LiveSession`): the streaming message is the list's
 * draft, finished messages are saved with `upsert()`, and a stream that ends without finishing
 * leaves a stop mark. DOM-free; the library itself is never imported.
 */
export { LiveSession } from './live-session.js';
export type { LiveStop, LiveTarget } from './live-session.js';
export { AGUILive, liveAGUI } from './ag-ui.js';
export { AnthropicLive, liveAnthropic } from './anthropic.js';
export { OpenAIChatLive, liveOpenAIChat } from './openai-chat.js';
export { AISDKLive, liveAISDK } from './ai-sdk.js';
export { OpenAIResponsesLive, liveOpenAIResponses } from './openai-responses.js';
export { LangChainLive, liveLangChain } from './langchain.js';
