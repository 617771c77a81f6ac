import { MessageList } from './message-list.js';
import '../text-item/define.js';
import '../thinking-item/define.js';
import '../tool-call-item/define.js';
import '../tool-result-item/define.js';
import '../stop-mark/define.js';

export { MessageList };

if (!customElements.get('message-list')) customElements.define('message-list', MessageList);

declare global {
  interface HTMLElementTagNameMap {
    'message-list': MessageList;
  }
}
