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
 * `--check` also prints each budget beside what it measures and fails when one is exceeded, or
 * when an entry has none (`npm test` runs it). `--why` also prints what a text page's at-once
 * bundle is made of, by area of the kit and by dependency; `--used`, how much of it a text
 * conversation runs in Chromium (size-used.mjs).
 */
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { areaOf } from './areas.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

/** Peers an app brings itself: never counted. */
const HOST_PACKAGES = ['react', 'react-dom', '@lit/react', '@lit-labs/ssr', 'katex', 'mermaid'];
/** What the core already ships: a lazy entry costs a page only what it adds. */
const CORE_PACKAGES = ['lit', 'lit-html', 'lit-element', '@lit/reactive-element', 'marked', 'dompurify'];
/** Entry points that are not for a browser page, or are one prebuilt file. */
const NOT_BUNDLED = new Set(['./ssr', './bundle']);

/**
 * Budgets in gzip bytes, one for every entry point and named import measured (and for the kit's
 * own half of the lazy entries): what each may cost is decided here, not found out later. Each
 * ceiling was set with headroom (issue 29) — about 5–10% over what it measured then, rounded to a
 * plain number; entries under a few kilobytes get a round ceiling that states what they must stay
 * (free of Lit, of the elements) — so that a fix or a small feature fits without touching it, and
 * nothing is ever deleted just to fit. `why` says what the entry holds and what the headroom is
 * for. Raising a budget is a decision too: name the feature that is worth it in its `why`.
 * `onFirstUse` bounds what the entry loads later with `import()` (find in a conversation).
 * The peers (KaTeX, Mermaid) are the host's choice, not the kit's: listed, never budgeted.
 *
 * Before: only the whole kit and the no-build bundle had budgets, each kept about 300 bytes over
 * its last measurement (80.6 and 84.45 kB), and the kit went from 67.7 kB (when the root became
 * side-effect free) to 80.5 kB in steps recorded there: `git log -p -- scripts/size.mjs`.
 */
