/**
 * Story tests only (not the Storybook UI): gives play functions real key presses (Playwright,
 * trusted events) through `stories/support/keyboard.ts`, because storybook/test's synthetic
 * keys get no native default action (no focus move on Tab, no `<details>` toggle on Enter).
 */
import { userEvent } from 'vitest/browser';

globalThis.__dkRealKeyboard = async (keys: string) => {
  await userEvent.keyboard(keys);
};
