import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { html as staticHtml } from 'lit/static-html.js';
import { asDisplayItem } from '../../model/normalize.js';
import { argumentPreview, describeToolCall, isEmptyArguments, type ToolCallView } from '../../model/tools.js';
import { safeJson } from '../../model/safe-json.js';
import type { DisplayItem, ToolDisplayStatus } from '../../model/types.js';
import { ContentCopyEvent, ToolApprovalEvent, ToolDetailsEvent, ToolToggleEvent } from '../../events.js';
import { ItemElement, renderFallback } from '../base/item-element.js';
import { icon } from '../support/icons.js';
import { CopyController } from '../controllers/copy-controller.js';
import { renderJsonTree } from '../support/json-tree.js';
import { JsonTreeController } from '../controllers/json-tree-controller.js';
import { tagOf } from '../support/registry.js';
import { TOOL_RESULT_EXPORTS } from '../support/part-names.js';
import { ToolResultItem } from '../tool-result-item/tool-result-item.js';
import { ToolViewHost } from '../support/tool-view-host.js';
import { toolViewFor, type ToolView, type ToolViews } from '../support/tool-views.js';
import { tokenStyles } from '../styles/tokens.styles.js';
import { itemStyles } from '../styles/item.styles.js';
import { chevronStyles } from '../styles/chevron.styles.js';
import { jsonTreeStyles } from '../styles/json-tree.styles.js';
import { styles } from './tool-call-item.styles.js';
import { BuiltinViews } from './builtin-view.js';
import { renderApproval, renderArguments, renderError, renderHead, renderQuestion, type ApprovalAction } from './parts.js';
import type { FindField } from '../../model/find.js';
import { NOT_CONTENT, regionsIn, type FindRegion } from '../support/findable.js';

