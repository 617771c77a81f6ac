/**
 * Registers all six tags: `import 'display-kit/define'` once, before anything renders them.
 * The list's define module registers the item tags it renders.
 */
import './elements/message-list/define.js';
// The kit's events in `HTMLElementEventMap`, for a page that imports nothing else of the kit.
export type * from './events.js';
