import { expect, userEvent, waitFor } from 'storybook/test';

/**
 * Real key presses, installed by `.storybook/vitest.setup.ts` when the story tests run
 * (Playwright: trusted events, so the browser itself moves focus on Tab, across shadow roots,
 * and opens a `<details>` on Enter or Space).
 */
type RealKeyboard = (keys: string) => Promise<void>;

declare global {
  // eslint-disable-next-line no-var
  var __dkRealKeyboard: RealKeyboard | undefined;
}

export type Key = 'Tab' | 'Enter' | 'Space';

const REAL_KEYS: Record<Key, string> = { Tab: '{Tab}', Enter: '{Enter}', Space: '[Space]' };
const SYNTHETIC_KEYS: Record<Key, string> = { Tab: '{Tab}', Enter: '{Enter}', Space: ' ' };

/** The focused element, looking into open shadow roots. */
export function deepActiveElement(root: Document | ShadowRoot = document): Element | null {
  const active = root.activeElement;
  if (active?.shadowRoot?.activeElement) return deepActiveElement(active.shadowRoot);
  return active;
}

/** Whether the key presses are real (story tests) or storybook/test's synthetic ones (Storybook UI). */
export const hasRealKeyboard = (): boolean => typeof globalThis.__dkRealKeyboard === 'function';

/**
 * Presses a key as a reader would. With real keys (story tests) the browser does everything.
 * In the Storybook UI, storybook/test's `userEvent` sends the key; its synthetic events get no
 * native default action, so the play function then does what the browser would have done:
 * Tab moves focus to `expectedFocus`, Enter/Space on a `<summary>` activates it.
 */
export async function press(key: Key, expectedFocus?: HTMLElement): Promise<void> {
  if (hasRealKeyboard()) {
    await globalThis.__dkRealKeyboard!(REAL_KEYS[key]);
    return;
  }
  if (key === 'Tab' && expectedFocus) {
    expectedFocus.focus();
    return;
  }
  await userEvent.keyboard(SYNTHETIC_KEYS[key]);
  const target = deepActiveElement();
  if (key !== 'Tab' && target instanceof HTMLElement && target.localName === 'summary') target.click();
}

/** Puts focus just before `root`'s content, so that the next Tab reaches its first focusable element. */
export function focusStart(root: HTMLElement): () => void {
  const start = document.createElement('span');
  start.tabIndex = -1;
  root.prepend(start);
  start.focus();
  return () => start.remove();
}

/** Tabs (from where focus is) until `target` has focus; fails after `max` presses. */
export async function tabTo(target: HTMLElement, max = 12): Promise<void> {
  for (let i = 0; i < max && deepActiveElement() !== target; i += 1) await press('Tab', target);
  await expect(deepActiveElement()).toBe(target);
}

/**
 * Waits for a `<details>` to reach the given state, and the element that owns it to follow (the
 * `toggle` event it listens to is asynchronous).
 */
export async function expectOpen(details: HTMLDetailsElement, open: boolean, owner?: Element & { open: boolean }): Promise<void> {
  await waitFor(() => {
    expect(details.open).toBe(open);
    if (owner) expect(owner.open).toBe(open);
  });
}
