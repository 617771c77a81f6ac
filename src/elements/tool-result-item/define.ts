import { ToolResultItem } from './tool-result-item.js';
import '../stop-mark/define.js';

export { ToolResultItem };

if (!customElements.get('tool-result-item')) customElements.define('tool-result-item', ToolResultItem);

declare global {
  interface HTMLElementTagNameMap {
    'tool-result-item': ToolResultItem;
  }
}
