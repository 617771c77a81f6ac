import type { ReactiveController, ReactiveElement } from 'lit';
import { hasToolViews } from '../../support/tool-views.js';
import { ChunkRequest } from '../../support/chunk-request.js';
import type { ToolViewSync } from './tool-view-sync.js';
import type { ShownCalls } from './shown-calls.js';

/**
 * Hosts the views of the calls the list shows in the list's own light DOM, after each update
 * that changed what shows. Their code (`ToolViewSync`) loads the first time a list is given a
 * view, beside the tool elements': a page with no views of its own never fetches it.
 */
export class ToolViewController implements ReactiveController {
  private views: ToolViewSync | null = null;
  private stale = true;
  /** The views' code: while it cannot be fetched, the calls keep their own bodies and the next change asks again. */
  private readonly chunk: ChunkRequest<typeof import('./tool-view-sync.js')>;

  constructor(
    host: ReactiveElement,
    private readonly shown: () => ShownCalls,
  ) {
    host.addController(this);
    this.chunk = new ChunkRequest(host, () => import('./tool-view-sync.js'), ({ ToolViewSync }) => {
      this.views = new ToolViewSync(host, (detail) => this.shown().viewFailed(detail));
      if (!host.isConnected) this.views.unwatch();
    });
  }

  /** Call when the items, the draft, what is mounted or the views changed. */
  invalidate(): void {
    this.stale = true;
  }

  hostConnected(): void {
    this.views?.watch();
  }

  hostDisconnected(): void {
    this.views?.unwatch();
  }

  hostUpdated(): void {
    if (!this.stale) return;
    const shown = this.shown();
    if (this.views) {
      this.stale = false;
      this.views.update(shown);
    } else if (hasToolViews(shown.toolViews)) {
      // Stays stale: the views show in the update after their code is there.
      void this.chunk.request();
    } else {
      this.stale = false;
    }
  }

  /** Resolves once views asked for have their code (mountComplete waits for it). */
  settled(): Promise<void> {
    return this.chunk.settled();
  }
}
