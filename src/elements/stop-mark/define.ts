import { StopMark } from './stop-mark.js';

export { StopMark };

if (!customElements.get('stop-mark')) customElements.define('stop-mark', StopMark);

declare global {
  interface HTMLElementTagNameMap {
    'stop-mark': StopMark;
  }
}