const ALL_TAGS = 'every tag (the list renders the other five) with lit, marked and DOMPurify. Raised from 86 kB (set with about 7% headroom) when the features since had used it all, the last `scrollToMessage` (about 0.6 kB) and keeping "Jump to latest" clear of scrollbars: about 2% headroom, for fixes and small options, not a feature of 5 kB such as agent activity or citations. Raised by about 4 kB for the rest of issue 68, what a reader sees first: turns under one header with a footer of icon actions (eight icons more), stops by severity in words (the reasons of every provider, categories and error codes in words, Continue and Retry, a Details disclosure: about half of it), one JSON tree for structured data, a one-line notice for a malformed item, unknown kinds and statuses in words; about 1.5% headroom';
const LIST_AT_ONCE = 'the list with text, reasoning and stop marks, with lit, marked and DOMPurify; tool calls, citations, find and code colours load on first use (budgeted below). Raised from 81 kB (issue 67), whose headroom of about 5% had been used to its last 64 B, for what a reader must not lose: an image that cannot load shows its alt text and a link (0.2 kB), a notice shows its details (a compacted conversation\'s summary, 0.1 kB); about 0.3% headroom, for fixes only. Raised by 0.75 kB (issue 68: 81,373 B before, 82,174 B after) for what a reader sees first: code in colour (the loader of highlight.js, which loads on first use, and the token colours, light and dark), tables, code, diagrams and formulas at their natural width in a box that scrolls with a shadow where more continues, a caret a still shows. Raised from 82.25 kB (issue 68: 82,174 B with code colours, 86,904 B after) for the rest of issue 68, what a reader sees first: turns under one header with a footer of icon actions (eight icons more), stops by severity in words (the reasons of every provider, categories and error codes in words, Continue and Retry, a Details disclosure: about half of it), one JSON tree for structured data, a one-line notice for a malformed item, unknown kinds and statuses in words; about 1.2% headroom, for fixes only';
const READER_68 = 'the rest of issue 68, what a reader sees first: turns under one header with a footer of icon actions (eight icons more), stops by severity in words (the reasons of every provider, categories and error codes in words, Continue and Retry, a Details disclosure: about half of it), one JSON tree for structured data, a one-line notice for a malformed item, unknown kinds and statuses in words';
const VIEWS_71 = 'Raised for issue 71, the built-in tool views (readers of the common tools\' results, terminal with ANSI colours, diffs, file lines with code colours, search results, images and files): about 12.5 kB with the tool elements. They were a chunk of their own, loaded when a call first showed one, until that import() led Vite 8\'s Rolldown (rolldown/rolldown#10731) to split Lit out of an app\'s entry and broke server-rendered pages\' hydration; a text-only page loads none of it';
const BUDGETS = {
  'display-kit': { gzip: 107_000, why: `the root's whole API, ${ALL_TAGS}. ${VIEWS_71} (106,321 B)` },
  'display-kit/define': { gzip: 107_000, why: `registers all six tags: ${ALL_TAGS}. ${VIEWS_71}` },
  'display-kit/message-list': { gzip: 88_000, why: `the list, the kit's main door, as a page that shows text loads it: ${LIST_AT_ONCE}` },
  'display-kit/text-item': { gzip: 63_000, why: 'Markdown over Lit: marked, DOMPurify, repair while streaming, citations; about 4 kB of headroom, one more Markdown feature of middling size. Raised from 62 kB (issue 68: 62,061 B) for code colours loaded on first use, wide content, structured data in the JSON tree, stops by severity' },
  'display-kit/thinking-item': { gzip: 59_000, why: 'the same Markdown view as text-item under a disclosure; it moves with text-item' },
  'display-kit/tool-call-item': { gzip: 55_500, why: `tool views, approvals, the JSON tree and durations, no Markdown. Raised from 25 kB (issue 68: 26,140 B) for a header of one line at any width, a preview of the argument that says something, statuses in words, the JSON tree laid out as code, stops by severity. ${VIEWS_71} (54,883 B: the views\' code colours bring DOMPurify, which a page with the list has already)` },
  'display-kit/tool-result-item': { gzip: 22_000, why: 'results and their JSON tree, no Markdown; headroom for a richer result view. Raised from 20 kB (issue 68: 21,058 B) for the JSON tree laid out as code and stops by severity' },
  'display-kit/stop-mark': { gzip: 15_000, why: 'Lit with the shared element base and the strings: the smallest tag; room for a line or two more of its own. Raised from 13.5 kB (issue 68: 14,703 B) for stops by severity: every provider\'s reasons, categories and error codes in words, Continue and Retry, a Details disclosure' },
  'display-kit/events': { gzip: 1_000, why: 'the event classes alone: never Lit nor an element (a round ceiling, not a percentage)' },
  'display-kit/model': { gzip: 7_000, why: 'normalizing, grouping, tool call descriptions, usage, citations: plain functions, no DOM; headroom for a field or two more in the format. Raised from 6.5 kB (issue 68: 6,775 B) for the reasons of every provider read as a kind of stop, turns, argument previews and statuses in words' },
  'display-kit/adapters': { gzip: 18_500, why: 'seven agent formats to items, about 2.5 kB a format: headroom for one more format' },
  'display-kit/live': { gzip: 24_000, why: 'six live bindings over the adapters. Raised from 22.5 kB (issue 67: 20,952 B before it, 22,572 B after) for what real provider streams need: the user\'s question however AG-UI brings it, a server tool ending with its result, whole inputs in a block\'s start, compaction, shell and patch deltas, events the binding does not read as problems, the settled response. About 6% headroom, one more binding' },
  'display-kit/locales/de': { gzip: 3_400, why: 'the German strings: grows with each string the kit adds, in every locale. Raised from 2.5 kB (issue 68: 2,804 B) for the words of every kind of stop and its categories; raised from 3 kB (issue 71: 3,088 B) for the words of the built-in tool views' },
  'display-kit/highlight': { gzip: 14_000, why: 'DOMPurify (which the core ships too), the hook and `useHighlightJs()`; highlight.js itself loads on first use (the core colours code by default since issue 68: "+ code colours" below). Held close: the entry must stay small' },
  'display-kit/math': { gzip: 33_000, why: 'marked and DOMPurify (the core\'s, again) and the KaTeX hook; KaTeX is the host\'s. What it adds to a page is budgeted below' },
  'display-kit/mermaid': { gzip: 16_000, why: 'DOMPurify (the core\'s, again) and the diagram hook; Mermaid is the host\'s. What it adds to a page is budgeted below' },
  'display-kit/react': { gzip: 107_300, why: `the React 18 wrappers (@lit/react not counted) over ${ALL_TAGS}. Raised from 88 kB (issue 68: 87,340 B before, 88,094 B after) for code in colour by default, wide content that scrolls with its edges shown, the caret and the tips; raised again to 93.8 kB (92,197 B) for ${READER_68}. ${VIEWS_71} (106,594 B)` },
  'display-kit/liveview': { gzip: 1_000, why: 'the LiveView hook: registers no tag and imports no Lit (a round ceiling, not a percentage)' },
  "import { StopMark } from 'display-kit'": { gzip: 14_800, why: 'tree-shaking from the root: one class must ship one element, not the kit. Raised from 13 kB (issue 68: 14,342 B) for stops by severity' },
  "import { ToolToggleEvent } from 'display-kit'": { gzip: 1_000, why: 'tree-shaking from the root: one event class, never Lit (a round ceiling, not a percentage)' },
  "import { normalizeItems } from 'display-kit'": { gzip: 3_400, why: 'tree-shaking from the root: the model\'s entry function, never an element. Raised from 3 kB (issue 68: 3,200 B) for the reasons of every provider read as a kind of stop' },
  "import { StopMark } from 'display-kit/react'": { gzip: 15_300, why: 'tree-shaking of the wrappers: one wrapper must ship one element. Raised from 13.5 kB (issue 68: 14,854 B) for stops by severity' },
  "import { MessageList } from 'display-kit/react'": { gzip: 88_100, why: `one wrapper, the list: ${LIST_AT_ONCE}` },
  'a page that shows text, at once': {
    gzip: 88_000,
    why: `${LIST_AT_ONCE}. Issue 30 asked for 55 kB: lit, marked and DOMPurify alone are 33.8 kB of it, and the kit's own text path (Markdown view, repair while streaming, sanitizing, the list and the styles of both) about 42 kB more`,
  },
  '+ find (the first search)': { gzip: 5_250, why: 'the search bar, highlights and match ranges: about 10% over its 4.4 kB, for a search option more' },
  "+ the host's tool views (the first list given one)": { gzip: 1_500, why: 'what hosts a page\'s own views of its tools in the list\'s light DOM: a round ceiling, it must stay a thin layer over the views the page brings' },
  '+ citations (the first text that cites)': { gzip: 1_980, why: 'placing the markers in the Markdown, what the list of sources says, and their tips (the list itself is drawn by the text, with Lit, which this chunk must not import: see text-item/citations.ts): about 10% over its 1.7 kB, for a richer source line. Raised from 1,850 B (issue 68: 1,845 B before, 1,976 B after) for a tip that shows below its marker, clear of the label above, and flips above only where there is no room' },
  '+ code colours (the first fenced block with a language)': { gzip: 26_000, why: 'highlight.js\'s core and its thirteen languages (js, ts, python, bash, json, html, css, sql, go, rust, elixir, diff, yaml), one chunk, 24.2 kB when set (issue 68; chosen on measurements: docs/benchmarks.md#code-highlighters); about 7% headroom, a language or two more' },
  '+ tool calls and results (the first one shown)': { gzip: 21_000, why: VIEWS_71 + '. Before: both tool tags, their JSON tree, partial-JSON repair, approvals and durations, beyond what the list has: about 10% over its 6.9 kB, one more built-in tool view' },
  'the whole kit (every tag and the whole API)': {
    gzip: 107_500,
    onFirstUse: 32_250,
    why: `the sum a page that uses everything loads at once, ${ALL_TAGS}. On first use, find, the host's tool views and citations (7.2 kB together): about 10%, for a search option more. Raised (issue 68: 87,698 B and 7,193 B before, 88,461 B and 31,478 B after) for code in colour by default, its highlight.js (24.3 kB) on first use, and wide content that scrolls with its edges shown, the caret and the tips at once; raised again to 94.2 kB (92,637 B) for ${READER_68}. ${VIEWS_71} (106,922 B)`,
  },
  'dist/display-kit.bundle.js (no-build bundle)': {
    gzip: 106_100,
    onFirstUse: 30_150,
    why: "the whole kit in one prebuilt file, find, the host's tool views and citations in chunks beside it; on first use (6.7 kB) as the whole kit's. Raised from 86 kB (85,648 B before issue 67, 86,039 B after it and the tick of a done task): an image that cannot load shows its alt text and a link, a notice its details, a done task a tick; about 0.5% headroom. Raised again (issue 68: 86,024 B and 6,744 B before, 86,929 B and 29,440 B after) for code in colour by default, highlight.js a chunk beside it (22.7 kB), wide content that scrolls with its edges shown, the caret and the tips; raised again to 92.4 kB (90,899 B) for " + READER_68 + '. ' + VIEWS_71 + ' (105,539 B). Its list loads no tool code of its own: the bundle holds it (vite.bundle.config.ts says why)',
  },
  'display-kit/math (beyond the core)': { gzip: 3_500, why: 'what math adds to a page with the kit: the syntax, the hook and its styles; headroom for one more delimiter or option' },
  'display-kit/mermaid (beyond the core)': { gzip: 2_750, why: 'what diagrams add to a page with the kit: the hook, its sanitizing and styles; headroom for one more option' },
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
  'katex (its peer)': { source: "export { default } from 'katex';", external: [], peer: true },
  'display-kit/mermaid (beyond the core)': { source: "export * from 'display-kit/mermaid';", external: [...HOST_PACKAGES, ...CORE_PACKAGES] },
  'mermaid (its peer)': { source: "export { default } from 'mermaid';", external: [], peer: true },
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
  const loaded = new Set(Object.keys(result.metafile.inputs).map((input) => join(ROOT, input)));
  const onFirstUse = {};
  // A chunk may load one of its own on first use (the tool elements, their built-in views): each is
  // measured beyond what the page and the chunk that loads it hold, in the order they load.
  const queue = kept.map((file) => [file, loaded]);
  for (const [file, before] of queue) {
    const nested = new Map();
    const chunk = await build({ ...options, entryPoints: [file], outdir: 'lazy', plugins: [splitLazy(nested), alreadyLoaded(before)] });
    const code = chunk.outputFiles[0].text;
    onFirstUse[relative(join(ROOT, 'dist'), file)] = { minified: Buffer.byteLength(code), gzip: gzipSize(code) };
    const withChunk = new Set([...before, ...Object.keys(chunk.metafile.inputs).map((input) => join(ROOT, input))]);
    for (const [specifier, nestedFile] of nested) {
      if (code.includes(specifier) && !(relative(join(ROOT, 'dist'), nestedFile) in onFirstUse)) queue.push([nestedFile, withChunk]);
    }
  }
  const lazy = Object.values(onFirstUse).reduce((sum, size) => sum + size.gzip, 0);
  const inputs = Object.values(result.metafile.outputs)[0].inputs;
  return { minified: Buffer.byteLength(text), gzip: gzipSize(text), lazy, onFirstUse, inputs };
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
  const noBuild = readFileSync(join(ROOT, 'dist/display-kit.bundle.js'));
  // Its chunks sit beside it (display-kit.bundle-<name>.js), loaded on first use.
  const chunks = readdirSync(join(ROOT, 'dist')).filter((file) => file.startsWith('display-kit.bundle-') && file.endsWith('.js'));
  const lazy = chunks.reduce((sum, file) => sum + gzipSize(readFileSync(join(ROOT, 'dist', file))), 0);
  rows.push({ name: 'dist/display-kit.bundle.js (no-build bundle)', minified: noBuild.length, gzip: gzipSize(noBuild), lazy });
  return rows;
}

