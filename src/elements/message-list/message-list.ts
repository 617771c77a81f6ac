import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { ConversationStore, type UpsertReport } from '../../model/store.js';
import { ListRows, messageDeps, type ItemsChange, type Row } from '../../model/rows.js';
import { continuesLast, isStreaming, whereShown, type ListModel } from '../../model/list-model.js';
import type { DisplayItem, Message } from '../../model/types.js';
import { totalUsage, type UsageTotal } from '../../model/usage.js';
import { resolveStrings, type DisplayKitStrings } from '../../i18n/strings.js';
import { ContentCopyEvent, InputErrorEvent, MessageActionEvent } from '../../events.js';
import { conversationJson, conversationMarkdown, messageMarkdown } from '../../model/transcript.js';
import { CopyController } from '../shared/copy-controller.js';
import { openCalls } from '../shared/findable.js';
import { InvalidJson, jsonAttribute } from '../shared/json-attribute.js';
import { icon } from '../shared/icons.js';
import { chevronStyles } from '../shared/chevron.styles.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { FollowController } from './controllers/follow-controller.js';
import { FILL_FACTOR, MountController, type FirstMount } from './controllers/mount-controller.js';
import { Announcer } from './controllers/announcer.js';
import { ToolViewController } from './controllers/tool-view-controller.js';
import { ToolLoader } from './controllers/tool-loader.js';
import type { FindState } from './find/finder.js';
import { FindLoader } from './controllers/find-loader.js';
import { LiveDraft } from './controllers/live-draft.js';
import { transcriptWords } from './transcript-words.js';
import { renderDay, renderMessage, renderToolbar, type ListContext } from './templates.js';
import { ListOptionsElement, OPTION_KEYS, readOptions, type ListOptions, type MessageAction } from './list-options.js';
import { SERVER_OPTIONS } from './server-options.js';
import { HydrationController } from './controllers/hydration-controller.js';
import { blockEstimate, styles } from './message-list.styles.js';
import { chromeStyles } from './chrome.styles.js';
import { saveFile } from './save-file.js';

export type { ToolDisplay } from '../../model/types.js';
export type { MessageAction, Participants } from './list-options.js';
export type { ApprovalAction } from '../tool-call-item/tool-call-item.js';
export type { FindState } from './find/finder.js';

/** What `scrollToMessage` does besides scrolling. */
export interface ScrollToMessageOptions {
  /** Move focus to the message (or the call that shows the row) once it shows. */
  focus?: boolean;
}

/**
 * The newest messages parse their Markdown at once (the oldest too, in a history mounting from its
 * top); the others when they near the viewport.
 */
const EAGER_MESSAGES = 16;

