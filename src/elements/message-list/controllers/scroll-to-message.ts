import { whereShown } from '../../../model/list-model.js';
import type { ListRows } from '../../../model/rows.js';
import type { FindHost } from '../find/finder.js';
import { openCalls } from '../../support/findable.js';
import type { FollowController } from './follow-controller.js';
import type { MountController } from './mount-controller.js';
import type { ToolLoader } from './tool-loader.js';
import type { HistoryReader } from './history-reader.js';

/** What `scrollToMessage` does besides scrolling. */
export interface ScrollToMessageOptions {
  /** Move focus to the message (or the call that shows the row) once it shows. */
  focus?: boolean;
}

/**
 * The list's jumps to a message (`scrollToMessage`), to its end (`scrollToLatest`) and to find's
 * matches: each mounts what lies between, then brings its target into view. A later jump takes
 * over from one still on its way, and the reader's own scrolling ends it.
 */
export class MessageJumps {
  /** Counts the jumps to a message or a match: a later one takes over from one still settling. */
  #jumps = 0;
  readonly #history: HistoryReader;
  readonly #view: ListRows;
  readonly #follow: FollowController;
  readonly #mount: MountController;
  readonly #tools: ToolLoader;

  constructor(
    history: HistoryReader,
    view: ListRows,
    follow: FollowController,
    mount: MountController,
    tools: ToolLoader,
  ) {
    this.#history = history;
    this.#view = view;
    this.#follow = follow;
    this.#mount = mount;
    this.#tools = tools;
  }

  /** See `MessageList.scrollToMessage`. */
  async toMessage(id: string | number, options: ScrollToMessageOptions): Promise<boolean> {
    const jump = ++this.#jumps;
    const follow = this.#follow;
    const model = this.#history.wholeModel();
    const place = whereShown(model, String(id));
    if (!place) return false;
    // A later jump takes over, and the reader's own scrolling ends it, on its way there as after.
    const current = this.#untilReaderActs(() => jump === this.#jumps);
    // Taken over on its way: the message is there, as `true` says, and the later jump shows its own.
    if (!(await this.#reach(place.message, current))) return true;
    const article = follow.place.articleOf(model.messages[place.message].key);
    if (!article) return false;
    // Calls not drawn (tool activity hidden: a trace line stands in) leave the message to go to.
    const opened = await openCalls(article, place.calls);
    const target = opened?.at(-1) ?? article;
    await follow.jumps.showInView(() => target.getBoundingClientRect(), article, 'top', current);
    if (options.focus && current()) focusShown(target);
    return true;
  }

  /** See `MessageList.scrollToLatest`. */
  async toLatest(): Promise<void> {
    if (!this.#follow.growsWithContent()) return this.#follow.scrollToLatest();
    await this.#mount.reach(this.#history.wholeModel().messages.length - 1);
    this.#follow.jumps.showEnd();
  }

  /** What find needs to go to a match. */
  forFind(): Pick<FindHost, 'reach' | 'firstShown' | 'articleOf' | 'showInView'> {
    return {
      reach: (index, wanted) => this.#reach(index, this.#untilReaderActs(wanted)),
      firstShown: () => {
        const key = this.#follow.firstShownKey();
        return key === null ? 0 : Math.max(0, this.#view.model.messages.findIndex((message) => message.key === key));
      },
      articleOf: (key) => this.#follow.place.articleOf(key),
      showInView: (target, article, current) => this.#toMatch(target, article, current),
    };
  }

  /** Shows find's match (`target`, in `article`) a third of the way down, while `current` holds and no later jump took over. */
  #toMatch(target: () => DOMRect, article: HTMLElement, current: () => boolean): Promise<void> {
    const jump = ++this.#jumps;
    return this.#follow.jumps.showInView(target, article, 'third', () => current() && jump === this.#jumps);
  }

  /** `wanted`, until the reader touches or scrolls the log: from then on where it goes is theirs. */
  #untilReaderActs(wanted: () => boolean): () => boolean {
    const since = performance.now();
    return () => wanted() && !this.#follow.readerInput.actedSince(since);
  }

  /**
   * Mounts message `index` and those between it and the view; resolves to `true` once they and
   * their tool elements are drawn, to `false` once `wanted` turns false on the way.
   */
  async #reach(index: number, wanted?: () => boolean): Promise<boolean> {
    if (!(await this.#mount.reach(index, wanted))) return false;
    await this.#tools.settled();
    return true;
  }
}

/**
 * Focus on what a jump showed, without scrolling again: a call's element focuses its summary; a
 * message is focusable while it holds focus, and leaves the tab order again when it loses it.
 */
function focusShown(target: HTMLElement): void {
  if (target.localName === 'article' && !target.hasAttribute('tabindex')) {
    target.tabIndex = -1;
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus({ preventScroll: true });
}
