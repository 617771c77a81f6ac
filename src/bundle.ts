/** The no-build bundle (`dist/display-kit.bundle.js`): registers all six tags and exports the API. */
import './define.js';
export * from './index.js';
// A page with no build cannot reach `display-kit/highlight`: the one setter it needs comes with the
// bundle (already inside it: the Markdown view uses it); `useHighlightJs` would inline highlight.js.
export { setCodeHighlighter } from './markdown/highlight.js';
export type { CodeHighlighter } from './markdown/highlight.js';
