#!/usr/bin/env node
/**
 * `npm run size`: what each entry point of the built package (dist/) costs a page, as an app's
 * bundler would ship it — bundled with lit, marked and DOMPurify, minified, gzipped — and what
 * some named imports cost once tree-shaken. The package is resolved by its own name, so its
 * `exports` and `sideEffects` decide, as they do in an app. Code the kit loads with `import()`
 * on first use (find in a conversation) is split off, as an app's bundler splits it: a page pays
 * for it only when it is used. It is listed apart ("on first use": what it adds, gzip) and the
 * budgets count what a page loads at once.
 *
 * `--check` also fails when a budget below is exceeded (`npm test` runs it).
 */
import { build } from 'esbuild';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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
 * Budgets in gzip bytes: what each feature costs is decided here, not found out later. The whole
 * kit and the bundle were held to 67,653 and 65,169 bytes (German strings included) until the
 * root became side-effect free. Since then: streaming's partial JSON and the hydration (68.6 and
 * 66.1 kB), citations and narration (about +5 kB; math and diagrams are entries of their own and
 * load their peers on demand), and agent activity — tool views, approvals, lifecycles,
 * durations and usage, find's trigger and API (about +5 kB) — make 78.2 and 82.1 kB. Then a
 * streamed chunk that only adds characters patches the tail's text in place (in a Chromium trace,
 * about half of a late chunk's layout, paint and compositing), and the list's find and draft
 * became classes of their own: 78.7 and 82.6 kB. A long answer's blocks in runs of their own
 * (a streamed chunk's layout, paint and compositing no longer grow with the answer): 79.0 and
 * 82.9 kB. A chunk that only adds characters to the last text going into its text node without
 * the sanitizer (the tail's HTML from marked compared with what is shown; about a tenth of a
 * chunk's main-thread time): 79.6 and 83.4 kB. Streaming through `items` as through the draft (a
 * saved message marked `status: "streaming"`) and rows handed over anew with equal content keeping
 * their items (what makes an adapter over framework state cost the same after 1,000 messages):
 * 79.9 and 83.8 kB. The budgets keep about 300 bytes of headroom from here (issue 29: a budget is a
 * decision, not a record): 80.3 and 84.2 kB. Strict pages (the block estimate through CSSOM),
 * forced colours (the current find match, the jump button), dense tables that scroll and take
 * focus, and the JSON tree's closing brace (issue 28): 80.3 and 84.1 kB (80,301 and 84,147
 * bytes); again about 300 bytes of headroom: 80.6 and 84.45 kB. Find itself (4.8 kB) loads on first use and is
 * not counted, except in the no-build bundle, which stays one file. Raising a budget needs a
 * feature worth it, named here.
 */
const BUDGETS = {
  "import { StopMark } from 'display-kit'": 15_000,
  'the whole kit (every tag and the whole API)': 80_600,
  'dist/display-kit.bundle.js (no-build bundle)': 84_450,
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

const OPTIONS = {
  absWorkingDir: ROOT,
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  platform: 'browser',
  external: HOST_PACKAGES.flatMap((name) => [name, `${name}/*`]),
  write: false,
  metafile: true,
  logLevel: 'silent',
};

/**
 * Leaves the kit's own `import()`s out of the bundle, as a bundler leaves them to a chunk of
 * their own: `found` maps each specifier to the file it names.
 */
function splitLazy(found) {
  return {
    name: 'split-lazy',
    setup(build) {
      build.onResolve({ filter: /^\.{1,2}\//, namespace: 'file' }, async (args) => {
        if (args.kind !== 'dynamic-import' || !args.resolveDir.startsWith(`${ROOT}dist`)) return undefined;
        found.set(args.path, (await build.resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir })).path);
        return { path: args.path, external: true };
      });
    },
  };
}

/** Takes from the page's bundle what it already has (`loaded`, absolute paths): a lazy chunk holds only the rest. */
function alreadyLoaded(loaded) {
  return {
    name: 'already-loaded',
    setup(build) {
      build.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === 'inner' || args.kind === 'entry-point') return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'inner' });
        return loaded.has(resolved.path) ? { path: args.path, external: true } : undefined;
      });
    },
  };
}

/** What a page loads at once, and what the chunks it loads on first use hold beyond that (gzip). */
async function bundledSize(source, external = HOST_PACKAGES) {
  const found = new Map();
  const options = { ...OPTIONS, external: external.flatMap((name) => [name, `${name}/*`]) };
  const result = await build({ ...options, stdin: { contents: source, resolveDir: ROOT, loader: 'js' }, plugins: [splitLazy(found)] });
  const text = result.outputFiles[0].text;
  // Only the imports the page kept: one in a module that was shaken off loads nothing.
  const kept = [...found].filter(([specifier]) => text.includes(specifier)).map(([, file]) => file);
  let lazy = 0;
  if (kept.length > 0) {
    const loaded = new Set(Object.keys(result.metafile.inputs).map((input) => join(ROOT, input)));
    const chunks = await build({ ...options, entryPoints: kept, outdir: 'lazy', plugins: [alreadyLoaded(loaded)] });
    lazy = chunks.outputFiles.reduce((sum, file) => sum + gzipSize(file.text), 0);
  }
  return { minified: Buffer.byteLength(text), gzip: gzipSize(text), lazy };
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
  const noBuild = readFileSync(new URL('../dist/display-kit.bundle.js', import.meta.url));
  rows.push({ name: 'dist/display-kit.bundle.js (no-build bundle)', minified: noBuild.length, gzip: gzipSize(noBuild), lazy: 0 });
  return rows;
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function printTable(rows, note = '(with lit, marked and DOMPurify; react and @lit/react not counted; "on first use": gzip of the chunks loaded by import())') {
  const width = Math.max(...rows.map((row) => row.name.length));
  console.log(`${'entry point or import'.padEnd(width)}  ${'minified'.padStart(9)}  ${'gzip'.padStart(9)}  ${'on first use'.padStart(12)}`);
  for (const row of rows) {
    const lazy = row.lazy ? `+${kb(row.lazy)}` : '';
    console.log(`${row.name.padEnd(width)}  ${kb(row.minified).padStart(9)}  ${kb(row.gzip).padStart(9)}  ${lazy.padStart(12)}`);
  }
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
