import { isServer, type ReactiveController, type ReactiveElement } from 'lit';
import type { Message } from '../../../model/types.js';
import { estimatedHeight, FILL_FACTOR, firstMountOf, WHOLE_HISTORY, type FirstMount, type Heights } from './first-mount.js';

export { FILL_FACTOR, FIRST_MOUNT_MAX, FIRST_MOUNT_MIN, WHOLE_HISTORY, type FirstMount, type Heights } from './first-mount.js';

/**
 * The work one slice of older messages may take (ms), the browser's style and layout of it
 * aside: each slice is sized by what the last one took, so that mounting holds no frame long, on
 * a slow machine too. A page with nothing else to do gives idle periods of up to 50 ms: a slice
 * then takes more of them, up to `IDLE_SLICE_MS`.
 */
const SLICE_MS = 10;
const IDLE_SLICE_MS = 30;
const SLICE_MIN = 2;
/** The most messages one slice mounts, however little the last ones cost. */
export const SLICE_MAX = 200;
/**
 * A slice on the way to a message find jumps to, one a frame: the reader waits for it, so it
 * takes more than an idle one, and leaves the frame room to draw. (30 ms gave the same total
 * time with more tasks over 50 ms: the frame's own work grows with the slice.)
 */
const JUMP_SLICE_MS = 15;

/**
 * While the reader scrolls up, older messages mount, a slice a scroll, once fewer than this many
 * viewports of messages are mounted above them: far enough ahead that they mount out of sight
 * (near the viewport the browser lays new messages out a frame late, and what the reader sees
 * would move). So do newer ones below, in a history mounting from its top that the page scrolls
 * down (viewports of the window there).
 */
const AHEAD_VIEWPORTS = 5;

/** Rows of the host's history it has not read yet: older than every message it shows, or newer in a history mounting from its top. */
export interface UnreadHistory {
  pending(): boolean;
  /** Reads them while `more()` holds; once all are read, the host shows every message and calls `historyRead`. */
  read(more: () => boolean): void;
}

const ALL_READ: UnreadHistory = { pending: () => false, read: () => {} };

/** A message a jump asked to mount, while `wanted` holds. */
interface Asked {
  target: number;
  wanted: () => boolean;
}

/**
 * A long history paints what fills the viewport first, newest last: as many messages as fill it
 * at the estimated height, and more before that frame lays out while those leave part of it
 * empty. Older messages mount above them in idle time, a slice at a time, and at once when the
 * reader scrolls near the top of what is mounted (the list keeps the reader's place). Rows the
 * host has not read yet are read first, in idle time too. Nothing is ever unmounted, so find in
 * page, selection and anchoring work as in any page once mounting is done.
 *
 * A host with no height of its own grows with its messages in a page that scrolls, which shows
 * their top: there the oldest messages mount first, as many as fill what the window shows below
 * the host's top (within any scroller it sits in), and newer ones below them (out of view) in idle
 * time. Mounted above, they moved what the reader saw, slice after slice (for 0.75 s of a
 * 100-message history in Chromium).
 */
export class MountController implements ReactiveController {
  /** Index of the oldest message in the DOM; older ones are still waiting to mount. */
  from = 0;
  /**
   * Index of the first message still waiting to mount below the others (a history mounting from
   * its top), or `Infinity`: the newest are mounted, and messages that arrive mount at once.
   */
  to = Infinity;
  /** The fresh history mounts from its oldest message (the host grows with its messages). */
  fromTop = false;
  /** How many messages the host has. */
  #total = 0;
  #task: number | null = null;
  #waiters: Array<() => void> = [];
  /** What mounting one message cost the last time (ms). */
  #cost = 1;
  /** The reader neared the top while older rows were unread: a slice mounts once they are read. */
  #wanted = false;
  /** The messages a jump or find asked to mount (`reach`), and the walk's step there, while it goes on. */
  readonly #asked = new Set<Asked>();
  #jumping: Promise<void> | null = null;

  readonly #host: ReactiveElement;
  readonly #unread: UnreadHistory;
  readonly #heights: Heights;
  readonly #grows: () => boolean | null;

