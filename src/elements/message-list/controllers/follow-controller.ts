import type { ReactiveController, ReactiveElement } from 'lit';
import type { Message } from '../../../model/types.js';
import { watchWaking } from '../../shared/near-viewport.js';

/** Input that only scrolls the log (see `readerInput`). */
const SCROLL_ONLY = new Set(['wheel', 'touchstart', 'touchmove']);

/** Under this width (rem), a log is narrow: its timestamps' tips hang from their header and wrap in it (see the styles). */
const NARROW_REM = 32;

/** How close to the end (in px) still counts as "at the bottom" for following new content. */
const BOTTOM_SLACK = 48;

/**
 * How long after the reader's last input a scroll up still counts as theirs: long enough for a
 * smooth scroll by keyboard, a fling on a touch screen or a drag of the scrollbar to play out.
 */
const READER_SCROLL_MS = 1500;

/** Where the reader's place is measured: its top (px in the window) and height. */
interface View {
  top: number;
  height: number;
}

/** What scrolls a log that grows with its messages, and what its scroll events fire on (the document, for the page). */
interface Outer {
  scroller: Element;
  target: EventTarget;
}

/** Where `showInView` puts what it shows (see there). */
export type Placement = 'third' | 'top';

/** The first message the reader can see, and how far below the top of the view it sits. */
interface Anchor {
  key: string;
  offset: number;
  /** Its element: found again by key only when the list drew the message anew. */
  article: HTMLElement;
}

/**
 * Follows new content while the reader is at the bottom, and otherwise keeps their place: the
 * message they look at stays where it is while content above it changes size (history
 * prepended or mounted, messages waking up) or below it grows. New messages that arrive while
 * they read further up are counted for the "Jump to latest" button.
 *
 * The following happens in a ResizeObserver: it runs after layout and before paint, so neither
 * Lit's updates nor Markdown growing later force a layout of their own. The observer lives
 * while the host is connected, so a list moved in the page keeps following.
 *
 * A log that grows with its messages (the host has no height) does not scroll and never
 * follows, but the reader's place is kept all the same, in what scrolls the host: messages above
 * it still come near and wake at their own size as the reader scrolls the page.
 */
export class FollowController implements ReactiveController {
  /** Whether the list keeps to the newest content. */
  following = true;
  /** Messages that arrived below while the reader was scrolled up. */
  unseen = 0;
  private anchor: Anchor | null = null;
  /** The anchor is a place the list was sent to (a find match), not the first message in view: it stays until the reader moves. */
  private pinned = false;
  private lastScrollTop = 0;
  /** The log's scroll height when `onScroll` last read it. */
  private lastHeight = 0;
  /** When the reader last touched the log (wheel, touch, pointer, key). */
  private lastInput = -Infinity;
  /** That input only scrolled (a wheel or a touch), not a click or a key that may change what is shown. */
  private scrollingInput = false;
  private observer: ResizeObserver | null = null;
  private observed = false;
  /** The list's size and the log's viewport when the observer last ran (see keepPlace). */
  private lastSize = '';
  private frame = 0;
  /** Connected anew: the log's scroll position is the browser's (it resets a log put back), not the reader's. */
  private resync = true;
  private logElement: HTMLElement | null = null;
  /** The log's scrollbar width with its borders (px), which "Jump to latest" keeps clear of. */
  private bar = '0px';
  private listElement: Element | null = null;
  /** The blocks the reader's place is measured in and against, laid out while it is (see `hold`). */
  private held: Element[] = [];
  /** What scrolls the log while it grows with its messages (null while it scrolls itself). */
  private outer: Outer | null = null;
  /** Its scroll position when `onOuterScroll` last read it. */
  private lastOuterTop = 0;
  private stopWaking: (() => void) | null = null;

  /**
   * `log` selects the scrolling element in the host's render root, `list` the element inside it
   * that holds every message (it grows as they do). `outerScrolled` is told of each scroll event
   * of what scrolls a log that grows with its messages (the page, or a scroller of the host's own),
   * after the reader's place has moved with it.
   */
  constructor(
    private readonly host: ReactiveElement,
    private readonly outerScrolled: () => void = () => {},
    private readonly selectors = { log: '.log', list: '.list', jump: '.jump' },
  ) {
    host.addController(this);
  }

