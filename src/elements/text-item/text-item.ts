import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { parseJsonText, safeJson } from '../../model/safe-json.js';
import { humanizeCode } from '../../model/humanize.js';
import {
  ITEM_KINDS, KNOWN_ROLES, TODO_STATUSES, type DisplayItem, type DisplayItemOf, type TodoStatus,
} from '../../model/types.js';
import { checkHostImage } from '../../markdown/url-policy.js';
import { brokenImageMarker } from '../../markdown/sanitize.js';
import { repairTail } from '../../markdown/repair/index.js';
import { roleName, todoStatusName } from '../../i18n/strings.js';
import { ItemElement } from '../base/item-element.js';
import { CopyController } from '../controllers/copy-controller.js';
import { MarkdownController } from '../controllers/markdown-controller.js';
import { icon } from '../support/icons.js';
import { renderJsonTree } from '../support/json-tree.js';
import { JsonTreeController } from '../controllers/json-tree-controller.js';
import { jsonTreeStyles } from '../styles/json-tree.styles.js';
import { tokenStyles } from '../styles/tokens.styles.js';
import { itemStyles } from '../styles/item.styles.js';
import { markdownStyles } from '../styles/markdown.styles.js';
import { styles } from './text-item.styles.js';
import type { CitedText } from './citations.js';
import { citationsCode, citationsRequest } from './citations-code.js';
import { renderSources } from './sources.js';
import type { NarrationDisplay } from '../../model/types.js';
import type { FindField } from '../../model/find.js';
import { NOT_MARKDOWN_CONTENT, regionsIn, type FindRegion } from '../support/findable.js';

/**
 * @summary Renders what was said: Markdown text, and every non-tool kind a host or the framework
 * writes (notifications, errors, todo snapshots, images, file references, structured data, and
 * unknown kinds).
 *
 * User text reads as the user's bubble, assistant text as prose, system text as a notice. Raw
 * HTML in Markdown is inert, links are checked, and remote images wait for a click. A malformed
 * item renders a visible fallback instead of throwing.
 *
 * @cssstate user - Written by the user (likewise `assistant`, `system`, `tool`; other roles set none).
 * @cssstate text - The item is Markdown text (likewise `notification`, `error`, `todo_snapshot`, `image`, `file_reference`, `structured_data`; `other` for a kind the kit does not know, `invalid` for a fallback).
 * @cssstate streaming - The text is still arriving.
 * @cssstate unfinished - The message stopped early at this item.
 * @cssstate narration - The text narrates work in progress (`utterance: "narration"`) rather than answering.
 *
 * @fires {ContentCopyEvent} content-copy - The reader copied a code block (`content` is `code`).
 *
 * @csspart base - The wrapper of the item.
 * @csspart body - The rendered Markdown or plain text.
 * @csspart code-block - A fenced code block (inside `body`).
 * @csspart copy-button - A code block's copy button.
 * @csspart image-placeholder - A remote image waiting for a click.
 * @csspart blocked - A link or image the URL policy refused.
 * @csspart broken-image - An image that could not be loaded: its alt text, a link to it, and a note.
 * @csspart caret - The caret a streaming text ends in.
 * @csspart diagram - A Mermaid diagram (with `useMermaid()`).
 * @csspart diagram-toggle - The button that shows a diagram's source.
 * @csspart math-error - A formula that could not be rendered (with `useKatex()`).
 * @csspart narration - The wrapper of a narrating text (with `base`).
 * @csspart citation - A numbered citation marker in the text.
 * @csspart sources - The list of sources the text cites.
 * @csspart source - Each source in that list.
 * @csspart todo-list - The checklist of a todo snapshot.
 * @csspart json - A JSON tree: structured data.
 * @csspart details - The disclosure of what a notice holds beyond its line (a compacted conversation's summary).
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart duplicate-note - The note under a row whose id an earlier row already has (both are shown).
 * @csspart stop-mark - The stop mark when the item's message stopped early.
 * @csspart stop-mark__* - The stop mark's own parts, renamed `stop-mark__base`, `stop-mark__label`…
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-user-bubble-background=var(--dk-color-user-bubble)] - Background of user text.
 * @cssprop [--dk-user-bubble-color=var(--dk-color-user-text)] - Text colour of user text.
 * @cssprop [--dk-code-background=var(--dk-color-surface-raised)] - Background of fenced code blocks.
 * @cssprop [--dk-json-background=var(--dk-color-surface-raised)] - Background of JSON: structured data.
 * @cssprop [--dk-user-bubble-radius=var(--dk-radius)] - Corner radius of user text.
 * @cssprop [--dk-caret-color=var(--dk-color-accent)] - The caret a streaming text ends in.
 */
