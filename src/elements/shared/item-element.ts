import { adoptStyles, html, nothing, type LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { asDisplayItem } from '../../model/normalize.js';
import { safeJson } from '../../model/safe-json.js';
import type { DisplayItem, StopInfo } from '../../model/types.js';
import { resolveStrings, type DisplayKitStrings } from '../../i18n/strings.js';
import { KitElement } from './kit-element.js';
import { parseOrigins } from '../../markdown/url-policy.js';
import type { RenderPolicy } from '../../markdown/sanitize.js';
import { MarkdownView, type ViewOptions } from '../../markdown/view.js';
import { icon } from './icons.js';
import { InvalidJson, jsonAttribute } from './json-attribute.js';
import { InputErrorEvent } from '../../events.js';
import type { JsonTreeState } from './json-tree.js';
import { stopWatching, whenNearViewport } from './near-viewport.js';

/**
 * What every item element shares: an `.item` (either shape, or one the list already
 * normalized), strings, the URL policy, and a render that never throws out of the element.
 *
 * @fires {InputErrorEvent} error - The JSON `item` attribute could not be parsed (the item shows a fallback).
 */
export abstract class ItemElement extends KitElement {
  /** One display item: an extracted item or a persisted row. Untrusted. Also readable from a JSON `item` attribute. */
  @property({ attribute: 'item', converter: jsonAttribute }) item: unknown = undefined;

  /**
   * Origins whose images in model output load without a click (space- or comma-separated;
   * `*` for all). Other remote images wait behind a placeholder.
   */
  @property({ attribute: 'image-origins' }) imageOrigins = '';

  /** Link schemes that may be followed; other links render as text marked "blocked". */
  @property({ attribute: false }) linkSchemes?: readonly string[];

  /** `target` for external links. */
  @property({ attribute: 'link-target' }) linkTarget = '_blank';

  /**
   * Wait until the item nears the viewport: until then its Markdown shows as plain text (find
   * in page still finds it) and it goes unstyled (the list does not draw blocks far from view).
   * The list sets this for messages far above the newest. Once woken, an item stays awake.
   */
  @property({ type: Boolean }) lazy = false;

  /** The list draws this item's stop mark itself (outside a collapsed group), so the item does not. */
  @property({ type: Boolean, attribute: 'no-stop-mark' }) noStopMark = false;

  protected displayItem!: DisplayItem;
  protected text!: DisplayKitStrings;
  protected policy: RenderPolicy = {};
  private markdownOptions: ViewOptions | null = null;
  private markdownView: MarkdownView | null = null;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('strings') || !this.text) this.text = resolveStrings(this.strings);
    if (changed.has('item') || !this.displayItem) this.displayItem = this.readItem();
    if (changed.has('imageOrigins') || changed.has('linkSchemes') || changed.has('linkTarget')) {
      this.policy = {
        imageOrigins: parseOrigins(this.imageOrigins),
        linkSchemes: this.linkSchemes,
        linkTarget: this.linkTarget,
      };
      this.markdownOptions = null;
    }
    if (changed.has('strings')) this.markdownOptions = null;
  }

  private readItem(): DisplayItem {
    if (!(this.item instanceof InvalidJson)) return asDisplayItem(this.item);
    const invalid = asDisplayItem(this.item.text);
    invalid.problems = [this.text ? this.text.invalidJson(this.item.message) : this.item.message];
    this.emit(new InputErrorEvent(this.item.message));
    return invalid;
  }

  private awake = false;
  private styled = false;

  /** Lazy and not yet near the viewport. */
  protected get dormant(): boolean {
    return this.lazy && !this.awake;
  }

  /**
   * A dormant item adopts its styles only once woken: every shadow root that gains styles costs
   * the browser's style engine time in proportion to all the styled roots already on the page.
   */
  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    if (this.dormant && !this.shadowRoot) return this.attachShadow((this.constructor as typeof LitElement).shadowRootOptions);
    this.styled = true;
    return super.createRenderRoot();
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (!this.lazy) this.awake = true;
    if (!this.awake) {
      whenNearViewport(this, () => {
        this.awake = true;
        this.requestUpdate();
      });
      return;
    }
    stopWatching(this);
    if (!this.styled) {
      adoptStyles(this.renderRoot as ShadowRoot, (this.constructor as typeof LitElement).elementStyles);
      this.styled = true;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    stopWatching(this);
  }

  /** Renders Markdown into a container the template left empty (call from `updated`). */
  protected renderMarkdownInto(container: HTMLElement | null, source: string, streaming = false): void {
    if (!container) return;
    if (this.dormant && !streaming) {
      renderPlainText(container, source);
      return;
    }
    if (!this.markdownView || !this.markdownView.owns(container)) {
      container.replaceChildren();
      container.classList.remove('plain-source');
      this.markdownView = new MarkdownView(container);
    }
    this.markdownOptions ??= { policy: this.policy, labels: this.text };
    // While text streams in, at most one DOM update a frame; the last one (stream ended) is
    // synchronous and leaves exactly what a whole render would.
    if (streaming) this.markdownView.schedule(source, this.markdownOptions, { streaming });
    else this.markdownView.update(source, this.markdownOptions);
  }

  protected override render(): TemplateResult {
    const item = this.displayItem;
    const body = this.renderItemOrFallback(item);
    return item.duplicate ? html`${body}${renderDuplicateNote(item, this.text)}` : body;
  }

  private renderItemOrFallback(item: DisplayItem): TemplateResult {
    try {
      if (item.problems.length > 0) return renderFallback(item, this.text);
      return this.renderItem(item);
    } catch (error) {
      return renderFallback(item, this.text, [error instanceof Error ? error.message : String(error)]);
    }
  }

  protected abstract renderItem(item: DisplayItem): TemplateResult;

  private expandedPaths: ReadonlySet<string> = new Set();

  /** State for JSON trees in this element: which long values the reader chose to see whole. */
  protected treeState(prefix: string): JsonTreeState {
    const expanded = new Set([...this.expandedPaths].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length)));
    return {
      expanded,
      expand: (path) => {
        this.expandedPaths = new Set([...this.expandedPaths, prefix + path]);
        this.requestUpdate();
      },
      labels: { showMore: this.text.showMore, items: this.text.jsonItems, keys: this.text.jsonKeys },
    };
  }

  /** The stop mark goes after everything the item says, outside any collapsed body. */
  protected renderStop(item: DisplayItem): TemplateResult | typeof nothing {
    return this.noStopMark ? nothing : renderStopMark(item.stop, this.strings);
  }
}