/**
 * @summary One tool call: one header line (its label, the argument that says what it is about,
 * its status), and on demand the arguments as a JSON tree, a failure message and the result.
 *
 * The label is `display_text`, else the humanized tool name; cut with an ellipsis when the line
 * is short (its full text in its tooltip and to assistive technology). The header shows a query,
 * URL, command, pattern or path from the arguments when the label does not already say it. A failed call that a person
 * rejected reads as declined, not as an error; a stored decision shows beside the status. Failed
 * calls open by default (not in `compact`). An `ask_user` call shows its question and options.
 * A call whose run is over (`ended`) while storage still keeps it `pending` or `executing` reads
 * "Did not finish", never as running. How long it ran shows once storage says (`duration_ms` or
 * `started_at`/`completed_at` in its metadata, else from its row to its result's).
 *
 * With `approvals`, a call waiting for a person (`interrupted`, or a status label such as "Task
 * awaiting approval") shows Approve and Decline (and the host's `approvalActions`), which fire
 * `tool-approval`; they go once the stored decision or status arrives.
 *
 * A host view for the tool (`toolViews`, or `registerToolView()`) shows in place of the default
 * body, in the element's own light DOM (so the page's styles reach it and the kit's do not);
 * the header, the status and "Show raw" stay.
 *
 * Without one, the common tools show a built-in view when their result has its shape: a search's
 * linked results, a command and its output as a terminal (ANSI colours, long output folded), an
 * edit as a diff, a file read as numbered lines, generated images and files;
 * `toolViews = { bash: null }` keeps the generic card for a tool.
 *
 * @cssstate pending - The call's status (one at a time: `pending`, `executing`, `completed`, `failed`, `interrupted`, `cancelled`, `declined`, `incomplete`, `unknown`).
 * @cssstate unfinished - The message stopped early at this call.
 * @cssstate awaiting-approval - The call waits for a person's decision.
 *
 * @slot subagent - A sub-agent's conversation, shown inside the call that started it (the list puts it here).
 * @slot view - The host's view of the call (made from `toolViews` unless something is slotted here).
 *
 * @fires {ToolToggleEvent} tool-toggle - The reader opened or closed the call's details.
 * @fires {ContentCopyEvent} content-copy - The reader copied the arguments (or the result inside).
 * @fires {ToolDetailsEvent} tool-details - With `developer`: the reader asked for a failed or declined call's details.
 * @fires {ToolApprovalEvent} tool-approval - The reader approved or declined the call (or chose one of `approvalActions`).
 *
 * @csspart base - The disclosure (`<details>`).
 * @csspart summary - The header line: chevron, label, argument preview, status.
 * @csspart label - The call's label.
 * @csspart status - The status icon and its words (a waiting call's own words, an unknown status as words).
 * @csspart arguments-summary - The argument that says what the call is about (a query, a URL, a path), when there is one.
 * @csspart question - An `ask_user` call's question and options.
 * @csspart body - Everything shown when open.
 * @csspart arguments - The arguments (JSON tree or text).
 * @csspart json - A JSON tree: the arguments, the whole row (with `developer`).
 * @csspart error - The failure message.
 * @csspart result - The paired `tool-result-item`.
 * @csspart tool-result-item__* - The result's own parts, renamed `tool-result-item__base`, `tool-result-item__content`…
 * @csspart subagent-badge - "Sub-agent · N messages" in the summary of a call that started one.
 * @csspart duration - How long the call ran.
 * @csspart decision - The stored decision ("Approved") beside the status.
 * @csspart approval - The Approve / Decline group of a call waiting for a person.
 * @csspart approve-button - Approve.
 * @csspart decline-button - Decline.
 * @csspart approval-action - Each of the host's own choices beside them (`approvalActions`).
 * @csspart view - Where the host's view shows.
 * @csspart raw-button - "Show raw" under a host's view or a built-in one.
 * @csspart builtin-view - The kit's built-in view of a common tool, in place of the default body.
 * @csspart command - A built-in view's command line, or the code that ran.
 * @csspart terminal - What a command printed (its output, its errors), as a terminal shows it.
 * @csspart exit-code - "Exit code 1" under a command that did not succeed.
 * @csspart diff - One file's changes: its path and lines with numbers and signs.
 * @csspart path - The file a diff or a read is about.
 * @csspart lines - The numbered lines a tool read from a file.
 * @csspart search-results - The list of a search's results (title link, site, age, snippet).
 * @csspart page-text - The text of a page the agent fetched.
 * @csspart media - Images and files a tool produced.
 * @csspart image-placeholder - A remote image waiting for a click.
 * @csspart file-chip - A produced file's name, size and type.
 * @csspart blocked - A link or image the URL policy refused.
 * @csspart fold-button - "Show all", "Show N unchanged lines": what shows the rest of long output.
 * @csspart copy-button - The button that copies the arguments.
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart duplicate-note - The note under a row whose id an earlier row already has (both are shown).
 * @csspart stop-mark - The stop mark when the message stopped at this call.
 * @csspart stop-mark__* - Every stop mark's own parts (the call's, its result's), renamed `stop-mark__base`, `stop-mark__label`…
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-tool-call-background=transparent] - Background of the call's card (header and open body).
 * @cssprop [--dk-tool-call-border=var(--dk-color-border)] - Border colour of the call.
 * @cssprop [--dk-tool-arguments-background=var(--dk-json-background)] - Background of the open arguments box.
 * @cssprop [--dk-json-background=var(--dk-color-surface-raised)] - Background of JSON trees (arguments, the raw row).
 * @cssprop [--dk-code-background=var(--dk-color-surface-raised)] - Background of the code and lines a built-in view shows.
 * @cssprop [--dk-terminal-background=light-dark(#f6f8fa, #161b22)] - Background of a built-in view's terminal output.
 * @cssprop [--dk-terminal-color=var(--dk-color-text)] - Text colour of terminal output without colours of its own.
 * @cssprop [--dk-diff-added-background=light-dark(#dafbe1, rgb(46 160 67 / 0.18))] - Background of an added line in a diff.
 * @cssprop [--dk-diff-removed-background=light-dark(#ffebe9, rgb(248 81 73 / 0.18))] - Background of a removed line in a diff.
 * @cssprop [--dk-tool-status-color] - Colour of the status icon (defaults per status: `--dk-color-success`, `--dk-color-danger`, `--dk-color-warning`, `--dk-color-info`).
 */