export class TextItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, markdownStyles, jsonTreeStyles, styles];

  /** The text is still arriving: Markdown renders incrementally, with a caret, at most once a frame. */
  @property({ type: Boolean, reflect: true }) streaming = false;

  /**
   * How narration shows: text marked `utterance: "narration"` (the model describing work in
   * progress, not answering). `shown` (default) draws it quieter than an answer; `hidden` draws
   * nothing for it.
   */
  @property({ reflect: true }) narration: NarrationDisplay = 'shown';

  private readonly clipboard = new CopyController(this);
  private readonly trees = new JsonTreeController(this);
  protected override readonly markdown = new MarkdownController(this, this.clipboard);
  private cited: CitedText | null = null;
  private readonly citations = citationsRequest(this);
  /** The citations code this text asked for and has not rendered with yet. */
  private citationsFetch: Promise<void> | null = null;

  /** Who wrote the item as last rendered (`user`, `assistant`, `system`, `tool`, or as sent). */
  get author(): string {
    return this.displayItem?.role ?? '';
  }

  /** The item's kind as last rendered (`text`, `notification`, …, `other` for a kind the kit does not know). */
  get kind(): string {
    return this.displayItem?.kind ?? '';
  }

  /** For the list's find (`Findable`): where the item's text shows (every kind's is the `text` field). */
  override findRegions(field: FindField): FindRegion[] {
    return regionsIn(this.shadowRoot, field === 'text' ? TEXT_REGIONS : undefined, NOT_MARKDOWN_CONTENT);
  }

  /** Done once the citations code a cited text asked for is here and the text rendered with it. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    if (!this.citationsFetch) return result;
    await this.citationsFetch;
    this.citationsFetch = null;
    return super.getUpdateComplete();
  }

  /** The server drew a cited text's sources, so the first render waits for the code that draws them too, or hydration fails. */
  protected override scheduleUpdate(): void | Promise<unknown> {
    if (!this.hasUpdated && !citationsCode() && this.renderRoot?.querySelector('.sources')) {
      return this.citations.request().then(() => super.scheduleUpdate());
    }
    return super.scheduleUpdate();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const item = this.displayItem;
    this.states.set([
      KNOWN_ROLE.has(item.role) && item.role,
      STATE_KINDS.has(item.kind) && item.kind,
      this.streaming && 'streaming',
      item.stop && 'unfinished',
      item.kind === 'text' && item.utterance === 'narration' && 'narration',
    ]);
  }

  /**
   * The item's text with its citation markers, made again only when the item or the words change.
   * Null until the citations code is here: the text shows without markers until then.
   */
  private citedText(item: DisplayItemOf<'text'>): CitedText | null {
    if (item.citations.length === 0) return null;
    const code = citationsCode();
    if (!code) {
      this.citationsFetch = this.citations.request();
      return null;
    }
    const options = this.markdownOptions;
    if (this.cited?.item !== item || this.cited.base !== options) this.cited = code.citedText(item, options, this.text, this.cited);
    return this.cited;
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    switch (item.kind) {
      case 'text':
        return this.renderText(item);
      case 'notification':
        return this.renderNotice(item, 'info', null, item.details);
      case 'error':
        return this.renderNotice(item, 'error', item.errorType);
      case 'todo_snapshot':
        return this.renderTodos(item);
      case 'image':
        return this.renderImage(item);
      case 'file_reference':
        return this.renderFile(item);
      case 'structured_data':
        return this.renderData(item);
      default:
        return this.renderUnknown(item);
    }
  }

  private renderText(item: DisplayItemOf<'text'>): TemplateResult {
    const narration = item.utterance === 'narration';
    // Hidden narration still says where the message stopped, if it stopped there.
    if (narration && this.narration === 'hidden') return html`${this.renderStop(item)}`;
    const plain = this.wake.dormant && !this.streaming;
    const cited = this.citedText(item);
    const tips = cited ? citationsCode()!.keepTipInView : nothing;
    this.markdown.show(cited && !plain ? cited.source : this.finishedSource(item), cited?.options ?? this.markdownOptions, { streaming: this.streaming, plain });
    // The Markdown view owns the container's children, so no binding may live inside it. On
    // the server (no DOM to sanitize with) the source goes out as plain text beside it, and the
    // browser's first render removes that once it renders the Markdown.
    return html`<div
        part=${narration ? 'base narration' : 'base'}
        class="text ${item.role} ${narration ? 'narration' : ''}"
        role=${narration ? 'note' : nothing}
        aria-label=${narration ? this.text.narration : nothing}
        @pointerover=${tips}
        @focusin=${tips}
      >
        <div part="body" class="markdown"></div>${isServer
          ? html`<div class="markdown plain-source server-text">${item.text}</div>`
          : nothing}
        ${cited ? renderSources(cited.sources, this.text) : nothing}
      </div>
      ${this.renderStop(item)}`;
  }

  /**
   * A text its message stopped in the middle of reads as it did while it streamed: what it left
   * open (`**`, a fence, a link's target) is closed or hidden, not shown as raw markers.
   */
  private finishedSource(item: DisplayItemOf<'text'>): string {
    return item.stop && !this.streaming ? repairTail(item.text) : item.text;
  }

  /** A notice, and what it holds beyond its line (`details`, as Markdown) behind a disclosure under it. */
  private renderNotice(item: DisplayItemOf<'notification' | 'error'>, tone: 'info' | 'error', errorType: string | null, details: string | null = null): TemplateResult {
    if (details) this.markdown.show(details, this.markdownOptions, { plain: this.wake.dormant });
    return html`<div part="base" class="notice ${tone}" role="note">
        ${icon(tone === 'error' ? 'failed' : 'info')}
        <p part="body" class="notice-text">
          <span class="visually-hidden">${tone === 'error' ? this.text.error : this.text.notice}: </span
          ><span dir="auto">${item.text}</span>
          ${errorType ? html`<code class="error-type">${errorType}</code>` : nothing}
        </p>
        ${details
          ? html`<details part="details"><summary>${this.text.noticeDetails}</summary><div class="markdown"></div></details>`
          : nothing}
      </div>
      ${this.renderStop(item)}`;
  }

  private renderTodos(item: DisplayItemOf<'todo_snapshot'>): TemplateResult {
    const todos = item.todos;
    const done = todos.filter((todo) => todo.status === 'completed').length;
    return html`<div part="base" class="todos">
        <p class="todo-progress">
          <progress max=${todos.length} .value=${done} aria-hidden="true"></progress>
          <span>${this.text.todoProgress(done, todos.length)}</span>
        </p>
        <ul part="todo-list" class="todo-list">
          ${todos.map(
            (todo) => html`<li class="todo ${todoState(todo.status) ?? ''}">
              ${icon(todoIcon(todo.status))}
              <span class="todo-text" dir="auto">${todo.text}</span>
              <span class="todo-status">${todoStatusName(this.text, todo.status)}</span>
            </li>`,
          )}
        </ul>
      </div>
      ${this.renderStop(item)}`;
  }

  private renderImage(item: DisplayItemOf<'image'>): TemplateResult {
    const verdict = checkHostImage(item.source);
    return html`<figure part="base" class="image">
        ${verdict.action === 'load'
          ? html`<img src=${verdict.src} alt=${item.alt} loading="lazy" referrerpolicy="no-referrer" @error=${this.brokenImage} />`
          : html`<p class="blocked" part="blocked">${icon('warning')} ${this.text.blockedImage}${item.alt ? html`: <span dir="auto">${item.alt}</span>` : nothing}</p>`}
        ${item.caption ? html`<figcaption dir="auto">${item.caption}</figcaption>` : nothing}
      </figure>
      ${this.renderStop(item)}`;
  }

  /** An image item that could not be loaded shows as Markdown's do: its alt text as a link to try it, and a note. */
  private readonly brokenImage = (event: Event): void => {
    const image = event.target as HTMLImageElement;
    image.replaceWith(brokenImageMarker(image, this.policy, this.text));
  };

  private renderFile(item: DisplayItemOf<'file_reference'>): TemplateResult {
    const path = item.path;
    const name = item.name ?? path?.split('/').pop() ?? this.text.file;
    return html`<div part="base" class="file">
        ${icon('file')}
        <span class="visually-hidden">${this.text.file}: </span>
        <span class="file-name" dir="auto">${name}</span>
        ${path && path !== name ? html`<code class="file-path">${path}</code>` : nothing}
      </div>
      ${this.renderStop(item)}`;
  }

  private renderData(item: DisplayItemOf<'structured_data'>): TemplateResult {
    return html`<div part="base" class="data">
        <p class="data-label">${this.text.data}${item.format ? html` · <code>${item.format}</code>` : nothing}</p>
        ${this.renderDataValue(item.data)}
      </div>
      ${this.renderStop(item)}`;
  }

  /** Structured data reads as a tool's arguments and results do: a JSON tree (text that is not JSON, as it is). */
  private renderDataValue(data: unknown): TemplateResult {
    const parsed = typeof data === 'string' ? parseJsonText(data) : { ok: true as const, value: data };
    return parsed.ok
      ? html`<div class="data-tree">${renderJsonTree(parsed.value, this.trees.state('data', this.text))}</div>`
      : html`<pre class="json" tabindex="0">${data}</pre>`;
  }

  /**
   * Any other kind shows `content.text` if present, else the content itself
   * (docs/display-items.md#unknown-kinds). (So do reasoning and tool items handed to a text-item:
   * nothing is dropped.)
   */
  private renderUnknown(item: DisplayItem): TemplateResult {
    const text = item.kind === 'other' ? item.text : item.kind === 'thinking' ? item.text : null;
    const kind = item.kind === 'other' || item.kind === 'invalid' ? (item.kindName ?? item.kind) : item.kind;
    return html`<div part="base" class="unknown">
        <p class="data-label">${this.text.unknownKind(humanizeCode(kind) || kind)} · ${roleName(this.text, item.role)}</p>
        ${text !== null
          ? html`<p part="body" class="plain">${text}</p>`
          : html`<pre class="json" tabindex="0">${safeJson(item.content)}</pre>`}
      </div>
      ${this.renderStop(item)}`;
  }
}

/** Where each kind shows its text (`text` is its only field find searches). */
const TEXT_REGIONS = '.markdown, .notice-text, .todo-text, figcaption, .file-name, .file-path, .plain, pre.json, .data-tree, .blocked';

const KNOWN_ROLE: ReadonlySet<string> = new Set(KNOWN_ROLES);
const STATE_KINDS: ReadonlySet<string> = new Set([...ITEM_KINDS, 'other', 'invalid']);
const TODO_STATE: ReadonlySet<string> = new Set(TODO_STATUSES);

function todoState(status: string): TodoStatus | null {
  return TODO_STATE.has(status) ? (status as TodoStatus) : null;
}

const TODO_ICONS: Record<TodoStatus, string> = {
  pending: 'pending',
  in_progress: 'executing',
  completed: 'completed',
  cancelled: 'cancelled',
};

function todoIcon(status: string): string {
  const known = todoState(status);
  return known ? TODO_ICONS[known] : 'unknown';
}
