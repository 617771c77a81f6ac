// The page side of the server-rendering tests: HTML from `renderConversation`, hydrated here.
import { frames } from '../waits.js';

/** HTML rendered in Node by `renderConversation` (src/ssr), through the test server. */
export async function serverRender(items: unknown[], options?: Record<string, unknown>): Promise<string> {
  const response = await fetch('/__frameworks/ssr', { method: 'POST', body: JSON.stringify(options ? { items, options } : items) });
  if (!response.ok) throw new Error(`SSR failed: ${await response.text()}`);
  return response.text();
}

/** What the page reported as going wrong while `run` ran: console errors and warnings, uncaught errors. */
export async function problemsDuring(run: () => Promise<void>): Promise<string[]> {
  const problems: string[] = [];
  const original = { error: console.error, warn: console.warn };
  const record = (...args: unknown[]) => problems.push(args.map(String).join(' '));
  const onError = (event: ErrorEvent) => problems.push(String(event.error ?? event.message));
  const onRejection = (event: PromiseRejectionEvent) => problems.push(String(event.reason));
  console.error = record;
  console.warn = record;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  try {
    await run();
    await frames(2);
  } finally {
    Object.assign(console, original);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
  }
  return problems;
}

/** Every element under `root`, through shadow roots. */
export function allElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    found.push(el);
    if (el.shadowRoot) found.push(...allElements(el.shadowRoot));
  }
  return found;
}

/**
 * Puts server HTML in the page, then loads the tags (as a page's module script would: all six
 * unless `loadTags` says otherwise), and waits
 * until every element has hydrated. `reused`: the list's server-rendered messages are still the
 * ones in its shadow root (hydrated, not rendered again beside or instead of them).
 */
export async function hydrate(serverHtml: string, loadTags: () => Promise<unknown> = () => import('../../src/define.js')) {
  const host = document.createElement('div');
  host.setHTMLUnsafe(serverHtml);
  const list = host.querySelector('message-list')!;
  const serverArticles = Array.from(list.shadowRoot!.querySelectorAll('article'));
  const problems = await problemsDuring(async () => {
    document.body.append(host);
    await loadTags();
    const { settle } = await import('../dom.js');
    await (list as HTMLElementTagNameMap['message-list']).mountComplete;
    await settle(list);
  });
  const articles = Array.from(list.shadowRoot!.querySelectorAll('article'));
  const reused = articles.length === serverArticles.length && articles.every((article, i) => article === serverArticles[i]);
  return { host, problems, reused };
}

export const inShadow = (host: Element | undefined, selector: string) => host?.shadowRoot?.querySelector<HTMLElement>(selector) ?? null;
