// README "Live conversations": a list fed while an agent runs, compiled against the packed package.
import 'display-kit/define';

declare const rows: unknown[];
declare const savedRows: unknown[];
declare function retry(itemIds: readonly string[]): void;

// #region live
const list = document.querySelector('message-list')!;
list.items = rows;                        // the saved rows, either shape
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
list.messageActions = [{ id: 'retry', label: 'Retry', roles: ['assistant'] }];
list.addEventListener('message-action', (e) => e.action === 'retry' && retry(e.itemIds));
// #endregion

// #region item
const partial = document.createElement('text-item');
partial.item = { type: 'text', message_type: 'assistant', content: { text: 'Partial', stop_reason: 'length' } };
// #endregion

// #region highlight
import { useHighlightJs } from 'display-kit/highlight';
await useHighlightJs();
// #endregion

export { partial };
