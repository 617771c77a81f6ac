import type { ReactiveElement } from 'lit';
import { grown, scrollerOf, shownBy, viewOfScroller, type OuterScroller } from './outer-scroller.js';
import type { PlaceKeeper, Scrolled } from './place-keeper.js';
import type { ReaderInput } from './reader-input.js';

/** Where `showInView` puts what it shows (see there). */
export type Placement = 'third' | 'top';

/** What a jump needs of the list that follows its end: its log, to stop following, and the reader's last touch. */
export interface Jumping extends Scrolled {
  readonly host: ReactiveElement;
  readonly outer: OuterScroller;
  readonly place: PlaceKeeper;
  /** Scrolls the log itself by `shift` px: the list's own move, not the reader's. */
  scrollLog(shift: number): void;
  stopFollowing(): void;
  readonly readerInput: ReaderInput;
}

/**
 * Jumps: to a message or a match (`showInView`), and to the end of a log that grows with its
 * messages (`showEnd`). Where a jump goes is the reader's place until they move.
 */
export class Jumps {
  readonly #list: Jumping;

  constructor(list: Jumping) {
    this.#list = list;
  }

  /**
   * Brings the box `target` gives (inside `article`) into view and keeps `article` there while
   * content above it mounts or settles its size: the reader's place is now there, and new content
   * no longer pulls the list down. `third`: a third of the way down (a match find jumped to); `top`:
   * its top at the top of what shows (a message the host went to). A log that grows with its
   * messages does not scroll: what scrolls the host does (the page, or a scroller of the host's
   * own), and a match already shown there stays where it is.
   *
   * Messages far from view are laid out at an estimated size (content-visibility): a place is only
   * known once it is near. So the box is brought into view again once the browser laid out what
   * came near, until it stays in view two frames running (a few frames at most: what came near may
   * take its size a frame after it was first shown, in Firefox), or `current` turns false (another
   * jump took over), or the reader scrolls.
   */
  async showInView(target: () => DOMRect, article: HTMLElement, placement: Placement, current: () => boolean): Promise<void> {
    const since = performance.now();
    let shown = 0;
    // Once the reader takes hold of the scrolling, where they go is theirs.
    for (let attempt = 0; attempt < 8 && shown < 2 && current() && !this.#list.readerInput.actedSince(since); attempt++) {
      if (shown === 0) this.#bringIntoView(target(), article, placement);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      shown = this.#shows(target(), placement) ? shown + 1 : 0;
    }
  }

  /**
   * Whether `box` shows as `placement` puts it: a match whole; a message with its top at the top,
   * or lower when what scrolls the list can go no further (a short message at the end).
   */
  #shows(box: DOMRect, placement: Placement): boolean {
    const log = this.#list.log;
    if (!log) return true;
    const inWindow = grown(log);
    const area = inWindow ? shownBy(this.#list.host) : log.getBoundingClientRect();
    if (box.top < area.top - 1) return false;
    if (placement === 'third') return box.bottom <= area.bottom + 1;
    const scroller = inWindow ? scrollerOf(this.#list.host) : log;
    return box.top <= area.top + 1 || (box.top < area.bottom && scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1);
  }

  #bringIntoView(target: DOMRect, article: HTMLElement, placement: Placement): void {
    const { log, outer, place } = this.#list;
    if (!log) return;
    const key = article.dataset.key ? article : null;
    if (grown(log)) {
      const { top, bottom } = shownBy(this.#list.host);
      if (placement === 'third' && target.top >= top && target.bottom <= bottom) return;
      const scroller = scrollerOf(this.#list.host);
      const shift = target.top - top - offsetFor(placement, bottom - top);
      if (outer.scroller !== scroller) {
        scroller.scrollTop += shift;
        return;
      }
      outer.scrollBy(shift);
      place.pin(key, this.#list.view().top);
      return;
    }
    this.#list.stopFollowing();
    const top = log.getBoundingClientRect().top;
    this.#list.scrollLog(target.top - top - offsetFor(placement, log.clientHeight));
    place.pin(key, top);
  }

  /**
   * Scrolls what scrolls the host until the host's end is at the end of what it shows, and keeps
   * the newest message there while the messages above it take their own size (they come near and
   * wake, their blocks laid out from their estimate), until the reader moves. At once, not smoothly:
   * the way there crosses messages that change size as it passes them. For a log that grows with
   * its messages, which neither scrolls nor follows.
   */
  showEnd(): void {
    const { log, outer, place, host } = this.#list;
    if (!log) return;
    if (outer.watch(scrollerOf(host))) place.forget();
    const { top, height } = viewOfScroller(outer.scroller!);
    outer.scrollBy(host.getBoundingClientRect().bottom - top - height);
    const articles = log.querySelectorAll<HTMLElement>('article[data-key]');
    place.pin(articles[articles.length - 1] ?? null, top);
  }
}

/** How far below the top of what shows (`height` px) `placement` puts a box. */
function offsetFor(placement: Placement, height: number): number {
  return placement === 'third' ? height / 3 : 0;
}