/** The chunks the list loads on first use, by the module its `import()` names, and when it loads them. */
const FIRST_USE = {
  'elements/message-list/find/finder.js': 'find (the first search)',
  'elements/tool-call-item/define.js': 'tool calls and results (the first one shown)',
  'elements/message-list/controllers/tool-view-sync.js': "the host's tool views (the first list given one)",
  'elements/text-item/citations.js': 'citations (the first text that cites)',
  'highlight/highlight-js.js': 'code colours (the first fenced block with a language)',
};

/**
 * What a page that only shows text loads at once, beside the floor no Markdown renderer over Lit
 * can go under (lit, marked and DOMPurify alone), and what each feature adds the first time it is
 * used. Every chunk the list can load must be named in FIRST_USE.
 */
async function textOnlyPage() {
  const page = await bundledSize("import 'display-kit/message-list';");
  const floor = await bundledSize("export { LitElement, html, css } from 'lit'; export { Marked } from 'marked'; export { default as DOMPurify } from 'dompurify';");
  const rows = [
    { name: 'a page that shows text, at once', minified: page.minified, gzip: page.gzip, lazy: 0 },
    { name: 'lit + marked + DOMPurify alone (the floor)', minified: floor.minified, gzip: floor.gzip, lazy: 0, peer: true },
  ];
  for (const [file, size] of Object.entries(page.onFirstUse)) {
    if (!FIRST_USE[file]) throw new Error(`The list loads ${file} on first use: name it in FIRST_USE.`);
    rows.push({ name: `+ ${FIRST_USE[file]}`, ...size, lazy: 0 });
  }
  return { rows, inputs: page.inputs };
}