export class ToolCallItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, chevronStyles, jsonTreeStyles, styles];

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

  /**
   * The call's run is over (the list sets it when its message stopped or the conversation moved
   * on): the stop reason, or empty when it is not known. A call still `pending` or `executing`
   * then reads "Did not finish".
   */
  @property({ reflect: true }) ended: string | null = null;

  /** Offer Approve and Decline on a call that waits for a person's decision (`tool-approval`). */
  @property({ type: Boolean, reflect: true }) approvals = false;

  /** The host's own choices beside Approve and Decline (e.g. "Edit first"); each fires `tool-approval` with its `id`. */
  @property({ attribute: false }) approvalActions: readonly ApprovalAction[] = [];

  /** Views of the host's own, by tool name (see `registerToolView`); they replace the default body. `null` for a tool keeps the generic card. */
  @property({ attribute: false }) toolViews?: ToolViews;

  /**
   * For the people who build the agent: a failed or declined call offers "Details", which fires
   * `tool-details` and shows everything its row holds. Off for readers.
   */
  @property({ type: Boolean, reflect: true }) developer = false;

  /** Under a host's view, the default body too (what "Show raw" shows). */
  @property({ type: Boolean }) raw = false;

  /** The raw row, shown on request for a failed or declined call. */
  @state() private showRaw = false;

  /** The choice the reader sent, until storage records a decision. */
  @state() private sentChoice: string | null = null;

  /** Open or closed as the host or the reader chose; until then, open when the call failed. */
  private openChoice: boolean | null = null;
  private openForFailure = false;
  private view: ToolCallView | null = null;
  private resultItem: DisplayItem | null = null;
  private hostView: ToolView | null = null;
  private ownViews: ToolViewHost | null = null;
  private userToggled = false;
  private approvalHadFocus = false;
  private readonly clipboard = new CopyController(this);
  private readonly trees = new JsonTreeController(this);
  private readonly builtin = new BuiltinViews(this);

  /** The status shown, as last rendered: `pending`, `executing`, `completed`, `failed`, `interrupted`, `cancelled`, `declined`, `incomplete`, `unknown`; empty for an item that is not a call. */
  get status(): ToolDisplayStatus | '' {
    return this.view?.status ?? '';
  }

  /** Focuses the call's summary, the control that opens and closes its details. */
  override focus(options?: FocusOptions): void {
    this.renderRoot.querySelector<HTMLElement>('summary')?.focus(options);
  }

  /**
   * For the list's find (`Findable`): wakes the call and, but for its label and question (always
   * shown), opens it with its default body (under a host's view too); `subagent` only opens it.
   */
  override async prepareFind(what?: FindField | 'subagent'): Promise<void> {
    if (what === 'subagent') {
      this.open = true;
      await this.updateComplete;
      return;
    }
    this.lazy = false;
    if (what && what !== 'label' && what !== 'question') {
      this.open = true;
      this.raw = true;
    }
    await this.updateComplete;
    await this.resultElement()?.updateComplete;
  }

  /** For the list's find (`Findable`): where a field shows; the `result` in the result element inside. */
  override findRegions(field: FindField): readonly FindRegion[] {
    if (field === 'result') return this.resultElement()?.findRegions('result') ?? [];
    return regionsIn(this.shadowRoot, CALL_REGIONS[field], NOT_CONTENT);
  }

  private resultElement(): ToolResultItem | null {
    return this.shadowRoot?.querySelector<ToolResultItem>('[part~="result"]') ?? null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('result')) this.resultItem = this.result === undefined || this.result === null ? null : asDisplayItem(this.result);
    const item = this.displayItem;
    this.view = item.kind === 'tool_call' ? describeToolCall(item, this.resultItem, this.ended) : null;
    this.hostView = this.view ? toolViewFor(this.view.name, this.toolViews) : null;
    this.builtin.read(item, this.resultItem, this.view, { hostView: this.hostView !== null, toolViews: this.toolViews, text: this.text, policy: this.policy });
    const awaiting = this.view?.awaitingApproval === true;
    if (!awaiting) this.sentChoice = null;
    this.approvalHadFocus = this.shadowRoot?.activeElement?.closest('.approval') != null;
    this.states.set([this.view?.status, item.stop && 'unfinished', awaiting && 'awaiting-approval']);
    const wasOpen = this.open;
    // Once a failure (or a host's view) opened the call it stays open, whatever comes later, until someone closes it.
    this.openForFailure ||= (this.view?.status === 'failed' || this.hostView !== null) && !this.compact;
    // The attribute reflects what shows, a failure's default included.
    if (this.open !== wasOpen) this.requestUpdate('open', wasOpen);
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    this.showOwnView();
    // The decision arrived while the reader was on its buttons: focus stays on the call.
    if (this.approvalHadFocus && !this.shadowRoot?.querySelector('.approval')) this.shadowRoot?.querySelector('summary')?.focus();
  }

  /**
   * A call shown on its own hosts its view in its own light DOM; in a list, the list slots in a
   * container of its light DOM instead (that is in the page, where the page's styles apply).
   */
  private showOwnView(): void {
    const view = this.hostView;
    const call = this.displayItem;
    const provided = Array.from(this.children).some((child) => child.slot === 'view' && !child.hasAttribute('data-dk-tool-view'));
    if (!view || provided || call.kind !== 'tool_call') {
      this.ownViews?.sync([]);
      return;
    }
    this.ownViews ??= new ToolViewHost(this, (detail) => this.text.viewFailed(detail));
    const result = this.resultItem?.kind === 'tool_result' ? this.resultItem : null;
    this.ownViews.sync([{ slot: 'view', view, context: { call, result, status: this.view!.status } }]);
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    const view = this.view;
    // Another kind handed to a tool-call-item still shows what it holds: nothing is dropped.
    if (!view) return renderFallback(item, this.text, [this.text.unknownKind(item.kind)]);
    const preview = this.compact || this.hostView ? null : argumentPreview(view.arguments, view.label || this.text.toolCall);
    return html`<details part="base" class="call ${view.status}" ?open=${this.open} @toggle=${this.onToggle}>
        <summary part="summary" @click=${this.onSummaryClick}>
          ${icon('chevron', 'icon chevron')}${renderHead(view, this.subagentMessages, this.text)}
          ${preview ? html`<span part="arguments-summary" class="args-summary" dir="auto" title=${preview}>${preview}</span>` : nothing}
        </summary>
        <div part="body" class="body">${this.open ? this.renderOpen(view, item) : nothing}</div>
      </details>
      ${this.compact ? nothing : renderQuestion(view, this.text)}
      ${this.approvals && view.awaitingApproval ? renderApproval(view, this.sentChoice, this.approvalActions, this.text, (id) => this.choose(view, id)) : nothing}
      ${this.renderStop(item)}`;
  }

  /** One choice per wait: after it, the buttons stay (focus stays) but do nothing until storage answers. */
  private choose(view: ToolCallView, choice: string): void {
    if (this.sentChoice !== null) return;
    this.sentChoice = choice;
    this.emit(new ToolApprovalEvent(view.callId, choice, view.name, this.displayItem.id));
  }

  /** A host's view or the kit's built-in one, and "Show raw"; or the default body. */
  private renderOpen(view: ToolCallView, item: DisplayItem): TemplateResult {
    const builtin = this.hostView ? null : this.builtin.render();
    if (!this.hostView && !builtin) return this.renderBody(view, item);
    const failure = builtin && !this.raw && view.error && !this.resultRepeats(view.error) ? renderError(view.error, this.text) : nothing;
    return html`${failure}${builtin ?? html`<div part="view" class="view"><slot name="view"></slot></div>`}
      <button type="button" part="raw-button" class="action" aria-expanded=${this.raw ? 'true' : 'false'} @click=${this.onShowRaw}>
        ${this.text.showRaw}
      </button>
      ${this.raw ? this.renderBody(view, item) : nothing}`;
  }

  private onShowRaw(): void {
    this.raw = !this.raw;
  }

  private renderBody(view: ToolCallView, item: DisplayItem): TemplateResult {
    // What the row holds (ids, sequence numbers) is for the people who build the agent.
    const details = this.developer && (view.status === 'failed' || view.status === 'declined');
    return html`${view.error && !this.resultRepeats(view.error) ? renderError(view.error, this.text) : nothing}
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
        ${renderArguments(view.arguments, this.text, () => this.trees.state('args', this.text))}
      </section>
      ${this.subagentMessages > 0
        ? html`<section class="section subagent">
            <p class="section-title">${this.text.subagentTitle}</p>
            <slot name="subagent"></slot>
          </section>`
        : nothing}
      ${this.resultItem ? this.renderResult(this.resultItem) : nothing}
      ${details
        ? html`<button type="button" class="action" aria-expanded=${this.showRaw ? 'true' : 'false'} @click=${() => this.requestDetails(view, item)}>
            ${this.text.toolDetails}
          </button>`
        : nothing}
      ${this.showRaw
        ? html`<section class="section"><p class="section-title">${this.text.rawRow}</p>${renderJsonTree(item.raw, this.trees.state('row', this.text))}</section>`
        : nothing}`;
  }

  private renderResult(result: DisplayItem): TemplateResult {
    const tag = tagOf(ToolResultItem, 'tool-result-item');
    return staticHtml`<${tag} part="result" exportparts=${TOOL_RESULT_EXPORTS} class="result" in-call .item=${result} .strings=${this.strings} image-origins=${this.imageOrigins}></${tag}>`;
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

/** Where each field of a call shows (its result shows in the result element). */
const CALL_REGIONS: Partial<Record<FindField, string>> = {
  label: '.label',
  question: '.question',
  error: '.error-text',
  arguments: '[part~="arguments"]',
};

export type { ApprovalAction } from './parts.js';

