import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { readString } from '../../model/guards.js';
import type { DisplayItem } from '../../model/types.js';
import { ItemElement } from '../shared/item-element.js';
import { icon } from '../shared/icons.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { itemStyles } from '../shared/item.styles.js';
import { markdownStyles } from '../shared/markdown.styles.js';
import { styles } from './thinking-item.styles.js';

/**
 * @summary The model's reasoning, collapsed behind a keyboard-operable disclosure.
 *
 * The body is Markdown, rendered only once opened. When the message stopped during its
 * reasoning, the stop mark sits after the disclosure, visible while the body is collapsed.
 *
 * @fires {ContentCopyEvent} content-copy - The reader copied a code block (`content` is `code`).
 *
 * @csspart base - The disclosure (`<details>`).
 * @csspart summary - The clickable label.
 * @csspart body - The rendered reasoning.
 * @csspart stop-mark - The stop mark, outside the collapsed body.
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart duplicate-note - The note under a row whose id an earlier row already has (both are shown).
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-thinking-color=var(--dk-color-text-muted)] - Text colour of the reasoning.
 */
export class ThinkingItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, markdownStyles, styles];

  /** The reasoning is still arriving: the label says so, and an open body streams with a caret. */
  @property({ type: Boolean, reflect: true }) streaming = false;

  /** Whether the reasoning is shown. */
  @property({ type: Boolean, reflect: true }) open = false;

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.open && this.displayItem.problems.length === 0) {
      this.renderMarkdownInto(this.renderRoot.querySelector<HTMLElement>('.markdown'), readString(this.displayItem.content, 'text') ?? '', this.streaming);
    }
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    return html`<details part="base" class="thinking" ?open=${this.open} @toggle=${this.onToggle}>
        <summary part="summary">${icon('chevron', 'icon chevron')}${icon('thinking')}<span>${this.streaming ? this.text.thinkingNow : this.text.thinking}</span></summary>
        <div part="body" class="markdown"></div>
      </details>
      ${this.renderStop(item)}`;
  }

  private onToggle(event: Event): void {
    this.open = (event.currentTarget as HTMLDetailsElement).open;
  }
}
