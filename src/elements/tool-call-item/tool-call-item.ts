import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { html as staticHtml } from 'lit/static-html.js';
import { asDisplayItem } from '../../model/normalize.js';
import { argumentValue, describeToolCall, readAskUser, summarizeArguments, type ToolCallView } from '../../model/tools.js';
import { safeJson } from '../../model/safe-json.js';
import type { DisplayItem, ToolDisplayStatus } from '../../model/types.js';
import { ContentCopyEvent, ToolDetailsEvent, ToolToggleEvent } from '../../events.js';
import { ItemElement, renderFallback } from '../shared/item-element.js';
import { icon } from '../shared/icons.js';
import { CopyController } from '../shared/copy-controller.js';
import { renderJsonTree } from '../shared/json-tree.js';
import { JsonTreeController } from '../shared/json-tree-controller.js';
import { tagOf } from '../shared/registry.js';
import { ToolResultItem } from '../tool-result-item/tool-result-item.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { itemStyles } from '../shared/item.styles.js';
import { jsonTreeStyles } from '../shared/json-tree.styles.js';
import { styles } from './tool-call-item.styles.js';

/**
 * @summary One tool call: its label, its status (icon and text), a summary of its arguments,
 * the arguments as a JSON tree on demand, a failure message, and the result it got.
 *
 * The label is `display_text`, else the humanized tool name. A failed call that a person
 * rejected reads as declined, not as an error. Failed calls open by default (not in `compact`).
 * An `ask_user` call shows its question and options.
 *
 * @cssstate pending - The call's status (one at a time: `pending`, `executing`, `completed`, `failed`, `interrupted`, `cancelled`, `declined`, `unknown`).
 * @cssstate unfinished - The message stopped early at this call.
 *
 * @slot subagent - A sub-agent's conversation, shown inside the call that started it (the list puts it here).
 *
 * @fires {ToolToggleEvent} tool-toggle - The reader opened or closed the call's details.
 * @fires {ContentCopyEvent} content-copy - The reader copied the arguments (or the result inside).
 * @fires {ToolDetailsEvent} tool-details - The reader asked for a failed or declined call's details.
 *
 * @csspart base - The disclosure (`<details>`).
 * @csspart summary - The line with icon, label, status and argument summary.
 * @csspart label - The call's label.
 * @csspart status - The status icon and text.
 * @csspart arguments-summary - The one-line summary of the arguments.
 * @csspart question - An `ask_user` call's question and options.
 * @csspart body - Everything shown when open.
 * @csspart arguments - The arguments (JSON tree or text).
 * @csspart error - The failure message.
 * @csspart result - The paired `tool-result-item`.
 * @csspart subagent-badge - "Sub-agent · N messages" in the summary of a call that started one.
 * @csspart copy-button - The button that copies the arguments.
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart duplicate-note - The note under a row whose id an earlier row already has (both are shown).
 * @csspart stop-mark - The stop mark when the message stopped at this call.
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-tool-call-border=var(--dk-color-border)] - Border colour of the call.
 * @cssprop [--dk-tool-status-color] - Colour of the status icon (defaults per status: `--dk-color-success`, `--dk-color-danger`, `--dk-color-warning`, `--dk-color-info`).
 */
