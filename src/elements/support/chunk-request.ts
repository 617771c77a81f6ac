import type { ReactiveElement } from 'lit';

/**
 * A chunk of the kit's code an element (a list, a text) fetches the first time it shows what
 * needs it, then renders again with. A fetch that fails (offline, or a chunk gone after a
 * deploy) is forgotten: the element goes on without it, and asks again the next time.
 */
export class ChunkRequest<T> {
  private pending: Promise<void> | null = null;

  constructor(
    private readonly host: ReactiveElement,
    private readonly fetchChunk: () => Promise<T>,
    private readonly arrived: (chunk: T) => void = () => {},
  ) {}

  /** Starts the fetch, once. Resolves, never rejects, once the element can render with what arrived. */
  readonly request = (): Promise<void> => {
    this.pending ??= this.fetchChunk().then(
      (chunk) => {
        this.arrived(chunk);
        this.host.requestUpdate();
      },
      () => {
        this.pending = null;
      },
    );
    return this.pending;
  };

  /** Resolves once a fetch asked for has ended and the element has rendered after it. */
  async settled(): Promise<void> {
    if (!this.pending) return;
    await this.pending;
    await this.host.updateComplete;
  }
}
