import { nothing, type TemplateResult } from 'lit';
import type { FindHost, Finder, FindState } from '../find/finder.js';

/**
 * Find in the conversation, loaded the first time it is used: a list nobody searches never
 * fetches the finder's code. Owns the `Ctrl/Cmd+F` shortcut inside the list, and hands every
 * call on to the finder once it has loaded.
 */
export class FindLoader {
  private finder: Finder | null = null;
  private loading: Promise<Finder> | null = null;

  /** `host` is read when the finder first loads, never before. */
  constructor(private readonly host: () => FindHost) {}

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

  private load(): Promise<Finder> {
    this.loading ??= import('../find/finder.js').then(({ Finder }) => (this.finder = new Finder(this.host())));
    return this.loading;
  }
}