  /** The host renders its log once and keeps it. */
  private get log(): HTMLElement | null {
    this.logElement ??= this.host.renderRoot?.querySelector<HTMLElement>(this.selectors.log) ?? null;
    return this.logElement;
  }

  /** And the list inside it. */
  private get list(): Element | null {
    this.listElement ??= this.log?.querySelector(this.selectors.list) ?? null;
    return this.listElement;
  }

  /**
   * The log's height and that of the list in it (px; 0 before the host has rendered them).
   * `inWindow`: the log grows with the list, and its viewport runs from the list's top (the
   * host's, before it has rendered its list) to the end of what the window shows of it, within
   * any scroller or clipping box the host sits in; above the window's top too, once the page has
   * scrolled past it (the messages mounted from the top must reach down into what the window shows).
   */
  heights(inWindow = false): { viewport: number; shown: number } {
    const list = this.list?.getBoundingClientRect();
    if (!inWindow) return { viewport: this.log?.clientHeight ?? 0, shown: list?.height ?? 0 };
    const top = list?.top ?? this.host.getBoundingClientRect().top;
    return { viewport: shownBy(this.host).bottom - top, shown: list?.height ?? 0 };
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
  growsWithContent(): boolean | null {
    if (this.host.getClientRects().length === 0) return null;
    const style = getComputedStyle(this.host);
    if (style.maxHeight !== 'none') return false;
    const log = this.log;
    const list = this.list;
    if (log && list) {
      const room = roomBelow(log, list);
      if (Math.abs(room) < 1) return true;
      if (room < 0) return false;
    }
    return growsWithMore(this.host, style);
  }

  hostConnected(): void {
    this.resync = true;
    if (typeof ResizeObserver === 'undefined') return;
    this.stopWaking = watchWaking({ before: this.placeBeforeWaking, after: this.keepAnchor });
    this.observer ??= new ResizeObserver((entries) => {
      this.fitToLog(entries);
      this.keepPlace();
    });
    this.observe();
  }

  hostUpdated(): void {
    this.observe();
    this.placeJump();
    this.keepAnchor();
  }

  /**
   * Before messages near the view wake at their own size: where the reader is, with a scroll not
   * reported yet taken first (Firefox may wake them before it reports the scroll that brought
   * them near, and the place found after would be where waking moved the reader's message).
   */
  private readonly placeBeforeWaking = (): void => {
    this.takeScrolls();
    if (!this.anchor && (!this.following || this.outer)) this.anchor = this.findAnchor();
  };

  /**
   * Puts the reader's place back now, if one is kept. Also once messages near the view woke at
   * their own size: WebKit wakes them within the frame, after this controller's ResizeObserver
   * callback, and painted what the reader saw moved by them for a frame.
   */
  private readonly keepAnchor = (): void => {
    if (!this.anchor) return;
    // A scroll not reported yet is the reader's: restoring the place must not undo it.
    this.takeScrolls();
    this.restoreAnchor();
  };

  /** Scrolls not reported yet, of the log and of what scrolls it while it grows with its messages. */
  private takeScrolls(): void {
    this.onScroll();
    this.onOuterScroll();
  }

  hostDisconnected(): void {
    this.stopWaking?.();
    this.watchOuter(null);
    this.observer?.disconnect();
    this.observer = null;
    this.observed = false;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
  }

  /**
   * Before the host renders a change of content: where the reader is, if they are not following.
   * A scroll not reported yet is the reader's, taken first: it may be the one that stops following
   * (content can come between a scroll and its event).
   */
  beforeContentChange(): void {
    this.takePendingScroll();
    if (!this.following && !this.pinned) this.anchor = this.findAnchor() ?? this.anchor;
  }

  /**
   * Before older messages mount above (a slice at a time, often while the last is still settling
   * into its size): the anchor stays while its message is shown, for what shows now may not be
   * where the list keeps it yet. A scroll not reported yet is the reader's, and anchors anew; it
   * is taken first, for a slice that mounts before the event of the reader's first scroll up
   * would otherwise mount while the list still follows, with no place kept.
   */
  beforeMount(): void {
    this.takePendingScroll();
    if (this.following || this.pinned) return;
    if (!this.anchorArticle()) this.anchor = this.findAnchor() ?? this.anchor;
  }

  /**
   * A scroll the browser has not reported yet, taken as `onScroll` takes it. Only one the reader
   * may have made: reading the position lays the page out, which a list that follows the end
   * must not pay before every chunk it renders (it doubled WebKit's layouts of a long history).
   */
  private takePendingScroll(): void {
    if (!this.following || this.readerMoving()) this.onScroll();
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

  /** Scrolls to the newest message and follows new content again (a log that grows with its messages: see `showEnd`). */
  scrollToLatest(smooth = !prefersReducedMotion()): void {
    const log = this.log;
    if (!log) return;
    this.setFollowing(true);
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
    const shrank = height < this.lastHeight;
    this.lastHeight = height;
    // The list's own scrolling (following, keeping the anchor) already left everything in place;
    // a log put back in the page starts at the top again, which is not the reader scrolling up.
    // A log that grows with its messages may still scroll by a pixel it rounds its height off by
    // (a page's scrollIntoView moves it too): what scrolls it is what the reader moves.
    if (this.resync || this.outer || Math.abs(top - this.lastScrollTop) < 1) {
      this.lastScrollTop = top;
      return;
    }
    const up = this.lastScrollTop - top;
    const movedUp = up > 1;
    this.lastScrollTop = top;
    // A drag of the scrollbar or a fling goes on scrolling after its last input event.
    if (this.readerMoving()) this.lastInput = performance.now();
    const atEnd = height - top - log.clientHeight <= BOTTOM_SLACK;
    if (atEnd && movedUp && shrank && !this.following) {
      // Content shrank (a block the reader scrolled into, laid out at its own size, smaller than
      // its estimate) and left too little below them: the browser pulled the position up to the
      // new end. That is its move, not theirs (no scroll up ends at the end): their place is put back.
      this.restoreAnchor();
      return;
    }
    if (atEnd && movedUp && shrank && this.scrollingInput && this.readerMoving()) {
      // The reader turned the wheel (or swiped) up from the end, and what they scrolled into was
      // laid out shorter than its estimate before the scroll was reported (Firefox, now and
      // then): the end came up to meet them. They left it all the same; following would pull
      // them back down with the next chunk.
      this.setFollowing(false);
    } else if (atEnd) this.setFollowing(true);
    else if (movedUp && this.readerMoving()) this.setFollowing(false);
    else if (this.following) this.stickToBottom();
    if (this.following) {
      this.hold([]);
      this.anchor = null;
      this.pinned = false;
    } else {
      this.movePlace(up, log.clientHeight);
    }
  };

  /**
   * A scroll of what scrolls a log that grows with its messages: the reader's place moves with it,
   * as in a log that scrolls itself (see onScroll), and it never follows.
   */
  private readonly onOuterScroll = (): void => {
    const outer = this.outer;
    if (!outer) return;
    const top = outer.scroller.scrollTop;
    const up = this.lastOuterTop - top;
    this.lastOuterTop = top;
    if (Math.abs(up) < 1) return;
    this.movePlace(up, this.viewOf(this.log!).height);
  };

  /** The scroll event of what scrolls the log while it grows with its messages (see `outerScrolled`). */
  private readonly onOuterScrollEvent = (): void => {
    this.onOuterScroll();
    this.outerScrolled();
  };

  /**
   * The reader scrolled `up` px (down, when negative) in a view `height` px tall. What they saw
   * moves by their scroll; what came into view is laid out at its own size in this frame, and is
   * what moves instead. Once the place leaves the view (or the reader went farther than a view),
   * it is the first message they saw before, now lower when they moved up: kept farther off,
   * it would move what they see by whatever changes between it and them.
   */
  private movePlace(up: number, height: number): void {
    const article = Math.abs(up) <= height ? this.anchorArticle() : null;
    if (this.anchor && article) this.anchor.offset += up;
    if (!this.anchor || !article || !overlaps(this.anchor.offset, article, height)) {
      this.anchor = this.findAnchor(true, up > 1 && up <= height ? up : 0);
    }
    this.pinned = false;
  }

  /** The key of the first message the reader sees, even in part: find starts there (null before anything is laid out). */
  firstShownKey(): string | null {
    const log = this.log;
    if (!log) return null;
    // A log that grows with its messages is shown from where what scrolls the host shows it.
    if (grown(log)) return this.findAnchor(false, 0, viewIn(shownBy(this.host)))?.key ?? null;
    // A list that follows shows its end, even before the browser has scrolled it there (WebKit
    // lays new content out a frame late: find then started from the top of the history).
    this.stickToBottom();
    return this.findAnchor(false)?.key ?? null;
  }

  /** Whether the reader has touched the log (wheel, touch, pointer, key) or scrolled it since `time` (`performance.now()`). */
  readerActedSince(time: number): boolean {
    return this.lastInput >= time;
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
    for (let attempt = 0; attempt < 8 && shown < 2 && current() && !this.readerActedSince(since); attempt++) {
      if (shown === 0) this.bringIntoView(target(), article, placement);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      shown = this.shows(target(), placement) ? shown + 1 : 0;
    }
  }

  /**
   * Whether `box` shows as `placement` puts it: a match whole; a message with its top at the top,
   * or lower when what scrolls the list can go no further (a short message at the end).
   */
  private shows(box: DOMRect, placement: Placement): boolean {
    const log = this.log;
    if (!log) return true;
    const inWindow = grown(log);
    const area = inWindow ? shownBy(this.host) : log.getBoundingClientRect();
    if (box.top < area.top - 1) return false;
    if (placement === 'third') return box.bottom <= area.bottom + 1;
    const scroller = inWindow ? scrollerOf(this.host) : log;
    return box.top <= area.top + 1 || (box.top < area.bottom && scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1);
  }

  private bringIntoView(target: DOMRect, article: HTMLElement, placement: Placement): void {
    const log = this.log;
    if (!log) return;
    if (grown(log)) {
      const { top, bottom } = shownBy(this.host);
      if (placement === 'third' && target.top >= top && target.bottom <= bottom) return;
      const scroller = scrollerOf(this.host);
      scroller.scrollTop += target.top - top - offsetFor(placement, bottom - top);
      if (this.outer?.scroller !== scroller) return;
      this.lastOuterTop = scroller.scrollTop;
      this.anchor = article.dataset.key ? this.anchorAt(article, this.viewOf(log).top) : null;
      this.pinned = this.anchor !== null;
      return;
    }
    this.setFollowing(false);
    const top = log.getBoundingClientRect().top;
    log.scrollTop += target.top - top - offsetFor(placement, log.clientHeight);
    this.lastScrollTop = log.scrollTop;
    this.anchor = article.dataset.key ? this.anchorAt(article, top) : null;
    this.pinned = this.anchor !== null;
  }

  /**
   * Scrolls what scrolls the host until the host's end is at the end of what it shows, and keeps
   * the newest message there while the messages above it take their own size (they come near and
   * wake, their blocks laid out from their estimate), until the reader moves. At once, not smoothly:
   * the way there crosses messages that change size as it passes them. For a log that grows with
   * its messages, which neither scrolls nor follows.
   */
  showEnd(): void {
    const log = this.log;
    if (!log) return;
    this.watchOuter(scrollerOf(this.host));
    const outer = this.outer!;
    const { top, height } = viewOfScroller(outer.scroller);
    outer.scroller.scrollTop += this.host.getBoundingClientRect().bottom - top - height;
    this.lastOuterTop = outer.scroller.scrollTop;
    const articles = log.querySelectorAll<HTMLElement>('article[data-key]');
    const newest = articles[articles.length - 1];
    this.anchor = newest ? this.anchorAt(newest, top) : null;
    this.pinned = this.anchor !== null;
  }

  /**
   * The reader took hold of the scrolling (wheel, touch, pointer, keys): their place is theirs
   * to move, and a scroll up in the moment after is theirs. Scrolls with no hand on the log are
   * the browser's: it pulls the position back when content shrinks (even for a frame, as parts
   * far from view fall back to their remembered size), and that never stops following.
   * A wheel or a touch only scrolls: the place is what the reader sees as they start, and their
   * scroll moves it (the browser may lay out what comes into view before it reports the scroll,
   * and that must not move what they saw). A click or a key may open something: what it changes
   * is left to grow as it does.
   */
  readonly readerInput = {
    // Passive: the list only notes the input, it never holds up the scrolling.
    passive: true,
    handleEvent: (event?: Event): void => {
      this.lastInput = performance.now();
      this.scrollingInput = event !== undefined && SCROLL_ONLY.has(event.type);
      this.pinned = false;
      if (!this.scrollingInput) {
        this.anchor = null;
        return;
      }
      // A scroll of an earlier turn of the wheel not reported yet is taken into account first.
      this.takeScrolls();
      if (!this.following || this.outer) this.anchor = this.findAnchor() ?? this.anchor;
    },
  };

  /** The reader is moving the list (the list's own scrolling, as find's, is not theirs). */
  readerMoving(): boolean {
    return performance.now() - this.lastInput < READER_SCROLL_MS;
  }

  private setFollowing(following: boolean): void {
    if (following) {
      this.hold([]);
      this.anchor = null;
      this.pinned = false;
      this.unseen = 0;
    }
    if (following === this.following) return;
    this.following = following;
    this.host.requestUpdate();
  }

  private observe(): void {
    const log = this.log;
    const list = this.list;
    // Not while a pause for the next frame is on (see keepPlace): that frame observes again.
    if (this.observed || this.frame !== 0 || !this.observer || !list || !log) return;
    this.observer.observe(list);
    this.observer.observe(log);
    this.observed = true;
  }

  /**
   * Messages that come near the viewport are laid out at their real size, no longer the
   * estimate; Firefox and WebKit do so within the same frame, after this callback. The list
   * would then change size again, a notification the browser cannot deliver in that frame and
   * reports as a page error ("ResizeObserver loop completed with undelivered notifications").
   * So after any change the list stops observing until the next frame, whose first notification
   * brings what changed meanwhile; it keeps observing once nothing moves.
   */
  private keepPlace(): void {
    const log = this.log;
    const list = this.list;
    if (!log || !list) return;
    // A scroll not reported yet (WebKit dispatches its event after this callback) is the
    // reader's: taken into account first, so that following does not undo it.
    this.onScroll();
    this.resync = false;
    this.watchOuter(grownWith(log, list) ? scrollerOf(this.host) : null);
    this.onOuterScroll();
    const top = log.scrollTop;
    this.restoreAnchor();
    this.stickToBottom();
    const size = sizeOf(log, list);
    const still = log.scrollTop === top && size === this.lastSize;
    this.lastSize = size;
    if (still || !this.observer) return;
    this.observer.disconnect();
    this.observed = false;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.observe();
    });
  }

