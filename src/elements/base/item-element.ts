import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';
import { asDisplayItem } from '../../model/normalize.js';
import { safeJson } from '../../model/safe-json.js';
import type { DisplayItem } from '../../model/types.js';
import { resolveStrings, type DisplayKitStrings } from '../../i18n/strings.js';
import { parseOrigins } from '../../markdown/url-policy.js';
import type { RenderPolicy } from '../../markdown/sanitize.js';
import type { ViewOptions } from '../../markdown/view.js';
import type { FindField } from '../../model/find.js';
import { InputErrorEvent } from '../../events.js';
import { PolicyElement } from './policy-element.js';
import { openDetailsUpTo, type Findable, type FindRegion } from '../support/findable.js';
import { icon } from '../support/icons.js';
import { InvalidJson, jsonAttribute } from '../support/json-attribute.js';
import { WakeController } from '../controllers/wake-controller.js';
import type { MarkdownController } from '../controllers/markdown-controller.js';
import { CustomStates } from '../support/custom-states.js';
import { loadedTag } from '../support/registry.js';
import { STOP_MARK_EXPORTS } from '../support/part-names.js';

/**
 * What every item element shares: an `.item` (either shape, or one the list already
 * normalized), strings, the URL policy, and a render that never throws out of the element.
 *
 * @fires {InputErrorEvent} error - The JSON `item` attribute could not be parsed (the item shows a fallback).
 */
export abstract class ItemElement extends PolicyElement implements Findable {
  /** One display item: an extracted item or a persisted row. Untrusted. Also readable from a JSON `item` attribute. */
  @property({ attribute: 'item', converter: jsonAttribute }) item: unknown = undefined;

  /**
   * Wait until the item nears the viewport: until then its Markdown shows as plain text (find
   * in page still finds it) and it goes unstyled (the list does not draw blocks far from view).
   * The list sets this for messages far above the newest. Once woken, an item stays awake.
   */
  @property({ type: Boolean }) lazy = false;

  /** The list draws this item's stop mark itself (outside a collapsed group), so the item does not. */
  @property({ type: Boolean, attribute: 'no-stop-mark' }) noStopMark = false;

  /** What the stop mark may offer the reader, space-separated: `continue`, `retry` (see `stop-mark`'s `actions`). */
  @property({ attribute: 'stop-actions' }) stopActions = '';

  protected displayItem!: DisplayItem;
  protected text!: DisplayKitStrings;
  /** The URL policy as the Markdown renders with it: a new object whenever one of its properties changes. */
  protected policy: RenderPolicy = {};
  protected readonly wake = new WakeController(this);
  /** The item's Markdown, for the items that render some. */
  protected readonly markdown: MarkdownController | null = null;
  protected readonly states = new CustomStates(this);
  private viewOptions: ViewOptions | null = null;

  /** Done once the element rendered and its Markdown is drawn (a text handed over again is drawn in a frame of its own). */
  protected override async getUpdateComplete(): Promise<boolean> {
    const result = await super.getUpdateComplete();
    await this.markdown?.drawn();
    return result;
  }

