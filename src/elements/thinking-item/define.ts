import { defineElement } from '../support/registry.js';
import { ThinkingItem } from './thinking-item.js';
import '../stop-mark/define.js';

export { ThinkingItem };

defineElement('thinking-item', ThinkingItem);

declare global {
  interface HTMLElementTagNameMap {
    'thinking-item': ThinkingItem;
  }
}
