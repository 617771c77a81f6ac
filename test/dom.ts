/**
 * Reading the kit's elements through their shadow roots, DOM-only (no test framework), for the
 * tests and `npm run soak`: deep queries, waiting for updates to settle, and what a
 * `<message-list>` shows read as a comparable outline: its rows in order, with the attributes
 * that carry meaning and the text a reader sees. Block wrappers (how the list happens to batch
 * its rows) and layout estimates are left out, so a list that lived through upserts and
 * removals reads the same as a fresh one given its final data.
 */
import type { LitElement } from 'lit';
import { frames } from './waits.js';

const ITEMS = 'text-item, thinking-item, tool-call-item, tool-result-item';
/** Attributes that say what is shown; `lazy`, `style` and ids of internal wiring do not. */
const MEANINGFUL = ['part', 'data-key', 'data-role', 'data-unfinished', 'data-streaming', 'reason', 'open', 'aria-label', 'datetime'];
/** What the item elements derive and publish as read-only properties (and custom states). */
const DERIVED = ['status', 'state', 'author', 'kind'];

/** Every element matching `selector` under `root`, through shadow roots. */
export function deepQueryAll<T extends Element = Element>(root: Element | ShadowRoot, selector: string): T[] {
  const found: T[] = [];
  const visit = (scope: Element | ShadowRoot) => {
    found.push(...Array.from(scope.querySelectorAll<T>(selector)));
    for (const el of Array.from(scope.querySelectorAll('*'))) if (el.shadowRoot) visit(el.shadowRoot);
  };
  visit(root instanceof Element && root.shadowRoot ? root.shadowRoot : root);
  return found;
}

/** The messages a `<message-list>` has mounted, oldest first (older ones may still wait to mount). */
export function mountedArticles(list: Element): HTMLElement[] {
  return Array.from(list.shadowRoot!.querySelectorAll<HTMLElement>('.list article[data-key]'));
}

/**
 * Waits until the element and every Lit element under it have finished updating, their Markdown
 * drawn (rejects with an update's error). At least twice round: an update of the list hands its
 * items what they update with after the first round was collected, and an item handed a text it
 * drew before draws it at the next frame.
 */
export async function settle(root: Element): Promise<void> {
  for (let round = 0; round < 8; round++) {
    const elements = [root, ...deepQueryAll(root, '*')].filter((el): el is LitElement => 'updateComplete' in el);
    const done = await Promise.all(elements.map((el) => el.updateComplete));
    if (round > 0 && done.every(Boolean)) return;
  }
}

/**
 * Wakes every item and opens every one that can open, so that what is shown no longer depends
 * on where the reader scrolled or what they opened: a lazy item far from view shows its
 * Markdown as plain text, and a closed call or reasoning does not render its body.
 */
export async function wakeAll(list: Element & { draft?: unknown }): Promise<void> {
  for (let round = 0; round < 4; round++) {
    let changed = false;
    for (const item of deepQueryAll<LitElement & { lazy: boolean; open?: boolean }>(list, ITEMS)) {
      if (item.lazy) {
        item.lazy = false;
        changed = true;
      }
      if (item.open === false) {
        item.open = true;
        changed = true;
      }
    }
    await settle(list);
    if (!changed) break;
  }
  // A streaming draft renders its Markdown at most once a frame.
  if (list.draft !== null && list.draft !== undefined) {
    // Two frames: streamed Markdown renders at most once a frame.
    await frames(2);
    await settle(list);
  }
}

/** The list's outline: one line per element that means something, and one per run of text. */
export function outline(list: Element): string[] {
  const lines: string[] = [];
  const visit = (node: Node, depth: number) => {
    if (node.nodeType === Node.TEXT_NODE) {
      const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text) lines.push(`${'  '.repeat(depth)}"${text}"`);
      return;
    }
    if (!(node instanceof Element)) {
      if (node instanceof ShadowRoot || node instanceof DocumentFragment) for (const child of Array.from(node.childNodes)) visit(child, depth);
      return;
    }
    if (node.tagName === 'STYLE' || node.tagName === 'SCRIPT') return;
    // Whether an image loaded or failed (its marker) is the network's doing and its timing, not the list's.
    if (node.tagName === 'IMG' || node.matches('[part~="broken-image"]')) {
      lines.push(`${'  '.repeat(depth)}<image>`);
      return;
    }
    // A block only batches rows for the list's own bookkeeping: its rows are what counts.
    const wrapper = node.classList.contains('block');
    if (!wrapper) {
      const attributes = MEANINGFUL.filter((name) => node.hasAttribute(name)).map((name) => ` ${name}="${node.getAttribute(name)}"`);
      const derived = node.matches(ITEMS) ? DERIVED.filter((name) => name in node).map((name) => ` ${name}=${String((node as unknown as Record<string, unknown>)[name])}`) : [];
      lines.push(`${'  '.repeat(depth)}<${node.localName}${attributes.join('')}${derived.join('')}>`);
    }
    const inner = wrapper ? depth : depth + 1;
    if (node.shadowRoot) visit(node.shadowRoot, inner);
    for (const child of Array.from(node.childNodes)) visit(child, inner);
  };
  const root = list.shadowRoot?.querySelector('.list');
  if (root) visit(root, 0);
  return lines;
}

