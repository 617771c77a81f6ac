import { fixture, html } from '@open-wc/testing';
import type { LitElement } from 'lit';
import '../src/index.js';

export type Row = Record<string, unknown>;

export const FIXTURE_NAMES = [
  'extracted-items',
  'markdown-rich',
  'sagents-ask-user-and-todos',
  'sagents-hitl-file-delete',
  'sagents-refusal-and-tools',
  'sagents-stopped-early',
] as const;

export async function loadFixture(name: string): Promise<Row[]> {
  const response = await fetch(new URL(`./fixtures/${name}.json`, import.meta.url));
  return (await response.json()) as Row[];
}

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
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  host.append(el);
  await settle(el);
  return el;
}
