import { defineElement } from '../support/registry.js';
import { MessageList } from './message-list.js';
import { prepareWhenIdle } from './prepare.js';
import '../text-item/define.js';
import '../thinking-item/define.js';
import '../stop-mark/define.js';

export { MessageList };

defineElement('message-list', MessageList);
prepareWhenIdle(['message-list', 'text-item', 'thinking-item', 'stop-mark']);

declare global {
  interface HTMLElementTagNameMap {
    'message-list': MessageList;
  }
}
