import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { ConversationStore, type UpsertReport } from '../../model/store.js';
import { ListRows } from '../../model/rows.js';
import { continuesLast } from '../../model/list-model.js';
import { totalUsage, type UsageTotal } from '../../model/usage.js';
import { resolveStrings, type DisplayKitStrings } from '../../i18n/strings.js';
import { InputErrorEvent } from '../../events.js';
import { conversationJson, conversationMarkdown } from '../../model/transcript.js';
import { InvalidJson, jsonAttribute } from '../support/json-attribute.js';
import { chevronStyles } from '../styles/chevron.styles.js';
import { tokenStyles } from '../styles/tokens.styles.js';
import { FollowController } from './controllers/follow-controller.js';
import { MountController } from './controllers/mount-controller.js';
import { HistoryReader } from './controllers/history-reader.js';
import { Announcer } from './controllers/announcer.js';
import { MessageActions } from './controllers/message-actions.js';
import { MessageJumps, type ScrollToMessageOptions } from './controllers/scroll-to-message.js';
import { ToolViewController } from './controllers/tool-view-controller.js';
import { ToolLoader } from './controllers/tool-loader.js';
import type { FindState } from './find/finder.js';
import { FindLoader } from './controllers/find-loader.js';
import { LiveDraft } from './controllers/live-draft.js';
import { transcriptWords } from './transcript-words.js';
import { renderMessage, renderToolbar, type ListContext } from './templates.js';
import { renderBlocks, renderJump } from './log-templates.js';
import { ListOptionsElement, OPTION_KEYS, readOptions, type ListOptions } from './list-options.js';
import { SERVER_OPTIONS } from './server-options.js';
import { HydrationController } from './controllers/hydration-controller.js';
import { styles } from './message-list.styles.js';
import { chromeStyles } from './chrome.styles.js';
import { saveFile } from './save-file.js';

export type { ToolDisplay } from '../../model/types.js';
export type { MessageAction, Participants } from './list-options.js';
export type { ApprovalAction } from '../tool-call-item/tool-call-item.js';
export type { FindState } from './find/finder.js';
export type { ScrollToMessageOptions } from './controllers/scroll-to-message.js';

/**
 * @summary A live conversation: display items grouped into messages, each item rendered by its
 * element, with upserts, an in-flight draft, stick-to-bottom scrolling and announcements.
 *
 * Accepts extracted items and persisted rows alike, as a property, a JSON `items` attribute, or
 * a child `<script type="application/json">`; `upsert()` replaces rows by `id` in place. A message
 * whose last item carries a truthy `stop_reason` is marked unfinished; results show inside their
 * calls; a call whose run ended reads "Did not finish". Give it a height to make it scroll and
 * follow new content; without one it grows in the page. Find (`Ctrl/Cmd+F`, `find()`), tool views
 * and the rest: docs/live.md, docs/agent-activity.md.
 *
 * @fires {InputErrorEvent} error - The JSON `items` attribute or script child could not be parsed.
 * @fires {MessageActionEvent} message-action - The reader chose one of the host's `messageActions`.
 * @fires {ContentCopyEvent} content-copy - The reader copied a message (`content` is `message`).
 * @fires {ToolApprovalEvent} tool-approval - With `approvals`: the reader approved or declined a call waiting for a person.
 * @fires {StopActionEvent} stop-action - With `stop-actions`: the reader chose Continue or Retry on a stopped message.
 *
 * @csspart base - The outer frame.
 * @csspart log - The scrolling conversation (role `log`).
 * @csspart message - Every message group.
 * @csspart message-user - A user message (also `message-assistant`, `message-tool`, `message-system`).
 * @csspart message-unfinished - A message that stopped early.
 * @csspart message-streaming - The in-flight message while it streams.
 * @csspart message-waiting - The in-flight message while it has nothing to show yet (its draft is `{}`).
 * @csspart waiting - The dots that stand in for a response's first words until they arrive.
 * @csspart role - Who speaks: the role (or participant's name), once per turn; the reader's own bubble has none unless the host names them.
 * @csspart items - The items of a message.
 * @csspart tool-group - Consecutive tool calls of one message, collapsible as a whole.
 * @csspart tool-group-summary - The group's summary line ("3 tool calls · 1 failed").
 * @csspart tool-trace - The one-line trace left by tool activity when `tool-display="hidden"`.
 * @csspart tool-placeholder - A tool call's label and status while the tool elements' code loads (their first use on the page).
 * @csspart stop-mark - A stop mark the list draws itself (after a group or a hidden call).
 * @csspart jump-button - "Jump to latest", shown once the reader scrolls up.
 * @csspart error - The visible error when the JSON input cannot be read.
 * @csspart header - The first message of a turn: avatar and name.
 * @csspart avatar - A participant's avatar image.
 * @csspart footer - Under a message: its actions, time and usage (shown as the reader points at or moves into it; the last answer's actions always).
 * @csspart time - A message's `<time>`: the time of day, the full date and time on hover and focus.
 * @csspart usage - The tokens (and cost) a message used, where storage kept them.
 * @csspart day-separator - The date shown where the day changes.
 * @csspart actions - A message's actions (copy and the host's), in its footer.
 * @csspart action-button - Each action: an icon button named by its label (a host's action without an icon shows its label).
 * @csspart toolbar - The export buttons, when `exportable`.
 * @csspart subagent - A sub-agent's messages, inside the call that started it.
 * @csspart activity - Narration and the tool activity it introduces, shown together.
 * @csspart find - The search bar (`role="search"`).
 * @csspart find-input - Its field.
 * @csspart find-count - "3 of 17" (a polite status).
 * @csspart find-button - Previous, next and close.
 * @csspart text-item__* - Every text item's parts, renamed: `text-item__base`, `text-item__code-block`…
 * @csspart thinking-item__* - Every reasoning's parts, renamed: `thinking-item__summary`…
 * @csspart tool-call-item__* - Every tool call's parts, renamed: `tool-call-item__base`, `tool-call-item__arguments`…
 * @csspart tool-result-item__* - Every tool result's parts, inside a call or on its own: `tool-result-item__content`…
 * @csspart stop-mark__* - Every stop mark's parts, the list's own and those inside items: `stop-mark__base`, `stop-mark__label`…
 *
 * @cssprop [--dk-message-gap=calc(var(--dk-space) * 3)] - Space between messages.
 * @cssprop [--dk-item-gap=var(--dk-space)] - Space between the items of a message.
 * @cssprop [--dk-list-padding=var(--dk-space)] - Padding inside the scrolling area: room between the messages and the list's edge (and its focus ring).
 * @cssprop [--dk-message-background=transparent] - Background of each message (its `message` part), over the list's.
 * @cssprop [--dk-avatar-size=1.5rem] - Size of participants' avatars.
 * @cssprop [--dk-caret-color=var(--dk-color-accent)] - The caret a streaming text ends in, and the dots of a reply that has said nothing yet.
 */
