import { html } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { Decorator, Preview } from '@storybook/web-components-vite';

export type StoryTheme = 'light' | 'dark';

/** Every tag of the kit; the decorator themes those a story puts on the page itself. */
export const KIT_TAGS = 'message-list, text-item, thinking-item, tool-call-item, tool-result-item, stop-mark';

/** The toolbar switch (Storybook `globalTypes`); the story tests run every story once per value. */
export const themeGlobalType: Preview['globalTypes'] = {
  theme: {
    description: 'Colour scheme of the kit (sets the `theme` attribute)',
    toolbar: {
      title: 'Theme',
      icon: 'mirror',
      items: [
        { value: 'light', title: 'Light', icon: 'sun' },
        { value: 'dark', title: 'Dark', icon: 'moon' },
      ],
      dynamicTitle: true,
    },
  },
};

const MARK = 'data-story-theme';

/**
 * Sets `theme` on the kit elements a story renders, and `--dk-color-scheme` on a wrapper for
 * anything rendered later (both are the kit's public theming switches). Elements that a story
 * gave a theme of their own (e.g. the side-by-side themes) keep it.
 */
function applyTheme(root: Element, theme: StoryTheme): void {
  for (const element of root.querySelectorAll(KIT_TAGS)) {
    if (element.hasAttribute('theme') && !element.hasAttribute(MARK)) continue;
    element.setAttribute(MARK, '');
    element.setAttribute('theme', theme);
  }
}

const observers = new WeakMap<Element, MutationObserver>();

function watch(root: Element | undefined, theme: StoryTheme): void {
  if (!root) return;
  observers.get(root)?.disconnect();
  const observer = new MutationObserver(() => applyTheme(root, theme));
  observer.observe(root, { childList: true, subtree: true });
  observers.set(root, observer);
  applyTheme(root, theme);
  // Lit commits the story's own nodes after the wrapper's ref: theme them in the same task.
  queueMicrotask(() => applyTheme(root, theme));
}

export const withTheme: Decorator = (story, context) => {
  const theme: StoryTheme = context.globals.theme === 'dark' ? 'dark' : 'light';
  document.documentElement.dataset.dkTheme = theme;
  const fullPage = context.viewMode === 'story' && context.parameters.layout !== 'centered';
  return html`<div
    class="dk-story"
    data-theme=${theme}
    style="--dk-color-scheme: ${theme}; color-scheme: ${theme};${fullPage ? ' min-height: 100vh;' : ''}"
    ${ref((element) => watch(element, theme))}
  >
    ${story()}
  </div>`;
};

/** A host page's colours, following the toolbar: the kit paints no surface of its own over them. */
export const pageStyles = `
  html[data-dk-theme='light'] { color-scheme: light; }
  html[data-dk-theme='dark'] { color-scheme: dark; }
  body.sb-show-main { background: light-dark(#ffffff, #1e1e1e); color: light-dark(#1f2328, #ececec); }
  .dk-story {
    box-sizing: border-box;
    padding: 1rem;
    background: light-dark(#ffffff, #1e1e1e);
    color: light-dark(#1f2328, #ececec);
    font-family: system-ui, sans-serif;
  }
`;
