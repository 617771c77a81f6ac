import type { ReactiveElement } from 'lit';
import type { StaticValue } from 'lit/static-html.js';
import { loadedTag } from '../../support/registry.js';
import { ChunkRequest } from '../../support/chunk-request.js';

/** The tags the list creates tool activity with. */
export interface ToolTags {
  call: StaticValue;
  result: StaticValue;
}

/** The tool elements' tags if their code is there (a page that imported them, or the server). */
function toolTags(): ToolTags | null {
  const call = loadedTag('tool-call-item');
  const result = loadedTag('tool-result-item');
  return call && result ? { call, result } : null;
}

/**
 * Tool calls and results, with their JSON tree, partial-JSON repair and approvals, load the
 * first time a list shows one: a conversation of text never fetches their code. Until it is
 * there, the list shows each call as a light placeholder (its label and status), and renders
 * again once the tags are defined.
 */
export class ToolLoader {
  private known: ToolTags | null = null;
  private readonly chunk = new ChunkRequest(this.host, () => import('../../tool-call-item/define.js'));

  constructor(private readonly host: ReactiveElement) {}

  /** Null while the code is still to load (a page or another list may have loaded it since). */
  get tags(): ToolTags | null {
    this.known ??= toolTags();
    return this.known;
  }

  /**
   * Starts loading, once: a tool row is about to show. Resolves once the list can render it;
   * while the code cannot be fetched, the placeholders stay and the next tool row asks again.
   */
  readonly request = (): Promise<void> => {
    if (this.tags) {
      // Loaded since this list last read its options (by another list): render with them.
      this.host.requestUpdate();
      return Promise.resolve();
    }
    return this.chunk.request();
  };

  /** Resolves once tool rows this list asked for render as their elements (find waits for it). */
  settled(): Promise<void> {
    return this.chunk.settled();
  }
}
