import { fixture, html } from '@open-wc/testing';
import type { LitElement } from 'lit';
import '../src/define.js';

export { FIXTURE_NAMES, loadFixture, type Row } from './fixtures.js';

/** Waits until an element and every Lit element in its shadow tree have finished updating. */
export async function settle(root: Element): Promise<void> {
  for (let round = 0; round < 5; round++) {
    const pending = collectLit(root).map((el) => el.updateComplete);
    const results = await Promise.all(pending);
    if (results.every(Boolean)) return;
  }
}

function collectLit(root: Element): LitElement[] {
  const found: LitElement[] = [];
  const visit = (node: Element) => {
    if ('updateComplete' in node) found.push(node as LitElement);
    const shadow = (node as Element).shadowRoot;
    for (const child of Array.from(shadow ? [...shadow.querySelectorAll('*')] : [])) visit(child);
    for (const child of Array.from(node.children)) visit(child);
  };
  visit(root);
  return found;
}

/** Every element matching `selector` anywhere under `root`, through shadow roots. */
export function deepQueryAll<T extends Element = Element>(root: Element | ShadowRoot, selector: string): T[] {
  const found: T[] = [];
  const visit = (scope: Element | ShadowRoot) => {
    found.push(...Array.from(scope.querySelectorAll<T>(selector)));
    for (const el of Array.from(scope.querySelectorAll('*'))) if (el.shadowRoot) visit(el.shadowRoot);
  };
  visit(root instanceof Element && root.shadowRoot ? root.shadowRoot : root);
  return found;
}

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
