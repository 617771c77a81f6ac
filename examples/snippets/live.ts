// docs/live.md and the README's "Use it": a list fed while an agent runs, compiled against the packed package.
import 'display-kit/define';

declare const rows: unknown[];
declare const savedRows: unknown[];
declare function retry(itemIds: readonly string[]): void;
declare function decide(callId: string | null, decision: string): void;
declare const totalLine: HTMLElement;
declare const chosenId: string;

// #region live
const list = document.querySelector('message-list')!;
list.items = rows;                        // the saved rows, either shape
list.draft = {};                          // a reply on its way, nothing said yet: dots until its first words
list.draft = {                            // what is streaming in, before it is saved
  thinking: 'Looking…',
  text: 'So far',
  tool_calls: [{ call_id: 'c1', name: 'list_files', arguments: {}, execution_status: 'executing' }],
};
list.upsert(savedRows);                   // new rows insert in load order, known ids update in place
list.draft = null;                        // in the same task: the saved rows replace the draft
list.removeRows(['row-id']);              // (`remove()` stays the DOM's own)
// #endregion

// #region actions
list.messageActions = [{ id: 'retry', label: 'Retry', icon: 'retry', roles: ['assistant'] }];
list.addEventListener('message-action', (e) => e.action === 'retry' && retry(e.itemIds));
// #endregion

// #region views
import { html } from 'lit';
import { registerToolView } from 'display-kit';

// A function of the call (a Lit template, a DOM node or text), rendered again as the call changes…
registerToolView('get_weather', ({ call, result, status }) =>
  html`<p>${(call.arguments as { city?: string }).city}: ${result?.output ?? status}</p>`);
// …or a custom element's tag, given `.call`, `.result` and `.status` (a React or Vue component wrapped as one).
list.toolViews = { list_files: 'file-list-view' };
// #endregion

// #region approvals
list.approvals = true;                    // Approve / Decline on calls waiting for a person
list.approvalActions = [{ id: 'edit', label: 'Edit first' }];
list.addEventListener('tool-approval', (e) => decide(e.callId, e.decision)); // 'approved', 'rejected' or 'edit'
// #endregion

// #region usage
const { total, cost, currency } = list.usage; // summed over the messages whose rows kept usage
totalLine.textContent = `${total ?? 0} tokens${cost !== null ? ` · ${cost.toFixed(2)} ${currency}` : ''}`;
// #endregion

// #region jump
// A link to a message (`#row-id` in the page's address), or a row the host's own search found:
const found = await list.scrollToMessage(location.hash.slice(1)); // a row's id or a message_id
if (!found) console.warn('No such message in this conversation');
// The reader chose it (a table of contents): focus goes there too, for the keyboard and screen readers.
await list.scrollToMessage(chosenId, { focus: true });
// #endregion

// #region find
const { count, current } = await list.find('migration'); // every message, mounted or not
await list.findNext();                    // and findPrevious(); Ctrl/Cmd+F in the list opens a search bar
list.closeFind();
// #endregion

// #region item
const partial = document.createElement('text-item');
partial.item = { type: 'text', message_type: 'assistant', content: { text: 'Partial', stop_reason: 'length' } };
// #endregion

// #region highlight
import { useHighlightJs } from 'display-kit/highlight';
await useHighlightJs();
// #endregion

export { partial, count, current };
