import { setCodeHighlighter } from '../markdown/highlight.js';

/**
 * Optional syntax highlighting with highlight.js (`display-kit/highlight`). The core never
 * imports this entry; a host that wants colours calls `useHighlightJs()` once, and highlight.js
 * is loaded lazily on that call. Chosen over Prism and Shiki: an ES-module core with per-language
 * modules (about 8 kB gzipped for the core plus 1–3 kB a language), no global side effects, no
 * WASM or theme engine to ship.
 */
export const DEFAULT_LANGUAGES = [
  'bash', 'css', 'elixir', 'javascript', 'json', 'python', 'sql', 'typescript', 'xml', 'yaml',
] as const;

type Language = (typeof DEFAULT_LANGUAGES)[number];

const loaders: Record<Language, () => Promise<{ default: unknown }>> = {
  bash: () => import('highlight.js/lib/languages/bash'),
  css: () => import('highlight.js/lib/languages/css'),
  elixir: () => import('highlight.js/lib/languages/elixir'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  json: () => import('highlight.js/lib/languages/json'),
  python: () => import('highlight.js/lib/languages/python'),
  sql: () => import('highlight.js/lib/languages/sql'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  xml: () => import('highlight.js/lib/languages/xml'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
};

/** Loads highlight.js with the given languages and registers it as the kit's code highlighter. */
export async function useHighlightJs(languages: readonly Language[] = DEFAULT_LANGUAGES): Promise<void> {
  const { default: hljs } = await import('highlight.js/lib/core');
  await Promise.all(
    languages.map(async (name) => {
      const language = (await loaders[name]()).default as Parameters<typeof hljs.registerLanguage>[1];
      hljs.registerLanguage(name, language);
    }),
  );
  setCodeHighlighter((code, language) =>
    hljs.getLanguage(language) ? hljs.highlight(code, { language, ignoreIllegals: true }).value : null,
  );
}

export { setCodeHighlighter };
export type { CodeHighlighter } from '../markdown/highlight.js';
