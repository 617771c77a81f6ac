import { adoptStyles, type ReactiveController, type ReactiveElement } from 'lit';
import { stopWatching, whenNearViewport } from './near-viewport.js';

/** An element that may be told to wait (`lazy`) until it nears the viewport. */
export type LazyHost = ReactiveElement & { lazy: boolean };

/**
 * Wakes a lazy element once it nears the viewport; until then it is dormant: its Markdown shows
 * as plain text and its shadow root goes unstyled. Every shadow root that gains styles costs the
 * browser's style engine time in proportion to all the styled roots already on the page, and a
 * long history holds hundreds of items the reader may never scroll to. Once woken, an element
 * stays awake.
 */
export class WakeController implements ReactiveController {
  private awake = false;
  private styled = false;

  constructor(private readonly host: LazyHost) {
    host.addController(this);
  }

  /** Lazy and not yet near the viewport. */
  get dormant(): boolean {
    return this.host.lazy && !this.awake;
  }

  /** The host's render root: unstyled while dormant (call from `createRenderRoot`). */
  createRenderRoot(styledRoot: () => HTMLElement | DocumentFragment): HTMLElement | DocumentFragment {
    if (this.dormant && !this.host.shadowRoot) {
      return this.host.attachShadow((this.host.constructor as typeof ReactiveElement).shadowRootOptions);
    }
    this.styled = true;
    return styledRoot();
  }

  hostConnected(): void {
    if (this.host.hasUpdated) this.watch();
  }

  hostUpdated(): void {
    if (!this.host.lazy) this.awake = true;
    this.watch();
  }

  hostDisconnected(): void {
    stopWatching(this.host);
  }

  private watch(): void {
    if (!this.awake) {
      whenNearViewport(this.host, () => this.wake());
      return;
    }
    stopWatching(this.host);
    if (!this.styled) {
      adoptStyles(this.host.renderRoot as ShadowRoot, (this.host.constructor as typeof ReactiveElement).elementStyles);
      this.styled = true;
    }
  }

  private wake(): void {
    this.awake = true;
    this.host.requestUpdate();
  }
}
