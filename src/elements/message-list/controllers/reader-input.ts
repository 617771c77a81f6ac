/** Input that only scrolls the log. */
const SCROLL_ONLY = new Set(['wheel', 'touchstart', 'touchmove']);

/**
 * How long after the reader's last input a scroll up still counts as theirs: long enough for a
 * smooth scroll by keyboard, a fling on a touch screen or a drag of the scrollbar to play out.
 */
const READER_SCROLL_MS = 1500;

/**
 * The reader's hand on the log (wheel, touch, pointer, keys), a listener for the host's template.
 * Scrolls with no hand on the log are the browser's: it pulls the position back when content
 * shrinks (even for a frame, as parts far from view fall back to their remembered size), and that
 * never stops following. A wheel or a touch only scrolls (`scrolling`): the place is what the
 * reader sees as they start, and their scroll moves it (the browser may lay out what comes into
 * view before it reports the scroll, and that must not move what they saw). A click or a key may
 * open something: what it changes is left to grow as it does.
 */
export class ReaderInput {
  /** Passive: the list only notes the input, it never holds up the scrolling. */
  readonly passive = true;
  /** The last input only scrolled (a wheel or a touch), not a click or a key that may change what is shown. */
  scrolling = false;
  /** When the reader last touched the log. */
  #last = -Infinity;
  readonly #tookHold: () => void;

  /** `tookHold` is told of each input, after it is noted. */
  constructor(tookHold: () => void) {
    this.#tookHold = tookHold;
  }

  handleEvent(event?: Event): void {
    this.#last = performance.now();
    this.scrolling = event !== undefined && SCROLL_ONLY.has(event.type);
    this.#tookHold();
  }

  /** The reader is moving the list (the list's own scrolling, as find's, is not theirs). */
  moving(): boolean {
    return performance.now() - this.#last < READER_SCROLL_MS;
  }

  /** Whether the reader has touched the log or scrolled it since `time` (`performance.now()`). */
  actedSince(time: number): boolean {
    return this.#last >= time;
  }

  /** The log scrolled while the reader moves it: a drag of the scrollbar or a fling goes on after its last input event. */
  scrolled(): void {
    if (this.moving()) this.#last = performance.now();
  }
}
