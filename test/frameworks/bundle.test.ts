// The no-build bundle on a plain page: nothing else of the kit and no other Lit is loaded here
// (so no @open-wc/testing either, which brings its own Lit).
const BUNDLE = '/dist/display-kit.bundle.js';
const TAGS = ['message-list', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark'];

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message);
}

async function loadBundle(): Promise<Record<string, unknown>> {
  const response = await fetch(BUNDLE, { method: 'HEAD' });
  check(response.ok, `${BUNDLE} is missing: run \`npm run build\` first`);
  return import(/* @vite-ignore */ BUNDLE) as Promise<Record<string, unknown>>;
}

describe('no-build bundle (dist/display-kit.bundle.js)', () => {
  let kit: Record<string, unknown>;
  before(async () => {
    kit = await loadBundle();
  });

  it('registers every tag from one module with no other import, and exports the API', () => {
    for (const tag of TAGS) check(customElements.get(tag) !== undefined, `<${tag}> is registered`);
    check(kit.MessageList === customElements.get('message-list'), 'MessageList is the registered class');
    check(typeof kit.normalizeItems === 'function', 'the model API is exported');
    check(typeof kit.setCodeHighlighter === 'function', 'the code highlighter setter is exported (a page with no build cannot reach display-kit/highlight)');
    const chunks = performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('display-kit.bundle-'));
    check(chunks.length === 0, `no chunk loads with the bundle (${chunks.join(', ')})`);
  });

  it('renders a conversation given in the page as a JSON script child', async () => {
    const host = document.createElement('div');
    host.innerHTML = `<message-list><script type="application/json">${JSON.stringify([
      { id: 'u1', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Hello from a plain page' } },
      { id: 'a1', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: 'Hi **there**', citations: [{ title: 'Greetings', url: 'https://example.com/hi' }], stop_reason: 'length' } },
    ])}</script></message-list>`;
    document.body.append(host);
    const list = host.querySelector('message-list') as HTMLElement & { items: unknown[]; updateComplete: Promise<boolean> };
    await list.updateComplete;
    check(list.items.length === 2, 'both rows are read');
    const items = Array.from(list.shadowRoot!.querySelectorAll('text-item')) as Array<HTMLElement & { updateComplete: Promise<boolean> }>;
    await Promise.all(items.map((item) => item.updateComplete));
    const strong = items[1].shadowRoot!.querySelector('.markdown strong');
    check(strong?.textContent === 'there', 'Markdown is rendered (marked and DOMPurify inlined)');
    check(items[1].shadowRoot!.querySelector('.markdown .cite-number')?.getAttribute('aria-label') === 'Source 1: Greetings (example.com)', 'the citation is marked (its code loads from beside the bundle)');
    check(items[1].shadowRoot!.querySelector('stop-mark') !== null, 'the unfinished message shows its stop mark');
    host.remove();
  });

  it('loads find from a chunk beside itself, wherever the page is', async () => {
    const host = document.createElement('div');
    host.innerHTML = `<message-list><script type="application/json">${JSON.stringify([
      { id: 'u1', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Where is the lighthouse?' } },
    ])}</script></message-list>`;
    document.body.append(host);
    const list = host.querySelector('message-list') as HTMLElement & { find(query: string): Promise<{ count: number }> };
    const found = await list.find('lighthouse');
    check(found.count === 1, `find found the match (${found.count})`);
    const chunks = performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((path) => path.includes('display-kit.bundle-'));
    check(chunks.length > 0 && chunks.every((path) => path.startsWith('/dist/')), `chunks load from beside the bundle (${chunks.join(', ')})`);
    host.remove();
  });

  it('renders a conversation given in a JSON items attribute', async () => {
    const host = document.createElement('div');
    const rows = [{ type: 'text', message_type: 'assistant', content: { text: 'From the *attribute*' } }];
    host.innerHTML = `<message-list items='${JSON.stringify(rows).replace(/'/g, '&#39;')}'></message-list>`;
    document.body.append(host);
    const list = host.querySelector('message-list') as HTMLElement & { items: unknown[]; updateComplete: Promise<boolean> };
    await list.updateComplete;
    check(list.items.length === 1, 'the row is read from the attribute');
    const item = list.shadowRoot!.querySelector('text-item') as HTMLElement & { updateComplete: Promise<boolean> };
    await item.updateComplete;
    check(item.shadowRoot!.querySelector('.markdown em')?.textContent === 'attribute', 'Markdown is rendered');
    host.remove();
  });
});
