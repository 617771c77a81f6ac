import { TextItem } from './text-item.js';
import '../stop-mark/define.js';

export { TextItem };

if (!customElements.get('text-item')) customElements.define('text-item', TextItem);

declare global {
  interface HTMLElementTagNameMap {
    'text-item': TextItem;
  }
}
