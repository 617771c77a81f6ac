import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { DisplayKitStrings } from '../../../i18n/strings.js';
import { wording } from '../../stop-mark/stop-mark.js';
import type { StreamChange } from './live-draft.js';

/**
 * What the list tells assistive technology, politely and as a whole: that a response began and
 * ended (or how it stopped), that a message was copied. Never the tokens themselves.
 */
export class Announcer implements ReactiveController {
  private message = '';

  constructor(private readonly host: ReactiveControllerHost) {
    host.addController(this);
  }

  say(message: string): void {
    if (message === this.message) return;
    this.message = message;
    this.host.requestUpdate();
  }

  /** That a response began, and how it ended: never its tokens. */
  stream(change: StreamChange, text: DisplayKitStrings): void {
    if (change === 'started') this.say(text.responding);
    else if (change) this.say(change.stop ? wording(text, change.stop.reason) : text.responseComplete);
  }

  /** A list taken out of the page has nothing left to say when it comes back. */
  hostDisconnected(): void {
    this.message = '';
  }

  render(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.message}</div>`;
  }
}
