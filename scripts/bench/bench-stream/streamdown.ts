/// <reference types="vite/client" />
/**
 * Streamdown, the React streaming Markdown renderer, as a host would use it: one root, the
 * text so far as its child on every chunk. By default `flushSync` makes each chunk's render
 * happen in the task that fed it, as the kit's updates do; `batched` leaves it to React's
 * scheduler, as a chat app's state update does (paced mode).
 */
import { createElement, useLayoutEffect } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Streamdown, type PluginConfig } from 'streamdown';
// Only keyframes for its opt-in animations; the rest of its look is Tailwind classes a host builds.
import 'streamdown/styles.css';

/** React's development build checks every element and would make Streamdown look slower than it is. */
function assertProductionReact(): void {
  if ('_store' in createElement('i')) throw new Error('React is its development build: the benchmark needs NODE_ENV=production.');
}

/**
 * Keeps the newest line in view, as a chat does: scrolls once React has committed the text, so
 * the scroll sees it however React batched the render.
 */
function Following({ text, container, plugins }: { text: string; container: HTMLElement; plugins: PluginConfig | undefined }) {
  useLayoutEffect(() => {
    container.scrollTop = container.scrollHeight;
  });
  return createElement(Streamdown, { plugins }, text);
}

/** `code`: its code plugin on (`@streamdown/code`, Shiki), loaded before the stream as an app bundles it. */
export async function streamdown(container: HTMLElement, { batched = false, follow = false, code = false } = {}): Promise<(text: string) => void> {
  assertProductionReact();
  const plugins: PluginConfig | undefined = code ? { code: (await import('@streamdown/code')).code } : undefined;
  const root = createRoot(container);
  const view = (text: string) => (follow ? createElement(Following, { text, container, plugins }) : createElement(Streamdown, { plugins }, text));
  return batched ? (text) => root.render(view(text)) : (text) => flushSync(() => root.render(view(text)));
}
