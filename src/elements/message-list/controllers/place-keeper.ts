import type { View } from './outer-scroller.js';

/** What the reader's place is kept in: the host's log and its list, and what scrolls them. */
export interface Scrolled {
  readonly log: HTMLElement | null;
  readonly list: Element | null;
  /** Where the reader's place is measured (the log's box, or what scrolls a log that grows with its messages). */
  view(): View;
  /** Scrolls what shows the list by `shift` px: the list's own move, not the reader's. */
  scrollBy(shift: number): void;
}

/** The first message the reader can see, and how far below the top of the view it sits. */
interface Anchor {
  key: string;
  offset: number;
  /** Its element: found again by key only when the list drew the message anew. */
  article: HTMLElement;
}

/**
 * Keeps the reader's place: the message they look at stays where it is while content above it
 * changes size (history prepended or mounted, messages waking up) or below it grows.
 */
export class PlaceKeeper {
  anchor: Anchor | null = null;
  /** The anchor is a place the list was sent to (a find match), not the first message in view: it stays until the reader moves. */
  pinned = false;
  /** The blocks the reader's place is measured in and against, laid out while it is (see `hold`). */
  #held: Element[] = [];
  readonly #shown: Scrolled;

  constructor(shown: Scrolled) {
    this.#shown = shown;
  }

  /** No place kept: the list follows its end, or the reader took hold of it. */
  drop(): void {
    this.#hold([]);
    this.forget();
  }

  /** The place kept so far no longer holds (it was measured in another view); the blocks held stay so. */
  forget(): void {
    this.anchor = null;
    this.pinned = false;
  }

  /** The place is at `article` (null: none), where the reader sees it now `top` px in the window, until the reader moves. */
  pin(article: HTMLElement | null, top: number): void {
    this.anchor = article ? this.#anchorAt(article, top) : null;
    this.pinned = this.anchor !== null;
  }

  /**
   * Where the reader is: the first message that starts in view. The end of one above it, partly
   * shown, may still change size (a message that comes into view wakes up at its own size), and
   * what the reader reads below must not move with it. A message that fills the view is where
   * the reader is when none starts in it. Not `startingInView`: the first message shown at all.
   * `below`: in a view that far below the log's (where the reader was before they scrolled up).
   */
  find(startingInView = true, below = 0, view = this.#shown.log && this.#shown.view()): Anchor | null {
    const list = this.#shown.list;
    if (!view || !list) return null;
    const top = view.top + below;
    let partly: HTMLElement | null = null;
    // Blocks first: measuring every message would lay out every block. A block skipped is laid
    // out at its own size, no longer its estimate (nothing of it was shown): if that ends it above
    // the top, the next is.
    const blocks = childrenMatching(list, '.block');
    const measured: Element[] = [];
    for (let index = firstBelow(blocks, top); index >= 0 && index < blocks.length; index++) {
      if (isSkipped(blocks[index])) {
        measured.push(blocks[index]);
        this.#hold(measured);
      }
      const articles = childrenMatching(blocks[index], 'article[data-key]');
      for (let at = firstBelow(articles, top); at >= 0 && at < articles.length; at++) {
        const start = articles[at].getBoundingClientRect().top;
        if (startingInView && start < top - 1) {
          partly = articles[at];
          continue;
        }
        return this.#anchorAt(partly && start >= top + view.height ? partly : articles[at], view.top, measured);
      }
    }
    return partly && this.#anchorAt(partly, view.top, measured);
  }

