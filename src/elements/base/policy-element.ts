import { property } from 'lit/decorators.js';
import { KitElement } from './kit-element.js';

/** What the elements that render model output share: the URL policy a host sets on them. */
export class PolicyElement extends KitElement {
  /**
   * Origins whose images in model output load without a click (space- or comma-separated;
   * `*` for all). Other remote images wait behind a placeholder.
   */
  @property({ attribute: 'image-origins' }) imageOrigins = '';

  /** Link schemes that may be followed; other links render as text marked "blocked". */
  @property({ attribute: false }) linkSchemes?: readonly string[];

  /** `target` for external links. */
  @property({ attribute: 'link-target' }) linkTarget = '_blank';
}
