import { defineElement } from '../shared/registry.js';
import { MessageList } from './message-list.js';
import '../text-item/define.js';
import '../thinking-item/define.js';
import '../stop-mark/define.js';

export { MessageList };

defineElement('message-list', MessageList);

declare global {
  interface HTMLElementTagNameMap {
    'message-list': MessageList;
  }
}
