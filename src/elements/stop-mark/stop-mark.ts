import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { detailsHead, readStopDetails, stopKind } from '../../model/stop.js';
import { safeJson } from '../../model/safe-json.js';
import type { StopDetails } from '../../model/types.js';
import { resolveStrings, type DisplayKitStrings } from '../../i18n/strings.js';
import { KitElement } from '../shared/kit-element.js';
import { icon } from '../shared/icons.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { styles } from './stop-mark.styles.js';

/**
 * @summary Says that a message stopped before it finished, and why.
 *
 * Known reasons (`length`, `cancelled`, `content_filtered`, `stream_error`) get their own
 * wording; any other non-empty reason reads as a generic "stopped early". Provider details
 * (a refusal's category and explanation) follow the wording. With no `reason` it renders nothing.
 *
 * @csspart base - The note that wraps the whole mark.
 * @csspart icon - The stop icon.
 * @csspart label - The wording for the reason.
 * @csspart details - The provider's details (category, explanation).
 *
 * @cssprop [--dk-stop-mark-color=var(--dk-color-warning)] - Text and icon colour of the mark.
 * @cssprop [--dk-stop-mark-background=var(--dk-color-warning-surface)] - Background of the mark.
 */
export class StopMark extends KitElement {
  static override styles = [tokenStyles, styles];

  /** Why the message stopped (`length`, `cancelled`, `content_filtered`, `stream_error`, or any other). */
  @property({ reflect: true }) reason: string | null = null;

  /** The provider's `stop_details` map, verbatim (e.g. `{type, category, explanation}`). */
  @property({ attribute: false }) details: unknown = null;

  private parsedDetails: StopDetails | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('details')) this.parsedDetails = toDetails(this.details);
  }

  protected override render() {
    if (!this.reason) return nothing;
    const text = resolveStrings(this.strings);
    return html`<p part="base" class="mark" role="note">
      ${icon('stop')}
      <span part="label" class="label">${wording(text, this.reason)}</span>${this.parsedDetails
        ? html`<span class="visually-hidden">. </span>`
        : nothing}
      ${this.renderDetails(text)}
    </p>`;
  }

  private renderDetails(text: DisplayKitStrings) {
    const details = this.parsedDetails;
    if (!details) return nothing;
    const head = detailsHead(details);
    const hasExtra = Object.keys(details.extra).length > 0;
    if (!head && !details.explanation) {
      return html`<span part="details" class="details">
        ${text.stopDetailsAvailable}${hasExtra ? html`: <code>${safeJson(details.extra, { indent: 0, maxLength: 500 })}</code>` : nothing}
      </span>`;
    }
    // The dash is for assistive technology and copied text; on screen the two stand apart.
    return html`<span part="details" class="details"
      >${head ? html`<span class="category" dir="auto">${head}</span>` : nothing}${head && details.explanation
        ? html`<span class="visually-hidden"> — </span>`
        : nothing}${details.explanation ? html`<span class="explanation" dir="auto">${details.explanation}</span>` : nothing}</span
    >`;
  }
}

/** `stop_details` as a host hands it: the raw map, or one this kit already read. */
function toDetails(value: unknown): StopDetails | null {
  if (value && typeof value === 'object' && 'extra' in value && isStopDetails(value)) return value;
  return readStopDetails(value);
}

function isStopDetails(value: object): value is StopDetails {
  const v = value as Record<string, unknown>;
  return typeof v.extra === 'object' && v.extra !== null && 'category' in v && 'explanation' in v;
}

export function wording(text: DisplayKitStrings, reason: string): string {
  const kind = stopKind(reason);
  return kind === 'other' ? text.stopReasonNamed(text.stop.other, reason) : text.stop[kind];
}
