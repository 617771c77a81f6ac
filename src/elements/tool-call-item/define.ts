import { defineElement } from '../support/registry.js';
import { ToolCallItem } from './tool-call-item.js';
import '../stop-mark/define.js';
import '../tool-result-item/define.js';

export { ToolCallItem };

defineElement('tool-call-item', ToolCallItem);

declare global {
  interface HTMLElementTagNameMap {
    'tool-call-item': ToolCallItem;
  }
}