export class MessageList extends ListOptionsElement {
  static override styles = [tokenStyles, chevronStyles, styles, chromeStyles];

  readonly #store = new ConversationStore();

  /**
   * The conversation: display items or rows (either shape), in load order. Untrusted. Also
   * readable from a JSON `items` attribute; reading it back gives the current rows.
   */
  @property({ attribute: 'items', converter: jsonAttribute })
  get items(): unknown[] {
    return this.#store.items;
  }
  set items(value: unknown) {
    if (value instanceof InvalidJson) {
      this.#reportInvalid(value.message);
      return;
    }
    this.inputError = '';
    this.#store.replace(value);
  }

  /**
   * The in-flight message while the model streams:
   * `{thinking, text, tool_calls: [{call_id, name, arguments, execution_status}]}` or an array of
   * items. `{}` (or fields still empty) is a response that has begun with nothing to show yet:
   * the message shows rising dots until its first words. Set it to `null` in the same task that
   * upserts the saved rows: they replace it with no duplicate and no flash.
   */
  @property({ attribute: false }) draft: unknown = null;

  @state() private inputError = '';

  readonly #view = new ListRows();
  readonly #history: HistoryReader = new HistoryReader(this, this.#store, this.#view, () => ({ mount: this.#mount, follow: this.#follow, hydrating: this.#hydration.hydrating, draft: this.draft }));
  readonly #follow = new FollowController(this, () => this.#mount.scrolledAlong());
  readonly #mount: MountController = new MountController(this, this.#history, (inWindow) => this.#follow.heights(inWindow), () => this.#follow.growsWithContent());
  readonly #tools = new ToolLoader(this);
  readonly #jumping = new MessageJumps(this.#history, this.#view, this.#follow, this.#mount, this.#tools);
  readonly #announcer = new Announcer(this);
  readonly #actions = new MessageActions(this, this.#announcer, (event) => this.emit(event), () => [this.#text, transcriptWords(this.#text, this.participants)]);
  readonly #views = new ToolViewController(this, () => ({
    rows: this.#view,
    draft: this.#live.message,
    toolViews: this.toolViews,
    hidden: this.toolDisplay === 'hidden',
    viewFailed: this.#text.viewFailed,
  }));
  readonly #finding = new FindLoader(this, () => ({
    element: this,
    model: () => this.#history.wholeModel(),
    toolsShown: () => this.toolDisplay !== 'hidden',
    text: () => this.#text,
    focusLog: () => this.renderRoot.querySelector<HTMLElement>('.log')?.focus(),
    ...this.#jumping.forFind(),
  }));
  readonly #live = new LiveDraft();
  #text!: DisplayKitStrings;
  #options!: ListOptions;
  readonly #hydration = new HydrationController(this);

  /** Inserts new rows in load order and replaces rows with a known `id` in place. */
  upsert(rows: unknown): UpsertReport {
    const report = this.#store.upsert(rows);
    if (report.inserted + report.updated > 0) this.requestUpdate('items');
    return report;
  }

  /**
   * Removes the rows with these ids; returns how many were removed. (Not `remove()`: that is
   * the DOM's own method for taking the element out of the page.)
   */
  removeRows(ids: string | readonly string[]): number {
    const removed = this.#store.remove(typeof ids === 'string' ? [ids] : ids);
    if (removed > 0) this.requestUpdate('items');
    return removed;
  }

  /** The conversation as Markdown: roles as headings, tool calls as short summaries, stop marks as notes. */
  toMarkdown(): string {
    const model = this.#history.wholeModel();
    return conversationMarkdown(model.messages, model.resultsByCall, transcriptWords(this.#text, this.participants));
  }

  /** The conversation as JSON text: the items exactly as given. */
  toJSONString(): string {
    return conversationJson(this.#store.items);
  }

  /** Downloads the conversation as a `.md` or `.json` file. */
  download(format: 'markdown' | 'json', filename = `conversation.${format === 'json' ? 'json' : 'md'}`): void {
    const [text, type] = format === 'json' ? [this.toJSONString(), 'application/json'] : [this.toMarkdown(), 'text/markdown'];
    saveFile(this.renderRoot, new Blob([text], { type }), filename);
  }

  /**
   * Scrolls to the newest message and follows new content again. A list with no height of its
   * own (the page, or a scroller it sits in, scrolls it) mounts its newest messages first, then
   * scrolls what scrolls it to its end; it resolves once they are shown.
   */
  scrollToLatest(): Promise<void> {
    return this.#jumping.toLatest();
  }

  /**
   * Scrolls to the message that shows the row with this `id` (or rows with this `message_id`),
   * mounting it and opening the calls that hold it; with `focus`, focus goes there too. Resolves to
   * `true` once it shows, `false` when no message holds that id. The list stops following until the
   * reader goes back to the end. What a later jump or the reader's scroll does: docs/live.md.
   */
  scrollToMessage(id: string | number, options: ScrollToMessageOptions = {}): Promise<boolean> {
    return this.#jumping.toMessage(id, options);
  }

  /**
   * Finds `query` in every saved message — mounted or not, collapsed reasoning and tool details
   * included, case and runs of white space ignored — highlights the matches and shows the first
   * one in or after the message the reader is at (mounting, opening and waking what holds it).
   * Resolves to how many there are and which one shows (`current`, from 1; 0 for none). Find's
   * code loads on first use: while it cannot be fetched, this rejects, and the next call asks again.
   */
  find(query: string): Promise<FindState> {
    return this.#finding.find(query);
  }

  /** Shows the next match, after the last one the first. */
  findNext(): Promise<FindState> {
    return this.#finding.step(1);
  }

  /** Shows the previous match, before the first one the last. */
  findPrevious(): Promise<FindState> {
    return this.#finding.step(-1);
  }

  /** Shows the search bar and puts the reader in its field (as `Ctrl/Cmd+F` inside the list does). */
  openFind(): Promise<void> {
    return this.#finding.open();
  }

  /** Hides the search bar and the highlights; the list stays where the last match left it. */
  closeFind(): void {
    this.#finding.close();
  }

  /**
   * The conversation's token usage and cost: the sums over the messages whose rows (or an
   * adapter) kept usage, e.g. to show beside the list. `messages` says how many did.
   */
  get usage(): UsageTotal {
    return totalUsage(this.#history.wholeModel().messages);
  }

  /**
   * Resolves once every message is in the DOM (long histories mount in idle time), tool calls
   * as their elements and the host's tool views in place (their code loads the first time a
   * list shows one).
   */
  get mountComplete(): Promise<void> {
    return this.#mount.complete.then(() => Promise.all([this.#tools.settled(), this.#views.settled()])).then(() => undefined);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!isServer && this.#store.items.length === 0) this.#readScriptChild();
  }

  protected override scheduleUpdate(): void | Promise<unknown> {
    // Hydration renders what the server drew, tool elements included: their code comes first.
    if (this.#hydration.hydrating && !this.#tools.tags && this.renderRoot.querySelector(':not(:defined)')) {
      return this.#tools.request().then(() => super.scheduleUpdate());
    }
    return super.scheduleUpdate();
  }

  /**
   * Named steps, in an order each needs: the strings and options first (the templates read them,
   * and the rows' days are read in the time options); then the saved items, which plan what
   * mounts; the rows that plan mounts; the draft, told apart from the saved messages just read;
   * the reader's place, taken once what changes is known and before render changes the DOM; the
   * tool views last, placed against the rows and the draft as they now are.
   */
  protected override willUpdate(changed: PropertyValues<this>): void {
    const [items, draft] = [changed.has('items'), changed.has('draft')];
    this.#resolveOptions(changed);
    this.#history.update(items, draft);
    const remounted = this.#view.mountFrom(this.#mount.from, this.#mount.to);
    this.#carryDraft(items, draft);
    if (items) this.#follow.beforeContentChange();
    else if (remounted) this.#follow.beforeMount();
    if (items || draft || changed.has('toolViews') || changed.has('toolDisplay') || remounted) this.#views.invalidate();
  }

  /** The strings, the options the templates read (drawn anew: the server drew times in its zone and language), and the time options. */
  #resolveOptions(changed: PropertyValues<this>): void {
    this.#hydration.willUpdate();
    if (changed.has('strings') || !this.#text) this.#text = resolveStrings(this.strings);
    const drawnAnew = this.#options !== undefined && this.#options.drawn !== this.#hydration.drawn;
    if (drawnAnew) this.#view.times.forget();
    const renew = !this.#options || drawnAnew || this.#options.tools !== this.#tools.tags || OPTION_KEYS.some((key) => changed.has(key));
    if (renew) this.#options = readOptions(this, this.#text, this.#hydration.drawn, this.#tools.tags);
    this.#view.setTimeOptions(this.noTimestamps ? null : { locale: this.locale || undefined, timeZone: this.timeZone || undefined });
  }

  /** The draft beside the saved messages (which may now hold it), and what either says announced. */
  #carryDraft(items: boolean, draft: boolean): void {
    if (items) this.#announcer.stream(this.#live.setSaved(this.#view.model), this.#text);
    if (draft) this.#announcer.stream(this.#live.set(this.draft, this.#view.model.messages.at(-1)), this.#text);
    if (items || draft) this.#live.show(this.#view.model.items);
  }

  protected override render(): TemplateResult {
    const context = this.#context();
    const streaming = this.#live.streaming || this.#live.savedStreaming;
    return html`<div part="base" class="frame" @keydown=${this.#finding.onKeydown}>
      ${this.#finding.render()}
      ${this.inputError ? html`<p part="error" class="input-error" role="alert">${this.#text.invalidJson(this.inputError)}</p>` : nothing}
      ${this.exportable ? renderToolbar(this.#text, (format) => this.download(format)) : nothing}
      <div
        part="log"
        class="log"
        role="log"
        aria-live="off"
        aria-label=${this.#text.conversation}
        aria-busy=${streaming ? 'true' : 'false'}
        tabindex="0"
        @scroll=${this.#onLogScroll}
        @wheel=${this.#follow.readerInput}
        @touchstart=${this.#follow.readerInput}
        @touchmove=${this.#follow.readerInput}
        @pointerdown=${this.#follow.readerInput}
        @keydown=${this.#follow.readerInput}
      >
        <div class="list" ?data-start=${this.#mount.from === 0}>
          ${guard([this.#view.model, this.#view.blocks, this.#options, this.#actions.clipboard.copiedKey], () => renderBlocks(context, this.#view, this.#mount.fromTop))}
          ${this.#live.message ? renderMessage(context, this.#live.message, streaming, false, continuesLast(this.#view.model, this.#live.message.role)) : nothing}
        </div>
      </div>
      ${this.#follow.following ? nothing : renderJump(this.#text.jumpToLatest(this.#follow.unseen), () => void this.scrollToLatest())}
      ${this.#announcer.render()}
    </div>`;
  }

  /** Reading back up, older messages mount as the reader nears them. */
  readonly #onLogScroll = (event: Event): void => {
    this.#follow.onScroll();
    if (!this.#follow.following && this.#follow.readerInput.moving()) this.#mount.readerScrolled(event.currentTarget as HTMLElement);
  };

  #context(): ListContext {
    return {
      options: this.#options,
      model: this.#view.model,
      times: this.#view.times,
      copiedKey: this.#actions.clipboard.copiedKey,
      copyMessage: this.#actions.copy,
      chooseAction: this.#actions.choose,
      requestTools: () => void this.#tools.request(),
    };
  }

  #readScriptChild(): void {
    const script = this.querySelector(`:scope > script[type="application/json"]:not([${SERVER_OPTIONS}])`);
    if (script) this.items = jsonAttribute.fromAttribute!(script.textContent ?? '', undefined);
  }

  #reportInvalid(message: string): void {
    this.inputError = message;
    this.emit(new InputErrorEvent(message));
  }
}
