import { fixture, html } from '@open-wc/testing';
import '../src/index.js';
import { settle } from './dom.js';

export { FIXTURE_NAMES, loadFixture, type Row } from './fixtures.js';
export { deepQueryAll, settle } from './dom.js';

/** The text a reader sees, through shadow roots (styles and scripts excluded). */
export function deepText(root: Element | ShadowRoot): string {
  const parts: string[] = [];
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    if (node instanceof Element) {
      if (node.tagName === 'STYLE' || node.tagName === 'SCRIPT') return;
      if (node.shadowRoot) visit(node.shadowRoot);
    }
    for (const child of Array.from(node.childNodes)) visit(child);
  };
  visit(root);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

export async function mountList(items: unknown[]) {
  const el = await fixture<HTMLElementTagNameMap['message-list']>(html`<message-list .items=${items}></message-list>`);
  await settle(el);
  return el;
}

export async function mountItem<K extends 'text-item' | 'thinking-item' | 'tool-call-item' | 'tool-result-item'>(
  tag: K,
  item: unknown,
  extra: Record<string, unknown> = {},
): Promise<HTMLElementTagNameMap[K]> {
  const el = document.createElement(tag) as HTMLElementTagNameMap[K];
  Object.assign(el, { item, ...extra });
  mountHost().append(el);
  await settle(el);
  return el;
}

// Not open-wc's `fixture` for a plain host: it waits for an animation frame, which a page
// running in the background (two test files share the browser) may not get.
const hosts: HTMLElement[] = [];

function mountHost(): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  hosts.push(host);
  return host;
}

afterEach(() => {
  for (const host of hosts.splice(0)) host.remove();
});
