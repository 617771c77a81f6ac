// Type tests: the kit's events, as plain TypeScript sees them from the packed package. `tsc`
// fails on any error here, and on any `@ts-expect-error` line that stops being an error.
import 'display-kit/define';
import { MessageActionEvent, ToolToggleEvent } from 'display-kit';
import { ContentCopyEvent, ToolDetailsEvent } from 'display-kit/events';

const list = document.querySelector('message-list')!;

// Each kit event is in HTMLElementEventMap: listeners get the event's class, no cast.
list.addEventListener('tool-toggle', (e) => e.callId);
list.addEventListener('tool-toggle', (e) => {
  const open: boolean = e.open;
  const callId: string | null = e.callId;
  return [open, callId];
});
list.addEventListener('content-copy', (e) => e.content satisfies 'arguments' | 'result' | 'code' | 'message');
list.addEventListener('tool-details', (e) => e.status.toUpperCase());
list.addEventListener('message-action', (e) => e.itemIds.join(','));

// Any element, not only the kit's: the events bubble out of the shadow roots.
document.body.addEventListener('tool-toggle', (e) => e.open);

// @ts-expect-error callId is a string or null
list.addEventListener('tool-toggle', (e) => e.callId.toUpperCase());
// @ts-expect-error a tool-toggle event has no `action`
list.addEventListener('tool-toggle', (e) => e.action);

// The classes are exported from the root and from `display-kit/events`, for instanceof checks.
document.addEventListener('click', (e) => e instanceof ToolToggleEvent || e instanceof MessageActionEvent);
const copy: ContentCopyEvent = new ContentCopyEvent('code', 'npm test');
const details = new ToolDetailsEvent('call_1', 'failed', 'Timed out', null);
export { copy, details };
