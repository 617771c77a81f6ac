/**
 * The kit's API with no side effects: importing from here registers no tag, so a bundler keeps only
 * what is named (`import { StopMark } from 'display-kit'` ships the mark, not the kit).
 * `display-kit/define` registers all six tags; `display-kit/<tag>` one tag and the tags it renders.
 */
export { MessageList } from './elements/message-list/message-list.js';
export { TextItem } from './elements/text-item/text-item.js';
export { ThinkingItem } from './elements/thinking-item/thinking-item.js';
export { ToolCallItem } from './elements/tool-call-item/tool-call-item.js';
export { ToolResultItem } from './elements/tool-result-item/tool-result-item.js';
export { StopMark } from './elements/stop-mark/stop-mark.js';
export type { ToolDisplay, MessageAction, Participants, ApprovalAction, FindState, ScrollToMessageOptions } from './elements/message-list/message-list.js';
export { registerToolView } from './elements/support/tool-views.js';
export type { ToolView, ToolViews, ToolViewContext, ToolViewRenderer } from './elements/support/tool-views.js';
export * from './events.js';
export * from './model/index.js';
export { englishStrings, setStrings, resolveStrings } from './i18n/strings.js';
export type { BuiltinViewStrings, DisplayKitStrings } from './i18n/strings.js';
export { checkLink, checkModelImage, checkHostImage, DEFAULT_LINK_SCHEMES } from './markdown/url-policy.js';
