import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { guard } from 'lit/directives/guard.js';
import { styleMap, type StyleInfo } from 'lit/directives/style-map.js';
import { html as staticHtml, literal } from 'lit/static-html.js';
import { BlockPlan, type Block } from '../../model/blocks.js';
import { buildModel, patchModel, type ListModel } from '../../model/list-model.js';
import { detailsHead } from '../../model/stop.js';
import { ConversationStore, type UpsertReport } from '../../model/store.js';
import { draftItems, savedCallIds } from '../../model/draft.js';
import { describeToolCall, summarizeGroup } from '../../model/tools.js';
import { ownValue } from '../../model/guards.js';
import type { DisplayItem, Message } from '../../model/types.js';
import { resolveStrings, roleName, type DisplayKitStrings } from '../../i18n/strings.js';
import { ContentCopyEvent, InputErrorEvent, MessageActionEvent } from '../../events.js';
import { dayKey, formatDay, formatFullTime, formatMessageTime, parseTimestamp, type TimeOptions } from '../../model/time.js';
import { conversationJson, conversationMarkdown, messageMarkdown, type TranscriptWords } from '../../model/transcript.js';
import { checkHostImage } from '../../markdown/url-policy.js';
import { CopyController } from '../shared/copy-controller.js';
import { wording } from '../stop-mark/stop-mark.js';
import { InvalidJson, jsonAttribute } from '../shared/json-attribute.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { KitElement } from '../shared/kit-element.js';
import { renderStopMark } from '../shared/item-element.js';
import { ROW_ESTIMATE_REM, styles } from './message-list.styles.js';

export type ToolDisplay = 'full' | 'compact' | 'hidden';

/** An action the host adds to messages (retry, thumbs up, edit…); choosing it fires `message-action`. */
export interface MessageAction {
  id: string;
  label: string;
  /** Roles whose messages get the action (default: every role). */
  roles?: readonly string[];
}

/** Optional display names and avatars per role (off unless set). */
export type Participants = Partial<Record<string, { name?: string; avatar?: string }>>;

/** A message's time (its first item's `inserted_at`), worked out once per timestamp. */
interface MessageTime {
  date: Date;
  /** The row key of the day's separator. */
  day: string;
  /** The header's text and the full timestamp, formatted when first shown. */
  label?: string;
  full?: string;
}

/** A message in the order the list renders it; `index` is its place among messages. */
interface MessageRow {
  key: string;
  message: Message;
  index: number;
}

/** What the list renders in order: a message, or the day it starts when the date changes. */
type Row = MessageRow | { key: string; day: Date };

/** A stretch of a message: one item, or consecutive tool activity shown (or hidden) together. */
type Segment = { key: string; item: DisplayItem } | { key: string; tools: DisplayItem[] };

interface ItemOptions {
  inGroup?: boolean;
  streaming?: boolean;
  lazy?: boolean;
}

const THINKING_TAG = literal`thinking-item`;
const TEXT_TAG = literal`text-item`;

/** The newest messages parse their Markdown at once; older ones when they near the viewport. */
const EAGER_MESSAGES = 16;

/**
 * A long history paints its newest messages first; the older ones mount in idle time, a chunk
 * at a time, above them (the reader's place is kept). Nothing is ever unmounted, so find in
 * page, selection and anchoring work as in any page once mounting is done.
 */
const FIRST_MOUNT = 30;
const MOUNT_CHUNK = 120;

/**
 * Rows live in blocks of this many, so a change in one message diffs and lays out its block
 * and the list of blocks, not every message of a long history.
 */
const BLOCK_SIZE = 24;

/** How close to the end (in px) still counts as "at the bottom" for following new content. */
const BOTTOM_SLACK = 48;

