/** Small helpers for play functions: the kit renders into (nested) open shadow roots. */

import { expect, waitFor } from 'storybook/test';

type Updatable = Element & { updateComplete?: Promise<unknown> };
type Mountable = Element & { mountComplete: Promise<void> };

/** Every element under `root`, in tree order, including those in open shadow roots. */
export function deepElements(root: ParentNode): Element[] {
  const out: Element[] = [];
  const visit = (node: ParentNode) => {
    for (const element of node.querySelectorAll('*')) {
      out.push(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(root);
  if (root instanceof Element && root.shadowRoot) visit(root.shadowRoot);
  return out;
}

/** `querySelectorAll` that looks into open shadow roots too. */
export function deepQueryAll<T extends Element = HTMLElement>(root: ParentNode, selector: string): T[] {
  return deepElements(root).filter((element) => element.matches(selector)) as T[];
}

export function deepQuery<T extends Element = HTMLElement>(root: ParentNode, selector: string): T | null {
  return deepQueryAll<T>(root, selector)[0] ?? null;
}

const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

/**
 * Waits until every kit element under `root` (in shadow roots too) finished rendering, and
 * Markdown scheduled for the next animation frame is in. A list first mounts what fills its
 * height and the older messages in idle time: all of them, first.
 */
export async function settled(root: ParentNode): Promise<void> {
  await Promise.all(deepElements(root).filter((element): element is Mountable => 'mountComplete' in element).map((element) => element.mountComplete));
  for (let round = 0; round < 5; round += 1) {
    const pending = deepElements(root)
      .filter((element): element is Updatable => 'updateComplete' in element)
      .map((element) => element.updateComplete);
    const results = await Promise.all(pending);
    await frame();
    if (results.every((done) => done === true)) break;
  }
  await frame();
}

/**
 * Waits for every running transition and animation under `root` that ends, in shadow roots too:
 * focus in a message fades its actions in, and axe reads colours halfway through a fade as they
 * are then. Animations that never end (a running call's spinner, the caret) are not waited for.
 */
export async function animationsDone(root: ParentNode): Promise<void> {
  const elements = root instanceof Element ? [root, ...deepElements(root)] : deepElements(root);
  const scopes = elements.flatMap((element) => (element.shadowRoot ? [element.shadowRoot] : []));
  const ending = scopes.flatMap((scope) => scope.getAnimations()).filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
  await Promise.all(ending.map((animation) => animation.finished));
}

/** Waits (up to `timeout` ms) until `root`'s text contains every phrase. */
export async function expectText(root: Element, phrases: string | string[], timeout = 3000): Promise<void> {
  await settled(root);
  for (const phrase of Array.isArray(phrases) ? phrases : [phrases]) {
    await waitFor(() => expect(deepText(root)).toContain(phrase), { timeout });
  }
}

/** Waits (up to `timeout` ms) until `selector` matches something under `root`, shadow roots included. */
export async function expectDeep<T extends Element = HTMLElement>(root: Element, selector: string, timeout = 3000): Promise<T> {
  let found: T | null = null;
  await waitFor(
    () => {
      found = deepQuery<T>(root, selector);
      expect(found, selector).not.toBeNull();
    },
    { timeout },
  );
  return found as unknown as T;
}

/** The first element matching `selector` inside `host`'s shadow root, failing the story when absent. */
export async function inShadow<T extends Element = HTMLElement>(host: Element | null, selector: string): Promise<T> {
  let found: T | null = null;
  await waitFor(() => {
    found = host?.shadowRoot?.querySelector<T>(selector) ?? null;
    expect(found, `${selector} in <${host?.localName}>`).not.toBeNull();
  });
  return found as unknown as T;
}

/**
 * The text of an element and everything in its shadow roots (for assertions), whitespace
 * collapsed. Text nodes are joined as they are: the templates put whitespace between blocks.
 */
export function deepText(root: Element): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) parts.push(node.textContent ?? '');
    const element = node as Element;
    if (element.shadowRoot) walk(element.shadowRoot);
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