  /**
   * Listens to the scrolls of what scrolls the log while it grows with its messages (`scroller`;
   * null while it scrolls itself). The place kept so far was measured in the other view.
   */
  private watchOuter(scroller: Element | null): void {
    if (scroller === (this.outer?.scroller ?? null)) return;
    this.outer?.target.removeEventListener('scroll', this.onOuterScrollEvent);
    this.outer = scroller && { scroller, target: scroller === document.scrollingElement ? document : scroller };
    this.outer?.target.addEventListener('scroll', this.onOuterScrollEvent, { passive: true });
    this.lastOuterTop = scroller?.scrollTop ?? 0;
    this.anchor = null;
    this.pinned = false;
  }

  /**
   * Marks the log `data-narrow` while its content box is under `NARROW_REM` wide. A container
   * query told this before, but it made the log a size container, whose width never comes from
   * its content: in any box sized by what it holds (a dialog, an inline-block, a flex row) the
   * list was 0 px wide. Told here, by the observer that already watches the log (a second one
   * could not be told of the log's changes made in this one's callback: see keepPlace).
   *
   * Also keeps "Jump to latest", which floats over the log, clear of the log's scrollbar where
   * one takes room (Firefox, or any browser set to always show scrollbars; see `placeJump`). Its
   * content box narrows as the scrollbar comes.
   */
  private fitToLog(entries: readonly ResizeObserverEntry[]): void {
    const entry = entries.find((each) => each.target === this.log);
    if (!entry) return;
    const log = entry.target as HTMLElement;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    log.toggleAttribute('data-narrow', entry.contentRect.width < NARROW_REM * rem);
    const bar = `${log.offsetWidth - log.clientWidth}px`;
    if (bar === this.bar) return;
    this.bar = bar;
    this.placeJump();
  }