/**
 * @summary A live conversation: display items grouped into messages, each item rendered by its
 * element, with upserts, an in-flight draft, stick-to-bottom scrolling and announcements.
 *
 * Accepts extracted items and persisted rows alike, as a property, a JSON `items` attribute, or
 * a child `<script type="application/json">`. Rows are keyed by `id`: `upsert()` replaces them in
 * place and re-renders only what changed. A message whose last item carries a truthy
 * `stop_reason` is marked unfinished. Tool results are shown inside the call they answer.
 * Give the element a height (or max-height) to make it scroll and follow new content.
 *
 * @fires {InputErrorEvent} error - The JSON `items` attribute or script child could not be parsed.
 * @fires {MessageActionEvent} message-action - The reader chose one of the host's `messageActions`.
 * @fires {ContentCopyEvent} content-copy - The reader copied a message (`content` is `message`).
 *
 * @csspart base - The outer frame.
 * @csspart log - The scrolling conversation (role `log`).
 * @csspart message - Every message group.
 * @csspart message-user - A user message (also `message-assistant`, `message-tool`, `message-system`).
 * @csspart message-unfinished - A message that stopped early.
 * @csspart message-streaming - The in-flight message while it streams.
 * @csspart role - The role label of a message.
 * @csspart items - The items of a message.
 * @csspart tool-group - Consecutive tool calls of one message, collapsible as a whole.
 * @csspart tool-group-summary - The group's summary line ("3 tool calls · 1 failed").
 * @csspart tool-trace - The one-line trace left by tool activity when `tool-display="hidden"`.
 * @csspart stop-mark - A stop mark the list draws itself (after a group or a hidden call).
 * @csspart jump-button - "Jump to latest", shown once the reader scrolls up.
 * @csspart error - The visible error when the JSON input cannot be read.
 * @csspart header - A message's header: avatar, name, time and actions.
 * @csspart avatar - A participant's avatar image.
 * @csspart time - A message's `<time>`.
 * @csspart day-separator - The date shown where the day changes.
 * @csspart actions - A message's action bar (copy and the host's actions).
 * @csspart action-button - Each button in an action bar.
 * @csspart toolbar - The export buttons, when `exportable`.
 * @csspart subagent - A sub-agent's messages, inside the call that started it.
 *
 * @cssprop [--dk-message-gap=calc(var(--dk-space) * 3)] - Space between messages.
 * @cssprop [--dk-item-gap=var(--dk-space)] - Space between the items of a message.
 * @cssprop [--dk-list-padding=0] - Padding inside the scrolling area.
 * @cssprop [--dk-avatar-size=1.5rem] - Size of participants' avatars.
 */