  /** `grows`: whether the host grows with its messages (it has no height of its own); null while it is not shown. */
  constructor(host: ReactiveElement, unread: UnreadHistory = ALL_READ, heights: Heights = () => ({ viewport: 0, shown: 0 }), grows: () => boolean | null = () => false) {
    this.#host = host;
    this.#unread = unread;
    this.#heights = heights;
    this.#grows = grows;
    host.addController(this);
  }

  /** What a fresh history mounts first, now (see `firstMountOf`). */
  firstMount(): FirstMount {
    return firstMountOf(this.#host, this.#grows(), this.#heights);
  }

  /**
   * After the messages changed: a fresh history (nothing of `previous` is still last) mounts what
   * fills the viewport now (`first`, when the host has just read it) and the rest later, unless
   * `all` (server-rendered HTML holds every message, and hydration must find them all in the
   * first render). Returns the first mount a fresh history took (null for any other change).
   */
  plan(previous: readonly Message[], messages: readonly Message[], all: boolean, first?: FirstMount): FirstMount | null {
    const lastKey = previous[previous.length - 1]?.key;
    const fresh = lastKey === undefined || !messages.some((message) => message.key === lastKey);
    this.#total = messages.length;
    let took: FirstMount | null = null;
    if (!fresh) {
      this.from = Math.min(this.from, messages.length);
      this.to = this.#stillWaiting(previous, messages);
    } else if (isServer || all) {
      this.from = 0;
      this.to = Infinity;
      this.fromTop = false;
    } else {
      took = first ?? this.firstMount();
      const { count, fromTop } = took;
      const whole = messages.length <= WHOLE_HISTORY && !this.#unread.pending();
      const shown = whole ? messages.length : Math.min(count, fromTop ? this.#ceiling : messages.length);
      this.fromTop = fromTop;
      this.from = fromTop ? 0 : messages.length - shown;
      this.to = fromTop && shown < messages.length ? shown : Infinity;
      this.#measure(shown, shown);
    }
    this.#schedule();
    return took;
  }

  /**
   * Where the first message waiting below the others is now (messages added or removed before it
   * move it), or `Infinity` once none waits.
   */
  #stillWaiting(previous: readonly Message[], messages: readonly Message[]): number {
    if (this.to === Infinity) return Infinity;
    const at = indexOfKey(messages, previous[this.to]?.key, this.to);
    const to = at >= 0 ? at : this.to;
    return to >= messages.length ? Infinity : to;
  }

  /**
   * The host read the rest of its history: the messages that adds before the ones shown (after
   * them, in a history mounting from its top) mount later, and the oldest one mounted stays the
   * oldest.
   */
  historyRead(previous: readonly Message[], messages: readonly Message[]): void {
    this.#total = messages.length;
    const oldest = previous[this.from]?.key;
    const shifted = this.from + messages.length - previous.length;
    const at = indexOfKey(messages, oldest, shifted);
    this.from = at >= 0 ? at : Math.min(Math.max(0, shifted), messages.length);
    if (this.#wanted) {
      this.#wanted = false;
      if (this.to < Infinity) this.#mountNewer(SLICE_MS);
      else this.#mountOlder();
    }
    this.#schedule();
  }

  /**
   * Mounts message `index` and every one between it and those mounted (a jump or find goes to it),
   * a slice a frame, and resolves to `true` once they are rendered; to `false` as soon as
   * `wanted` turns false on the way (a later jump took over: the walk goes on only for what is
   * still wanted, and the rest mounts in idle time). At once, the messages between took seconds
   * in one task (a jump across 7,900 of them, 2.3 to 2.7 s in Chromium), the page frozen meanwhile.
   */
  async reach(index: number, wanted: () => boolean = () => true): Promise<boolean> {
    const ask = { target: Math.max(0, Math.min(index, this.#total - 1)), wanted };
    // One walk however often it is asked (a reader pressing Enter again meanwhile): each step
    // goes on towards the furthest message still wanted, and every waiter looks again after it.
    this.#asked.add(ask);
    try {
      while (!this.#mounted(ask.target) && wanted()) {
        await (this.#jumping ??= this.#walkStep().finally(() => {
          this.#jumping = null;
        }));
      }
    } finally {
      this.#asked.delete(ask);
    }
    if (!this.#mounted(ask.target)) return false;
    await this.#host.updateComplete;
    return true;
  }

  /** One slice towards the messages still asked for, rendered, and the frame after it when more are to come. */
  async #walkStep(): Promise<void> {
    const targets = this.#stillAsked();
    if (targets.length === 0) return;
    if (Math.max(...targets) >= this.to) this.#mountNewer(JUMP_SLICE_MS);
    else this.#mountOlder(JUMP_SLICE_MS, Math.min(...targets));
    await this.#host.updateComplete;
    if (this.#stillAsked().length > 0) await new Promise((resolve) => requestAnimationFrame(resolve));
  }

  /** The messages asked for that are still wanted and not mounted yet. */
  #stillAsked(): number[] {
    return [...this.#asked].filter(({ target, wanted }) => wanted() && !this.#mounted(target)).map(({ target }) => target);
  }

  #mounted(index: number): boolean {
    return index >= this.from && index < this.to;
  }

  /** The reader scrolled `log` up: nearing the top of what is mounted, the next older messages mount now. */
  readerScrolled(log: HTMLElement): void {
    if (log.scrollTop >= AHEAD_VIEWPORTS * log.clientHeight) return;
    this.#mountAhead(false);
  }

  /**
   * What scrolls a host that grows with its messages moved it: nearing the end of what is mounted
   * (a history mounting from its top), the next newer messages mount now, below what the window
   * shows, rather than when the browser is next idle. Reading down faster than they mounted, the
   * reader met the end of the page, and waited there.
   */
  scrolledAlong(): void {
    if (this.to === Infinity) return;
    const { viewport, shown } = this.#heights(true);
    if (shown - viewport >= AHEAD_VIEWPORTS * innerHeight) return;
    this.#mountAhead(true);
  }

  /**
   * The next slice the reader comes to (`newer`: below those of a history mounting from its top;
   * else above), or, while the rows that hold it are not read yet, those rows now: the slice
   * mounts once they are (`historyRead`).
   */
  #mountAhead(newer: boolean): void {
    if (newer ? this.to < this.#ceiling : this.from > this.#floor) {
      if (newer) this.#mountNewer(SLICE_MS);
      else this.#mountOlder();
    } else if (this.#unread.pending()) {
      this.#wanted = true;
      this.#unread.read(() => true);
    }
  }

  /** Resolves once every message is in the DOM and the host has rendered them. */
  get complete(): Promise<void> {
    return (async () => {
      while (this.mounting || this.#host.isUpdatePending) await new Promise<void>((resolve) => this.#waiters.push(resolve));
    })();
  }

  hostConnected(): void {
    this.#schedule();
  }

  hostUpdated(): void {
    for (const resolve of this.#waiters.splice(0)) resolve();
  }

  hostDisconnected(): void {
    if (this.#task === null) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(this.#task);
    else clearTimeout(this.#task);
    this.#task = null;
  }

  /** Whether messages (or rows) still wait to mount. */
  get mounting(): boolean {
    return this.from > 0 || this.to < Infinity || this.#unread.pending();
  }

  /**
   * The oldest message that may mount now. Before older rows are read, the oldest one shown
   * waits: its day and the time since the message before it are in them.
   */
  get #floor(): number {
    return this.#unread.pending() ? 1 : 0;
  }

  /**
   * Past the newest message that may mount now, in a history mounting from its top. Before newer
   * rows are read, the newest one shown waits: whether its run is over, and what answers its
   * calls, may be in them.
   */
  get #ceiling(): number {
    return this.#unread.pending() ? this.#total - 1 : this.#total;
  }

  #schedule(): void {
    if (this.#task !== null || !this.mounting || isServer) return;
    this.#task = whenIdle((idleMs) => {
      this.#task = null;
      this.#step(Math.min(IDLE_SLICE_MS, Math.max(SLICE_MS, idleMs)));
      this.#schedule();
    });
  }

  /** An idle period's work: rows not read yet first (the messages older than the shown ones are in them), else a slice. */
  #step(ms: number): void {
    if (this.#unread.pending()) {
      const end = performance.now() + ms;
      this.#unread.read(() => performance.now() < end);
    } else if (this.to < Infinity) {
      this.#mountNewer(ms);
    } else {
      this.#mountOlder(ms);
    }
  }