  protected override createRenderRoot(): HTMLElement | DocumentFragment {
    return this.wake.createRenderRoot(() => super.createRenderRoot());
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('strings') || !this.text) {
      this.text = resolveStrings(this.strings);
      this.viewOptions = null;
    }
    if (changed.has('item') || !this.displayItem) this.displayItem = this.readItem();
    if (changed.has('imageOrigins') || changed.has('linkSchemes') || changed.has('linkTarget')) {
      this.policy = { imageOrigins: parseOrigins(this.imageOrigins), linkSchemes: this.linkSchemes, linkTarget: this.linkTarget };
      this.viewOptions = null;
    }
  }

  /**
   * For the list's find (`Findable`): wakes the item (a lazy item's Markdown is plain text). An
   * item that hides a field, or holds a sub-agent's turns, opens it too.
   */
  async prepareFind(what?: FindField | 'subagent'): Promise<void> {
    if (what === 'subagent') return;
    this.lazy = false;
    await this.updateComplete;
  }

  /** For the list's find (`Findable`): where `field` shows, in reading order. */
  abstract findRegions(field: FindField): readonly FindRegion[];

  /** For the list's find (`Findable`): opens what hides `node` inside the item (a folded JSON node, collapsed reasoning). */
  revealFind(node: Node): void {
    openDetailsUpTo(node, this);
  }

  /** What the Markdown of this item renders with: one object while policy and strings stay. */
  protected get markdownOptions(): ViewOptions {
    this.viewOptions ??= { policy: this.policy, labels: this.text };
    return this.viewOptions;
  }

  private readItem(): DisplayItem {
    if (!(this.item instanceof InvalidJson)) return asDisplayItem(this.item);
    const invalid = asDisplayItem(this.item.text);
    invalid.problems = [this.text ? this.text.invalidJson(this.item.message) : this.item.message];
    this.emit(new InputErrorEvent(this.item.message));
    return invalid;
  }

  protected override render(): TemplateResult {
    const item = this.displayItem;
    const body = this.renderItemOrFallback(item);
    return item.duplicate ? html`${body}${renderDuplicateNote(item, this.text)}` : body;
  }

  private renderItemOrFallback(item: DisplayItem): TemplateResult {
    try {
      if (item.kind === 'invalid') return renderFallback(item, this.text);
      return this.renderItem(item);
    } catch (error) {
      return renderFallback(item, this.text, [error instanceof Error ? error.message : String(error)]);
    }
  }

  protected abstract renderItem(item: DisplayItem): TemplateResult;

  /** The stop mark goes after everything the item says, outside any collapsed body. */
  protected renderStop(item: DisplayItem): TemplateResult | typeof nothing {
    return this.noStopMark ? nothing : renderStopMark(item, this.strings, this.stopActions);
  }
}

/**
 * Stop-mark's default tag, until its module has loaded: the items' define modules load it, and a
 * base class does not import an element of its own.
 */
const STOP_MARK = unsafeStatic('stop-mark');

/** The `stop-mark` of an item's stop, or nothing: items draw it after themselves, the list after a group. */
export function renderStopMark(item: DisplayItem, strings?: Partial<DisplayKitStrings>, actions = ''): TemplateResult | typeof nothing {
  const stop = item.stop;
  if (!stop) return nothing;
  const tag = loadedTag('stop-mark') ?? STOP_MARK;
  return staticHtml`<${tag} part="stop-mark" exportparts=${STOP_MARK_EXPORTS} class="stop-mark" reason=${stop.reason} .details=${stop.details} .strings=${strings}
    item-id=${item.id ?? item.key} .actions=${actions}></${tag}>`;
}

/** A row shown beside an earlier one with the same id says so: a host bug made visible, not hidden. */
function renderDuplicateNote(item: DisplayItem, text: DisplayKitStrings): TemplateResult {
  return html`<p part="duplicate-note" class="duplicate-note" role="note">${icon('info')}<span>${text.duplicateId(item.id ?? '')}</span></p>`;
}

/**
 * A visible stand-in for an item that cannot be shown as its kind: one quiet line that says so,
 * and behind it what went wrong and what was received.
 */
export function renderFallback(item: DisplayItem, text: DisplayKitStrings, extra: string[] = []): TemplateResult {
  const problems = [...item.problems, ...extra];
  return html`<div part="base fallback" class="fallback" role="note">
    <details class="fallback-raw">
      <summary>${icon('warning', 'icon fallback-icon')}<span>${text.fallbackTitle}</span></summary>
      <div class="fallback-body">
        ${problems.map((problem) => html`<p class="fallback-problem">${problem}</p>`)}
        <p class="fallback-received">${text.fallbackRaw}</p>
        <pre tabindex="0">${safeJson(item.raw, { maxLength: 20_000 })}</pre>
      </div>
    </details>
  </div>`;
}
