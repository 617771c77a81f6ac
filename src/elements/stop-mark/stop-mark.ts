import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { categoryWords, isKnownReason, readStopDetails, stopAction, stopCategory, stopKind, stopSeverity } from '../../model/stop.js';
import type { StopAction, StopDetails, StopKind } from '../../model/types.js';
import { StopActionEvent } from '../../events.js';
import { resolveStrings, type DisplayKitStrings } from '../../i18n/strings.js';
import { KitElement } from '../base/kit-element.js';
import { CustomStates } from '../support/custom-states.js';
import { icon } from '../support/icons.js';
import { knowElement } from '../support/registry.js';
import { tokenStyles } from '../styles/tokens.styles.js';
import { renderMore } from './more.js';
import { styles } from './stop-mark.styles.js';

const ICONS: Readonly<Record<StopKind, string>> = {
  cancelled: 'stopped',
  length: 'limit',
  context_window: 'limit',
  pause_turn: 'interrupted',
  stream_error: 'alert',
  timeout: 'clock',
  content_filtered: 'shield',
  refusal: 'shield',
  other: 'info',
};

/**
 * @summary Says that a message stopped before it finished, and why, as loud as the stop is.
 *
 * Each reason reads in words, whatever the provider named it (`max_tokens`, `SAFETY`,
 * `content-filter`, compared case-insensitively), with a look of its own by severity: the
 * reader's own cancel is one quiet line; a length limit or a pause a notice; a failed stream or
 * provider error an error, its code and message in words; a refusal or filter its own style, with
 * its category in words. A reason the kit has never seen reads "Stopped early", its raw value only
 * inside the "Details" disclosure, which also holds the provider's other `stop_details` fields.
 * With no `reason` it renders nothing.
 *
 * With `actions`, the mark offers "Continue" after a limit or a pause and "Retry" after a
 * failure; either fires `stop-action` once (until the reason changes).
 *
 * @cssstate quiet - The mark's severity (one at a time: `quiet`, `notice`, `error`, `refusal`).
 *
 * @fires {StopActionEvent} stop-action - The reader chose Continue or Retry.
 *
 * @csspart base - The note that wraps the whole mark (its `data-severity` and `data-kind` say which stop it is).
 * @csspart icon - The icon of the stop's kind.
 * @csspart label - The wording for the reason.
 * @csspart details - The category and the provider's explanation, in words.
 * @csspart action-button - Continue or Retry, whichever the mark offers.
 * @csspart continue-button - Continue (with `action-button`).
 * @csspart retry-button - Retry (with `action-button`).
 * @csspart more - The "Details" disclosure: an unknown reason's raw value and the provider's other fields.
 *
 * @cssprop [--dk-stop-mark-color] - Icon and accent colour of every mark, whatever its severity (overrides the four below).
 * @cssprop [--dk-stop-mark-background] - Background of every mark, whatever its severity (overrides the four below).
 * @cssprop [--dk-stop-quiet-color=var(--dk-color-text-muted)] - Icon colour of the reader's own cancel.
 * @cssprop [--dk-stop-quiet-background=none] - Background of the reader's own cancel.
 * @cssprop [--dk-stop-notice-color=var(--dk-color-warning)] - Icon and border colour of a notice (a length limit, a pause).
 * @cssprop [--dk-stop-notice-background=var(--dk-color-warning-surface)] - Background of a notice.
 * @cssprop [--dk-stop-error-color=var(--dk-color-danger)] - Icon and border colour of an error (a failed stream, a timeout).
 * @cssprop [--dk-stop-error-background=var(--dk-color-danger-surface)] - Background of an error.
 * @cssprop [--dk-stop-refusal-color=var(--dk-color-text)] - Icon and border colour of a refusal or a filter.
 * @cssprop [--dk-stop-refusal-background=var(--dk-color-surface-raised)] - Background of a refusal or a filter.
 */
export class StopMark extends KitElement {
  static override styles = [tokenStyles, styles];

