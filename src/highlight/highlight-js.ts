/**
 * highlight.js with the languages the kit colours out of the box. The kit imports this module
 * only with `import()`, the first time a fenced block with a language renders: it is one chunk
 * (core and languages together, about 24 kB gzip), which a page that shows only text never loads.
 */
import hljs from '@highlightjs/cdn-assets/es/core.min.js';
import bash from '@highlightjs/cdn-assets/es/languages/bash.min.js';
import css from '@highlightjs/cdn-assets/es/languages/css.min.js';
import diff from '@highlightjs/cdn-assets/es/languages/diff.min.js';
import elixir from '@highlightjs/cdn-assets/es/languages/elixir.min.js';
import go from '@highlightjs/cdn-assets/es/languages/go.min.js';
import javascript from '@highlightjs/cdn-assets/es/languages/javascript.min.js';
import json from '@highlightjs/cdn-assets/es/languages/json.min.js';
import python from '@highlightjs/cdn-assets/es/languages/python.min.js';
import rust from '@highlightjs/cdn-assets/es/languages/rust.min.js';
import sql from '@highlightjs/cdn-assets/es/languages/sql.min.js';
import typescript from '@highlightjs/cdn-assets/es/languages/typescript.min.js';
import xml from '@highlightjs/cdn-assets/es/languages/xml.min.js';
import yaml from '@highlightjs/cdn-assets/es/languages/yaml.min.js';
import type { Language } from './index.js';

const GRAMMARS: Record<Language, unknown> = { bash, css, diff, elixir, go, javascript, json, python, rust, sql, typescript, xml, yaml };

/**
 * Fences name languages loosely: a model writes `shell` for commands to run, which highlight.js's
 * own `shell` grammar reads as a console session (every line without a prompt left plain).
 */
const ALIASES: Partial<Record<Language, string[]>> = { bash: ['shell', 'console'] };

/** Code and a language name (or one of its aliases: js, ts, py, sh, html, yml, rs…) to classed spans; null for a language not registered. */
export type Highlight = (code: string, language: string) => string | null;

/** A highlighter that knows `languages` only (an instance of its own: registering is not global). */
export function highlighterFor(languages: readonly Language[]): Highlight {
  const instance = hljs.newInstance();
  for (const name of languages) {
    instance.registerLanguage(name, GRAMMARS[name]);
    const aliases = ALIASES[name];
    if (aliases) instance.registerAliases(aliases, { languageName: name });
  }
  return (code, language) =>
    instance.getLanguage(language) ? instance.highlight(code, { language, ignoreIllegals: true }).value : null;
}

/** The kit's own highlighter: every language above. */
export function builtInHighlighter(): Highlight {
  return highlighterFor(Object.keys(GRAMMARS) as Language[]);
}
