// Highlighter comparison: size (esbuild bundle, minified, gzip -9 of core + 13 languages), speed
// (same inputs, same run), coverage. Run from the repo root: node /tmp/code/bench-hl.mjs
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = process.cwd();
const LW = '/tmp/code/lw';
const WANT = ['js', 'ts', 'python', 'bash', 'json', 'html', 'css', 'sql', 'go', 'rust', 'elixir', 'diff', 'yaml'];
const HL = { js: 'javascript', ts: 'typescript', python: 'python', bash: 'bash', json: 'json', html: 'xml', css: 'css', sql: 'sql', go: 'go', rust: 'rust', elixir: 'elixir', diff: 'diff', yaml: 'yaml' };
const PRISM = { js: 'javascript', ts: 'typescript', python: 'python', bash: 'bash', json: 'json', html: 'markup', css: 'css', sql: 'sql', go: 'go', rust: 'rust', elixir: 'elixir', diff: 'diff', yaml: 'yaml' };
const SHIKI = { js: 'javascript', ts: 'typescript', python: 'python', bash: 'shellscript', json: 'json', html: 'html', css: 'css', sql: 'sql', go: 'go', rust: 'rust', elixir: 'elixir', diff: 'diff', yaml: 'yaml' };
const SPEED = { js: 'js', ts: 'ts', python: 'py', bash: 'bash', json: 'json', html: 'html', css: 'css', sql: 'sql', go: 'go', rust: 'rs', diff: 'diff', yaml: 'yaml' };

const hl = `import hljs from '@highlightjs/cdn-assets/es/core.min.js';
${Object.values(HL).map((l, i) => `import l${i} from '@highlightjs/cdn-assets/es/languages/${l}.min.js'; hljs.registerLanguage('${l}', l${i});`).join('\n')}
export const highlight = (code, lang) => hljs.highlight(code, { language: ${JSON.stringify(HL)}[lang], ignoreIllegals: true }).value;`;
const lowlight = `import { createLowlight } from 'lowlight'; import { toHtml } from 'hast-util-to-html';
${Object.values(HL).map((l, i) => `import l${i} from 'highlight.js/lib/languages/${l === 'xml' ? 'xml' : l}';`).join('\n')}
const low = createLowlight({ ${Object.values(HL).map((l, i) => `'${l}': l${i}`).join(', ')} });
export const highlight = (code, lang) => toHtml(low.highlight(${JSON.stringify(HL)}[lang], code));`;
const prism = `import Prism from 'prismjs';
${['markup', 'css', 'clike', 'javascript', 'typescript', 'python', 'bash', 'json', 'sql', 'go', 'rust', 'elixir', 'diff', 'yaml'].map((l) => `import 'prismjs/components/prism-${l}.js';`).join('\n')}
export const highlight = (code, lang) => { const l = ${JSON.stringify(PRISM)}[lang]; return Prism.highlight(code, Prism.languages[l], l); };`;
const shiki = `import { createHighlighterCoreSync } from 'shiki/core'; import { createJavaScriptRegexEngine } from '@shikijs/engine-javascript';
import light from '@shikijs/themes/github-light'; import dark from '@shikijs/themes/github-dark';
${Object.values(SHIKI).map((l, i) => `import l${i} from '@shikijs/langs/${l}';`).join('\n')}
const sh = createHighlighterCoreSync({ themes: [light, dark], langs: [${Object.values(SHIKI).map((_, i) => `l${i}`).join(', ')}], engine: createJavaScriptRegexEngine() });
export const highlight = (code, lang) => sh.codeToHtml(code, { lang: ${JSON.stringify(SHIKI)}[lang], themes: { light: 'github-light', dark: 'github-dark' } });`;
// Its build holds every language it has (about 40): no smaller set to take.
const speed = `import { tokenize } from '@speed-highlight/core';
export const highlight = async (code, lang) => { let out = ''; await tokenize(code, ${JSON.stringify(SPEED)}[lang] ?? 'plain', (text, type) => { out += type ? '<span class="shj-syn-' + type + '">' + text + '</span>' : text; }); return out; };`;

const CANDIDATES = { 'highlight.js 11.12 (cdn-assets ES core)': hl, 'lowlight 3 + hast-util-to-html': lowlight, 'Prism 1.30': prism, 'Shiki 3.23 (JS regex engine, 2 themes)': shiki, '@speed-highlight/core 1.2': speed };

const samples = {
  js: readFileSync('node_modules/dompurify/dist/purify.es.mjs', 'utf8').split('\n').slice(300, 600).join('\n'),
  ts: readFileSync('src/markdown/view.ts', 'utf8').split('\n').slice(0, 300).join('\n'),
  python: readFileSync('/usr/lib/python3.11/json/decoder.py', 'utf8').split('\n').slice(0, 300).join('\n'),
};
const tiny = { js: 'const x = await fetch(`/a/${id}`); // go', ts: 'type A = { b: number }; const a: A = { b: 1 };', python: 'def f(x: int) -> str:\n    return "x"', bash: 'for f in *.txt; do echo "$f"; done', json: '{"a": [1, true, null]}', html: '<div class="a">hi</div>', css: '.a { color: red; }', sql: 'SELECT id FROM users WHERE age > 3;', go: 'func main() { fmt.Println("hi") }', rust: 'fn main() { let x: u32 = 5; println!("{}", x); }', elixir: 'defmodule A do\n  def b(x), do: x + 1\nend', diff: '--- a\n+++ b\n@@ -1 +1 @@\n-old\n+new', yaml: 'a: 1\nb: [x, y]' };

const results = [];
for (const [name, source] of Object.entries(CANDIDATES)) {
  const res = await build({ stdin: { contents: source, resolveDir: name.startsWith('lowlight') ? LW : ROOT, loader: 'js' }, nodePaths: [`${ROOT}/node_modules`, `${LW}/node_modules`], bundle: true, minify: true, format: 'esm', platform: 'neutral', mainFields: ['module', 'main'], write: false, logLevel: 'silent' });
  const code = res.outputFiles[0].text;
  const file = join(tmpdir(), `bench-highlighter-${process.pid}-${results.length}.mjs`);
  writeFileSync(file, code);
  const { highlight } = await import(pathToFileURL(file));
  let covered = 0, missing = [];
  for (const lang of WANT) {
    try { const out = await highlight(tiny[lang], lang); if (/<span/.test(out)) covered++; else missing.push(lang); } catch { missing.push(lang); }
  }
  // warm up then time: 20 passes over the three samples
  for (const l of Object.keys(samples)) await highlight(samples[l], l);
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) for (const l of Object.keys(samples)) await highlight(samples[l], l);
  const ms = (performance.now() - t0) / 20;
  results.push({ name, min: code.length, gzip: gzipSync(code, { level: 9 }).length, ms, covered, missing });
}
const lines = Object.values(samples).reduce((n, s) => n + s.split('\n').length, 0);
console.log(`| highlighter | minified | gzip | ${lines} lines JS+TS+Python | of 13 languages |\n|---|---:|---:|---:|---|`);
for (const r of results) console.log(`| ${r.name} | ${(r.min / 1000).toFixed(1)} kB | ${(r.gzip / 1000).toFixed(1)} kB | ${r.ms.toFixed(1)} ms | ${r.covered}${r.missing.length ? ` (no ${r.missing.join(', ')})` : ''} |`);