  /** Why the message stopped, as stored (`length`, `max_tokens`, `cancelled`, `stream_error`, `refusal`, `SAFETY`, or any other). */
  @property({ reflect: true }) reason: string | null = null;

  /** The provider's `stop_details` map, verbatim (e.g. `{type, category, explanation}`). */
  @property({ attribute: false }) details: unknown = null;

  /** What the host lets the reader ask for, space-separated: `continue`, `retry` (each shows only after a stop it fits). */
  @property() actions = '';

  /** The row id of the item that carries the stop, handed back in `stop-action`. */
  @property({ attribute: 'item-id' }) itemId: string | null = null;

  /** The reader chose an action for this stop: it is not offered twice. */
  @state() private chosen = false;

  private parsedDetails: StopDetails | null = null;
  private kind: StopKind = 'other';
  private readonly states = new CustomStates(this);

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('details')) this.parsedDetails = toDetails(this.details);
    if (changed.has('reason')) this.chosen = false;
    this.kind = stopKind(this.reason, this.parsedDetails);
    this.states.set([this.reason ? stopSeverity(this.kind) : null]);
  }

  protected override render() {
    const reason = this.reason;
    if (!reason) return nothing;
    const text = resolveStrings(this.strings);
    const details = this.parsedDetails;
    const kind = this.kind;
    const severity = stopSeverity(kind);
    const explained = renderExplanation(text, stopCategory(reason, details), details?.explanation ?? null);
    return html`<div part="base" class="mark ${severity}" role="note" data-severity=${severity} data-kind=${kind}>
      ${icon(ICONS[kind])}
      <span part="label" class="label">${kindWords(text, kind)}</span>${explained
        ? html`<span class="visually-hidden">. </span>${explained}`
        : nothing}
      ${this.renderAction(text, stopAction(kind))}
      ${renderMore(text, isKnownReason(reason) ? null : reason, details)}
    </div>`;
  }

  private renderAction(text: DisplayKitStrings, action: StopAction | null) {
    if (!action || !(this.actions ?? '').split(/\s+/).includes(action)) return nothing;
    return html`<button type="button" part="action-button ${action}-button" class="action" data-action=${action}
      aria-disabled=${this.chosen ? 'true' : 'false'} @click=${() => this.choose(action)}>${text.stopActions[action]}</button>`;
  }

  private choose(action: StopAction): void {
    if (this.chosen || !this.reason) return;
    this.chosen = true;
    this.emit(new StopActionEvent(action, this.reason, this.itemId));
  }
}

// Known before any define: an item creates its stop mark by the name a host gave this class.
knowElement('stop-mark', StopMark);

/** The category in words and the provider's explanation, on a line under the wording. */
function renderExplanation(text: DisplayKitStrings, category: string | null, explanation: string | null) {
  if (!category && !explanation) return null;
  // The dash is for assistive technology and copied text; on screen the two stand apart.
  return html`<span part="details" class="details"
    >${category ? html`<span class="category" dir="auto">${categoryWords(text.stopCategories, category)}</span>` : nothing}${category &&
    explanation
      ? html`<span class="visually-hidden"> — </span>`
      : nothing}${explanation ? html`<span class="explanation" dir="auto">${explanation}</span>` : nothing}</span
  >`;
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

/** A stop's line in words (what the list announces, and what a transcript says). */
export function wording(text: DisplayKitStrings, reason: string, details?: StopDetails | null): string {
  return kindWords(text, stopKind(reason, details));
}

/** A host's own `stop` table from before a kind existed reads that kind as "stopped early", in its own words. */
function kindWords(text: DisplayKitStrings, kind: StopKind): string {
  return text.stop[kind] ?? text.stop.other;
}

/** A stop as one line of text, as the mark reads it: "The model declined to answer (Cybersecurity — Declined to assist.)". */
export function stopWords(text: DisplayKitStrings, reason: string, details: StopDetails | null): string {
  const category = stopCategory(reason, details);
  const extra = [category ? categoryWords(text.stopCategories, category) : null, details?.explanation].filter(Boolean).join(' — ');
  const line = wording(text, reason, details);
  return extra ? `${line} (${extra})` : line;
}