export class MessageList extends KitElement {
  static override styles = [tokenStyles, styles];

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
    const old = this.store.items;
    if (value instanceof InvalidJson) {
      this.reportInvalid(value.message);
      return;
    }
    this.inputError = '';
    this.store.replace(value);
    this.requestUpdate('items', old);
  }

  /**
   * The in-flight message while the model streams: `{thinking, text, tool_calls: [{call_id,
   * name, arguments, execution_status}]}` or an array of items. Set it to `null` in the same
   * task that upserts the saved rows: they replace it with no duplicate and no flash.
   */
  @property({ attribute: false }) draft: unknown = null;

  /** Origins whose images in model output load without a click (`*` for all). */
  @property({ attribute: 'image-origins' }) imageOrigins = '';

  /** Link schemes that may be followed in Markdown. */
  @property({ attribute: false }) linkSchemes?: readonly string[];

  /** `target` for external links. */
  @property({ attribute: 'link-target' }) linkTarget = '_blank';

  /**
   * How tool activity shows: `full` (default), `compact` (one line per call; click to expand),
   * or `hidden` (a one-line trace stands in for it, so nothing vanishes silently).
   */
  @property({ attribute: 'tool-display', reflect: true }) toolDisplay: ToolDisplay = 'full';

  /** Hide message times and day separators. */
  @property({ type: Boolean, attribute: 'no-timestamps' }) noTimestamps = false;

  /** Locale for times and numbers (default: the page's language). */
  @property() locale = '';

  /** Time zone for times and day separators (default: the reader's). */
  @property({ attribute: 'time-zone' }) timeZone = '';

  /** The host's own per-message actions; each fires `message-action` with the message's item ids. */
  @property({ attribute: false }) messageActions: readonly MessageAction[] = [];

  /** Display names and avatars per role, e.g. `{assistant: {name: 'Ada', avatar: '/ada.png'}}`. */
  @property({ attribute: false }) participants: Participants = {};

  /** Show buttons that download the conversation as Markdown or JSON. */
  @property({ type: Boolean, reflect: true }) exportable = false;

  @state() private inputError = '';
  @state() private following = true;
  @state() private unseen = 0;
  @state() private announcement = '';
  /** Index of the oldest message in the DOM; older ones are still waiting to mount. */
  @state() private mountedFrom = 0;

  private model: ListModel = buildModel([]);
  private draftModel: DisplayItem[] = [];
  private text!: DisplayKitStrings;
  /**
   * Where the reader is, while not following: the first message in view and its offset, held
   * while content above it changes size (history prepended or mounted, messages waking up).
   */
  private anchor: { key: string; offset: number } | null = null;
  private resizeObserver: ResizeObserver | null = null;
  private mountTask: number | null = null;
  private lastScrollTop = 0;
  private readonly clipboard = new CopyController(this);
  private rows: Row[] = [];
  /** Each message's row, by message index. */
  private messageRows: MessageRow[] = [];
  private readonly blockPlan = new BlockPlan(BLOCK_SIZE);
  private blocks: Block<Row>[] = [];
  /**
   * Per block id: what its rows' rendering reads from the model, and a stamp that changes
   * whenever that does, so an update compares one stamp per block instead of every row.
   */
  private blockStamps = new Map<number, { deps: unknown[]; stamp: object }>();
  /** Times by `inserted_at` text, for the current locale and time zone. */
  private times = new Map<string, MessageTime>();
  private timesZone = '';

  /** Inserts new rows in load order and replaces rows with a known `id` in place. */
  upsert(rows: unknown): UpsertReport {
    const old = this.store.items;
    const report = this.store.upsert(rows);
    if (report.inserted + report.updated > 0) this.requestUpdate('items', old);
    return report;
  }

  /**
   * Removes the rows with these ids; returns how many were removed. (Not `remove()`: that is
   * the DOM's own method for taking the element out of the page.)
   */
  removeRows(ids: string | readonly string[]): number {
    const old = this.store.items;
    const removed = this.store.remove(typeof ids === 'string' ? [ids] : ids);
    if (removed > 0) this.requestUpdate('items', old);
    return removed;
  }

  /** The conversation as Markdown: roles as headings, tool calls as short summaries, stop marks as notes. */
  toMarkdown(): string {
    return conversationMarkdown(this.model.messages, this.model.resultsByCall, this.transcriptWords());
  }

  /** The conversation as JSON text: the items exactly as given. */
  toJSONString(): string {
    return conversationJson(this.store.items);
  }

  /** Downloads the conversation as a `.md` or `.json` file. */
  download(format: 'markdown' | 'json', filename = `conversation.${format === 'json' ? 'json' : 'md'}`): void {
    const [text, type] = format === 'json' ? [this.toJSONString(), 'application/json'] : [this.toMarkdown(), 'text/markdown'];
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  /** Scrolls to the newest message and follows new content again. */
  scrollToLatest(): void {
    const log = this.log;
    if (!log) return;
    this.following = true;
    this.anchor = null;
    this.unseen = 0;
    log.scrollTo({ top: log.scrollHeight, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!isServer && this.store.items.length === 0) this.readScriptChild();
    if (this.mountedFrom > 0) this.scheduleMounting();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.resizeObserver?.disconnect();
    this.resizeObserver = null;
    this.cancelMounting();
  }

  private get log(): HTMLElement | null {
    return this.renderRoot?.querySelector?.<HTMLElement>('.log') ?? null;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('strings') || !this.text) this.text = resolveStrings(this.strings);
    let rowsStale = changed.has('locale') || changed.has('timeZone') || changed.has('noTimestamps');
    if (changed.has('items')) rowsStale = !this.patchItems() || rowsStale;
    if (rowsStale) this.rows = this.buildRows();
    if (rowsStale || (changed as PropertyValues).has('mountedFrom')) {
      this.blocks = this.blockPlan.blocks(this.mountedRows());
      this.stampBlocks(this.blocks);
    }
    if (changed.has('draft')) {
      const wasStreaming = this.draftModel.length > 0;
      this.draftModel = draftItems(this.draft);
      this.announceDraft(wasStreaming, this.draftModel.length > 0);
    }
    if (!isServer && !this.following && (changed.has('items') || (changed as PropertyValues).has('mountedFrom'))) {
      this.anchor = this.findAnchor() ?? this.anchor;
    }
  }

  /**
   * Rows replaced in place (a tool call's status, an edited text) patch the model and hand the
   * rows their new message; anything else builds the model again. False when rows must be rebuilt.
   */
  private patchItems(): boolean {
    const items = this.store.displayItems();
    const patch = patchModel(this.model, items);
    if (patch) {
      this.model = patch.model;
      // Rows are the list's own objects: the blocks holding them see the new message too.
      for (const at of patch.messages) this.messageRows[at].message = patch.model.messages[at];
      const touched = new Set(patch.messages.map((at) => this.blockPlan.blockOf(this.messageRows[at].key)));
      this.stampBlocks(this.blocks.filter((block) => touched.has(block.id)));
      return true;
    }
    const previous = this.model.messages;
    this.model = buildModel(items);
    this.countUnseen(previous);
    this.planMounting(previous);
    return false;
  }

  /**
   * Following the newest content happens in a ResizeObserver: it runs after layout and before
   * paint, so neither Lit's updates nor Markdown growing later force a layout of their own.
   */
  protected override firstUpdated(): void {
    const list = this.renderRoot.querySelector('.list');
    if (!list || !this.log || typeof ResizeObserver === 'undefined') return;
    this.resizeObserver = new ResizeObserver(() => {
      this.restoreAnchor();
      this.stickToBottom();
    });
    this.resizeObserver.observe(list);
    this.resizeObserver.observe(this.log);
  }

  protected override updated(): void {
    if (this.anchor) this.restoreAnchor();
  }

  protected override render(): TemplateResult {
    const streaming = this.draftModel.length > 0;
    return html`<div part="base" class="frame">
      ${this.inputError ? html`<p part="error" class="input-error" role="alert">${this.text.invalidJson(this.inputError)}</p>` : nothing}
      ${this.exportable ? this.renderToolbar() : nothing}
      <div
        part="log"
        class="log"
        role="log"
        aria-live="off"
        aria-label=${this.text.conversation}
        aria-busy=${streaming ? 'true' : 'false'}
        tabindex="0"
        @scroll=${this.onScroll}
        @wheel=${this.releaseAnchor}
        @touchstart=${this.releaseAnchor}
        @keydown=${this.releaseAnchor}
      >
        <div class="list">
          ${guard([this.model, this.blocks, ...this.optionDeps(), this.clipboard.copiedKey], () => this.renderBlocks())}
          ${streaming ? this.renderDraft() : nothing}
        </div>
      </div>
      ${this.following
        ? nothing
        : html`<button type="button" part="jump-button" class="jump" @click=${this.scrollToLatest}>
            ${this.text.jumpToLatest(this.unseen)}
          </button>`}
      <div class="visually-hidden" role="status" aria-live="polite" aria-atomic="true">${this.announcement}</div>
    </div>`;
  }

  /**
   * The saved messages, a block at a time. Skipped whole when only the draft, the reader's
   * position or an announcement changed (the model is a new object whenever items change).
   */
  private renderBlocks(): unknown {
    const options = this.optionDeps();
    return repeat(
      this.blocks,
      (block) => block.id,
      (block) =>
        guard([this.blockStamps.get(block.id)?.stamp, this.clipboard.copiedKey, ...options], () =>
          html`<div class="block" data-near-group style=${styleMap(blockEstimate(block))}>
            ${repeat(block.rows, (row) => row.key, (row) => this.renderRow(row))}
          </div>`,
        ),
    );
  }

  /** A block keeps its stamp while what its rows read stays the same. */
  private stampBlocks(blocks: readonly Block<Row>[]): void {
    const all = blocks === this.blocks;
    const stamps = all ? new Map<number, { deps: unknown[]; stamp: object }>() : this.blockStamps;
    for (const block of blocks) {
      const deps = this.blockDeps(block);
      const known = this.blockStamps.get(block.id);
      const same = known !== undefined && known.deps.length === deps.length && deps.every((dep, i) => dep === known.deps[i]);
      stamps.set(block.id, same ? known : { deps, stamp: {} });
    }
    this.blockStamps = stamps;
  }

  private renderRow(row: Row): unknown {
    if ('day' in row) return guard([row.key, this.locale, this.timeZone], () => this.renderDay(row.day));
    // `lazy` only matters for an item's first render, so it is not a dependency.
    const lazy = row.index < this.model.messages.length - EAGER_MESSAGES;
    return guard(this.messageDeps(row.message), () => this.renderMessage(row.message, false, lazy));
  }

  private renderToolbar(): TemplateResult {
    return html`<div part="toolbar" class="toolbar">
      <button type="button" part="action-button" class="action" @click=${() => this.download('markdown')}>${this.text.exportMarkdown}</button>
      <button type="button" part="action-button" class="action" @click=${() => this.download('json')}>${this.text.exportJSON}</button>
    </div>`;
  }

  private renderDay(day: Date): TemplateResult {
    const options = this.timeOptions();
    return html`<p part="day-separator" class="day"><time datetime=${dayKey(day, options)}>${formatDay(day, options)}</time></p>`;
  }

  /** Messages and day separators, from the oldest mounted message on. */
  private mountedRows(): Row[] {
    if (this.mountedFrom === 0) return this.rows;
    const first = this.rows.findIndex((row) => 'message' in row && row.index >= this.mountedFrom);
    return first < 0 ? [] : this.rows.slice(first);
  }

  private buildRows(): Row[] {
    const rows: Row[] = [];
    this.messageRows = [];
    const options = this.timeOptions();
    const zone = `${options.locale}|${options.timeZone}`;
    // Only the times of messages still in the list are kept.
    const known = zone === this.timesZone ? this.times : new Map<string, MessageTime>();
    this.times = new Map();
    this.timesZone = zone;
    let lastDay: string | null = null;
    this.model.messages.forEach((message, position) => {
      const time = this.timeOf(message, known);
      // A day can come back later (rows out of order): its separator is keyed by the message it heads too.
      if (time && time.day !== lastDay) rows.push({ key: `${time.day}@${message.key}`, day: time.date });
      if (time) lastDay = time.day;
      const row: MessageRow = { key: message.key, message, index: position };
      rows.push(row);
      this.messageRows.push(row);
    });
    return rows;
  }

  /**
   * Times and days are asked for on every change of the list: remembered by timestamp, so a
   * message whose first item was replaced in place keeps its formatted time.
   */
  private timeOf(message: Message, known = this.times): MessageTime | null {
    const at = message.items[0]?.insertedAt;
    if (!at || this.noTimestamps) return null;
    let time = known.get(at);
    if (!time) {
      const date = parseTimestamp(at);
      if (!date) return null;
      time = { date, day: `day:${dayKey(date, this.timeOptions())}` };
    }
    this.times.set(at, time);
    return time;
  }

  private timeOptions(): TimeOptions {
    return { locale: this.locale || undefined, timeZone: this.timeZone || undefined };
  }

  /** A message re-renders only when one of its items, their results or the list's options change. */
  private messageDeps(message: Message): unknown[] {
    return this.itemDeps([...this.optionDeps(), this.clipboard.copiedKey === message.key], message);
  }

  /** What a block's rows read from the model (the list's options and copy state are compared apart). */
  private blockDeps(block: Block<Row>): unknown[] {
    const deps: unknown[] = [];
    for (const row of block.rows) {
      deps.push(row.key);
      if ('message' in row) this.itemDeps(deps, row.message);
    }
    return deps;
  }

  private optionDeps(): unknown[] {
    return [
      this.text, this.toolDisplay, this.imageOrigins, this.linkSchemes, this.linkTarget, this.noTimestamps,
      this.locale, this.timeZone, this.messageActions, this.participants,
    ];
  }

  /** Adds what a message's rendering reads from the model: its items, their results, nested turns. */
  private itemDeps(deps: unknown[], message: Message): unknown[] {
    for (const item of message.items) {
      deps.push(item, this.model.pairedResultKeys.has(item.key));
      if (item.kind !== 'tool_call' || !item.toolCallId) continue;
      deps.push(this.model.resultsByCall.get(item.toolCallId));
      for (const nested of this.model.nested.get(item.toolCallId) ?? []) this.itemDeps(deps, nested);
    }
    return deps;
  }

  private renderMessage(message: Message, streaming = false, lazy = false): TemplateResult | typeof nothing {
    const items = message.items.filter((item) => !this.model.pairedResultKeys.has(item.key));
    if (items.length === 0) return nothing;
    const unfinished = message.stop !== null;
    const role = roleName(this.text, message.role);
    const parts = `message message-${message.role}${unfinished ? ' message-unfinished' : ''}${streaming ? ' message-streaming' : ''}`;
    return html`<article
      part=${parts}
      class="message ${message.role}"
      data-key=${message.key}
      data-role=${message.role}
      ?data-unfinished=${unfinished}
      ?data-streaming=${streaming}
      aria-label=${this.text.message(ownValue(this.participants, message.role)?.name ?? role, unfinished)}
    >
      ${this.renderHeader(message, role, streaming)}
      <div part="items" class="items">
        ${repeat(
          segmentsOf(items),
          (segment) => segment.key,
          (segment) => ('item' in segment ? this.renderItem(segment.item, { streaming, lazy }) : this.renderTools(segment.tools, lazy)),
        )}
      </div>
    </article>`;
  }

  private renderHeader(message: Message, role: string, streaming: boolean): TemplateResult {
    const who = ownValue(this.participants, message.role);
    const avatar = who?.avatar ? checkHostImage(who.avatar) : null;
    const time = this.timeOf(message);
    return html`<div part="header" class="header">
      ${avatar?.action === 'load' ? html`<img part="avatar" class="avatar" src=${avatar.src} alt="" />` : nothing}
      <p part="role" class="role" aria-hidden="true">${who?.name ?? role}</p>
      ${time ? this.renderTime(time) : nothing}
      ${streaming ? nothing : this.renderActions(message)}
    </div>`;
  }

  private renderTime(time: MessageTime): TemplateResult {
    const options = this.timeOptions();
    time.full ??= formatFullTime(time.date, options);
    time.label ??= formatMessageTime(time.date, options);
    return html`<time part="time" class="time" datetime=${time.date.toISOString()} title=${time.full} data-full=${time.full} tabindex="0"
      aria-label=${this.text.sentAt(time.full)}>${time.label}</time>`;
  }

  private renderActions(message: Message): TemplateResult {
    const actions = this.messageActions.filter((action) => !action.roles || action.roles.includes(message.role));
    const copyable = message.items.some((item) => item.kind === 'text');
    const copied = this.clipboard.copiedKey === message.key;
    return html`<div part="actions" class="actions" role="group" aria-label=${this.text.messageActions}>
      ${copyable
        ? html`<button type="button" part="action-button" class="action" @click=${() => this.copyMessage(message)}>
            ${copied ? this.text.copied : this.text.copyMessage}
          </button>`
        : nothing}
      ${actions.map(
        (action) => html`<button type="button" part="action-button" class="action" data-action=${action.id}
          @click=${() => this.emit(new MessageActionEvent(action.id, message.role, itemIds(message), message.key))}>
          ${action.label}
        </button>`,
      )}
    </div>`;
  }

  private copyMessage(message: Message): void {
    const text = messageMarkdown(message, this.transcriptWords());
    void this.clipboard.copy(text, () => {
      this.announcement = this.text.copied;
      return new ContentCopyEvent('message', text);
    }, message.key);
  }

  private transcriptWords(): TranscriptWords {
    return {
      role: (role) => ownValue(this.participants, role)?.name ?? roleName(this.text, role),
      stop: (stop) => {
        const details = stop.details;
        const extra = details ? [detailsHead(details), details.explanation].filter(Boolean).join(' — ') : '';
        return extra ? `${wording(this.text, stop.reason)} (${extra})` : wording(this.text, stop.reason);
      },
      toolStatus: (view) => this.text.toolStatus[view.status],
      thinking: this.text.thinking,
    };
  }

  private renderDraft(): TemplateResult | typeof nothing {
    const saved = savedCallIds(this.store.displayItems());
    const items = this.draftModel.filter((item) => item.kind !== 'tool_call' || !saved.has(item.toolCallId ?? ''));
    if (items.length === 0) return nothing;
    const last = items[items.length - 1];
    return this.renderMessage({ key: 'draft', role: items[0].role, items, stop: last.stop }, true);
  }

  private renderTools(tools: DisplayItem[], lazy: boolean): TemplateResult {
    const last = tools[tools.length - 1];
    const stop = renderStopMark(last.stop, this.strings);
    if (this.toolDisplay === 'hidden') {
      return html`<p part="tool-trace" class="tool-trace">${this.text.toolsHidden(tools.length)}</p>${stop}`;
    }
    if (tools.length === 1) return this.renderItem(last, { lazy });
    return html`<details part="tool-group" class="tool-group" open>
        <summary part="tool-group-summary">${this.groupSummary(tools)}</summary>
        <div class="tool-group-items">${repeat(tools, (item) => item.key, (item) => this.renderItem(item, { inGroup: true, lazy }))}</div>
      </details>
      ${stop}`;
  }

  private groupSummary(tools: DisplayItem[]): string {
    const calls = tools.filter((item) => item.kind === 'tool_call');
    const views = calls.map((call) => describeToolCall(call, call.toolCallId ? this.model.resultsByCall.get(call.toolCallId) : null));
    const counts = Object.entries(summarizeGroup(views).byStatus)
      .filter(([status]) => status !== 'completed')
      .map(([status, n]) => [ownValue(this.text.toolStatus, status) ?? status, n] as [string, number]);
    return this.text.toolGroup(calls.length, counts);
  }

  private renderItem(item: DisplayItem, { inGroup = false, streaming = false, lazy = false }: ItemOptions): TemplateResult {
    switch (item.kind) {
      case 'tool_call': {
        const nested = item.toolCallId ? this.model.nested.get(item.toolCallId) : undefined;
        return html`<tool-call-item
          ?compact=${this.toolDisplay === 'compact'}
          ?no-stop-mark=${inGroup}
          ?lazy=${lazy}
          .item=${item}
          .result=${item.toolCallId ? this.model.resultsByCall.get(item.toolCallId) : undefined}
          .subagentMessages=${nested ? this.shownMessages(nested) : 0}
          .strings=${this.strings}
          image-origins=${this.imageOrigins}
        >${nested ? this.renderNested(nested) : nothing}</tool-call-item>`;
      }
      case 'tool_result':
        return html`<tool-result-item ?no-stop-mark=${inGroup} ?lazy=${lazy} .item=${item} .strings=${this.strings}></tool-result-item>`;
      default: {
        // Reasoning and text take the same properties; only the element differs.
        const tag = item.kind === 'thinking' ? THINKING_TAG : TEXT_TAG;
        return staticHtml`<${tag}
          .item=${item}
          .strings=${this.strings}
          ?streaming=${streaming}
          ?lazy=${lazy}
          image-origins=${this.imageOrigins}
          .linkSchemes=${this.linkSchemes}
          link-target=${this.linkTarget}
        ></${tag}>`;
      }
    }
  }

  /** A fresh, long history mounts its newest messages now and the rest in idle time. */
  private planMounting(previous: Message[]): void {
    const total = this.model.messages.length;
    const fresh = previous.length === 0 || !this.model.messages.some((m) => m.key === previous[previous.length - 1].key);
    // Server-rendered HTML holds every message: hydration must find them all in the first render.
    const hydrating = !this.hasUpdated && (this.renderRoot?.childNodes.length ?? 0) > 0;
    if (fresh) this.mountedFrom = isServer || hydrating ? 0 : Math.max(0, total - FIRST_MOUNT);
    else this.mountedFrom = Math.min(this.mountedFrom, total);
    if (this.mountedFrom > 0) this.scheduleMounting();
  }

  private scheduleMounting(): void {
    if (this.mountTask !== null) return;
    const next = () => {
      this.mountTask = null;
      this.mountedFrom = Math.max(0, this.mountedFrom - MOUNT_CHUNK);
      if (this.mountedFrom > 0) this.scheduleMounting();
    };
    this.mountTask =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(next, { timeout: 250 })
        : (setTimeout(next, 16) as unknown as number);
  }

  private cancelMounting(): void {
    if (this.mountTask === null) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(this.mountTask);
    else clearTimeout(this.mountTask);
    this.mountTask = null;
  }

  /** Resolves once every message is in the DOM (long histories mount in idle time). */
  get mountComplete(): Promise<void> {
    return (async () => {
      while (this.mountedFrom > 0 || this.isUpdatePending) {
        await new Promise((resolve) => setTimeout(resolve, 16));
        await this.updateComplete;
      }
    })();
  }

  /** Messages that show something: a tool message whose results all sit inside their calls does not. */
  private shownMessages(messages: Message[]): number {
    return messages.filter((message) => message.items.some((item) => !this.model.pairedResultKeys.has(item.key))).length;
  }

  /** A sub-agent's turns, inside the call that started it (slotted, so the call can collapse them). */
  private renderNested(messages: Message[]): TemplateResult {
    return html`<div slot="subagent" part="subagent" class="subagent">
      ${repeat(messages, (message) => message.key, (message) => this.renderMessage(message))}
    </div>`;
  }

  /**
   * The reader stops following only by moving up; content that grows or mounts above never
   * counts as that. Back at the bottom, following resumes.
   */
  private onScroll(): void {
    const log = this.log;
    if (!log) return;
    const top = log.scrollTop;
    // The list's own scrolling (following, keeping the anchor) already left everything in place.
    if (Math.abs(top - this.lastScrollTop) < 1) return;
    const movedUp = top < this.lastScrollTop - 1;
    this.lastScrollTop = top;
    const atBottom = log.scrollHeight - top - log.clientHeight <= BOTTOM_SLACK;
    if (atBottom) {
      this.following = true;
      this.unseen = 0;
    } else if (movedUp) {
      this.following = false;
    }
    this.anchor = this.following ? null : this.findAnchor();
  }

  private stickToBottom(): void {
    const log = this.log;
    if (!log || !this.following || log.scrollHeight <= log.clientHeight) return;
    log.scrollTop = log.scrollHeight;
    this.lastScrollTop = log.scrollTop;
  }

  /** New messages at the end while the reader is scrolled up: counted on the jump button. */
  private countUnseen(previous: Message[]): void {
    if (this.following || previous.length === 0) return;
    const lastSeen = previous[previous.length - 1].key;
    const index = this.model.messages.findIndex((message) => message.key === lastSeen);
    if (index >= 0) this.unseen += this.model.messages.length - 1 - index;
  }

  /** The first message the reader can see, and where. */
  private findAnchor(): MessageList['anchor'] {
    const log = this.log;
    if (!log) return null;
    const top = log.getBoundingClientRect().top;
    // Blocks first: measuring a message inside a skipped block would lay that block out.
    const block = firstBelow(log.querySelectorAll<HTMLElement>('.list > .block'), top);
    const found = block && firstBelow(block.querySelectorAll<HTMLElement>(':scope > article[data-key]'), top);
    if (!found) return null;
    return { key: found.dataset.key!, offset: found.getBoundingClientRect().top - top };
  }

  private releaseAnchor(): void {
    this.anchor = null;
  }

  private restoreAnchor(): void {
    const anchor = this.anchor;
    const log = this.log;
    if (!anchor || !log) return;
    if (this.following) {
      this.anchor = null;
      return;
    }
    const article = log.querySelector<HTMLElement>(`article[data-key="${CSS.escape(anchor.key)}"]`);
    if (!article) return;
    const shift = article.getBoundingClientRect().top - log.getBoundingClientRect().top - anchor.offset;
    if (Math.abs(shift) > 0.5) {
      log.scrollTop += shift;
      this.lastScrollTop = log.scrollTop;
    }
  }

  private announceDraft(was: boolean, is: boolean): void {
    if (!was && is) this.announcement = this.text.responding;
    if (was && !is) {
      const last = this.model.messages[this.model.messages.length - 1];
      this.announcement = last?.stop ? wording(this.text, last.stop.reason) : this.text.responseComplete;
    }
  }

  private readScriptChild(): void {
    const script = this.querySelector(':scope > script[type="application/json"]');
    if (!script) return;
    const parsed = jsonAttribute.fromAttribute!(script.textContent ?? '', undefined);
    this.items = parsed;
  }

  private reportInvalid(message: string): void {
    this.inputError = message;
    this.emit(new InputErrorEvent(message));
  }
}

