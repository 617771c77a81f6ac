/** Under this width (rem), a log is narrow: its timestamps' tips hang from their header and wrap in it (see the styles). */
const NARROW_REM = 32;

/**
 * Fits the list's chrome to its log's box, told by the follow controller's ResizeObserver (a
 * second observer could not be told of the log's changes made in that one's callback: see its
 * keepPlace). Marks the log `data-narrow` while its content box is under `NARROW_REM` wide: a
 * container query told this before, but it made the log a size container, whose width never
 * comes from its content, and in any box sized by what it holds (a dialog, an inline-block, a
 * flex row) the list was 0 px wide.
 *
 * Also keeps "Jump to latest", which floats over the log, clear of the log's scrollbar where one
 * takes room (Firefox, or any browser set to always show scrollbars). Its content box narrows as
 * the scrollbar comes.
 */
export class LogFit {
  /** The log's scrollbar width with its borders (px), which "Jump to latest" keeps clear of. */
  #bar = '0px';
  readonly #jump: string;

  /** `jump` selects "Jump to latest" among the log's siblings. */
  constructor(jump: string) {
    this.#jump = jump;
  }

  /** After `log` changed size (`entries`: the observer's), "Jump to latest" `shown` or not. */
  fit(entries: readonly ResizeObserverEntry[], log: HTMLElement | null, shown: boolean): void {
    const entry = entries.find((each) => each.target === log);
    if (!entry || !log) return;
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    log.toggleAttribute('data-narrow', entry.contentRect.width < NARROW_REM * rem);
    const bar = `${log.offsetWidth - log.clientWidth}px`;
    if (bar === this.#bar) return;
    this.#bar = bar;
    if (shown) this.placeJump(log);
  }

  /**
   * `--_bar`, the scrollbar's width, on "Jump to latest" while it is shown, and on nothing else:
   * set on an element around the messages, the property restyled every message, and a list's
   * first frame paid for that (3 ms of a fresh page's 68 ms in Chromium, 100 messages).
   */
  placeJump(log: HTMLElement | null): void {
    // The button is a child of the log's parent: looked for among a handful of children, not
    // through every mounted message, on each update while the reader is scrolled up.
    for (const child of log?.parentElement?.children ?? []) {
      if (!child.matches(this.#jump)) continue;
      const style = (child as HTMLElement).style;
      if (style.getPropertyValue('--_bar') !== this.#bar) style.setProperty('--_bar', this.#bar);
    }
  }
}
