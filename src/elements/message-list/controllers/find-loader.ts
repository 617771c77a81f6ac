import { nothing, type ReactiveElement, type TemplateResult } from 'lit';
import type { FindHost, Finder, FindState } from '../find/finder.js';
import { ChunkRequest } from '../../support/chunk-request.js';

/**
 * Find in the conversation, loaded the first time it is used: a list nobody searches never
 * fetches the finder's code. Owns the `Ctrl/Cmd+F` shortcut inside the list, and hands every
 * call on to the finder once it has loaded. While its code cannot be fetched, find rejects, and
 * the next use asks again.
 */
export class FindLoader {
  private finder: Finder | null = null;
  private readonly chunk: ChunkRequest<typeof import('../find/finder.js')>;

  /** `findHost` is read when the finder first loads, never before. */
  constructor(host: ReactiveElement, findHost: () => FindHost) {
    this.chunk = new ChunkRequest(host, () => import('../find/finder.js'), ({ Finder }) => (this.finder = new Finder(findHost())));
  }

  find(query: string): Promise<FindState> {
    return this.load().then((finder) => finder.find(query));
  }

  step(direction: 1 | -1): Promise<FindState> {
    return this.load().then((finder) => finder.step(direction));
  }

  async open(): Promise<void> {
    await (await this.load()).openBar();
  }

  close(): void {
    this.finder?.close();
  }

  /** The search bar, once find has loaded. */
  render(): TemplateResult | typeof nothing {
    return this.finder?.render() ?? nothing;
  }

  readonly onKeydown = (event: KeyboardEvent): void => {
    if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'f') {
      event.preventDefault();
      void this.open();
    }
  };

  private async load(): Promise<Finder> {
    await this.chunk.request();
    if (!this.finder) throw new Error('Find could not load its code: offline, or the page was deployed anew.');
    return this.finder;
  }
}
