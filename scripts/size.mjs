#!/usr/bin/env node
/**
 * `npm run size`: what each entry point of the built package (dist/) costs a page, as an app's
 * bundler would ship it — bundled with lit, marked and DOMPurify, minified, gzipped — and what
 * some named imports cost once tree-shaken. The package is resolved by its own name, so its
 * `exports` and `sideEffects` decide, as they do in an app.
 *
 * `--check` also fails when a budget below is exceeded (`npm test` runs it).
 */
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

/** Peers an app brings itself: never counted. */
const HOST_PACKAGES = ['react', 'react-dom', '@lit/react', '@lit-labs/ssr', '@highlightjs/cdn-assets', 'katex', 'mermaid'];
/** What the core already ships: a lazy entry costs a page only what it adds. */
const CORE_PACKAGES = ['lit', 'lit-html', 'lit-element', '@lit/reactive-element', 'marked', 'dompurify'];
/** Entry points that are not for a browser page, or are one prebuilt file. */
const NOT_BUNDLED = new Set(['./ssr', './bundle']);

/**
 * Budgets in gzip bytes. The whole kit and the bundle may not grow past their size before the root
 * became side-effect free (67,653 and 65,169 bytes, German strings included; then any import
 * from `display-kit`, even of one class, shipped the whole kit).
 */
const BUDGETS = {
  "import { StopMark } from 'display-kit'": 15_000,
  'the whole kit (every tag and the whole API)': 67_653,
  'dist/display-kit.bundle.js (no-build bundle)': 65_169,
};

/** Named imports an app writes, each measured on its own. */
const IMPORTS = {
  "import { StopMark } from 'display-kit'": "import { StopMark } from 'display-kit'; console.log(StopMark);",
  "import { ToolToggleEvent } from 'display-kit'": "import { ToolToggleEvent } from 'display-kit'; console.log(ToolToggleEvent);",
  "import { normalizeItems } from 'display-kit'": "import { normalizeItems } from 'display-kit'; console.log(normalizeItems);",
  "import { StopMark } from 'display-kit/react'": "import { StopMark } from 'display-kit/react'; console.log(StopMark);",
  "import { MessageList } from 'display-kit/react'": "import { MessageList } from 'display-kit/react'; console.log(MessageList);",
  'the whole kit (every tag and the whole API)': "import 'display-kit/define'; export * from 'display-kit';",
};

const gzipSize = (text) => gzipSync(text, { level: 9 }).length;

/**
 * The optional renderers, loaded on demand: what the entry adds to a page that has the kit,
 * and the peer it loads (measured as an app's bundler would ship it).
 */
const LAZY = {
  'display-kit/math (beyond the core)': { source: "export * from 'display-kit/math';", external: [...HOST_PACKAGES, ...CORE_PACKAGES] },
  'katex (its peer)': { source: "export { default } from 'katex';", external: [] },
  'display-kit/mermaid (beyond the core)': { source: "export * from 'display-kit/mermaid';", external: [...HOST_PACKAGES, ...CORE_PACKAGES] },
  'mermaid (its peer)': { source: "export { default } from 'mermaid';", external: [] },
};

async function bundledSize(source, external = HOST_PACKAGES) {
  const result = await build({
    stdin: { contents: source, resolveDir: ROOT, loader: 'js' },
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    external: external.flatMap((name) => [name, `${name}/*`]),
    write: false,
    logLevel: 'silent',
  });
  const text = result.outputFiles[0].text;
  return { minified: Buffer.byteLength(text), gzip: gzipSize(text) };
}

/** Every entry point with code: `export *` keeps all it exports, and its side effects stay. */
function entrySources() {
  const entries = {};
  for (const [subpath, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || !target.default || NOT_BUNDLED.has(subpath)) continue;
    const specifier = subpath === '.' ? pkg.name : `${pkg.name}/${subpath.slice(2)}`;
    entries[specifier] = `export * from '${specifier}';`;
  }
  return entries;
}

async function measureAll() {
  const rows = [];
  for (const [name, source] of Object.entries({ ...entrySources(), ...IMPORTS })) rows.push({ name, ...(await bundledSize(source)) });
  const bundle = readFileSync(new URL('../dist/display-kit.bundle.js', import.meta.url));
  rows.push({ name: 'dist/display-kit.bundle.js (no-build bundle)', minified: bundle.length, gzip: gzipSize(bundle) });
  return rows;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function printTable(rows, note = '(with lit, marked and DOMPurify; react and @lit/react not counted)') {
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`${'entry point or import'.padEnd(width)}  ${'minified'.padStart(9)}  ${'gzip'.padStart(9)}`);
  for (const row of rows) console.log(`${row.name.padEnd(width)}  ${kb(row.minified).padStart(9)}  ${kb(row.gzip).padStart(9)}`);
  console.log(note);
}

function overBudget(rows) {
  return Object.entries(BUDGETS).flatMap(([name, budget]) => {
    const row = rows.find((r) => r.name === name);
    return row && row.gzip <= budget ? [] : [`${name}: ${row ? kb(row.gzip) : 'not measured'} gzip, budget ${kb(budget)}`];
  });
}

if (!existsSync(new URL('../dist/index.js', import.meta.url))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}
const rows = await measureAll();
printTable(rows);
console.log('\nLoaded on demand (`useKatex()`, `useMermaid()`):');
const lazyRows = [];
for (const [name, { source, external }] of Object.entries(LAZY)) lazyRows.push({ name, ...(await bundledSize(source, external)) });
printTable(lazyRows, '(an entry without what the core ships; a peer whole, every diagram type included: a bundler that splits loads Mermaid\'s diagram types as they are used)');
if (process.argv.includes('--check')) {
  const problems = overBudget(rows);
  for (const problem of problems) console.error(`✖ over budget: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log('Sizes are within budget.');
}
