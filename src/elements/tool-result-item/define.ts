import { defineElement } from '../support/registry.js';
import { ToolResultItem } from './tool-result-item.js';
import '../stop-mark/define.js';

export { ToolResultItem };

defineElement('tool-result-item', ToolResultItem);

declare global {
  interface HTMLElementTagNameMap {
    'tool-result-item': ToolResultItem;
  }
}
