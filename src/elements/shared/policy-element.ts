import { type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { parseOrigins } from '../../markdown/url-policy.js';
import type { RenderPolicy } from '../../markdown/sanitize.js';
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

  /** The three as the Markdown renders with them: a new object whenever one of them changes. */
  protected policy: RenderPolicy = {};

  /** Reads the policy anew when one of its properties changed; says whether it did. */
  protected updatePolicy(changed: PropertyValues<this>): boolean {
    if (!changed.has('imageOrigins') && !changed.has('linkSchemes') && !changed.has('linkTarget')) return false;
    this.policy = { imageOrigins: parseOrigins(this.imageOrigins), linkSchemes: this.linkSchemes, linkTarget: this.linkTarget };
    return true;
  }
}
