import { html, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import type { DisplayItem } from '../../model/types.js';
import { storedDuration } from '../../model/timing.js';
import { ItemElement, renderFallback } from '../base/item-element.js';
import { CopyController } from '../controllers/copy-controller.js';
import { MarkdownController } from '../controllers/markdown-controller.js';
import { icon } from '../support/icons.js';
import { tokenStyles } from '../styles/tokens.styles.js';
import { itemStyles } from '../styles/item.styles.js';
import { chevronStyles } from '../styles/chevron.styles.js';
import { markdownStyles } from '../styles/markdown.styles.js';
import { styles } from './thinking-item.styles.js';
import type { FindField } from '../../model/find.js';
import { NOT_MARKDOWN_CONTENT, regionsIn, type FindRegion } from '../support/findable.js';

/**
 * @summary The model's reasoning, collapsed behind a keyboard-operable disclosure.
 *
 * The body is Markdown, rendered only once opened. When the message stopped during its
 * reasoning, the stop mark sits after the disclosure, visible while the body is collapsed.
 * "Thought for 12 s" when storage says how long it took (`duration`, or `duration_ms` or
 * `started_at`/`completed_at` in the item's metadata); never timed by the browser.
 *
 * @cssstate streaming - The reasoning is still arriving.
 * @cssstate unfinished - The message stopped early during this reasoning.
 *
 * @fires {ContentCopyEvent} content-copy - The reader copied a code block (`content` is `code`).
 *
 * @csspart base - The disclosure (`<details>`).
 * @csspart summary - The clickable label.
 * @csspart body - The rendered reasoning.
 * @csspart code-block - A fenced code block (inside `body`).
 * @csspart copy-button - A code block's copy button.
 * @csspart image-placeholder - A remote image waiting for a click.
 * @csspart blocked - A link or image the URL policy refused.
 * @csspart broken-image - An image that could not be loaded: its alt text, a link to it, and a note.
 * @csspart caret - The caret a streaming text ends in.
 * @csspart diagram - A Mermaid diagram (with `useMermaid()`).
 * @csspart diagram-toggle - The button that shows a diagram's source.
 * @csspart math-error - A formula that could not be rendered (with `useKatex()`).
 * @csspart stop-mark - The stop mark, outside the collapsed body.
 * @csspart stop-mark__* - The stop mark's own parts, renamed `stop-mark__base`, `stop-mark__label`…
 * @csspart fallback - The stand-in for an item that cannot be shown.
 * @csspart duplicate-note - The note under a row whose id an earlier row already has (both are shown).
 * @csspart icon - Icons.
 *
 * @cssprop [--dk-thinking-color=var(--dk-color-text-muted)] - Text colour of the reasoning.
 * @cssprop [--dk-code-background=var(--dk-color-surface-raised)] - Background of fenced code blocks.
 */
export class ThinkingItem extends ItemElement {
  static override styles = [tokenStyles, itemStyles, chevronStyles, markdownStyles, styles];

  /** The reasoning is still arriving: the label says so, and an open body streams with a caret. */
  @property({ type: Boolean, reflect: true }) streaming = false;

  /** Whether the reasoning is shown. */
  @property({ type: Boolean, reflect: true }) open = false;

  /**
   * How long the model reasoned, in ms, when the host (or the list, from stored timestamps)
   * knows it; else the item's stored span, if any.
   */
  @property({ type: Number }) duration: number | null = null;

  private readonly clipboard = new CopyController(this);
  protected override readonly markdown = new MarkdownController(this, this.clipboard);

  /** For the list's find (`Findable`): wakes the item, and opens the reasoning when asked for its text. */
  override prepareFind(what?: FindField | 'subagent'): Promise<void> {
    if (what && what !== 'subagent') this.open = true;
    return super.prepareFind(what);
  }

  /** For the list's find (`Findable`): where the reasoning shows (its `text`), which stays empty until opened. */
  override findRegions(field: FindField): FindRegion[] {
    return regionsIn(this.shadowRoot, field === 'text' ? '.markdown' : undefined, NOT_MARKDOWN_CONTENT);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    this.states.set([this.streaming && 'streaming', this.displayItem.stop && 'unfinished']);
  }

  protected renderItem(item: DisplayItem): TemplateResult {
    const source = item.kind === 'thinking' || item.kind === 'text' ? item.text : null;
    // Another kind handed to a thinking-item still shows what it holds: nothing is dropped.
    if (source === null) return renderFallback(item, this.text, [this.text.unknownKind(item.kind)]);
    // The body renders (and parses) only once opened: most reasoning is never read.
    if (this.open) {
      this.markdown.show(source, this.markdownOptions, { streaming: this.streaming, plain: this.wake.dormant && !this.streaming });
    }
    return html`<details part="base" class="thinking" ?open=${this.open} @toggle=${this.onToggle}>
        <summary part="summary">${icon('chevron', 'icon chevron')}${icon('thinking')}<span>${this.label(item)}</span></summary>
        <div part="body" class="markdown"></div>
      </details>
      ${this.renderStop(item)}`;
  }

  private label(item: DisplayItem): string {
    if (this.streaming) return this.text.thinkingNow;
    const duration = this.duration ?? storedDuration(item.metadata);
    return duration !== null && Number.isFinite(duration) && duration >= 0 ? this.text.thoughtFor(this.text.duration(duration)) : this.text.thinking;
  }

  private onToggle(event: Event): void {
    this.open = (event.currentTarget as HTMLDetailsElement).open;
  }
}
