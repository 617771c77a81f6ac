/**
 * Counts what a page has registered and not yet released: window and document listeners,
 * pending timers, animation frames and idle callbacks, and elements watched by observers. It
 * wraps the globals on `window` and `document` themselves (own properties; no prototype is
 * touched), so it sees what the kit registers from the moment `watchRegistries()` runs.
 * Used by the memory tests and `npm run soak`.
 */

export interface Registered {
  /** `window` and `document` listeners added and not removed. */
  globalListeners: number;
  /** Timeouts, intervals, animation frames and idle callbacks scheduled and neither run nor cancelled. */
  timers: number;
  /** Elements observed by a live ResizeObserver, IntersectionObserver or MutationObserver. */
  observed: number;
}

type Callback = (...args: unknown[]) => void;

let counting: (() => Registered) | null = null;

/**
 * Starts counting (once per page) and returns the counter. With `from`, only what code whose
 * URL matches registers is counted (the test runner keeps timers of its own).
 */
export function watchRegistries(from?: RegExp): () => Registered {
  counting ??= install(from);
  return counting;
}

function install(from: RegExp | undefined): () => Registered {
  const counted = () => !from || from.test(new Error().stack?.split('\n').slice(3).join('\n') ?? '');
  const listeners = new Set<string>();
  const ids = new WeakMap<object, number>();
  let nextId = 0;
  const idOf = (value: unknown) => {
    if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return String(value);
    let id = ids.get(value);
    if (id === undefined) ids.set(value, (id = nextId++));
    return String(id);
  };
  const capture = (options: unknown) => (typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture));

  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    const name = target === window ? 'window' : 'document';
    Object.defineProperty(target, 'addEventListener', {
      configurable: true,
      value(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions) {
        // Listeners that remove themselves (once, or by a signal) are not counted as held.
        const transient = typeof options === 'object' && (options.once || options.signal);
        if (listener && !transient && counted()) listeners.add(`${name}|${type}|${capture(options)}|${idOf(listener)}`);
        return add(type, listener, options);
      },
    });
    Object.defineProperty(target, 'removeEventListener', {
      configurable: true,
      value(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions) {
        if (listener) listeners.delete(`${name}|${type}|${capture(options)}|${idOf(listener)}`);
        return remove(type, listener, options);
      },
    });
  }

  const pending = new Set<string>();
  const wrapScheduler = (schedule: string, cancel: string, repeats = false) => {
    const scheduleOriginal = (window as unknown as Record<string, Callback>)[schedule];
    const cancelOriginal = (window as unknown as Record<string, Callback>)[cancel];
    if (typeof scheduleOriginal !== 'function') return;
    Object.defineProperty(window, schedule, {
      configurable: true,
      writable: true,
      value(callback: unknown, ...rest: unknown[]) {
        let key = '';
        const run = typeof callback === 'function'
          ? (...args: unknown[]) => {
              if (!repeats) pending.delete(key);
              (callback as Callback)(...args);
            }
          : callback;
        const id = (scheduleOriginal as (...args: unknown[]) => number).call(window, run, ...rest);
        key = `${schedule}|${id}`;
        if (counted()) pending.add(key);
        return id;
      },
    });
    Object.defineProperty(window, cancel, {
      configurable: true,
      writable: true,
      value(id: number) {
        pending.delete(`${schedule}|${id}`);
        return cancelOriginal.call(window, id);
      },
    });
  };
  wrapScheduler('setTimeout', 'clearTimeout');
  wrapScheduler('setInterval', 'clearInterval', true);
  wrapScheduler('requestAnimationFrame', 'cancelAnimationFrame');
  wrapScheduler('requestIdleCallback', 'cancelIdleCallback');

  // Weakly held, so that counting never keeps an element (or its observer) alive.
  const observed = new Map<WeakRef<object>, Set<WeakRef<Element>>>();
  const ownRefs = new WeakMap<object, WeakRef<object>>();
  const refOf = (observer: object) => {
    let ref = ownRefs.get(observer);
    if (!ref) ownRefs.set(observer, (ref = new WeakRef(observer)));
    return ref;
  };
  for (const name of ['ResizeObserver', 'IntersectionObserver', 'MutationObserver'] as const) {
    const Original = window[name] as unknown as new (...args: unknown[]) => {
      observe(target: Element, ...rest: unknown[]): void;
      unobserve?(target: Element): void;
      disconnect(): void;
    };
    const Counted = class extends Original {
      override observe(target: Element, ...rest: unknown[]): void {
        if (!counted()) return super.observe(target, ...rest);
        const ref = refOf(this);
        let targets = observed.get(ref);
        if (!targets) observed.set(ref, (targets = new Set()));
        if (![...targets].some((each) => each.deref() === target)) targets.add(new WeakRef(target));
        super.observe(target, ...rest);
      }
      override unobserve(target: Element): void {
        const targets = observed.get(refOf(this));
        for (const each of targets ?? []) if (each.deref() === target) targets!.delete(each);
        super.unobserve?.(target);
      }
      override disconnect(): void {
        observed.delete(refOf(this));
        super.disconnect();
      }
    };
    Object.defineProperty(window, name, { configurable: true, writable: true, value: Counted });
  }

  return () => ({
    globalListeners: listeners.size,
    timers: pending.size,
    observed: [...observed].reduce((sum, [observer, targets]) => sum + (observer.deref() ? [...targets].filter((each) => each.deref()).length : 0), 0),
  });
}