export class ToolCallItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, jsonTreeStyles, styles];

  /** The paired `tool_result` item (either shape), shown inside the call. */
  @property({ attribute: false }) result: unknown = undefined;

  /** Whether the details are shown. Failed calls start open unless `compact`. */
  @property({ type: Boolean, reflect: true })
  get open(): boolean {
    return this.openChoice ?? this.openForFailure;
  }
  set open(value: boolean) {
    this.openChoice = value;
  }

  /** One line per call: icon, label, status; no argument summary or question. */
  @property({ type: Boolean, reflect: true }) compact = false;

  /** How many messages the sub-agent this call started has (slotted into `subagent`); 0 for none. */
  @property({ type: Number, attribute: 'subagent-messages' }) subagentMessages = 0;

  /** The raw row, shown on request for a failed or declined call. */
  @state() private showRaw = false;

  /** Open or closed as the host or the reader chose; until then, open when the call failed. */
  private openChoice: boolean | null = null;
  private openForFailure = false;
  private view: ToolCallView | null = null;
  private resultItem: DisplayItem | null = null;
  private userToggled = false;
  private readonly clipboard = new CopyController(this);
  private readonly trees = new JsonTreeController(this);

  /** The status shown, as last rendered: `pending`, `executing`, `completed`, `failed`, `interrupted`, `cancelled`, `declined`, `unknown`; empty for an item that is not a call. */
  get status(): ToolDisplayStatus | '' {
    return this.view?.status ?? '';
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('result')) this.resultItem = this.result === undefined || this.result === null ? null : asDisplayItem(this.result);
    const item = this.displayItem;
    this.view = item.kind === 'tool_call' ? describeToolCall(item, this.resultItem) : null;
    this.states.set([this.view?.status, item.stop && 'unfinished']);
    const wasOpen = this.open;
    // Once a failure opened the call it stays open, whatever comes later, until someone closes it.
    this.openForFailure ||= this.view?.status === 'failed' && !this.compact;
    // The attribute reflects what shows, a failure's default included.
    if (this.open !== wasOpen) this.requestUpdate('open', wasOpen);
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    const view = this.view;
    // Another kind handed to a tool-call-item still shows what it holds: nothing is dropped.
    if (!view) return renderFallback(item, this.text, [this.text.unknownKind(item.kind)]);
    const statusText = this.text.toolStatus[view.status];
    const summary = this.compact ? '' : summarizeArguments(view.arguments);
    return html`<details part="base" class="call ${view.status}" ?open=${this.open} @toggle=${this.onToggle}>
        <summary part="summary" @click=${this.onSummaryClick}>
          ${icon('chevron', 'icon chevron')}
          <span part="label" class="label">${view.label || this.text.toolCall}</span>
          <span part="status" class="status">
            ${icon(view.status, `icon status-icon ${view.status}`)}
            <span class="status-text">${view.rawStatus ? `${statusText} (${view.rawStatus})` : statusText}</span>
          </span>
          ${view.statusText ? html`<span class="status-note">${view.statusText}</span>` : nothing}
          ${summary ? html`<code part="arguments-summary" class="args-summary">${summary}</code>` : nothing}
          ${this.subagentMessages > 0
            ? html`<span part="subagent-badge" class="subagent-badge">${this.text.subagent(this.subagentMessages)}</span>`
            : nothing}
        </summary>
        <div part="body" class="body">${this.open ? this.renderBody(view, item) : nothing}</div>
      </details>
      ${this.compact ? nothing : this.renderQuestion(view)}
      ${this.renderStop(item)}`;
  }

  private renderQuestion(view: ToolCallView) {
    const ask = readAskUser(view);
    if (!ask) return nothing;
    return html`<div part="question" class="question">
      <p class="question-text"><span class="visually-hidden">${this.text.question}: </span>${ask.question}</p>
      ${ask.options.length
        ? html`<ul class="options">
            ${ask.options.map(
              (option) => html`<li><span class="option-label">${option.label}</span>${option.description
                ? html` <span class="option-description">— ${option.description}</span>`
                : nothing}</li>`,
            )}
          </ul>`
        : nothing}
    </div>`;
  }

  private renderBody(view: ToolCallView, item: DisplayItem): TemplateResult {
    const failed = view.status === 'failed' || view.status === 'declined';
    return html`${view.name && view.name !== view.label ? html`<p class="tool-name"><code>${view.name}</code></p>` : nothing}
      ${view.error && !this.resultRepeats(view.error)
        ? html`<section class="section error" part="error">
            <p class="section-title">${this.text.error}</p>
            <p class="error-text">${view.error}</p>
          </section>`
        : nothing}
      <section class="section">
        <div class="section-head">
          <p class="section-title">${this.text.arguments}</p>
          ${view.argumentsArriving ? html`<span class="arriving">${this.text.argumentsArriving}</span>` : nothing}
          ${isEmptyArguments(view.arguments)
            ? nothing
            : html`<button type="button" class="action" part="copy-button" @click=${() => this.copyArguments(view)}>
                ${this.clipboard.copied ? this.text.copied : this.text.copyArguments}
              </button>`}
          <span class="visually-hidden" role="status">${this.clipboard.copied ? this.text.copied : ''}</span>
        </div>
        ${this.renderArguments(view.arguments)}
      </section>
      ${this.subagentMessages > 0
        ? html`<section class="section subagent">
            <p class="section-title">${this.text.subagentTitle}</p>
            <slot name="subagent"></slot>
          </section>`
        : nothing}
      ${this.resultItem ? this.renderResult(this.resultItem) : nothing}
      ${failed
        ? html`<button type="button" class="action" aria-expanded=${String(this.showRaw)} @click=${() => this.requestDetails(view, item)}>
            ${this.text.toolDetails}
          </button>`
        : nothing}
      ${this.showRaw
        ? html`<section class="section"><p class="section-title">${this.text.rawRow}</p><pre class="json" tabindex="0">${safeJson(item.raw)}</pre></section>`
        : nothing}`;
  }

  private renderResult(result: DisplayItem): TemplateResult {
    const tag = tagOf(ToolResultItem, 'tool-result-item');
    return staticHtml`<${tag} part="result" class="result" in-call .item=${result} .strings=${this.strings} image-origins=${this.imageOrigins}></${tag}>`;
  }

  private renderArguments(args: unknown) {
    if (isEmptyArguments(args)) return html`<p class="empty">${this.text.noArguments}</p>`;
    const value = argumentValue(args);
    return value.json
      ? html`<div part="arguments">${renderJsonTree(value.value, this.trees.state('args', this.text))}</div>`
      : html`<pre part="arguments" class="json" tabindex="0">${value.text}</pre>`;
  }

  private copyArguments(view: ToolCallView): void {
    const text = typeof view.arguments === 'string' ? view.arguments : safeJson(view.arguments);
    void this.clipboard.copy(text, () => new ContentCopyEvent('arguments', text, view.callId));
  }

  private requestDetails(view: ToolCallView, item: DisplayItem): void {
    this.showRaw = !this.showRaw;
    if (this.showRaw) this.emit(new ToolDetailsEvent(view.callId, view.status, view.error, item.raw));
  }

  /** A failed call's error often comes again as its result's text: say it once. */
  private resultRepeats(error: string): boolean {
    const result = this.resultItem;
    return result?.kind === 'tool_result' && result.isError && result.output === error;
  }

  /** Summary clicks (and Enter/Space, which click it) are the reader's; other toggles are ours. */
  private onSummaryClick(): void {
    this.userToggled = true;
  }

  private onToggle(event: Event): void {
    const open = (event.currentTarget as HTMLDetailsElement).open;
    if (open === this.open && !this.userToggled) return;
    this.open = open;
    if (this.userToggled) {
      this.userToggled = false;
      this.emit(new ToolToggleEvent(this.view?.callId ?? null, open));
    }
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
