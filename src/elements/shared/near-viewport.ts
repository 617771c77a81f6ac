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

const wakeListeners = new Set<() => void>();

/**
 * Calls `listener` once the elements woken in a round of this observer's notifications have
 * rendered (their updates are microtasks queued before it); returns what stops it.
 */
export function afterWaking(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => wakeListeners.delete(listener);
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
      callback?.();
      woke ||= callback !== undefined;
    }
  }
  if (woke) queueMicrotask(() => wakeListeners.forEach((listener) => listener()));
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
