import { html, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';

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

  /** A list taken out of the page has nothing left to say when it comes back. */
  hostDisconnected(): void {
    this.message = '';
  }

  render(): TemplateResult {
    return html`<div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.message}</div>`;
  }
}