/**
 * @summary A live conversation: display items grouped into messages, each item rendered by its
 * element, with upserts, an in-flight draft, stick-to-bottom scrolling and announcements.
 *
 * Accepts extracted items and persisted rows alike, as a property, a JSON `items` attribute, or
 * a child `<script type="application/json">`. Rows are keyed by `id`: `upsert()` replaces them in
 * place and re-renders only what changed. A message whose last item carries a truthy
 * `stop_reason` is marked unfinished. A saved message still being written (an item with
 * `status: "streaming"`, as adapters mark text still arriving) renders as the draft does until its
 * run is over. Tool results are shown inside the call they answer; a call storage keeps
 * `pending` or `executing` after its run ended (its message stopped, or the conversation moved
 * on) reads "Did not finish". Reasoning, tool durations and token usage show
 * where storage kept them (`usage` sums the conversation). Give the element a height (or
 * max-height) to make it scroll and follow new content; without one it grows in the page, and
 * shows a long history from its top.
 *
 * Host views for tools (`toolViews`, `registerToolView()`) render in the list's light DOM (so
 * the page's styles reach them) and are slotted into their calls.
 *
 * Find in the conversation: `Ctrl/Cmd+F` inside the list opens a search bar; `find(query)`,
 * `findNext()` and `findPrevious()` do the same for a host's own. Every message is searched,
 * mounted or not, with what collapsed reasoning and tool details hold; the code that shows the
 * matches loads the first time it is needed.
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

  private readonly store = new ConversationStore();

  /**
   * The conversation: display items or rows (either shape), in load order. Untrusted. Also
   * readable from a JSON `items` attribute; reading it back gives the current rows.
   */
  @property({ attribute: 'items', converter: jsonAttribute })
  get items(): unknown[] {
    return this.store.items;
  }
  set items(value: unknown) {
    if (value instanceof InvalidJson) {
      this.reportInvalid(value.message);
      return;
    }
    this.inputError = '';
    this.store.replace(value);
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

  private readonly view = new ListRows();
  private readonly follow = new FollowController(this, () => this.mount.scrolledAlong());
  private readonly mount = new MountController(
    this,
    { pending: () => this.partial, read: (more) => this.readRest(more) },
    (inWindow) => this.follow.heights(inWindow),
    () => this.follow.growsWithContent(),
  );
  /**
   * Only part of a long history's rows is read yet (its newest, or its oldest in a list that grows
   * with its messages); the others are read in idle time.
   */
  private partial = false;
  /** Counts the jumps to a message or a match: a later one takes over from one still settling. */
  private jumps = 0;
  /** Watches a host that was not shown when its history first mounted, until it is (see `showFromTop`). */
  private untilShown: ResizeObserver | null = null;
  private shownAtLast = false;
  private readonly announcer = new Announcer(this);
  private readonly clipboard = new CopyController(this);
  private readonly views = new ToolViewController(this, () => ({
    rows: this.view,
    draft: this.live.message,
    toolViews: this.toolViews,
    hidden: this.toolDisplay === 'hidden',
    viewFailed: this.text.viewFailed,
  }));
  private readonly finding = new FindLoader(this, () => ({
    element: this,
    model: () => this.wholeModel(),
    toolsShown: () => this.toolDisplay !== 'hidden',
    text: () => this.text,
    reach: (index, wanted) => this.reach(index, this.untilReaderActs(wanted)),
    firstShown: () => {
      const key = this.follow.firstShownKey();
      return key === null ? 0 : Math.max(0, this.view.model.messages.findIndex((message) => message.key === key));
    },
    articleOf: (key) => this.follow.articleOf(key),
    showInView: (target, article, current) => {
      const jump = ++this.jumps;
      return this.follow.showInView(target, article, 'third', () => current() && jump === this.jumps);
    },
    focusLog: () => this.renderRoot.querySelector<HTMLElement>('.log')?.focus(),
  }));
  private readonly live = new LiveDraft();
  private readonly tools = new ToolLoader(this);
  private text!: DisplayKitStrings;
  private options!: ListOptions;
  private readonly hydration = new HydrationController(this);

  /** Inserts new rows in load order and replaces rows with a known `id` in place. */
  upsert(rows: unknown): UpsertReport {
    const report = this.store.upsert(rows);
    if (report.inserted + report.updated > 0) this.requestUpdate('items');
    return report;
  }

  /**
   * Removes the rows with these ids; returns how many were removed. (Not `remove()`: that is
   * the DOM's own method for taking the element out of the page.)
   */
  removeRows(ids: string | readonly string[]): number {
    const removed = this.store.remove(typeof ids === 'string' ? [ids] : ids);
    if (removed > 0) this.requestUpdate('items');
    return removed;
  }

  /** The conversation as Markdown: roles as headings, tool calls as short summaries, stop marks as notes. */
  toMarkdown(): string {
    const model = this.wholeModel();
    return conversationMarkdown(model.messages, model.resultsByCall, transcriptWords(this.text, this.participants));
  }

  /** The conversation as JSON text: the items exactly as given. */
  toJSONString(): string {
    return conversationJson(this.store.items);
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
  async scrollToLatest(): Promise<void> {
    if (!this.follow.growsWithContent()) return this.follow.scrollToLatest();
    await this.mount.reach(this.wholeModel().messages.length - 1);
    this.follow.showEnd();
  }

  /**
   * Scrolls to the message that shows the row with this `id` (or whose rows carry this `message_id`;
   * a number matches as the rows' numeric ids do). A tool result's row, or a sub-agent's, shows
   * inside a call: the call is opened (and the calls around it) and its top goes where the message's
   * would; where tool activity is hidden, the message goes there. Mounts the message, and the
   * messages between it and the view, puts its top at the top of what shows and keeps it there while
   * the messages around it take their size. The list stops following new content until the reader
   * goes back to the end ("Jump to latest", `scrollToLatest()`). A list with no height of its own
   * scrolls the page, or the scroller it sits in. Resolves to `true` once the message shows;
   * `false`, scrolling nowhere, when no message shown holds that id (the streaming draft is not
   * looked in). A later jump (this, or a step of find) takes over from one still on its way, which
   * then resolves at once (to `true`: the message is there) and mounts no more of the messages
   * between, and the reader's own scroll ends it the same way, on its way there as once there. With
   * `focus`, for a jump the reader asked for (a link, a table of contents), focus moves there too
   * once it shows: to the message, or to the call that shows the row, so the keyboard and a screen
   * reader go on from there.
   */
  async scrollToMessage(id: string | number, options: ScrollToMessageOptions = {}): Promise<boolean> {
    const jump = ++this.jumps;
    const model = this.wholeModel();
    const place = whereShown(model, String(id));
    if (!place) return false;
    // A later jump takes over, and the reader's own scrolling ends it, on its way there as after.
    const current = this.untilReaderActs(() => jump === this.jumps);
    // Taken over on its way: the message is there, as `true` says, and the later jump shows its own.
    if (!(await this.reach(place.message, current))) return true;
    const article = this.follow.articleOf(model.messages[place.message].key);
    if (!article) return false;
    // Calls not drawn (tool activity hidden: a trace line stands in) leave the message to go to.
    const opened = await openCalls(article, place.calls);
    const target = opened?.at(-1) ?? article;
    await this.follow.showInView(() => target.getBoundingClientRect(), article, 'top', current);
    if (options.focus && current()) focusShown(target);
    return true;
  }

  /**
   * Finds `query` in every saved message — mounted or not, collapsed reasoning and tool details
   * included, case and runs of white space ignored — highlights the matches and shows the first
   * one in or after the message the reader is at (mounting, opening and waking what holds it).
   * Resolves to how many there are and which one shows (`current`, from 1; 0 for none). Find's
   * code loads on first use: while it cannot be fetched, this rejects, and the next call asks again.
   */
  find(query: string): Promise<FindState> {
    return this.finding.find(query);
  }

  /** Shows the next match, after the last one the first. */
  findNext(): Promise<FindState> {
    return this.finding.step(1);
  }

  /** Shows the previous match, before the first one the last. */
  findPrevious(): Promise<FindState> {
    return this.finding.step(-1);
  }

  /** Shows the search bar and puts the reader in its field (as `Ctrl/Cmd+F` inside the list does). */
  openFind(): Promise<void> {
    return this.finding.open();
  }

  /** Hides the search bar and the highlights; the list stays where the last match left it. */
  closeFind(): void {
    this.finding.close();
  }

  /**
   * The conversation's token usage and cost: the sums over the messages whose rows (or an
   * adapter) kept usage, e.g. to show beside the list. `messages` says how many did.
   */
  get usage(): UsageTotal {
    return totalUsage(this.wholeModel().messages);
  }

  /**
   * Resolves once every message is in the DOM (long histories mount in idle time), tool calls
   * as their elements and the host's tool views in place (their code loads the first time a
   * list shows one).
   */
  get mountComplete(): Promise<void> {
    return this.mount.complete.then(() => Promise.all([this.tools.settled(), this.views.settled()])).then(() => undefined);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!isServer && this.store.items.length === 0) this.readScriptChild();
  }

  protected override scheduleUpdate(): void | Promise<unknown> {
    // Hydration renders what the server drew, tool elements included: their code comes first.
    if (this.hydration.hydrating && !this.tools.tags && this.renderRoot.querySelector(':not(:defined)')) {
      return this.tools.request().then(() => super.scheduleUpdate());
    }
    return super.scheduleUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    this.hydration.willUpdate();
    if (changed.has('strings') || !this.text) this.text = resolveStrings(this.strings);
    // Times drawn anew: the server drew them in its zone and language.
    const drawnAnew = this.options !== undefined && this.options.drawn !== this.hydration.drawn;
    if (drawnAnew) this.view.times.forget();
    const renew = !this.options || drawnAnew || this.options.tools !== this.tools.tags || OPTION_KEYS.some((key) => changed.has(key));
    if (renew) this.options = readOptions(this, this.text, this.hydration.drawn, this.tools.tags);
    this.view.setTimeOptions(this.noTimestamps ? null : { locale: this.locale || undefined, timeZone: this.timeZone || undefined });
    if (changed.has('items') || (changed.has('draft') && this.partial)) this.showItems();
    if (this.shownAtLast) this.showFromTop();
    const remounted = this.view.mountFrom(this.mount.from, this.mount.to);
    if (changed.has('items')) this.announcer.stream(this.live.setSaved(this.view.model), this.text);
    if (changed.has('draft')) this.announcer.stream(this.live.set(this.draft, this.view.model.messages.at(-1)), this.text);
    if (changed.has('draft') || changed.has('items')) this.live.show(this.view.model.items);
    if (changed.has('items')) this.follow.beforeContentChange();
    else if (remounted) this.follow.beforeMount();
    if (changed.has('items') || changed.has('draft') || changed.has('toolViews') || changed.has('toolDisplay') || remounted) this.views.invalidate();
  }


  protected override render(): TemplateResult {
    const context = this.context();
    const streaming = this.live.streaming || this.live.savedStreaming;
    return html`<div part="base" class="frame" @keydown=${this.finding.onKeydown}>
      ${this.finding.render()}
      ${this.inputError ? html`<p part="error" class="input-error" role="alert">${this.text.invalidJson(this.inputError)}</p>` : nothing}
      ${this.exportable ? renderToolbar(this.text, (format) => this.download(format)) : nothing}
      <div
        part="log"
        class="log"
        role="log"
        aria-live="off"
        aria-label=${this.text.conversation}
        aria-busy=${streaming ? 'true' : 'false'}
        tabindex="0"
        @scroll=${this.onLogScroll}
        @wheel=${this.follow.readerInput}
        @touchstart=${this.follow.readerInput}
        @touchmove=${this.follow.readerInput}
        @pointerdown=${this.follow.readerInput}
        @keydown=${this.follow.readerInput}
      >
        <div class="list" ?data-start=${this.mount.from === 0}>
          ${guard([this.view.model, this.view.blocks, this.options, this.clipboard.copiedKey], () => this.renderBlocks(context))}
          ${this.live.message ? renderMessage(context, this.live.message, streaming, false, continuesLast(this.view.model, this.live.message.role)) : nothing}
        </div>
      </div>
      ${this.follow.following
        ? nothing
        : html`<button type="button" part="jump-button" class="jump" @click=${this.scrollToLatest}>
            ${icon('arrow-down')}${this.text.jumpToLatest(this.follow.unseen)}
          </button>`}
      ${this.announcer.render()}
    </div>`;
  }

  /**
   * Hands the saved items to the view. A long history shown for the first time shows its newest
   * rows at once (its oldest, in a list that grows with its messages) and reads the others in
   * idle time; any change after that reads them all. Not while hydrating (the server's HTML holds
   * every message), nor beside a draft (whose calls are told apart from every saved one).
   */
  private showItems(): void {
    const wasPartial = this.partial;
    // What the first mount shows (it measures the host): read once, for both.
    const first = !isServer && this.view.model.messages.length === 0 && !this.hydration.hydrating ? this.mount.firstMount() : undefined;
    const change = this.readItems(first);
    if (!change.rebuilt) return;
    this.follow.countUnseen(change.previous, this.view.model.messages);
    if (wasPartial) this.mount.historyRead(change.previous, this.view.model.messages);
    else if (this.mount.plan(change.previous, this.view.model.messages, this.hydration.hydrating, first)?.shown === false) this.watchUntilShown();
  }

  /**
   * A host not shown (`display: none`, as in a closed dialog or a tab not chosen) mounts a long
   * history newest first, in idle time, for whether it will grow with its messages is not known
   * yet. Shown at last and growing, its page shows the top of the conversation: what still waits
   * to mount then mounts from the top, the oldest messages first, as when it was shown from the
   * start (older messages mounting above would move what the reader sees, slice after slice).
   */
  private showFromTop(): void {
    this.shownAtLast = false;
    if (!this.mount.mounting) return;
    const first = this.mount.firstMount();
    if (!first.fromTop) return;
    // Only the newest rows read: the oldest are read instead.
    if (this.partial) this.readItems(first);
    this.mount.plan([], this.view.model.messages, false, first);
  }

  private watchUntilShown(): void {
    if (this.untilShown || typeof ResizeObserver === 'undefined') return;
    // Its callback comes after the first layout that shows the host, before that frame paints.
    this.untilShown = new ResizeObserver(() => {
      if (this.getClientRects().length === 0) return;
      this.untilShown?.disconnect();
      this.untilShown = null;
      this.shownAtLast = true;
      this.requestUpdate();
    });
    this.untilShown.observe(this);
  }

  /**
   * Hands the view the items of every row, or, for a first mount with no draft beside it, of the
   * rows that mount needs (see `firstItems`); notes whether some are still unread.
   */
  private readItems(first?: FirstMount): ItemsChange {
    const items = first && this.draft == null ? this.firstItems(first) : this.store.displayItems();
    this.partial = items.length < this.store.items.length;
    return this.view.setItems(items);
  }

  /** The items of the rows a first mount needs, from the end it shows (enough for `fill` to take more). */
  private firstItems({ count, fromTop }: FirstMount): DisplayItem[] {
    return fromTop ? this.store.oldestItems(FILL_FACTOR * count) : this.store.newestItems(FILL_FACTOR * count);
  }

  /** Reads the rows not read yet while `more()` holds; once all are, every message is shown. */
  private readRest(more: () => boolean): void {
    if (!this.partial || !this.store.readAhead(more)) return;
    this.showItems();
    this.requestUpdate();
  }

  /** The model of every saved message, rows not read yet read now: find, usage and export read them all. */
  private wholeModel(): ListModel {
    this.readRest(() => true);
    return this.view.model;
  }

  /** `wanted`, until the reader touches or scrolls the log: from then on where it goes is theirs. */
  private untilReaderActs(wanted: () => boolean): () => boolean {
    const since = performance.now();
    return () => wanted() && !this.follow.readerActedSince(since);
  }

  /**
   * Mounts message `index` and those between it and the view; resolves to `true` once they and
   * their tool elements are drawn, to `false` once `wanted` turns false on the way.
   */
  private async reach(index: number, wanted?: () => boolean): Promise<boolean> {
    if (!(await this.mount.reach(index, wanted))) return false;
    await this.tools.settled();
    return true;
  }

  /** Reading back up, older messages mount as the reader nears them. */
  private readonly onLogScroll = (event: Event): void => {
    this.follow.onScroll();
    if (!this.follow.following && this.follow.readerMoving()) this.mount.readerScrolled(event.currentTarget as HTMLElement);
  };

  private context(): ListContext {
    return {
      options: this.options,
      model: this.view.model,
      times: this.view.times,
      copiedKey: this.clipboard.copiedKey,
      copyMessage: this.copyMessage,
      chooseAction: this.chooseAction,
      requestTools: this.tools.request,
    };
  }

  private readonly chooseAction = (action: MessageAction, message: Message): void => {
    this.emit(new MessageActionEvent(action.id, message.role, message.items.map((item) => item.id ?? item.key), message.key));
  };

  /**
   * The saved messages, a block at a time. Skipped whole when only the draft, the reader's
   * position or an announcement changed (the model is a new object whenever items change).
   */
  private renderBlocks(context: ListContext): unknown {
    const last = this.view.blocks.length - 1;
    // The first and the last block are marked by attributes, not by ":first-of-type" (see the styles).
    return repeat(
      this.view.blocks,
      (block) => block.id,
      (block, index) =>
        guard([this.view.stampOf(block.id), this.clipboard.copiedKey, context.options, index === 0, index === last], () =>
          html`<div class="block" data-near-group ?data-first=${index === 0} ?data-last=${index === last} .style=${blockEstimate(block.rows.length)}>
            ${repeat(block.rows, (row) => row.key, (row) => this.renderRow(context, row))}
          </div>`,
        ),
    );
  }

  private renderRow(context: ListContext, row: Row): unknown {
    if ('day' in row) return guard([row.key, context.options], () => renderDay(context, row.day));
    // `lazy` only matters for an item's first render, so it is not a dependency.
    const lazy = row.index < this.view.model.messages.length - EAGER_MESSAGES && !(this.mount.fromTop && row.index < EAGER_MESSAGES);
    const deps = messageDeps([context.options, this.clipboard.copiedKey === row.message.key], row.message, this.view.model);
    return guard(deps, () => renderMessage(context, row.message, isStreaming(this.view.model, row.message), lazy));
  }

  private readonly copyMessage = (message: Message): void => {
    const text = messageMarkdown(message, transcriptWords(this.text, this.participants));
    void this.clipboard.copy(text, () => {
      this.announcer.say(this.text.copied);
      return new ContentCopyEvent('message', text);
    }, message.key);
  };

  private readScriptChild(): void {
    const script = this.querySelector(`:scope > script[type="application/json"]:not([${SERVER_OPTIONS}])`);
    if (script) this.items = jsonAttribute.fromAttribute!(script.textContent ?? '', undefined);
  }

  private reportInvalid(message: string): void {
    this.inputError = message;
    this.emit(new InputErrorEvent(message));
  }
}

/**
 * Focus on what a jump showed, without scrolling again: a call's element focuses its summary; a
 * message is focusable while it holds focus, and leaves the tab order again when it loses it.
 */
function focusShown(target: HTMLElement): void {
  if (target.localName === 'article' && !target.hasAttribute('tabindex')) {
    target.tabIndex = -1;
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus({ preventScroll: true });
}
