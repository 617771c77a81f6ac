import { ThinkingItem } from './thinking-item.js';
import '../stop-mark/define.js';

export { ThinkingItem };

if (!customElements.get('thinking-item')) customElements.define('thinking-item', ThinkingItem);

declare global {
  interface HTMLElementTagNameMap {
    'thinking-item': ThinkingItem;
  }
}
