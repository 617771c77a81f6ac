import type { ReactiveController, ReactiveElement } from 'lit';
import type { Message } from '../../../model/types.js';
import { watchWaking } from '../../controllers/near-viewport.js';
import { grown, grownWith, growsWithContent, heightsOf, OuterScroller, scrollerOf, shownBy, viewOfScroller, type View } from './outer-scroller.js';
import { PlaceKeeper } from './place-keeper.js';
import { Jumps, type Jumping } from './jumps.js';
import { LogFit } from './log-fit.js';
import { ReaderInput } from './reader-input.js';

export type { Placement } from './jumps.js';

/** How close to the end (in px) still counts as "at the bottom" for following new content. */
const BOTTOM_SLACK = 48;

/**
 * Follows new content while the reader is at the bottom, and otherwise keeps their place (with
 * `place`, a `PlaceKeeper`). New messages that arrive while they read further up are counted for
 * the "Jump to latest" button. `outer` follows what scrolls a log that grows with its messages,
 * `jumps` takes the list to a message or to its end.
 *
 * The following happens in a ResizeObserver: it runs after layout and before paint, so neither
 * Lit's updates nor Markdown growing later force a layout of their own. The observer lives
 * while the host is connected, so a list moved in the page keeps following.
 *
 * A log that grows with its messages (the host has no height) does not scroll and never
 * follows, but the reader's place is kept all the same, in what scrolls the host: messages above
 * it still come near and wake at their own size as the reader scrolls the page.
 */
export class FollowController implements ReactiveController, Jumping {
  /** Whether the list keeps to the newest content. */
  following = true;
  /** Messages that arrived below while the reader was scrolled up. */
  unseen = 0;
  readonly place = new PlaceKeeper(this);
  readonly outer: OuterScroller;
  readonly jumps = new Jumps(this);
  #lastScrollTop = 0;
  /** The log's scroll height when `onScroll` last read it. */
  #lastHeight = 0;
  #observer: ResizeObserver | null = null;
  #observed = false;
  /** The list's size and the log's viewport when the observer last ran (see keepPlace). */
  #lastSize = '';
  #frame = 0;
  /** Connected anew: the log's scroll position is the browser's (it resets a log put back), not the reader's. */
  #resync = true;
  #logElement: HTMLElement | null = null;
  #listElement: Element | null = null;
  #stopWaking: (() => void) | null = null;
  readonly #fit: LogFit;
  readonly #selectors: { log: string; list: string };

  /**
   * `log` selects the scrolling element in the host's render root, `list` the element inside it
   * that holds every message (it grows as they do). `outerScrolled` is told of each scroll event
   * of what scrolls a log that grows with its messages (the page, or a scroller of the host's own),
   * after the reader's place has moved with it.
   */
  constructor(
    readonly host: ReactiveElement,
    outerScrolled: () => void = () => {},
    selectors = { log: '.log', list: '.list', jump: '.jump' },
  ) {
    this.#selectors = selectors;
    this.#fit = new LogFit(selectors.jump);
    this.outer = new OuterScroller(() => {
      this.#onOuterScroll();
      outerScrolled();
    });
    host.addController(this);
  }

  /** The host renders its log once and keeps it. */
  get log(): HTMLElement | null {
    this.#logElement ??= this.host.renderRoot?.querySelector<HTMLElement>(this.#selectors.log) ?? null;
    return this.#logElement;
  }

  /** And the list inside it. */
  get list(): Element | null {
    this.#listElement ??= this.log?.querySelector(this.#selectors.list) ?? null;
    return this.#listElement;
  }

  /** The log's height and that of the list in it (see `heightsOf`). */
  heights(inWindow = false): { viewport: number; shown: number } {
    return heightsOf(this.host, this.log, this.list, inWindow);
  }

  /** Whether the log grows with its messages instead of scrolling them (see there). */
  growsWithContent(): boolean | null {
    return growsWithContent(this.host, this.log, this.list);
  }

