import '../src/define.js';
import { mountedArticles, settle } from './dom.js';
import { frames } from './waits.js';

export { FIXTURE_NAMES, loadFixture, type Row } from './fixtures.js';
export { deepQueryAll, firstInView, mountedArticles, offsetInView, settle, turnWheel } from './dom.js';
export { brokenImageSettled, frames, stubClipboard, toggled, transitionsDone, until, watchFrames } from './waits.js';

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

type MessageListElement = HTMLElementTagNameMap['message-list'];

/**
 * A list given `items` (and a `style`) inside a box styled `boxStyle`: a scroller, a grid, a
 * column, a tab not chosen yet (`hidden`), or a `dialog` (`tag`). Appended to the page: remove
 * the box after.
 */
export function listInBox(items: unknown[], boxStyle = '', { style = '', hidden = false, tag = 'div' } = {}): { box: HTMLElement; el: MessageListElement } {
  const box = document.createElement(tag);
  box.style.cssText = boxStyle;
  box.hidden = hidden;
  const el = document.createElement('message-list');
  el.style.cssText = style;
  el.items = items;
  box.append(el);
  document.body.append(box);
  return { box, el };
}

/**
 * The list test harness: renders `<message-list>` with these items (and properties, and a
 * style such as a height), then waits, by promise, until every message is mounted and every
 * element inside has rendered.
 */
export async function mountList(items: unknown[], properties: Partial<MessageListElement> = {}, style = ''): Promise<MessageListElement> {
  const el = document.createElement('message-list');
  Object.assign(el, { items, ...properties });
  if (style) el.setAttribute('style', style);
  mountHost().append(el);
  await el.mountComplete;
  await settle(el);
  return el;
}

/**
 * A list 400 px high given `items`, at its end: laid out and following its newest message (two
 * frames). Unlike `mountList` it does not wait for older history to mount.
 */
export async function listAtItsEnd(items: readonly unknown[], properties: Partial<MessageListElement> = {}): Promise<MessageListElement> {
  const el = document.createElement('message-list');
  Object.assign(el, { items, ...properties });
  el.style.height = '400px';
  mountHost().append(el);
  await settle(el);
  await frames(2);
  return el;
}

/** What a list shows, message by message, as a reader sees it. */
export function shownMessages(el: MessageListElement): Array<{ key: string; role: string; text: string; unfinished: boolean }> {
  return mountedArticles(el)
    .filter((article) => !article.parentElement?.closest('article'))
    .map((article) => ({
      key: article.dataset.key!,
      role: article.dataset.role!,
      text: deepText(article),
      unfinished: article.hasAttribute('data-unfinished'),
    }));
}

/**
 * How an item's fallback draws its "What was received" disclosure: every item's must look alike,
 * whatever the item's own summary looks like.
 */
export function fallbackSummaryLook(el: Element): string[] {
  const style = getComputedStyle(el.shadowRoot!.querySelector('[part~="fallback"] summary')!);
  return [style.display, style.listStyleType, style.paddingLeft, style.paddingTop, style.marginLeft];
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

