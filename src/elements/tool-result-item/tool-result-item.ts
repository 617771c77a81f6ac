import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { describeToolResult, excerpt, type ToolResultView } from '../../model/tools.js';
import { humanizeCode } from '../../model/humanize.js';
import { parseJsonText } from '../../model/safe-json.js';
import type { DisplayItem } from '../../model/types.js';
import { ContentCopyEvent } from '../../events.js';
import { ItemElement, renderFallback } from '../base/item-element.js';
import { icon } from '../support/icons.js';
import { CopyController } from '../controllers/copy-controller.js';
import { renderJsonTree } from '../support/json-tree.js';
import { JsonTreeController } from '../controllers/json-tree-controller.js';
import { tokenStyles } from '../styles/tokens.styles.js';
import { itemStyles } from '../styles/item.styles.js';
import { jsonTreeStyles } from '../styles/json-tree.styles.js';
import { styles } from './tool-result-item.styles.js';
import type { FindField } from '../../model/find.js';
import { NOT_CONTENT, regionsIn, type FindRegion } from '../support/findable.js';

/**
 * @summary What a tool returned: JSON as a collapsible tree, long text cut with "show all", an
 * error (message first), a wait for a person, or a person's decision.
 *
 * @cssstate error - The tool failed (one of `error`, `waiting` for a person, `ok`).
 * @cssstate approved - A person approved the call (or `declined` it).
 * @cssstate unfinished - The message stopped early at this result.
 *
 * @fires {ContentCopyEvent} content-copy - The reader copied the result.
 *
 * @csspart base - The wrapper of the result.
 * @csspart header - The line with the tool's name, badges and copy button.
 * @csspart content - The result text or JSON tree.
 * @csspart json - A JSON tree: a result that is JSON.
 * @csspart badge - The "Approved" / "Declined" / "Waiting" / "Error" badge (not inside a call, whose header says it).
 * @csspart copy-button - The button that copies the result.
 * @csspart show-all - The button that shows a cut result whole.
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart duplicate-note - The note under a row whose id an earlier row already has (both are shown).
 * @csspart stop-mark - The stop mark, when the item carries one.
 * @csspart stop-mark__* - The stop mark's own parts, renamed `stop-mark__base`, `stop-mark__label`…
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-tool-result-background=var(--dk-color-surface-raised)] - Background of the content, a JSON tree's included (inside a call too).
 * @cssprop [--dk-json-background=var(--dk-color-surface-raised)] - Background of JSON trees (under `--dk-tool-result-background` in a result).
 */
export class ToolResultItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, jsonTreeStyles, styles];

  /**
   * Shown inside the call it answers, whose header names the tool and says its status and
   * decision already: the header says "Tool result", with no badges.
   */
  @property({ type: Boolean, attribute: 'in-call' }) inCall = false;

  /** A cut result shown whole, at the reader's request. */
  @state() private showAll = false;

  private view: ToolResultView | null = null;
  private readonly clipboard = new CopyController(this);
  private readonly trees = new JsonTreeController(this);

  /** The result's outcome as last rendered: `error`, `waiting`, or `ok`; empty for an item that is not a result. */
  get state(): 'error' | 'waiting' | 'ok' | '' {
    const view = this.view;
    return !view ? '' : view.isError ? 'error' : view.isInterrupt ? 'waiting' : 'ok';
  }

  /** For the list's find (`Findable`): where the result shows (its `result` field): a long text as far as it is cut. */
  override findRegions(field: FindField): FindRegion[] {
    return regionsIn(this.shadowRoot, field === 'result' ? '[part~="content"]' : undefined, NOT_CONTENT);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const item = this.displayItem;
    this.view = item.kind === 'tool_result' ? describeToolResult(item) : null;
    const decision = this.view?.hitlDecision;
    this.states.set([this.state, (decision === 'approved' || decision === 'rejected') && DECISION_STATE[decision], item.stop && 'unfinished']);
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    const view = this.view;
    // Another kind handed to a tool-result-item still shows what it holds: nothing is dropped.
    if (!view) return renderFallback(item, this.text, [this.text.unknownKind(item.kind)]);
    return html`<div part="base" class="result ${this.state}">
        <div part="header" class="header">
          ${view.isError ? icon('failed') : view.isInterrupt ? icon('interrupted') : icon('tool')}
          <span class="name" dir="auto">${this.inCall ? this.text.toolResult : view.label || this.text.toolResult}</span>
          ${this.inCall ? nothing : this.renderBadges(view)}
          ${view.text
            ? html`<button type="button" class="action copy" part="copy-button" @click=${() => this.copy(view)}>
                ${this.clipboard.copied ? this.text.copied : this.text.copyResult}
              </button>`
            : nothing}
          <span class="visually-hidden" role="status">${this.clipboard.copied ? this.text.copied : ''}</span>
        </div>
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
    else if (view.hitlDecision) badges.push(html`<span part="badge" class="badge">${humanizeCode(view.hitlDecision)}</span>`);
    return badges;
  }

  private renderContent(view: ToolResultView) {
    // A result that returned nothing says so (one still waiting has nothing to say yet).
    if (view.text === '') return view.isInterrupt ? nothing : html`<p class="empty">${this.text.noOutput}</p>`;
    const parsed = parseJsonText(view.text);
    if (parsed.ok) return html`<div part="content" class="content tree">${renderJsonTree(parsed.value, this.trees.state('result', this.text))}</div>`;
    const cut = this.showAll ? { text: view.text, truncated: false, lines: 0 } : excerpt(view.text);
    return html`<pre part="content" class="content" tabindex="0">${cut.text}${cut.truncated ? '…' : ''}</pre>
      ${cut.truncated
        ? html`<button type="button" class="action" part="show-all" @click=${this.onShowAll}>${this.text.showAll(cut.lines)}</button>`
        : nothing}`;
  }

  private onShowAll(): void {
    this.showAll = true;
  }

  private copy(view: ToolResultView): void {
    void this.clipboard.copy(view.text, () => new ContentCopyEvent('result', view.text, view.callId));
  }
}

const DECISION_STATE = { approved: 'approved', rejected: 'declined' } as const;