/** Where two outlines first differ, with a few lines around it; null when they are the same. */
export function outlineDifference(actual: readonly string[], expected: readonly string[]): string | null {
  const length = Math.max(actual.length, expected.length);
  for (let line = 0; line < length; line++) {
    if (actual[line] === expected[line]) continue;
    const around = (lines: readonly string[]) => lines.slice(Math.max(0, line - 3), line + 4).join('\n');
    return `line ${line} of ${actual.length} (fresh render: ${expected.length} lines)\n--- after the changes:\n${around(actual)}\n--- fresh render:\n${around(expected)}`;
  }
  return null;
}

/**
 * Where the reader of a `<message-list>` is: the first message that starts in view (the end of
 * one above it may show), or the one that fills the view when none starts in it; and how far
 * below the top of the log it starts. Blocks first: a block far from view is skipped, and the
 * boxes Firefox and WebKit report for what lies inside it are where its messages were last laid
 * out, which can overlap the messages shown. A skipped block is laid out for the measurement, as
 * Chromium does for any: its messages are where they will be once it is shown.
 */
export function firstInView(list: Element): { key: string; offset: number } {
  const root = list.shadowRoot!;
  const log = root.querySelector('.log')!;
  const top = log.getBoundingClientRect().top;
  const measured: Array<{ key: string; offset: number }> = [];
  // Shown until both messages are measured: a block above the second, put back to its estimate,
  // would move it (it is in view, and the browser lays it out at its own size in the next frame).
  const laidOut: HTMLElement[] = [];
  const blocks = Array.from(root.querySelectorAll<HTMLElement>('.list > .block'));
  for (const block of blocks.slice(blocks.findIndex((each) => each.getBoundingClientRect().bottom > top))) {
    if (block.firstElementChild!.checkVisibility({ contentVisibilityAuto: true }) === false) {
      block.style.setProperty('content-visibility', 'visible');
      laidOut.push(block);
    }
    for (const article of Array.from(block.querySelectorAll<HTMLElement>(':scope > article[data-key]'))) {
      const box = article.getBoundingClientRect();
      if (box.bottom > top) measured.push({ key: article.dataset.key!, offset: box.top - top });
      if (measured.length === 2) break;
    }
    if (measured.length === 2) break;
  }
  for (const block of laidOut) block.style.removeProperty('content-visibility');
  const [first, next] = measured;
  if (!first) throw new Error('no message in view');
  const shown = first.offset < -1 && next && next.offset < log.clientHeight ? next : first;
  return { key: shown.key, offset: Math.round(shown.offset) };
}

/** How far below the top of a `<message-list>`'s log the message with this key starts, if it is mounted. */
export function offsetInView(list: Element, key: string): number | null {
  const root = list.shadowRoot!;
  const article = root.querySelector(`article[data-key="${CSS.escape(key)}"]`);
  return article ? article.getBoundingClientRect().top - root.querySelector('.log')!.getBoundingClientRect().top : null;
}

/**
 * A turn of the wheel over `target`, as the reader's input the list notes, without the scroll
 * it would make: the caller makes that scroll itself. WebKitGTK scrolls by `deltaY` for a wheel
 * event a script dispatches, smoothly over some 200 ms, where Chromium and Firefox do nothing, so
 * a test's own scroll came on top of it (the cause of an 8 to 22 px slack once allowed WebKit).
 */
export function turnWheel(target: EventTarget, deltaY: number): void {
  target.addEventListener('wheel', (event) => event.preventDefault(), { once: true });
  target.dispatchEvent(new WheelEvent('wheel', { deltaY, cancelable: true }));
}