  /**
   * `--_bar`, the scrollbar's width, on "Jump to latest" while it is shown, and on nothing else:
   * set on an element around the messages, the property restyled every message, and a list's
   * first frame paid for that (3 ms of a fresh page's 68 ms in Chromium, 100 messages).
   */
  private placeJump(): void {
    if (this.following) return;
    // The button is a child of the log's parent: looked for among a handful of children, not
    // through every mounted message, on each update while the reader is scrolled up.
    for (const child of this.log?.parentElement?.children ?? []) {
      if (!child.matches(this.selectors.jump)) continue;
      const style = (child as HTMLElement).style;
      if (style.getPropertyValue('--_bar') !== this.bar) style.setProperty('--_bar', this.bar);
    }
  }

  private stickToBottom(): void {
    const log = this.log;
    if (!log || !this.following || log.scrollHeight <= log.clientHeight) return;
    log.scrollTop = log.scrollHeight;
    this.lastScrollTop = log.scrollTop;
  }

  /**
   * Where the reader is: the first message that starts in view. The end of one above it, partly
   * shown, may still change size (a message that comes into view wakes up at its own size), and
   * what the reader reads below must not move with it. A message that fills the view is where
   * the reader is when none starts in it. Not `startingInView`: the first message shown at all.
   * `below`: in a view that far below the log's (where the reader was before they scrolled up).
   */
  private findAnchor(startingInView = true, below = 0, view = this.log && this.viewOf(this.log)): Anchor | null {
    const list = this.list;
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
        this.hold(measured);
      }
      const articles = childrenMatching(blocks[index], 'article[data-key]');
      for (let at = firstBelow(articles, top); at >= 0 && at < articles.length; at++) {
        const start = articles[at].getBoundingClientRect().top;
        if (startingInView && start < top - 1) {
          partly = articles[at];
          continue;
        }
        return this.anchorAt(partly && start >= top + view.height ? partly : articles[at], view.top, measured);
      }
    }
    return partly && this.anchorAt(partly, view.top, measured);
  }

  /**
   * The place at `article`, where the reader sees it now. Holding its block may change the
   * block's height (Firefox lays a block out anew when it stops being `auto`, by up to a message
   * or two): the log then moves by as much, so that what the reader sees does not. The blocks
   * above it laid out to measure it (`measured`) stay so: put back to their estimate, they would
   * move it by the difference, and being in view they come back at their own size a frame later.
   */
  private anchorAt(article: HTMLElement, top: number, measured: readonly Element[] = []): Anchor {
    const offset = article.getBoundingClientRect().top - top;
    this.hold([...measured, article.parentElement!]);
    this.putBack(article, offset);
    return { key: article.dataset.key!, offset, article };
  }

  /** The anchor's message, when it is in the DOM. */
  private anchorArticle(): HTMLElement | null {
    const anchor = this.anchor;
    if (!anchor || anchor.article.isConnected) return anchor?.article ?? null;
    // Searching the whole list for it costs in proportion to the history: only when it was drawn anew.
    const article = this.articleOf(anchor.key);
    if (article) anchor.article = article;
    return article;
  }

  /** The element of the message with this key, when it is mounted. */
  articleOf(key: string): HTMLElement | null {
    return this.log?.querySelector<HTMLElement>(`article[data-key="${CSS.escape(key)}"]`) ?? null;
  }

  /**
   * Lays out the blocks the reader's place is measured in and against (the ones above it that
   * findAnchor laid out to measure), however far from view the browser thinks they are, and no
   * other. A block it skips (out of view, or come into view since the last frame: Firefox
   * and WebKit wake it a frame late) keeps, in those two, its messages' boxes from their last
   * layout, and its own box at its estimated size: a message kept in place by those boxes can lie
   * in view while its block lies out of it, never to be shown. Chromium lays skipped content out
   * for any measurement; held, it is laid out for good, so the place measured is the place shown.
   */
  private hold(blocks: readonly Element[]): void {
    for (const block of this.held) if (!blocks.includes(block)) block.removeAttribute('data-anchor');
    for (const block of blocks) if (!block.hasAttribute('data-anchor')) block.setAttribute('data-anchor', '');
    this.held = [...blocks];
  }

  private restoreAnchor(): void {
    const anchor = this.anchor;
    const log = this.log;
    if (!anchor || !log) return;
    if (this.following && !this.outer) {
      this.anchor = null;
      return;
    }
    const article = this.anchorArticle();
    if (!article) return;
    if (!this.held.includes(article.parentElement!)) this.hold([article.parentElement!]);
    this.putBack(article, anchor.offset);
  }

  /** Scrolls the log (or what scrolls it, see `outer`) so that `article` starts `offset` below the view's top again (`scrollTop` moves by whole pixels). */
  private putBack(article: HTMLElement, offset: number): void {
    const log = this.log;
    if (!log) return;
    const shift = article.getBoundingClientRect().top - this.viewOf(log).top - offset;
    if (Math.abs(shift) <= 0.5) return;
    if (this.outer) {
      this.outer.scroller.scrollTop += shift;
      this.lastOuterTop = this.outer.scroller.scrollTop;
      return;
    }
    log.scrollTop += shift;
    this.lastScrollTop = log.scrollTop;
  }

  /**
   * Where the reader's place is measured: the log's box, or for a log that grows with its
   * messages, what scrolls it (its box, not what the window shows of it: the page moving a scroller
   * does not move what the scroller shows).
   */
  private viewOf(log: HTMLElement): View {
    return this.outer ? viewOfScroller(this.outer.scroller) : { top: log.getBoundingClientRect().top, height: log.clientHeight };
  }
}

