import { setCodeHighlighter } from '../markdown/highlight.js';

/**
 * `display-kit/highlight`: the kit's built-in highlighter, by name. Code is coloured out of the
 * box (highlight.js, loaded the first time a fenced block with a language renders: see
 * ../markdown/highlight.ts); this entry is for a host that wants it back after replacing it, a
 * narrower set of languages, or the languages loaded before the first answer.
 *
 * highlight.js was chosen on measurements (docs/rich-content.md, `scripts/bench/bench-highlighters.mjs`):
 * all thirteen common languages in about 24 kB gzip, as fast as any but Prism, no global side
 * effects (Prism's colours the host's own page unless told not to), no WASM nor theme engine
 * (Shiki's is six times larger and sixty times slower), and classed spans the sanitizer can keep.
 */
export const DEFAULT_LANGUAGES = [
  'bash', 'css', 'diff', 'elixir', 'go', 'javascript', 'json', 'python', 'rust', 'sql', 'typescript', 'xml', 'yaml',
] as const;

export type Language = (typeof DEFAULT_LANGUAGES)[number];

/** Loads highlight.js with the given languages and registers it as the kit's code highlighter. */
export async function useHighlightJs(languages: readonly Language[] = DEFAULT_LANGUAGES): Promise<void> {
  const { highlighterFor } = await import('./highlight-js.js');
  setCodeHighlighter(highlighterFor(languages));
}

export { setCodeHighlighter };
export type { CodeHighlighter } from '../markdown/highlight.js';
