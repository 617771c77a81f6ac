import { html, isServer, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { isPlainObject, ownValue, readKey, readString } from '../../model/guards.js';
import { safeJson } from '../../model/safe-json.js';
import type { DisplayItem } from '../../model/types.js';
import { checkHostImage } from '../../markdown/url-policy.js';
import { roleName, todoStatusName } from '../../i18n/strings.js';
import { ItemElement } from '../shared/item-element.js';
import { icon } from '../shared/icons.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { itemStyles } from '../shared/item.styles.js';
import { markdownStyles } from '../shared/markdown.styles.js';
import { styles } from './text-item.styles.js';

const TODO_STATES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
type TodoState = (typeof TODO_STATES)[number];

/**
 * @summary Renders what was said: Markdown text, and every non-tool kind a host or the framework
 * writes (notifications, errors, todo snapshots, images, file references, structured data, and
 * unknown kinds).
 *
 * User text reads as the user's bubble, assistant text as prose, system text as a notice. Raw
 * HTML in Markdown is inert, links are checked, and remote images wait for a click. A malformed
 * item renders a visible fallback instead of throwing.
 *
 * @fires {ContentCopyEvent} content-copy - The reader copied a code block (`content` is `code`).
 *
 * @csspart base - The wrapper of the item.
 * @csspart body - The rendered Markdown or plain text.
 * @csspart code-block - A fenced code block (inside `body`).
 * @csspart copy-button - A code block's copy button.
 * @csspart image-placeholder - A remote image waiting for a click.
 * @csspart blocked - A link or image the URL policy refused.
 * @csspart todo-list - The checklist of a todo snapshot.
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart duplicate-note - The note under a row whose id an earlier row already has (both are shown).
 * @csspart stop-mark - The stop mark when the item's message stopped early.
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-user-bubble-background=var(--dk-color-user-bubble)] - Background of user text.
 * @cssprop [--dk-user-bubble-radius=var(--dk-radius)] - Corner radius of user text.
 */
export class TextItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, markdownStyles, styles];

  /** Who wrote the item (`user`, `assistant`, `system`, `tool`), reflected for styling. */
  @property({ reflect: true }) author = '';

  /** The text is still arriving: Markdown renders incrementally, with a caret, at most once a frame. */
  @property({ type: Boolean, reflect: true }) streaming = false;

  /** The item's kind (`text`, `notification`, `error`, …), reflected for styling. */
  @property({ reflect: true }) kind = '';

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.author = this.displayItem.role;
    this.kind = this.displayItem.kind;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const item = this.displayItem;
    if (item.kind === 'text' && item.problems.length === 0) {
      this.renderMarkdownInto(this.renderRoot.querySelector<HTMLElement>('.markdown'), readString(item.content, 'text') ?? '', this.streaming);
    }
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    switch (item.kind) {
      case 'text':
        return this.renderText(item);
      case 'notification':
        return this.renderNotice(item, 'info');
      case 'error':
        return this.renderNotice(item, 'error');
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

  private renderText(item: DisplayItem): TemplateResult {
    // The Markdown view owns the container's children, so no binding may live inside it. On
    // the server (no DOM to sanitize with) the source goes out as plain text beside it, and the
    // browser's first render removes that once it renders the Markdown.
    return html`<div part="base" class="text ${item.role}">
        <div part="body" class="markdown"></div>${isServer
          ? html`<div class="markdown plain-source server-text">${readString(item.content, 'text')}</div>`
          : nothing}
      </div>
      ${this.renderStop(item)}`;
  }

  private renderNotice(item: DisplayItem, tone: 'info' | 'error'): TemplateResult {
    const errorType = readString(item.content, 'error_type');
    return html`<div part="base" class="notice ${tone}" role="note">
        ${icon(tone === 'error' ? 'failed' : 'info')}
        <p part="body" class="notice-text">
          <span class="visually-hidden">${tone === 'error' ? this.text.error : this.text.notice}: </span
          >${readString(item.content, 'text')}
          ${errorType ? html`<code class="error-type">${errorType}</code>` : nothing}
        </p>
      </div>
      ${this.renderStop(item)}`;
  }

  private renderTodos(item: DisplayItem): TemplateResult {
    const todos = (readKey(item.content, 'todos') as unknown[]).map(readTodo);
    const done = todos.filter((todo) => todo.status === 'completed').length;
    return html`<div part="base" class="todos">
        <p class="todo-progress">
          <progress max=${todos.length} .value=${done} aria-hidden="true"></progress>
          <span>${this.text.todoProgress(done, todos.length)}</span>
        </p>
        <ul part="todo-list" class="todo-list">
          ${todos.map(
            (todo) => html`<li class="todo ${todo.status}">
              ${icon(todoIcon(todo.status))}
              <span class="todo-text">${todo.text}</span>
              <span class="todo-status">${todoStatusName(this.text, todo.status)}</span>
            </li>`,
          )}
        </ul>
      </div>
      ${this.renderStop(item)}`;
  }

  private renderImage(item: DisplayItem): TemplateResult {
    const data = readString(item.content, 'data');
    const mime = readString(item.content, 'mime_type') ?? '';
    const source = readString(item.content, 'url') ?? (data ? `data:${mime};base64,${data}` : null);
    const verdict = checkHostImage(source);
    const alt = readString(item.content, 'alt_text') ?? readString(item.content, 'caption') ?? '';
    const caption = readString(item.content, 'caption');
    return html`<figure part="base" class="image">
        ${verdict.action === 'load'
          ? html`<img src=${verdict.src} alt=${alt} loading="lazy" referrerpolicy="no-referrer" />`
          : html`<p class="blocked" part="blocked">${icon('warning')} ${this.text.blockedImage}${alt ? `: ${alt}` : ''}</p>`}
        ${caption ? html`<figcaption>${caption}</figcaption>` : nothing}
      </figure>
      ${this.renderStop(item)}`;
  }

  private renderFile(item: DisplayItem): TemplateResult {
    const path = readString(item.content, 'path');
    const name = readString(item.content, 'name') ?? path?.split('/').pop() ?? this.text.file;
    return html`<div part="base" class="file">
        ${icon('file')}
        <span class="visually-hidden">${this.text.file}: </span>
        <span class="file-name">${name}</span>
        ${path && path !== name ? html`<code class="file-path">${path}</code>` : nothing}
      </div>
      ${this.renderStop(item)}`;
  }

  private renderData(item: DisplayItem): TemplateResult {
    const format = readString(item.content, 'format');
    const data = readKey(item.content, 'data');
    return html`<div part="base" class="data">
        <p class="data-label">${this.text.data}${format ? html` · <code>${format}</code>` : nothing}</p>
        <pre class="json" tabindex="0">${typeof data === 'string' ? data : safeJson(data)}</pre>
      </div>
      ${this.renderStop(item)}`;
  }

  /** SPEC §4: any other kind shows `content.text` if present, else the content itself. */
  private renderUnknown(item: DisplayItem): TemplateResult {
    const text = readString(item.content, 'text');
    return html`<div part="base" class="unknown">
        <p class="data-label">${this.text.unknownKind(item.kind)} · ${roleName(this.text, item.role)}</p>
        ${text !== null
          ? html`<p part="body" class="plain">${text}</p>`
          : html`<pre class="json" tabindex="0">${safeJson(item.content)}</pre>`}
      </div>
      ${this.renderStop(item)}`;
  }
}

function readTodo(value: unknown): { text: string; status: string } {
  if (!isPlainObject(value)) return { text: typeof value === 'string' ? value : safeJson(value, { indent: 0 }), status: 'pending' };
  const content = readKey(value, 'content');
  return {
    text: typeof content === 'string' ? content : safeJson(content ?? value, { indent: 0 }),
    status: readString(value, 'status') ?? 'pending',
  };
}

function todoIcon(status: string): string {
  const map: Record<TodoState, string> = {
    pending: 'pending',
    in_progress: 'executing',
    completed: 'completed',
    cancelled: 'cancelled',
  };
  return ownValue(map, status) ?? 'unknown';
}