  /**
   * The place at `article`, where the reader sees it now. Holding its block may change the
   * block's height (Firefox lays a block out anew when it stops being `auto`, by up to a message
   * or two): the log then moves by as much, so that what the reader sees does not. The blocks
   * above it laid out to measure it (`measured`) stay so: put back to their estimate, they would
   * move it by the difference, and being in view they come back at their own size a frame later.
   */
  #anchorAt(article: HTMLElement, top: number, measured: readonly Element[] = []): Anchor {
    const offset = article.getBoundingClientRect().top - top;
    this.#hold([...measured, article.parentElement!]);
    this.#putBack(article, offset);
    return { key: article.dataset.key!, offset, article };
  }

  /** The anchor's message, when it is in the DOM. */
  anchorArticle(): HTMLElement | null {
    const anchor = this.anchor;
    if (!anchor || anchor.article.isConnected) return anchor?.article ?? null;
    // Searching the whole list for it costs in proportion to the history: only when it was drawn anew.
    const article = this.articleOf(anchor.key);
    if (article) anchor.article = article;
    return article;
  }

  /** The element of the message with this key, when it is mounted. */
  articleOf(key: string): HTMLElement | null {
    return this.#shown.log?.querySelector<HTMLElement>(`article[data-key="${CSS.escape(key)}"]`) ?? null;
  }

  /**
   * Lays out the blocks the reader's place is measured in and against (the ones above it that
   * `find` laid out to measure), however far from view the browser thinks they are, and no
   * other. A block it skips (out of view, or come into view since the last frame: Firefox
   * and WebKit wake it a frame late) keeps, in those two, its messages' boxes from their last
   * layout, and its own box at its estimated size: a message kept in place by those boxes can lie
   * in view while its block lies out of it, never to be shown. Chromium lays skipped content out
   * for any measurement; held, it is laid out for good, so the place measured is the place shown.
   */
  #hold(blocks: readonly Element[]): void {
    for (const block of this.#held) if (!blocks.includes(block)) block.removeAttribute('data-anchor');
    for (const block of blocks) if (!block.hasAttribute('data-anchor')) block.setAttribute('data-anchor', '');
    this.#held = [...blocks];
  }

  /** Puts the anchor's message back where the reader saw it. */
  restore(): void {
    const anchor = this.anchor;
    const article = this.anchorArticle();
    if (!anchor || !article) return;
    if (!this.#held.includes(article.parentElement!)) this.#hold([article.parentElement!]);
    this.#putBack(article, anchor.offset);
  }

  /** Scrolls so that `article` starts `offset` below the view's top again (`scrollTop` moves by whole pixels). */
  #putBack(article: HTMLElement, offset: number): void {
    if (!this.#shown.log) return;
    const shift = article.getBoundingClientRect().top - this.#shown.view().top - offset;
    if (Math.abs(shift) > 0.5) this.#shown.scrollBy(shift);
  }

  /**
   * The reader scrolled `up` px (down, when negative) in a view `height` px tall. What they saw
   * moves by their scroll; what came into view is laid out at its own size in this frame, and is
   * what moves instead. Once the place leaves the view (or the reader went farther than a view),
   * it is the first message they saw before, now lower when they moved up: kept farther off,
   * it would move what they see by whatever changes between it and them.
   */
  move(up: number, height: number): void {
    const article = Math.abs(up) <= height ? this.anchorArticle() : null;
    if (this.anchor && article) this.anchor.offset += up;
    if (!this.anchor || !article || !overlaps(this.anchor.offset, article, height)) {
      this.anchor = this.find(true, up > 1 && up <= height ? up : 0);
    }
    this.pinned = false;
  }
}

/** Whether `article`, `offset` px below the top of a view `height` px tall, shows in it. */
function overlaps(offset: number, article: HTMLElement, height: number): boolean {
  return offset < height && offset + article.getBoundingClientRect().height > 0;
}

/**
 * Whether the browser skips this block's content (far from view, or come into view since it last
 * laid it out). A browser that cannot tell (no `checkVisibility`) is taken to skip it: the block
 * is then laid out before it is measured, as every block was before.
 */
function isSkipped(block: Element): boolean {
  const first = block.firstElementChild;
  if (first === null) return false;
  return typeof first.checkVisibility !== 'function' || !first.checkVisibility({ contentVisibilityAuto: true });
}

/** What `:scope > selector` finds, without searching the whole subtree (a long history holds thousands of elements). */
function childrenMatching(parent: Element, selector: string): HTMLElement[] {
  return Array.from(parent.children).filter((child): child is HTMLElement => child.matches(selector));
}

/** Where the first of these stacked elements whose bottom lies below `top` is (-1: none), found by halving. */
function firstBelow(elements: readonly HTMLElement[], top: number): number {
  let low = 0;
  let high = elements.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (elements[middle].getBoundingClientRect().bottom > top) {
      found = middle;
      high = middle - 1;
    } else {
      low = middle + 1;
    }
  }
  return found;
}
