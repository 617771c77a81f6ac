/**
 * One IntersectionObserver for every lazy item: it says once when an element comes within a
 * screenful or so of the viewport, early enough that its Markdown is ready before it shows.
 */
const callbacks = new WeakMap<Element, () => void>();
let observer: IntersectionObserver | null = null;

function getObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer!.unobserve(entry.target);
        const callback = callbacks.get(entry.target);
        callbacks.delete(entry.target);
        callback?.();
      }
    },
    { rootMargin: '1500px 0px' },
  );
  return observer;
}

export function whenNearViewport(element: Element, callback: () => void): void {
  if (callbacks.has(element)) return;
  callbacks.set(element, callback);
  getObserver().observe(element);
}

export function stopWatching(element: Element): void {
  if (!callbacks.delete(element)) return;
  observer?.unobserve(element);
}
