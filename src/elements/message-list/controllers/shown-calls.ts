import type { ListRows } from '../../../model/rows.js';
import type { DisplayItem, Message } from '../../../model/types.js';
import type { ToolViews } from '../../support/tool-views.js';

// What both halves of the list's tool views read (the controller, and `ToolViewSync`, the code it
// loads): apart from either, so that neither imports the other for it.

/** What the list shows now, as far as its tool views are concerned. */
export interface ShownCalls {
  /** The mounted messages, a block at a time, with a stamp per block that changes whenever what its messages read does. */
  rows: Pick<ListRows, 'model' | 'blocks' | 'stampOf'>;
  draft: Message | null;
  toolViews: ToolViews | undefined;
  /** Tool activity hidden: no call shows, so no view does. */
  hidden: boolean;
  viewFailed: (detail: string) => string;
}

/** The slot a call's view goes in: by call id, so a streamed call keeps its view when its row is saved. */
export function viewSlot(item: DisplayItem): string {
  return `dk-view:${item.toolCallId && !item.duplicate ? item.toolCallId : item.key}`;
}
