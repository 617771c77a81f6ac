/// <reference types="vite/client" />
/**
 * Streamdown, the React streaming Markdown renderer, as a host would use it: one root, the
 * text so far as its child on every chunk. `flushSync` makes each chunk's render happen in the
 * task that fed it, as the kit's updates do, rather than in a later scheduler task.
 */
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Streamdown } from 'streamdown';
// Only keyframes for its opt-in animations; the rest of its look is Tailwind classes a host builds.
import 'streamdown/styles.css';

/** React's development build checks every element and would make Streamdown look slower than it is. */
function assertProductionReact(): void {
  if ('_store' in createElement('i')) throw new Error('React is its development build: the benchmark needs NODE_ENV=production.');
}

export function streamdown(container: HTMLElement): (text: string) => void {
  assertProductionReact();
  const root = createRoot(container);
  return (text) => flushSync(() => root.render(createElement(Streamdown, null, text)));
}
