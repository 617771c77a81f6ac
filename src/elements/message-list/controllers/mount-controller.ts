import { isServer, type ReactiveController, type ReactiveElement } from 'lit';
import type { Message } from '../../../model/types.js';

/** How many of the newest messages a fresh long history mounts at once. */
export const FIRST_MOUNT = 30;
/** How many older messages mount in each idle period after that. */
export const MOUNT_CHUNK = 120;

/**
 * A long history paints its newest messages first; the older ones mount in idle time, a chunk
 * at a time, above them (the list keeps the reader's place). Nothing is ever unmounted, so find
 * in page, selection and anchoring work as in any page once mounting is done.
 */
export class MountController implements ReactiveController {
  /** Index of the oldest message in the DOM; older ones are still waiting to mount. */
  from = 0;
  private task: number | null = null;
  private waiters: Array<() => void> = [];

  constructor(private readonly host: ReactiveElement) {
    host.addController(this);
  }

  /**
   * After the messages changed: a fresh history (nothing of `previous` is still last) mounts its
   * newest messages now and the rest later, unless `all` (server-rendered HTML holds every
   * message, and hydration must find them all in the first render).
   */
  plan(previous: readonly Message[], messages: readonly Message[], all: boolean): void {
    const lastKey = previous[previous.length - 1]?.key;
    const fresh = lastKey === undefined || !messages.some((message) => message.key === lastKey);
    if (fresh) this.from = isServer || all ? 0 : Math.max(0, messages.length - FIRST_MOUNT);
    else this.from = Math.min(this.from, messages.length);
    this.schedule();
  }

  /** Mounts every message from `index` on now (find jumps to an older one); resolves once rendered. */
  async mountFrom(index: number): Promise<void> {
    if (index < this.from) {
      this.from = Math.max(0, index);
      this.host.requestUpdate();
    }
    await this.host.updateComplete;
  }

  /** Resolves once every message is in the DOM and the host has rendered them. */
  get complete(): Promise<void> {
    return (async () => {
      while (this.from > 0 || this.host.isUpdatePending) await new Promise<void>((resolve) => this.waiters.push(resolve));
    })();
  }

  hostConnected(): void {
    this.schedule();
  }

  hostUpdated(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  hostDisconnected(): void {
    if (this.task === null) return;
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(this.task);
    else clearTimeout(this.task);
    this.task = null;
  }

  private schedule(): void {
    if (this.task !== null || this.from === 0 || isServer) return;
    this.task = whenIdle(() => {
      this.task = null;
      this.from = Math.max(0, this.from - MOUNT_CHUNK);
      this.host.requestUpdate();
      this.schedule();
    });
  }
}

/** The browser's next idle period (Safari has no `requestIdleCallback`: the next task then). */
function whenIdle(callback: () => void): number {
  return typeof requestIdleCallback === 'function'
    ? requestIdleCallback(callback, { timeout: 250 })
    : (setTimeout(callback, 16) as unknown as number);
}
