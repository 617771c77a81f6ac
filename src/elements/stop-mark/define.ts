import { defineElement } from '../shared/registry.js';
import { StopMark } from './stop-mark.js';

export { StopMark };

defineElement('stop-mark', StopMark);

declare global {
  interface HTMLElementTagNameMap {
    'stop-mark': StopMark;
  }
}