/** Whether `article`, `offset` px below the top of a view `height` px tall, shows in it. */
function overlaps(offset: number, article: HTMLElement, height: number): boolean {
  return offset < height && offset + article.getBoundingClientRect().height > 0;
}

function viewIn({ top, bottom }: { top: number; bottom: number }): View {
  return { top, height: bottom - top };
}

/** The list's box and the log's viewport, what following depends on. Reading them lays the page out. */
function sizeOf(log: HTMLElement, list: Element): string {
  const { width, height } = list.getBoundingClientRect();
  return `${width}x${height} in ${log.clientWidth}x${log.clientHeight}`;
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

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
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
function grown(log: HTMLElement): boolean {
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
function grownWith(log: HTMLElement, list: Element): boolean {
  return Math.abs(roomBelow(log, list)) < 1;
}

/** How far below the top of what shows (`height` px) `placement` puts a box. */
function offsetFor(placement: Placement, height: number): number {
  return placement === 'third' ? height / 3 : 0;
}

/** What scrolls `element`: its nearest ancestor that scrolls (across shadow roots), or the page. */
function scrollerOf(element: Element): Element {
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
function shownBy(element: Element): { top: number; bottom: number } {
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
function viewOfScroller(scroller: Element): View {
  if (scroller === document.scrollingElement) return { top: 0, height: innerHeight };
  return { top: scroller.getBoundingClientRect().top + scroller.clientTop, height: scroller.clientHeight };
}

function parentOf(element: Element): Element | null {
  return element.parentElement ?? ((element.getRootNode() as Partial<ShadowRoot>).host ?? null);
}
