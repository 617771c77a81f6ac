import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { describeToolResult, type ToolResultView } from '../../model/tools.js';
import { parseJsonText, safeJson } from '../../model/safe-json.js';
import type { DisplayItem } from '../../model/types.js';
import { ItemElement } from '../shared/item-element.js';
import { icon } from '../shared/icons.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { itemStyles } from '../shared/item.styles.js';
import { styles } from './tool-result-item.styles.js';

/**
 * @summary What a tool returned: its content (JSON pretty-printed when it parses), an error, a
 * wait for a person, or a person's decision.
 *
 * @csspart base - The wrapper of the result.
 * @csspart header - The line with the tool's name and badges.
 * @csspart content - The result text or JSON.
 * @csspart badge - The "Approved" / "Declined" / "Waiting" / "Error" badge.
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart stop-mark - The stop mark, when the item carries one.
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-tool-result-background=var(--dk-color-surface-raised)] - Background of the content.
 */
export class ToolResultItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, styles];

  /** The result's state, reflected for styling: `error`, `waiting`, or `ok`. */
  @property({ reflect: true }) state = '';

  private view: ToolResultView | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.view = this.displayItem.problems.length === 0 ? describeToolResult(this.displayItem) : null;
    this.state = !this.view ? '' : this.view.isError ? 'error' : this.view.isInterrupt ? 'waiting' : 'ok';
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    const view = this.view ?? describeToolResult(item);
    return html`<div part="base" class="result ${this.state}">
        <p part="header" class="header">
          ${view.isError ? icon('failed') : view.isInterrupt ? icon('interrupted') : icon('tool')}
          <span class="name">${view.label || this.text.toolResult}</span>
          ${this.renderBadges(view)}
        </p>
        ${this.renderContent(view)}
      </div>
      ${this.renderStop(item)}`;
  }

  private renderBadges(view: ToolResultView) {
    const badges: TemplateResult[] = [];
    if (view.isError) badges.push(html`<span part="badge" class="badge error">${this.text.error}</span>`);
    if (view.isInterrupt) badges.push(html`<span part="badge" class="badge waiting">${this.text.waiting}</span>`);
    if (view.hitlDecision === 'approved') badges.push(html`<span part="badge" class="badge approved">${this.text.approved}</span>`);
    else if (view.hitlDecision === 'rejected') badges.push(html`<span part="badge" class="badge declined">${this.text.declined}</span>`);
    else if (view.hitlDecision) badges.push(html`<span part="badge" class="badge">${view.hitlDecision}</span>`);
    return badges;
  }

  private renderContent(view: ToolResultView) {
    if (view.text === '') return nothing;
    const parsed = parseJsonText(view.text);
    const shown = parsed.ok ? safeJson(parsed.value) : view.text;
    return html`<pre part="content" class="content" tabindex="0">${shown}</pre>`;
  }
}
