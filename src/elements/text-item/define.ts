import { defineElement } from '../support/registry.js';
import { TextItem } from './text-item.js';
import '../stop-mark/define.js';

export { TextItem };

defineElement('text-item', TextItem);

declare global {
  interface HTMLElementTagNameMap {
    'text-item': TextItem;
  }
}
