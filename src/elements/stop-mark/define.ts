import { defineElement } from '../support/registry.js';
import { StopMark } from './stop-mark.js';

export { StopMark };

defineElement('stop-mark', StopMark);

declare global {
  interface HTMLElementTagNameMap {
    'stop-mark': StopMark;
  }
}