  hostConnected(): void {
    this.#resync = true;
    if (typeof ResizeObserver === 'undefined') return;
    this.#stopWaking = watchWaking({ before: this.#placeBeforeWaking, after: this.#keepAnchor });
    this.#observer ??= new ResizeObserver((entries) => {
      this.#fit.fit(entries, this.log, !this.following);
      this.#keepPlace();
    });
    this.#observe();
  }

  hostUpdated(): void {
    this.#observe();
    if (!this.following) this.#fit.placeJump(this.log);
    this.#keepAnchor();
  }

  /**
   * Before messages near the view wake at their own size: where the reader is, with a scroll not
   * reported yet taken first (Firefox may wake them before it reports the scroll that brought
   * them near, and the place found after would be where waking moved the reader's message).
   */
  readonly #placeBeforeWaking = (): void => {
    this.#takeScrolls();
    if (!this.place.anchor && (!this.following || this.outer.scroller)) this.place.anchor = this.place.find();
  };

  /**
   * Puts the reader's place back now, if one is kept. Also once messages near the view woke at
   * their own size: WebKit wakes them within the frame, after this controller's ResizeObserver
   * callback, and painted what the reader saw moved by them for a frame.
   */
  readonly #keepAnchor = (): void => {
    if (!this.place.anchor) return;
    // A scroll not reported yet is the reader's: restoring the place must not undo it.
    this.#takeScrolls();
    this.#restoreAnchor();
  };

  /** Scrolls not reported yet, of the log and of what scrolls it while it grows with its messages. */
  #takeScrolls(): void {
    this.onScroll();
    this.#onOuterScroll();
  }

  hostDisconnected(): void {
    this.#stopWaking?.();
    this.#watchOuter(null);
    this.#observer?.disconnect();
    this.#observer = null;
    this.#observed = false;
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  /**
   * Before the host renders a change of content: where the reader is, if they are not following.
   * A scroll not reported yet is the reader's, taken first: it may be the one that stops following
   * (content can come between a scroll and its event).
   */
  beforeContentChange(): void {
    this.#takePendingScroll();
    if (!this.following && !this.place.pinned) this.place.anchor = this.place.find() ?? this.place.anchor;
  }

  /**
   * Before older messages mount above (a slice at a time, often while the last is still settling
   * into its size): the anchor stays while its message is shown, for what shows now may not be
   * where the list keeps it yet. A scroll not reported yet is the reader's, and anchors anew; it
   * is taken first, for a slice that mounts before the event of the reader's first scroll up
   * would otherwise mount while the list still follows, with no place kept.
   */
  beforeMount(): void {
    this.#takePendingScroll();
    const place = this.place;
    if (this.following || place.pinned) return;
    if (!place.anchorArticle()) place.anchor = place.find() ?? place.anchor;
  }

  /**
   * A scroll the browser has not reported yet, taken as `onScroll` takes it. Only one the reader
   * may have made: reading the position lays the page out, which a list that follows the end
   * must not pay before every chunk it renders (it doubled WebKit's layouts of a long history).
   */
  #takePendingScroll(): void {
    if (!this.following || this.readerInput.moving()) this.onScroll();
  }

  /** New messages at the end while the reader is scrolled up: counted on the jump button. */
  countUnseen(previous: readonly Message[], messages: readonly Message[]): void {
    if (this.following || previous.length === 0) return;
    const lastSeen = previous[previous.length - 1].key;
    const index = messages.findIndex((message) => message.key === lastSeen);
    if (index < 0) return;
    this.unseen += messages.length - 1 - index;
    this.host.requestUpdate();
  }

  /** Scrolls to the newest message and follows new content again (a log that grows with its messages: see `Jumps.showEnd`). */
  scrollToLatest(smooth = !prefersReducedMotion()): void {
    const log = this.log;
    if (!log) return;
    this.#setFollowing(true);
    log.scrollTo({ top: log.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
  }

  /**
   * The reader stops following only by moving up; content that grows or mounts above never
   * counts as that. Back at the bottom, following resumes.
   */
  readonly onScroll = (): void => {
    const log = this.log;
    if (!log) return;
    const top = log.scrollTop;
    const height = log.scrollHeight;
    const shrank = height < this.#lastHeight;
    this.#lastHeight = height;
    // The list's own scrolling (following, keeping the anchor) already left everything in place;
    // a log put back in the page starts at the top again, which is not the reader scrolling up.
    // A log that grows with its messages may still scroll by a pixel it rounds its height off by
    // (a page's scrollIntoView moves it too): what scrolls it is what the reader moves.
    if (this.#resync || this.outer.scroller || Math.abs(top - this.#lastScrollTop) < 1) {
      this.#lastScrollTop = top;
      return;
    }
    const up = this.#lastScrollTop - top;
    const movedUp = up > 1;
    this.#lastScrollTop = top;
    // A drag of the scrollbar or a fling goes on scrolling after its last input event.
    this.readerInput.scrolled();
    const atEnd = height - top - log.clientHeight <= BOTTOM_SLACK;
    if (atEnd && movedUp && shrank && !this.following) {
      // Content shrank (a block the reader scrolled into, laid out at its own size, smaller than
      // its estimate) and left too little below them: the browser pulled the position up to the
      // new end. That is its move, not theirs (no scroll up ends at the end): their place is put back.
      this.#restoreAnchor();
      return;
    }
    if (atEnd && movedUp && shrank && this.readerInput.scrolling && this.readerInput.moving()) {
      // The reader turned the wheel (or swiped) up from the end, and what they scrolled into was
      // laid out shorter than its estimate before the scroll was reported (Firefox, now and
      // then): the end came up to meet them. They left it all the same; following would pull
      // them back down with the next chunk.
      this.#setFollowing(false);
    } else if (atEnd) this.#setFollowing(true);
    else if (movedUp && this.readerInput.moving()) this.#setFollowing(false);
    else if (this.following) this.#stickToBottom();
    if (this.following) this.place.drop();
    else this.place.move(up, log.clientHeight);
  };

  /**
   * A scroll of what scrolls a log that grows with its messages: the reader's place moves with it,
   * as in a log that scrolls itself (see onScroll), and it never follows.
   */
  #onOuterScroll(): void {
    const up = this.outer.scrolledUp();
    if (up !== 0) this.place.move(up, this.view().height);
  }

  /** The key of the first message the reader sees, even in part: find starts there (null before anything is laid out). */
  firstShownKey(): string | null {
    const log = this.log;
    if (!log) return null;
    // A log that grows with its messages is shown from where what scrolls the host shows it.
    if (grown(log)) {
      const { top, bottom } = shownBy(this.host);
      return this.place.find(false, 0, { top, height: bottom - top })?.key ?? null;
    }
    // A list that follows shows its end, even before the browser has scrolled it there (WebKit
    // lays new content out a frame late: find then started from the top of the history).
    this.#stickToBottom();
    return this.place.find(false)?.key ?? null;
  }

  /**
   * The reader took hold of the scrolling: their place is theirs to move, and a scroll up in the
   * moment after is theirs (see `ReaderInput`).
   */
  readonly readerInput = new ReaderInput(() => {
    const place = this.place;
    place.pinned = false;
    if (!this.readerInput.scrolling) {
      place.anchor = null;
      return;
    }
    // A scroll of an earlier turn of the wheel not reported yet is taken into account first.
    this.#takeScrolls();
    if (!this.following || this.outer.scroller) place.anchor = place.find() ?? place.anchor;
  });

  stopFollowing(): void {
    this.#setFollowing(false);
  }

  #setFollowing(following: boolean): void {
    if (following) {
      this.place.drop();
      this.unseen = 0;
    }
    if (following === this.following) return;
    this.following = following;
    this.host.requestUpdate();
  }

  #observe(): void {
    const log = this.log;
    const list = this.list;
    // Not while a pause for the next frame is on (see keepPlace): that frame observes again.
    if (this.#observed || this.#frame !== 0 || !this.#observer || !list || !log) return;
    this.#observer.observe(list);
    this.#observer.observe(log);
    this.#observed = true;
  }

  /**
   * Messages that come near the viewport are laid out at their real size, no longer the
   * estimate; Firefox and WebKit do so within the same frame, after this callback. The list
   * would then change size again, a notification the browser cannot deliver in that frame and
   * reports as a page error ("ResizeObserver loop completed with undelivered notifications").
   * So after any change the list stops observing until the next frame, whose first notification
   * brings what changed meanwhile; it keeps observing once nothing moves.
   */
  #keepPlace(): void {
    const log = this.log;
    const list = this.list;
    if (!log || !list) return;
    // A scroll not reported yet (WebKit dispatches its event after this callback) is the
    // reader's: taken into account first, so that following does not undo it.
    this.onScroll();
    this.#resync = false;
    this.#watchOuter(grownWith(log, list) ? scrollerOf(this.host) : null);
    this.#onOuterScroll();
    const top = log.scrollTop;
    this.#restoreAnchor();
    this.#stickToBottom();
    const size = sizeOf(log, list);
    const still = log.scrollTop === top && size === this.#lastSize;
    this.#lastSize = size;
    if (still || !this.#observer) return;
    this.#observer.disconnect();
    this.#observed = false;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#observe();
    });
  }

  /** Watches what scrolls the log while it grows with its messages (null: it scrolls itself); the place kept so far was measured in the other view. */
  #watchOuter(scroller: Element | null): void {
    if (this.outer.watch(scroller)) this.place.forget();
  }

  #stickToBottom(): void {
    const log = this.log;
    if (!log || !this.following || log.scrollHeight <= log.clientHeight) return;
    log.scrollTop = log.scrollHeight;
    this.#lastScrollTop = log.scrollTop;
  }

  /** Puts the reader's place back, unless the list follows its end (in a log that scrolls itself). */
  #restoreAnchor(): void {
    if (!this.place.anchor || !this.log) return;
    if (this.following && !this.outer.scroller) this.place.anchor = null;
    else this.place.restore();
  }

  /**
   * Where the reader's place is measured: the log's box, or for a log that grows with its
   * messages, what scrolls it (its box, not what the window shows of it: the page moving a scroller
   * does not move what the scroller shows).
   */
  view(): View {
    const scroller = this.outer.scroller;
    return scroller ? viewOfScroller(scroller) : { top: this.log!.getBoundingClientRect().top, height: this.log!.clientHeight };
  }

  scrollBy(shift: number): void {
    if (this.outer.scroller) this.outer.scrollBy(shift);
    else this.scrollLog(shift);
  }

  scrollLog(shift: number): void {
    const log = this.log!;
    log.scrollTop += shift;
    this.#lastScrollTop = log.scrollTop;
  }
}

/** The list's box and the log's viewport, what following depends on. Reading them lays the page out. */
function sizeOf(log: HTMLElement, list: Element): string {
  const { width, height } = list.getBoundingClientRect();
  return `${width}x${height} in ${log.clientWidth}x${log.clientHeight}`;
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
