import { isServer, type ReactiveElement } from 'lit';
import type { ConversationStore } from '../../../model/store.js';
import type { ListRows } from '../../../model/rows.js';
import type { ListModel } from '../../../model/list-model.js';
import type { DisplayItem } from '../../../model/types.js';
import { FILL_FACTOR, type FirstMount } from './first-mount.js';
import type { MountController, UnreadHistory } from './mount-controller.js';
import type { FollowController } from './follow-controller.js';

/** What reading the rows needs of the list, asked each time (its controllers are made after this one). */
export interface Reading {
  mount: MountController;
  follow: FollowController;
  hydrating: boolean;
  draft: unknown;
}

/**
 * Reads the store's rows into the view, and tells the mount controller what changed. A long
 * history shown for the first time is read in part (its newest rows, or its oldest in a list that
 * grows with its messages) and the rest in idle time, as the mount controller asks (`read`).
 */
export class HistoryReader implements UnreadHistory {
  /** Only part of a long history's rows is read yet. */
  #partial = false;
  /** Watches a host that was not shown when its history first mounted, until it is (see `showFromTop`). */
  #untilShown: ResizeObserver | null = null;
  #shownAtLast = false;
  readonly #host: ReactiveElement;
  readonly #store: ConversationStore;
  readonly #view: ListRows;
  readonly #list: () => Reading;

  constructor(
    host: ReactiveElement,
    store: ConversationStore,
    view: ListRows,
    list: () => Reading,
  ) {
    this.#host = host;
    this.#store = store;
    this.#view = view;
    this.#list = list;
  }

  pending(): boolean {
    return this.#partial;
  }

  /** Before an update: the items changed (or the draft, beside a history read in part), or the host was shown at last. */
  update(items: boolean, draft: boolean): void {
    if (items || (draft && this.#partial)) this.#showItems();
    if (this.#shownAtLast) this.#showFromTop();
  }

  /**
   * Hands the saved items to the view. A long history shown for the first time shows its newest
   * rows at once (its oldest, in a list that grows with its messages) and reads the others in
   * idle time; any change after that reads them all. Not while hydrating (the server's HTML holds
   * every message), nor beside a draft (whose calls are told apart from every saved one).
   */
  #showItems(): void {
    const { mount, follow, hydrating } = this.#list();
    const wasPartial = this.#partial;
    // What the first mount shows (it measures the host): read once, for both.
    const first = !isServer && this.#view.model.messages.length === 0 && !hydrating ? mount.firstMount() : undefined;
    const change = this.#readItems(first);
    if (!change.rebuilt) return;
    follow.countUnseen(change.previous, this.#view.model.messages);
    if (wasPartial) mount.historyRead(change.previous, this.#view.model.messages);
    else if (mount.plan(change.previous, this.#view.model.messages, hydrating, first)?.shown === false) this.#watchUntilShown();
  }

  /**
   * A host not shown (`display: none`, as in a closed dialog or a tab not chosen) mounts a long
   * history newest first, in idle time, for whether it will grow with its messages is not known
   * yet. Shown at last and growing, its page shows the top of the conversation: what still waits
   * to mount then mounts from the top, the oldest messages first, as when it was shown from the
   * start (older messages mounting above would move what the reader sees, slice after slice).
   */
  #showFromTop(): void {
    const { mount } = this.#list();
    this.#shownAtLast = false;
    if (!mount.mounting) return;
    const first = mount.firstMount();
    if (!first.fromTop) return;
    // Only the newest rows read: the oldest are read instead.
    if (this.#partial) this.#readItems(first);
    mount.plan([], this.#view.model.messages, false, first);
  }

  #watchUntilShown(): void {
    if (this.#untilShown || typeof ResizeObserver === 'undefined') return;
    // Its callback comes after the first layout that shows the host, before that frame paints.
    this.#untilShown = new ResizeObserver(() => {
      if (this.#host.getClientRects().length === 0) return;
      this.#untilShown?.disconnect();
      this.#untilShown = null;
      this.#shownAtLast = true;
      this.#host.requestUpdate();
    });
    this.#untilShown.observe(this.#host);
  }

  /**
   * Hands the view the items of every row, or, for a first mount with no draft beside it, of the
   * rows that mount needs (from the end it shows, enough for `fill` to take more); notes whether
   * some are still unread.
   */
  #readItems(first?: FirstMount) {
    const items = first && this.#list().draft == null ? this.#firstItems(first) : this.#store.displayItems();
    this.#partial = items.length < this.#store.items.length;
    return this.#view.setItems(items);
  }

  #firstItems({ count, fromTop }: FirstMount): DisplayItem[] {
    return fromTop ? this.#store.oldestItems(FILL_FACTOR * count) : this.#store.newestItems(FILL_FACTOR * count);
  }

  /** Reads the rows not read yet while `more()` holds; once all are, every message is shown. */
  read(more: () => boolean): void {
    if (!this.#partial || !this.#store.readAhead(more)) return;
    this.#showItems();
    this.#host.requestUpdate();
  }

  /** The model of every saved message, rows not read yet read now: find, usage and export read them all. */
  wholeModel(): ListModel {
    this.read(() => true);
    return this.#view.model;
  }
}
