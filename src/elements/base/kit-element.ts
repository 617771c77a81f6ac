import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { DisplayKitStrings } from '../../i18n/strings.js';

/** What every element of the kit shares: a forced theme and replacement strings. */
export class KitElement extends LitElement {
  /**
   * `light` or `dark` forces a theme; empty follows the page's `color-scheme` (light where the
   * page declares none; the reader's system where it declares `light dark`), or the
   * `--dk-color-scheme` a host sets on an ancestor.
   */
  @property({ reflect: true }) theme: '' | 'light' | 'dark' = '';

  /** Replacement text for this element (falls back to the global strings table). */
  @property({ attribute: false }) strings?: Partial<DisplayKitStrings>;

  /**
   * Dispatches one of the kit's typed events. (Events are documented with `@fires`; this keeps
   * the manifest analyzer from guessing event names from constructor arguments.)
   */
  protected emit(event: Event): void {
    this.dispatchEvent(event);
  }
}
