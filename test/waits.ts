/** Waiting on what the browser does, never on the clock: frames, events, finished animations. Imports nothing of the kit. */

/** After the next animation frame: what the browser does each frame (observers, scheduled renders) has run. */
export async function frames(n = 1): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

/**
 * Reads `read` in every animation frame from now on, until the returned function is called;
 * that returns what was read, a frame at a time (a frame callback reads what the frame before
 * it showed, before this one draws).
 */
export function watchFrames<T>(read: () => T): () => T[] {
  const seen: T[] = [];
  let watching = true;
  const watch = () => {
    seen.push(read());
    if (watching) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  return () => {
    watching = false;
    return seen;
  };
}

/** A `<details>` fires `toggle` a task after it opens or closes. */
export function toggled(details: HTMLDetailsElement): Promise<Event> {
  return new Promise((resolve) => details.addEventListener('toggle', resolve, { once: true }));
}

/** Until the CSS transitions and animations running on `element` now have finished. */
export async function transitionsDone(element: Element): Promise<void> {
  await Promise.all(element.getAnimations().map((animation) => animation.finished));
}

/**
 * Until an image that fails to decode has reported it: a hostile `<img onerror>` that got
 * through, asked for before it, would have fired by then.
 */
export function brokenImageSettled(source = 'data:image/png;base64,AAAA'): Promise<void> {
  return new Promise((resolve) => {
    const probe = new Image();
    probe.onerror = probe.onload = () => resolve();
    probe.src = source;
  });
}

/** A stand-in for the Clipboard API on this page; returns what was written and how to put it back. */
export function stubClipboard(): { writes: string[]; restore: () => void } {
  const writes: string[] = [];
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: async (text: string) => void writes.push(text) },
  });
  return { writes, restore: () => void delete (navigator as unknown as Record<string, unknown>).clipboard };
}

/** Waits, a frame at a time, until `condition` holds; fails after `maxFrames` frames. */
export async function until(condition: () => boolean, what: string, maxFrames = 240): Promise<void> {
  for (let frame = 0; !condition(); frame++) {
    if (frame >= maxFrames) throw new Error(`still waiting for ${what} after ${maxFrames} frames`);
    await frames(1);
  }
}

/** The next event of this name on `target`, typed as the page's event map types it. */
export function nextEvent<K extends keyof HTMLElementEventMap>(target: EventTarget, name: K): Promise<HTMLElementEventMap[K]> {
  return new Promise((resolve) => target.addEventListener(name, (event) => resolve(event as HTMLElementEventMap[K]), { once: true }));
}

/**
 * After the next frame is drawn: what the reader saw. (Inside a frame callback, content may be
 * laid out at its new size while the observers that run before paint have not run yet.)
 */
export function painted(): Promise<void> {
  // The task after the frame: a message through a channel, not a timer.
  return new Promise((resolve) => requestAnimationFrame(() => resolve(nextTask())));
}

/**
 * What `read` returns as the next frame shows the page. A check that reads in a task of its own
 * may read a layout no frame showed: a task that runs between the frame and it (a list mounting
 * older messages in idle time) changes what lies above, and the list puts the reader's place back
 * only in the next frame's ResizeObserver callback, before that frame is painted. So `read` runs
 * in the frame's animation frame callback, again in a ResizeObserver callback, and last in a
 * second round of callbacks, which comes after every observer's first (the list's among them,
 * whichever order an engine calls them in: Chromium calls the observer made first first, Firefox
 * not always). `observed` (the list's scroller and content) are observed from the frame on, which
 * reports their sizes at once, in that frame; `inner`, an element inside them with a size (what
 * is read), is observed from the first callback on, which the browser reports in the next round,
 * for it lies deeper than what the first reported. Only that frame's: the observers stop at
 * their first callback (left observing, one read the frame after too, and took the place the list
 * was about to keep for the place shown).
 */
export function readWhenPainted<T>(read: () => T, observed: readonly Element[], inner?: Element): Promise<T> {
  let value: T;
  const last = new ResizeObserver(() => {
    value = read();
    last.disconnect();
  });
  const first = new ResizeObserver(() => {
    value = read();
    first.disconnect();
    if (inner) last.observe(inner);
  });
  requestAnimationFrame(() => {
    value = read();
    for (const element of observed) first.observe(element);
  });
  return painted().then(() => {
    first.disconnect();
    last.disconnect();
    return value;
  });
}

/**
 * A task of its own, soon (a message through a channel: timers may be clamped). The channel is
 * closed once used: WebKit slows down with every port left open, so a run of thousands of
 * waits would time the harness, not the page.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
