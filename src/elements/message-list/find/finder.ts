import { html, nothing, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import { entryOf, findInConversation, firstMatchFrom, foldText, type FindEntry, type FindResults } from '../../../model/find.js';
import type { ListModel } from '../../../model/list-model.js';
import type { DisplayKitStrings } from '../../../i18n/strings.js';
import { icon } from '../../support/icons.js';
import { itemElement, openCalls, openDetailsUpTo, type FindableElement } from '../../support/findable.js';
import { findStyles } from './finder.styles.js';
import { matchRanges } from './match-ranges.js';

/** Where find stands: the query, how many matches, and which one is shown (1-based; 0 for none). */
export interface FindState {
  query: string;
  count: number;
  current: number;
}

/** What the finder needs of its list. */
export interface FindHost {
  element: ReactiveElement;
  model(): ListModel;
  /** Tool activity shows (not `tool-display="hidden"`): what it holds can be found. */
  toolsShown(): boolean;
  text(): DisplayKitStrings;
  /** Mounts message `index` and those between it and the mounted ones; resolves once they are rendered (`false`: `wanted` turned false first). */
  reach(index: number, wanted: () => boolean): Promise<boolean>;
  /** The index of the first message the reader sees. */
  firstShown(): number;
  /** The element of the message with this key, when it is mounted. */
  articleOf(key: string): HTMLElement | null;
  /** Scrolls the box `target` gives into view, a third of the way down, and keeps `article` in place; stops once `current` turns false. */
  showInView(target: () => DOMRect, article: HTMLElement, current: () => boolean): Promise<void>;
  /** Focus back where the reader reads, once find closes. */
  focusLog(): void;
}

/** Messages around the current match whose matches are highlighted too (a bounded amount of work per step). */
const WINDOW = 12;

const EMPTY: FindResults = { query: '', count: 0, entries: [] };

const CLOSE = html`<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
  <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" />
</svg>`;

/**
 * Find in a message list (loaded the first time a list is searched): the search bar, the search
 * of the model (`findInConversation`: every message, mounted or not), and the way to a match —
 * mount its message, open the tool group around it, ask the element showing it to show it (a
 * sub-agent's call, collapsed reasoning, a call's details, a folded JSON node: see `Findable`)
 * and where it shows, highlight it and bring it into view, where the list then keeps it.
 * Highlights use the CSS Custom Highlight API (`::highlight(dk-find)`,
 * `::highlight(dk-find-current)`); without it the current match is selected instead.
 */
export class Finder implements ReactiveController {
  /** The search bar is shown. */
  open = false;
  private results: FindResults = EMPTY;
  private current = -1;
  /** What the matches were counted in: the model, and whether tool activity showed. */
  private searched: [ListModel, boolean] | null = null;
  private jump = 0;
  private highlighted: Range[] = [];
  private currentRange: Range | null = null;
  /** The list changed while a search is on: its matches are shown again once it rendered. */
  private refresh = false;

  constructor(private readonly host: FindHost) {
    host.element.addController(this);
    const root = host.element.renderRoot;
    if (root instanceof ShadowRoot && findStyles.styleSheet) root.adoptedStyleSheets = [...root.adoptedStyleSheets, findStyles.styleSheet];
  }

  get state(): FindState {
    return { query: this.results.query, count: this.results.count, current: this.current + 1 };
  }

  /** Searches, then shows the first match in or after the message the reader is at. */
  async find(query: string): Promise<FindState> {
    this.search(query);
    this.current = firstMatchFrom(this.results, this.host.firstShown());
    this.host.element.requestUpdate();
    await this.show();
    return this.state;
  }

  /** The next match (`1`) or the previous one (`-1`), wrapping around. */
  async step(by: 1 | -1): Promise<FindState> {
    const { count } = this.results;
    if (count === 0) return this.state;
    this.current = (this.current + by + count) % count;
    this.host.element.requestUpdate();
    await this.show();
    return this.state;
  }

  /** Shows the bar and puts the reader in its field. */
  async openBar(): Promise<void> {
    this.open = true;
    this.host.element.requestUpdate();
    await this.host.element.updateComplete;
    const input = this.input();
    input?.focus();
    input?.select();
  }

  /** Hides the bar and every highlight; the list stays where the last match left it. */
  close(): void {
    const hadFocus = this.open && this.input() === (this.host.element.renderRoot as ShadowRoot).activeElement;
    this.open = false;
    this.jump++;
    this.results = EMPTY;
    this.current = -1;
    this.searched = null;
    this.paint([], null);
    this.host.element.requestUpdate();
    if (hadFocus) this.host.focusLog();
  }

  /** The list changed: the matches are counted again (before it renders the count), the current one kept when it still exists. */
  hostUpdate(): void {
    if (!this.results.query || (this.host.model() === this.searched?.[0] && this.host.toolsShown() === this.searched[1])) return;
    const at = entryOf(this.results, this.current);
    this.search(this.results.query);
    const same = at && this.results.entries.find((entry) => entry.item.key === at.entry.item.key && entry.field === at.entry.field);
    this.current = same ? same.first + Math.min(at.occurrence, same.count - 1) : Math.min(this.current, this.results.count - 1);
    this.refresh = true;
  }

  hostUpdated(): void {
    if (!this.refresh) return;
    this.refresh = false;
    void this.show(false);
  }

  hostDisconnected(): void {
    this.paint([], null);
  }

  render(): TemplateResult | typeof nothing {
    if (!this.open) return nothing;
    const text = this.host.text();
    const { count, current, query } = this.state;
    const status = query.trim() === '' ? '' : count === 0 ? text.findNone : text.findCount(current, count);
    return html`<div part="find" class="find" role="search">
      <input
        part="find-input"
        class="find-input"
        type="search"
        dir=${query ? 'auto' : nothing}
        aria-label=${text.find}
        placeholder=${text.find}
        .value=${query}
        @input=${this.onInput}
        @keydown=${this.onKeydown}
      />
      <span part="find-count" class="find-count" role="status">${status}</span>
      <button type="button" part="find-button" class="find-button" aria-label=${text.findPrevious} ?disabled=${count === 0} @click=${() => this.step(-1)}>
        ${icon('chevron', 'icon up')}
      </button>
      <button type="button" part="find-button" class="find-button" aria-label=${text.findNext} ?disabled=${count === 0} @click=${() => this.step(1)}>
        ${icon('chevron', 'icon down')}
      </button>
      <button type="button" part="find-button" class="find-button" aria-label=${text.findClose} @click=${() => this.close()}>
        ${CLOSE}
      </button>
    </div>`;
  }

  private readonly onInput = (event: Event): void => {
    void this.find((event.target as HTMLInputElement).value);
  };

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void this.step(event.shiftKey ? -1 : 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      this.close();
    }
  };

  private input(): HTMLInputElement | null {
    return this.host.element.renderRoot.querySelector<HTMLInputElement>('.find-input');
  }

  private search(query: string): void {
    const model = this.host.model();
    const tools = this.host.toolsShown();
    this.searched = [model, tools];
    this.results = findInConversation(model, query, { tools });
    this.current = -1;
  }

  /** Mounts, opens and wakes what holds the current match, highlights it and (when `move`) brings it into view. */
  private async show(move = true): Promise<void> {
    const jump = ++this.jump;
    const found = entryOf(this.results, this.current);
    if (!found) {
      this.paint([], null);
      return;
    }
    const { entry, occurrence } = found;
    const current = () => jump === this.jump;
    if (!(await this.host.reach(entry.message, current))) return;
    const article = this.article(entry.message);
    if (!current() || !article) return;
    const element = await this.reveal(article, entry);
    if (!current() || !element) return;
    const ranges = this.rangesOf(element, entry);
    const range = ranges[Math.min(occurrence, ranges.length - 1)] ?? null;
    if (range) {
      element.revealFind(range.startContainer);
      openDetailsUpTo(element);
    }
    const nearby = await this.nearbyRanges(entry);
    if (!current()) return;
    this.paint(nearby, range);
    const target = range ?? element;
    if (move) await this.host.showInView(() => boxOf(target), article, current);
  }

  private article(message: number): HTMLElement | null {
    const key = this.host.model().messages[message]?.key;
    return key === undefined ? null : this.host.articleOf(key);
  }

  /** Opens the calls around the item and what hides the field in it; wakes it. Resolves to its element. */
  private async reveal(article: HTMLElement, entry: FindEntry): Promise<FindableElement | null> {
    if (!(await openCalls(article, entry.path))) return null;
    const element = itemElement(article, entry.item);
    if (!element) return null;
    openDetailsUpTo(element);
    await element.prepareFind(entry.field);
    return element;
  }

  /** The ranges of the matches in the messages around the current one, whose elements show them now. */
  private async nearbyRanges(current: FindEntry): Promise<Range[]> {
    const entries = this.results.entries.filter((entry) => Math.abs(entry.message - current.message) <= WINDOW);
    const ranges: Range[] = [];
    for (const entry of entries) {
      const article = this.article(entry.message);
      const element = article && itemElement(article, entry.item);
      if (!element) continue;
      await element.prepareFind();
      ranges.push(...this.rangesOf(element, entry));
    }
    return ranges;
  }

  private rangesOf(element: FindableElement, entry: FindEntry): Range[] {
    const needle = foldText(this.results.query.trim());
    const ranges: Range[] = [];
    for (const region of element.findRegions(entry.field)) {
      ranges.push(...matchRanges(region, needle, entry.count - ranges.length));
      if (ranges.length >= entry.count) break;
    }
    return ranges;
  }

  /** Replaces this list's highlights (other lists on the page keep theirs). */
  private paint(ranges: Range[], current: Range | null): void {
    const highlights = sharedHighlights();
    if (highlights) {
      for (const range of this.highlighted) highlights.all.delete(range);
      if (this.currentRange) highlights.current.delete(this.currentRange);
      for (const range of ranges) if (range !== current) highlights.all.add(range);
      if (current) highlights.current.add(current);
    } else if (current) {
      // No Highlight API: the current match is selected instead.
      const selection = getSelection();
      selection?.removeAllRanges();
      selection?.addRange(current);
    }
    this.highlighted = ranges;
    this.currentRange = current;
  }
}

/**
 * Where a match is. WebKit gives a range in slotted content (a sub-agent's turns, slotted into
 * their call) an empty box at 0,0: the element holding its text stands in.
 */
function boxOf(target: Range | Element): DOMRect {
  const box = target.getBoundingClientRect();
  if (!(target instanceof Range) || box.width > 0 || box.height > 0 || box.top !== 0) return box;
  return (target.startContainer.parentElement ?? target.commonAncestorContainer.parentElement)?.getBoundingClientRect() ?? box;
}

interface Highlights {
  all: Highlight;
  current: Highlight;
}

let highlights: Highlights | null | undefined;

/** The page's two find highlights, shared by every list on it; null where the API is missing. */
function sharedHighlights(): Highlights | null {
  if (highlights !== undefined) return highlights;
  if (typeof Highlight !== 'function' || typeof CSS === 'undefined' || !('highlights' in CSS)) return (highlights = null);
  highlights = { all: new Highlight(), current: new Highlight() };
  // The current match paints over the others.
  highlights.current.priority = 1;
  CSS.highlights.set('dk-find', highlights.all);
  CSS.highlights.set('dk-find-current', highlights.current);
  return highlights;
}
