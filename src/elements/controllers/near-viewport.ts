/**
 * Lazy items learn, once, that they came within a screenful or so of the viewport, early
 * enough that their Markdown is ready before it shows. An IntersectionObserver does work for
 * every target on every frame that changes layout, so items inside a group (an element marked
 * `data-near-group`, like the list's blocks) share their group as one target: a long list
 * observes a few dozen blocks, not every old message.
 */
const GROUP = '[data-near-group]';
const MARGIN = '1500px 0px';

const callbacks = new WeakMap<Element, () => void>();
const targetOf = new WeakMap<Element, Element>();
const waiting = new Map<Element, Set<Element>>();
let observer: IntersectionObserver | null = null;

function getObserver(): IntersectionObserver {
  // `scrollMargin` widens a scrolling ancestor's clip too, so a list with a height of its own
  // starts parsing before the reader scrolls a block into view.
  observer ??= new IntersectionObserver(onIntersect, { rootMargin: MARGIN, scrollMargin: MARGIN } as IntersectionObserverInit);
  return observer;
}

/** Told of each round of elements woken: `before` they are, and `after` they have rendered. */
export interface WakeWatcher {
  before(): void;
  after(): void;
}

const watchers = new Set<WakeWatcher>();

/**
 * Tells `watcher` of each round of elements this observer wakes: before the first is woken, and
 * once they have rendered (their updates are microtasks queued before it). Returns what stops it.
 */
export function watchWaking(watcher: WakeWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

function onIntersect(entries: IntersectionObserverEntry[]): void {
  let woke = false;
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const elements = waiting.get(entry.target) ?? new Set<Element>();
    waiting.delete(entry.target);
    observer!.unobserve(entry.target);
    for (const element of elements) {
      const callback = callbacks.get(element);
      forget(element);
      if (callback && !woke) watchers.forEach((watcher) => watcher.before());
      woke ||= callback !== undefined;
      callback?.();
    }
  }
  if (woke) queueMicrotask(() => watchers.forEach((watcher) => watcher.after()));
}

/** What the shared observer watches now: groups, and elements in none. */
export function watchedTargets(): Element[] {
  return [...waiting.keys()];
}

export function whenNearViewport(element: Element, callback: () => void): void {
  if (callbacks.has(element)) return;
  const target = element.closest(GROUP) ?? element;
  callbacks.set(element, callback);
  targetOf.set(element, target);
  let elements = waiting.get(target);
  if (!elements) {
    elements = new Set();
    waiting.set(target, elements);
    getObserver().observe(target);
  }
  elements.add(element);
}

export function stopWatching(element: Element): void {
  const target = targetOf.get(element);
  forget(element);
  const elements = target && waiting.get(target);
  if (!elements) return;
  elements.delete(element);
  if (elements.size > 0) return;
  waiting.delete(target);
  observer?.unobserve(target);
}

function forget(element: Element): void {
  callbacks.delete(element);
  targetOf.delete(element);
}