function itemIds(message: Message): string[] {
  return message.items.map((item) => item.id ?? item.key);
}

const isToolActivity = (item: DisplayItem) => item.kind === 'tool_call' || item.kind === 'tool_result';

function segmentsOf(items: DisplayItem[]): Segment[] {
  const segments: Segment[] = [];
  for (const item of items) {
    const previous = segments[segments.length - 1];
    if (!isToolActivity(item)) segments.push({ key: item.key, item });
    else if (previous && 'tools' in previous) previous.tools.push(item);
    else segments.push({ key: `tools:${item.key}`, tools: [item] });
  }
  return segments;
}

/**
 * Until a block is first shown, its height is estimated from its rows. Set as the property
 * itself: an inherited custom property would restyle every row whenever the count changes.
 */
function blockEstimate(block: Block<Row>): StyleInfo {
  return { containIntrinsicBlockSize: `auto ${block.rows.length * ROW_ESTIMATE_REM}rem` };
}

/** The first of these stacked elements whose bottom lies below `top`, found by halving. */
function firstBelow(elements: NodeListOf<HTMLElement>, top: number): HTMLElement | null {
  let low = 0;
  let high = elements.length - 1;
  let found: HTMLElement | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (elements[middle].getBoundingClientRect().bottom > top) {
      found = elements[middle];
      high = middle - 1;
    } else {
      low = middle + 1;
    }
  }
  return found;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
