import { setCodeHighlighter } from '../markdown/highlight.js';

/**
 * Optional syntax highlighting with highlight.js (`display-kit/highlight`). The core never
 * imports this entry; a host that wants colours calls `useHighlightJs()` once, and highlight.js
 * is loaded lazily on that call. Chosen over Prism and Shiki: its `@highlightjs/cdn-assets`
 * build is plain ES modules (a 20 kB minified, about 8 kB gzipped, core plus 1–3 kB a language),
 * with no global side effects and no WASM or theme engine to ship.
 */
export const DEFAULT_LANGUAGES = [
  'bash', 'css', 'elixir', 'javascript', 'json', 'python', 'sql', 'typescript', 'xml', 'yaml',
] as const;

type Language = (typeof DEFAULT_LANGUAGES)[number];

const loaders: Record<Language, () => Promise<{ default: unknown }>> = {
  bash: () => import('@highlightjs/cdn-assets/es/languages/bash.min.js'),
  css: () => import('@highlightjs/cdn-assets/es/languages/css.min.js'),
  elixir: () => import('@highlightjs/cdn-assets/es/languages/elixir.min.js'),
  javascript: () => import('@highlightjs/cdn-assets/es/languages/javascript.min.js'),
  json: () => import('@highlightjs/cdn-assets/es/languages/json.min.js'),
  python: () => import('@highlightjs/cdn-assets/es/languages/python.min.js'),
  sql: () => import('@highlightjs/cdn-assets/es/languages/sql.min.js'),
  typescript: () => import('@highlightjs/cdn-assets/es/languages/typescript.min.js'),
  xml: () => import('@highlightjs/cdn-assets/es/languages/xml.min.js'),
  yaml: () => import('@highlightjs/cdn-assets/es/languages/yaml.min.js'),
};

/** Loads highlight.js with the given languages and registers it as the kit's code highlighter. */
export async function useHighlightJs(languages: readonly Language[] = DEFAULT_LANGUAGES): Promise<void> {
  const { default: hljs } = await import('@highlightjs/cdn-assets/es/core.min.js');
  await Promise.all(
    languages.map(async (name) => {
      hljs.registerLanguage(name, (await loaders[name]()).default);
    }),
  );
  setCodeHighlighter((code, language) =>
    hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null,
  );
}

export { setCodeHighlighter };
export type { CodeHighlighter } from '../markdown/highlight.js';
