import type { ReactiveElement } from 'lit';

/** Where the reader's place is measured: its top (px in the window) and height. */
export interface View {
  top: number;
  height: number;
}

/**
 * What scrolls a log that grows with its messages (the page, or a scroller of the host's own),
 * and its scroll events (they fire on the document, for the page). The log does not scroll nor
 * follow then, but the reader's place moves with this scroller as it would with the log's own.
 */
export class OuterScroller {
  #watched: { scroller: Element; target: EventTarget } | null = null;
  /** Its scroll position when `scrolledUp` last read it. */
  #lastTop = 0;
  readonly #onScroll: () => void;

  /** `onScroll` listens to the scroller's scroll events while one is watched. */
  constructor(onScroll: () => void) {
    this.#onScroll = onScroll;
  }

  /** The scroller watched, null while the log scrolls itself. */
  get scroller(): Element | null {
    return this.#watched?.scroller ?? null;
  }

  /** Watches `scroller` (null: none) in place of the one before; true when that changed, and the place kept so far was measured in the other view. */
  watch(scroller: Element | null): boolean {
    if (scroller === this.scroller) return false;
    this.#watched?.target.removeEventListener('scroll', this.#onScroll);
    this.#watched = scroller && { scroller, target: scroller === document.scrollingElement ? document : scroller };
    this.#watched?.target.addEventListener('scroll', this.#onScroll, { passive: true });
    this.#lastTop = scroller?.scrollTop ?? 0;
    return true;
  }

  /** How far (px) the scroller moved up since last read, down when negative; 0 for less than a pixel, or none watched. */
  scrolledUp(): number {
    const scroller = this.scroller;
    if (!scroller) return 0;
    const up = this.#lastTop - scroller.scrollTop;
    this.#lastTop = scroller.scrollTop;
    return Math.abs(up) < 1 ? 0 : up;
  }

  /** Scrolls it by `shift` px: the list's own move, not the reader's. */
  scrollBy(shift: number): void {
    const scroller = this.scroller!;
    scroller.scrollTop += shift;
    this.#lastTop = scroller.scrollTop;
  }
}

/**
 * The log's height and that of the list in it (px; 0 before the host has rendered them).
 * `inWindow`: the log grows with the list, and its viewport runs from the list's top (the
 * host's, before it has rendered its list) to the end of what the window shows of it, within
 * any scroller or clipping box the host sits in; above the window's top too, once the page has
 * scrolled past it (the messages mounted from the top must reach down into what the window shows).
 */
export function heightsOf(host: Element, log: HTMLElement | null, list: Element | null, inWindow: boolean): { viewport: number; shown: number } {
  const box = list?.getBoundingClientRect();
  if (!inWindow) return { viewport: log?.clientHeight ?? 0, shown: box?.height ?? 0 };
  const top = box?.top ?? host.getBoundingClientRect().top;
  return { viewport: shownBy(host).bottom - top, shown: box?.height ?? 0 };
}

/**
 * Whether the log grows with its messages instead of scrolling them: the host has no height of
 * its own (nor a `max-height`, which it grows up to), and the page scrolls it. A log exactly as
 * tall as its list grew with it; one shorter scrolls it. Otherwise (an empty host, or one with
 * room below its list) its size alone cannot tell (at its `min-height` it may have no height of
 * its own, or one equal to it; a flex item's may come from its content or from the container):
 * whether it grows with a box a little taller than it tells. Null while it is not shown at all
 * (`display: none`): what it will be is not known yet.
 */
export function growsWithContent(host: ReactiveElement, log: HTMLElement | null, list: Element | null): boolean | null {
  if (host.getClientRects().length === 0) return null;
  const style = getComputedStyle(host);
  if (style.maxHeight !== 'none') return false;
  if (log && list) {
    const room = roomBelow(log, list);
    if (Math.abs(room) < 1) return true;
    if (room < 0) return false;
  }
  return growsWithMore(host, style);
}

/** An element's height inside its border and padding (px). */
function innerSize(element: Element, style: CSSStyleDeclaration): number {
  const edges = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
  return edges.reduce((height, edge) => height - (parseFloat(style[edge]) || 0), element.getBoundingClientRect().height);
}

/** Whether `host` grows when what it holds does: a box a little taller than it goes in and out of its render root. */
function growsWithMore(host: ReactiveElement, style: CSSStyleDeclaration): boolean {
  const before = innerSize(host, style);
  const probe = document.createElement('div');
  probe.style.cssText = `display: block; flex: none; height: ${before + 2}px`;
  host.renderRoot.append(probe);
  const grows = innerSize(host, style) > before + 1;
  probe.remove();
  return grows;
}

/** Whether the log has grown with its messages instead of scrolling them (the host has no height of its own). */
export function grown(log: HTMLElement): boolean {
  return log.scrollHeight <= log.clientHeight + 1;
}

/** How much taller the log's content box is than its list (px; negative: the list overflows it). */
function roomBelow(log: HTMLElement, list: Element): number {
  return innerSize(log, getComputedStyle(log)) - list.getBoundingClientRect().height;
}

/**
 * Whether the log is exactly as tall as its list: it grew with it. One with room below its list
 * may have a height of its own (a list not full yet), which a change inside does not pass on to
 * the page.
 */
export function grownWith(log: HTMLElement, list: Element): boolean {
  return Math.abs(roomBelow(log, list)) < 1;
}

/** What scrolls `element`: its nearest ancestor that scrolls (across shadow roots), or the page. */
export function scrollerOf(element: Element): Element {
  for (let at = parentOf(element); at; at = parentOf(at)) {
    const overflow = getComputedStyle(at).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && at.scrollHeight > at.clientHeight) return at;
  }
  return document.scrollingElement ?? document.documentElement;
}

/**
 * Where the window shows what is inside `element` (px from its top): the window, cut to the box
 * of each ancestor that clips what overflows it (a scroller of the host's own, or a box with
 * hidden overflow), across shadow roots. The page's root and body pass what overflows them on to
 * the window.
 */
export function shownBy(element: Element): { top: number; bottom: number } {
  let [top, bottom] = [0, innerHeight];
  for (let at = parentOf(element); at && at !== document.body && at !== document.documentElement; at = parentOf(at)) {
    if (getComputedStyle(at).overflowY === 'visible' || at.getClientRects().length === 0) continue;
    const inner = at.getBoundingClientRect().top + at.clientTop;
    top = Math.max(top, inner);
    bottom = Math.min(bottom, inner + at.clientHeight);
  }
  return { top, bottom };
}

/** What `scroller` shows (px in the window): the window, for the page. */
export function viewOfScroller(scroller: Element): View {
  if (scroller === document.scrollingElement) return { top: 0, height: innerHeight };
  return { top: scroller.getBoundingClientRect().top + scroller.clientTop, height: scroller.clientHeight };
}

function parentOf(element: Element): Element | null {
  return element.parentElement ?? ((element.getRootNode() as Partial<ShadowRoot>).host ?? null);
}