/**
 * `--why`: what a text page's at-once bundle is made of (`inputs`: esbuild's metafile, the
 * minified bytes each file put in the bundle), by area, in minified bytes (gzip compresses the
 * whole, so no area has a gzip size of its own): where to look before moving code to a chunk
 * loaded on first use.
 */
function printBreakdown(inputs) {
  const areas = new Map();
  for (const [file, { bytesInOutput }] of Object.entries(inputs)) {
    const area = areaOf(file);
    // The page's own import line (esbuild's stdin) is no area's.
    if (area) areas.set(area, (areas.get(area) ?? 0) + bytesInOutput);
  }
  const total = [...areas.values()].reduce((sum, bytes) => sum + bytes, 0);
  const width = Math.max(...[...areas.keys()].map((area) => area.length));
  console.log(`\nWhat a page that shows text loads at once, by area (minified bytes, and their share of the page's; gzip compresses the whole, not each area):`);
  for (const [area, bytes] of [...areas].filter(([, bytes]) => bytes > 0).sort((a, b) => b[1] - a[1])) {
    console.log(`${area.padEnd(width)}  ${kb(bytes).padStart(9)}  ${`${((bytes / total) * 100).toFixed(1)}%`.padStart(6)}`);
  }
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

/** Every budgeted row against its budget; a row with no budget, or a budget with no row, is a problem too. */
function checkBudgets(rows) {
  const problems = [];
  const lines = [];
  for (const row of rows) {
    const budget = BUDGETS[row.name];
    if (!budget) {
      if (!row.peer) problems.push(`${row.name}: no budget (decide one, with its reason, in BUDGETS)`);
      continue;
    }
    const checks = [['gzip', row.gzip, budget.gzip], ...(budget.onFirstUse ? [['on first use', row.lazy, budget.onFirstUse]] : [])];
    for (const [what, measured, limit] of checks) {
      const name = what === 'gzip' ? row.name : `${row.name}, ${what}`;
      lines.push([name, measured, limit]);
      if (measured > limit) problems.push(`${name}: ${bytes(measured)} gzip, over its budget of ${bytes(limit)}`);
    }
  }
  for (const name of Object.keys(BUDGETS)) {
    if (!rows.some((row) => row.name === name)) problems.push(`${name}: budgeted but not measured`);
  }
  return { problems, lines };
}

const bytes = (n) => `${n.toLocaleString('en')} B`;

function printBudgets(lines) {
  const width = Math.max(...lines.map(([name]) => name.length));
  console.log(`\n${'budget (gzip)'.padEnd(width)}  ${'measured'.padStart(9)}  ${'budget'.padStart(9)}  ${'headroom'.padStart(17)}`);
  for (const [name, measured, limit] of lines) {
    const left = `${bytes(limit - measured)} (${(((limit - measured) / measured) * 100).toFixed(1)}%)`;
    console.log(`${name.padEnd(width)}  ${bytes(measured).padStart(9)}  ${bytes(limit).padStart(9)}  ${left.padStart(17)}`);
  }
}

if (!existsSync(new URL('../../dist/index.js', import.meta.url))) {
  console.error('dist/ is missing: run `npm run build` first.');
  process.exit(1);
}
const rows = await measureAll();
printTable(rows);
console.log('\nLoaded on demand (`useKatex()`, `useMermaid()`):');
const lazyRows = [];
for (const [name, { source, external, peer = false }] of Object.entries(LAZY)) lazyRows.push({ name, peer, ...(await bundledSize(source, external)) });
printTable(lazyRows, '(an entry without what the core ships; a peer whole, every diagram type included: a bundler that splits loads Mermaid\'s diagram types as they are used)');
const { rows: pageRows, inputs: pageInputs } = await textOnlyPage();
console.log('\nA page that shows text (`display-kit/message-list`), and what it loads the first time it needs more:');
printTable(pageRows, '(what loads later is what it adds to the page, gzip)');
if (process.argv.includes('--why')) printBreakdown(pageInputs);
if (process.argv.includes('--used')) await (await import('./size-used.mjs')).reportUsed();
if (process.argv.includes('--check')) {
  const { problems, lines } = checkBudgets([...rows, ...lazyRows, ...pageRows]);
  printBudgets(lines);
  for (const problem of problems) console.error(`✖ size budget: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log('Sizes are within budget.');
}
