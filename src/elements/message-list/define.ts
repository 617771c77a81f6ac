import { defineElement } from '../shared/registry.js';
import { MessageList } from './message-list.js';
import { TextItem } from '../text-item/define.js';
import { ThinkingItem } from '../thinking-item/define.js';
import { StopMark } from '../stop-mark/define.js';
import { prepareWhenIdle } from './prepare.js';

export { MessageList };

defineElement('message-list', MessageList);
prepareWhenIdle([MessageList, TextItem, ThinkingItem, StopMark]);

declare global {
  interface HTMLElementTagNameMap {
    'message-list': MessageList;
  }
}
