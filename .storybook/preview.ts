import type { Preview } from '@storybook/web-components-vite';
import manifest from '../custom-elements.json';
import { apiArgTypes, elementDeclaration, elementDescription, type Manifest } from '../stories/support/api.js';
import { renderElement } from '../stories/support/render.js';
import { MessageList, StopMark, TextItem, ThinkingItem, ToolCallItem, ToolResultItem } from '../src/index.js';
import { pageStyles, themeGlobalType, withTheme } from '../stories/support/theme.js';
import { visibleCodes } from '../stories/support/raw-codes.js';

/** The element a story's meta names, in custom-elements.json (the kit's JSDoc, via `npm run analyze`). */
const declarationOf = (component: unknown) => (typeof component === 'string' ? elementDeclaration(manifest as Manifest, component) : null);

// The six tags. The kit's define modules register them; naming the classes keeps the production
// build from dropping a bare side-effect import (package.json's "sideEffects" names dist/ files).
const TAGS = {
  'message-list': MessageList,
  'text-item': TextItem,
  'thinking-item': ThinkingItem,
  'tool-call-item': ToolCallItem,
  'tool-result-item': ToolResultItem,
  'stop-mark': StopMark,
};
for (const [tag, element] of Object.entries(TAGS)) if (!customElements.get(tag)) customElements.define(tag, element);

const style = document.createElement('style');
style.textContent = pageStyles;
document.head.append(style);

const preview: Preview = {
  tags: ['autodocs'],
  globalTypes: themeGlobalType,
  initialGlobals: { theme: 'light' },
  decorators: [withTheme],
  // Applies each arg as its row says: attribute, CSS custom property or property (support/api.ts).
  render: renderElement,
  // No raw reason, status or provider code reaches a reader (issue 68): checked after every play.
  afterEach: ({ canvasElement, parameters }) => {
    if (parameters.rawCodes) return;
    const codes = visibleCodes(canvasElement);
    if (codes.length > 0) throw new Error(`A reader sees raw codes: ${codes.join(', ')}`);
  },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true, sort: 'requiredFirst' },
    // Every story is checked with axe, in the story tests too: a violation fails the story.
    // A story with a known issue in an element says so with `a11y: { test: 'todo' }` and a comment.
    a11y: { test: 'error' },
    docs: {
      codePanel: true,
      // Our own rows, not Storybook's web-components extraction: every member keyed apart (a
      // part no longer hides the property of the same name), in one order of sections.
      extractArgTypes: (component: unknown) => {
        const declaration = declarationOf(component);
        return declaration ? apiArgTypes(declaration) : null;
      },
      extractComponentDescription: (component: unknown) => {
        const declaration = declarationOf(component);
        return declaration ? elementDescription(declaration) : null;
      },
    },
    options: {
      // The front door first, then the elements, what they do, whole conversations, the guides.
      storySort: { order: ['Introduction', 'Elements', 'Features', 'Conversations', 'Guides'] },
    },
  },
};

export default preview;
