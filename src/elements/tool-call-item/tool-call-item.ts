import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { asDisplayItem } from '../../model/normalize.js';
import { readBoolean, readKey } from '../../model/guards.js';
import { describeToolCall, type ToolCallView } from '../../model/tools.js';
import { safeJson } from '../../model/safe-json.js';
import type { DisplayItem } from '../../model/types.js';
import { ItemElement } from '../shared/item-element.js';
import { icon } from '../shared/icons.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { itemStyles } from '../shared/item.styles.js';
import { styles } from './tool-call-item.styles.js';

/**
 * @summary One tool call: its label, its status (icon and text), its arguments on demand, a
 * failure message, and the result it got.
 *
 * The label is `display_text`, else the humanized tool name. A failed call that a person
 * rejected reads as declined, not as an error. Failed calls open by default.
 *
 * @csspart base - The disclosure (`<details>`).
 * @csspart summary - The line with icon, label and status.
 * @csspart label - The call's label.
 * @csspart status - The status icon and text.
 * @csspart body - Everything shown when open.
 * @csspart arguments - The arguments as JSON.
 * @csspart error - The failure message.
 * @csspart result - The paired `tool-result-item`.
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart stop-mark - The stop mark when the message stopped at this call.
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-tool-call-border=var(--dk-color-border)] - Border colour of the call.
 * @cssprop [--dk-tool-status-color] - Colour of the status icon (defaults per status).
 */
export class ToolCallItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, styles];

  /** The paired `tool_result` item (either shape), shown inside the call. */
  @property({ attribute: false }) result: unknown = undefined;

  /** Whether the details are shown. Failed calls start open. */
  @property({ type: Boolean, reflect: true }) open = false;

  /** The status shown: `pending`, `executing`, `completed`, `failed`, `interrupted`, `cancelled`, `declined`. */
  @property({ reflect: true }) status = '';

  private view: ToolCallView | null = null;
  private resultItem: DisplayItem | null = null;
  private openedForFailure = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('result')) this.resultItem = this.result === undefined || this.result === null ? null : asDisplayItem(this.result);
    this.view = this.displayItem.problems.length === 0 ? describeToolCall(this.displayItem, this.resultItem) : null;
    this.status = this.view?.status ?? '';
    if (this.view?.status === 'failed' && !this.openedForFailure) {
      this.openedForFailure = true;
      this.open = true;
    }
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    const view = this.view ?? describeToolCall(item, this.resultItem);
    const statusText = this.text.toolStatus[view.status];
    return html`<details part="base" class="call ${view.status}" ?open=${this.open} @toggle=${this.onToggle}>
        <summary part="summary">
          ${icon('chevron', 'icon chevron')}
          <span part="label" class="label">${view.label || this.text.toolCall}</span>
          <span part="status" class="status">
            ${icon(view.status, `icon status-icon ${view.status}`)}
            <span class="status-text">${view.rawStatus ? `${statusText} (${view.rawStatus})` : statusText}</span>
          </span>
          ${view.statusText ? html`<span class="status-note">${view.statusText}</span>` : nothing}
        </summary>
        <div part="body" class="body">${this.open ? this.renderBody(view) : nothing}</div>
      </details>
      ${this.renderStop(item)}`;
  }

  private renderBody(view: ToolCallView): TemplateResult {
    return html`${view.name && view.name !== view.label ? html`<p class="tool-name"><code>${view.name}</code></p>` : nothing}
      <section class="section">
        <h4 class="section-title">${this.text.arguments}</h4>
        ${isEmptyArguments(view.arguments)
          ? html`<p class="empty">${this.text.noArguments}</p>`
          : html`<pre part="arguments" class="json" tabindex="0">${typeof view.arguments === 'string' ? view.arguments : safeJson(view.arguments)}</pre>`}
      </section>
      ${view.error && !this.resultRepeats(view.error)
        ? html`<section class="section error" part="error">
            <h4 class="section-title">${this.text.error}</h4>
            <p class="error-text">${view.error}</p>
          </section>`
        : nothing}
      ${this.resultItem
        ? html`<tool-result-item
            part="result"
            .item=${this.resultItem}
            .strings=${this.strings}
            image-origins=${this.imageOrigins}
          ></tool-result-item>`
        : nothing}`;
  }

  /** A failed call's error often comes again as its result's text: say it once. */
  private resultRepeats(error: string): boolean {
    const result = this.resultItem;
    return result !== null && readBoolean(result.content, 'is_error') && readKey(result.content, 'content') === error;
  }

  private onToggle(event: Event): void {
    this.open = (event.currentTarget as HTMLDetailsElement).open;
  }
}

function isEmptyArguments(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (typeof value === 'object' && !Array.isArray(value)) {
    try {
      return Object.keys(value).length === 0;
    } catch {
      return false;
    }
  }
  return false;
}