  /** The next older messages, as many as the last mount says fit in `ms`, none older than `oldest`. */
  #mountOlder(ms = SLICE_MS, oldest = this.#floor): void {
    const count = this.#sliceOf(ms, this.from - oldest);
    this.from -= count;
    this.#mountSlice(count);
  }

  /** The next newer messages of a history mounting from its top, as many as fit in `ms`. */
  #mountNewer(ms: number): void {
    const count = this.#sliceOf(ms, this.#ceiling - this.to);
    this.#mountBelow(count);
    this.#mountSlice(count);
  }

  /** `count` more messages below those of a history mounting from its top; all of them: the newest mount as they come. */
  #mountBelow(count: number): void {
    this.to = this.to + count >= this.#total ? Infinity : this.to + count;
  }

  /** How many messages, of `left`, the last mount says fit in `ms`. */
  #sliceOf(ms: number, left: number): number {
    return Math.min(left, SLICE_MAX, Math.max(SLICE_MIN, Math.floor(ms / this.#cost)));
  }

  /** Renders the `count` messages just added to those mounted, and times them. */
  #mountSlice(count: number, filling?: number): void {
    this.#host.requestUpdate();
    this.#measure(count, filling);
  }

  /**
   * Times mounting `count` messages until the host and the item elements it made have rendered
   * them (theirs come before the host's `updateComplete` resolves): the next slice is sized by it.
   * `filling`: how many messages the first mount has shown so far, which must fill the viewport.
   */
  #measure(count: number, filling?: number): void {
    if (count === 0) return;
    const start = performance.now();
    void this.#host.updateComplete.then(() => {
      this.#cost = (performance.now() - start) / count;
      // Read as the frame begins, the layout read is the frame's own. Read in this microtask, it
      // was laid out again in the frame (10 ms more of a 28 ms first frame of 100 items).
      if (filling !== undefined) requestAnimationFrame(() => this.#fill(filling));
    });
  }

  /**
   * Messages shorter than the estimate left part of the viewport empty: more mount before the
   * frame lays out (older ones, or newer ones below those of a history mounting from its top), as many as fill it at the height of those shown (at most `FILL_FACTOR`
   * times as many as the estimate would take, should they have no height yet).
   */
  #fill(shownCount: number): void {
    const fromTop = this.to < Infinity;
    const left = fromTop ? this.#ceiling - this.to : this.from - this.#floor;
    if (left <= 0) return;
    const { viewport, shown } = this.#heights(fromTop);
    if (!(shown < viewport)) return;
    const height = Math.max(shown / shownCount, estimatedHeight() / FILL_FACTOR);
    const count = Math.min(left, Math.ceil((viewport - shown) / height));
    if (fromTop) this.#mountBelow(count);
    else this.from -= count;
    this.#mountSlice(count, shownCount + count);
  }
}

/** Where the message with `key` is in `messages`, looked for at `guess` first; -1 when it is gone. */
function indexOfKey(messages: readonly Message[], key: string | undefined, guess: number): number {
  return messages[guess]?.key === key ? guess : messages.findIndex((message) => message.key === key);
}

/**
 * The browser's next idle period, with how long it lasts (ms). Safari has no
 * `requestIdleCallback`: a task a frame later then, given an idle slice's time (fewer, larger
 * slices: it lays new messages out a frame late, and each slice moves the reader's place for that frame).
 */
function whenIdle(callback: (idleMs: number) => void): number {
  return typeof requestIdleCallback === 'function'
    ? requestIdleCallback((deadline) => callback(deadline.timeRemaining()), { timeout: 250 })
    : (setTimeout(() => callback(IDLE_SLICE_MS), 16) as unknown as number);
}