/** A `stop-mark` for a stop, or nothing: items draw it after themselves, the list after a group. */
export function renderStopMark(stop: StopInfo | null, strings?: Partial<DisplayKitStrings>): TemplateResult | typeof nothing {
  if (!stop) return nothing;
  return html`<stop-mark part="stop-mark" reason=${stop.reason} .details=${stop.details} .strings=${strings}></stop-mark>`;
}

/** A row shown beside an earlier one with the same id says so: a host bug made visible, not hidden. */
function renderDuplicateNote(item: DisplayItem, text: DisplayKitStrings): TemplateResult {
  return html`<p part="duplicate-note" class="duplicate-note" role="note">${icon('info')}<span>${text.duplicateId(item.id ?? '')}</span></p>`;
}

/** Markdown source shown as it is, until it is parsed: readable and findable, never run. */
function renderPlainText(container: HTMLElement, source: string): void {
  if (container.textContent === source) return;
  container.textContent = source;
  container.classList.add('plain-source');
}

/** A visible stand-in for an item that cannot be shown as its kind, with what was received. */
export function renderFallback(item: DisplayItem, text: DisplayKitStrings, extra: string[] = []): TemplateResult {
  const problems = [...item.problems, ...extra];
  return html`<div part="base fallback" class="fallback" role="note">
    <p class="fallback-title">${icon('warning')}<span>${text.fallbackTitle}</span></p>
    ${problems.map((problem) => html`<p class="fallback-problem">${problem}</p>`)}
    <details class="fallback-raw">
      <summary>${text.fallbackRaw}</summary>
      <pre tabindex="0">${safeJson(item.raw, { maxLength: 20_000 })}</pre>
    </details>
  </div>`;
}
