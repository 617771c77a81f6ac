/**
 * Registers all six tags: `import 'display-kit/define'` once, before anything renders them.
 * (`display-kit/message-list` registers the tags of text, reasoning and stop marks; the list
 * loads the tool tags the first time it shows a tool call.)
 */
import './elements/message-list/define.js';
import './elements/tool-call-item/define.js';
// The kit's events in `HTMLElementEventMap`, for a page that imports nothing else of the kit.
export type * from './events.js';
