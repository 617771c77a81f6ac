#!/usr/bin/env node
/**
 * `npm run bench:stream`: a ~40 KB Markdown answer (seed 42) streamed in 16-character chunks
 * in headless Chromium through every way a host feeds the kit's elements, beside re-rendering
 * the whole text per chunk and beside Streamdown (React 19), as is and following the bottom as a
 * chat does, all in one run.
 *
 * Each chunk is fed in a task of its own, then the page waits for a painted frame, so work the
 * elements defer to animation frames is counted with the chunk that caused it. Main-thread time
 * is Chromium's own count (CDP `Performance.getMetrics` TaskDuration, thread time): read before
 * and after each path for its total, and after every chunk for the chunk's share. Reading it per
 * chunk costs the same small amount on every path; the `idle` path, which feeds nothing, shows
 * that floor (the CDP calls and one frame). Every path gets a fresh page, and the paths take
 * turns across runs, so machine load drifts over all of them alike.
 *
 * BENCH_RUNS (default 3) sets the runs; BENCH_PATHS a comma-separated choice of paths (ids or
 * letters below); BENCH_LENGTH a shorter document for a quick look; BENCH_COUNTS=1 adds, in
 * Chromium, what the browser did per chunk on each path (counts from a trace, which machine load
 * does not move) and where each chunk's main-thread time went, by phase. `-- --engines=all` (or a
 * list of chromium, firefox, webkit) measures in each engine in turn; Firefox and WebKit have no
 * task count to read, so there each tenth of the stream is fed as fast as the page takes it and
 * timed in the page (WebKit's clock counts whole milliseconds); the issue's checks, set in
 * main-thread time, are Chromium's.
 */
import { createServer } from 'vite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChrome } from '../lib/browser.mjs';
import { median } from './stats.mjs';
import { benchEngines, engineName, launchEngine } from './bench-browsers.mjs';
import { minifyCssLiterals } from '../build/minify-css-literals.mjs';

const SEED = 42;
const LENGTH = Number(process.env.BENCH_LENGTH ?? 40_000);
const CHUNK = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const COUNTS = process.env.BENCH_COUNTS === '1';

/** Every contender; `kit` marks the paths that the issue's checks apply to. */
const PATHS = [
  { id: 'draft', letter: 'a', label: 'list.draft = { text }', kit: true },
  { id: 'items', letter: 'b', label: 'list.items = [...items, grown row]', kit: true },
  { id: 'items-1000', letter: 'c', label: 'the same, 1,000 earlier items', kit: true },
  { id: 'item', letter: 'd', label: '<text-item>.item = grown row', kit: true },
  { id: 'upsert', letter: 'e', label: 'list.upsert(grown row)', kit: true },
  { id: 'thinking', letter: 'f', label: 'list.draft = { thinking }', kit: true },
  { id: 'naive', letter: 'g', label: 'naive: marked + DOMPurify, all', kit: false },
  { id: 'streamdown', letter: 'h', label: 'Streamdown (React 19)', kit: false },
  { id: 'streamdown-follow', letter: 'i', label: 'Streamdown, following the bottom', kit: false },
  // Issue 27: the doors a host meets first, each with 2 and with 1,000 earlier messages.
  { id: 'ai-sdk', letter: 'j', label: 'AI SDK messages → items, 2 earlier', kit: false, adapter: 'k' },
  { id: 'ai-sdk-1000', letter: 'k', label: 'the same, 1,000 earlier', kit: false },
  { id: 'ai-sdk-1000-rows', letter: 'n', label: '(k)\'s messages as rows, no adapter', kit: false },
  { id: 'ag-ui', letter: 'l', label: 'AG-UI events → liveAGUI, 2 earlier', kit: false, adapter: 'm' },
  { id: 'ag-ui-1000', letter: 'm', label: 'the same, 1,000 earlier', kit: false },
  { id: 'idle', letter: '-', label: 'floor: feeds nothing', kit: false },
];

/** Limits from issue 14's "Done when". */
const MAX_OF_STREAMDOWN = 0.5;
const MAX_GROWTH = 1.5;
const MAX_HISTORY_COST = 1.5;
/** Limits from issue 27's "Done when": an adapter path with 1,000 earlier messages against 2. */
const MAX_ADAPTER_HISTORY_COST = 1.2;
const MAX_ADAPTER_GROWTH = 1.5;

function choosePaths() {
  const wanted = process.env.BENCH_PATHS?.split(',').map((name) => name.trim()).filter(Boolean);
  if (!wanted) return PATHS;
  const unknown = wanted.filter((name) => !PATHS.some((path) => path.id === name || path.letter === name));
  if (unknown.length) throw new Error(`Unknown path(s) in BENCH_PATHS: ${unknown.join(', ')}. Known: ${PATHS.map((p) => `${p.letter}=${p.id}`).join(' ')}`);
  return PATHS.filter((path) => wanted.includes(path.id) || wanted.includes(path.letter));
}

const sum = (values) => values.reduce((total, value) => total + value, 0);

async function startServer() {
  // React and Lit as hosts ship them (their development builds add checks on every render):
  // Vite picks the builds by NODE_ENV, not by mode.
  process.env.NODE_ENV = 'production';
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('../..', import.meta.url)),
    mode: 'production',
    // Its own dependency cache: the project's dev servers keep theirs.
    cacheDir: join(tmpdir(), 'display-kit-bench-stream-vite'),
    logLevel: 'error',
    plugins: [minifyCssLiterals()],
    server: { host: '127.0.0.1', port: 0, hmr: false },
    // Crawl the benchmark page (and what it imports lazily) before the first page loads, so no
    // dependency is found mid-run: a late one re-bundles, and a page could get a second Lit.
    optimizeDeps: { entries: ['scripts/bench/bench-stream/index.html'], include: ['lit', 'react', 'react-dom', 'react-dom/client', 'streamdown', 'marked', 'dompurify'] },
  });
  await server.listen();
  return server;
}

/**
 * A fresh page at `url` with `path` set up in it (see bench.ts): `call` evaluates an expression
 * there over CDP, `problems` collects what the page reports as errors or warnings.
 */
async function openPath(browser, url, path) {
  const page = await browser.newPage();
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') problems.push(message.text());
  });
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto(url);
  await page.waitForFunction(() => window.streamBench !== undefined);
  const cdp = await page.createCDPSession();
  const call = async (expression) => {
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
    if (exceptionDetails) throw new Error(`${path.id}: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
    return result.value;
  };
  const { chunks, characters } = await call(`streamBench.setup(${JSON.stringify(path.id)}, ${SEED}, ${LENGTH}, ${CHUNK})`);
  return { page, cdp, call, problems, chunks, characters };
}

/**
 * Streams the document through one path in a fresh page. Returns the path's total main-thread
 * time, each chunk's main-thread time and wall time (feed to painted frame), and whether the
 * rendered text ends as the document does.
 */
async function measure(browser, url, path) {
  const { page, cdp, call, problems, chunks, characters } = await openPath(browser, url, path);
  try {
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const taskTime = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'TaskDuration').value * 1000;
    };
    const start = await taskTime();
    let previous = start;
    const main = [];
    const wall = [];
    for (let index = 0; index < chunks; index++) {
      wall.push(await call(`streamBench.step(${index})`));
      const now = await taskTime();
      main.push(now - previous);
      previous = now;
    }
    await call('streamBench.settle()');
    const total = (await taskTime()) - start;
    const check = path.id === 'idle' ? { ok: true } : await call('streamBench.check()');
    return { total, main, wall, check, problems, characters };
  } finally {
    await page.close();
  }
}

/**
 * `BENCH_COUNTS=1`: the browser's own work per chunk on one path, read from a Chromium trace of
 * the whole stream: elements whose style was recomputed, layout objects laid out again, and
 * texts shaped. These are counts, not times: machine load does not move them, so a change that
 * spares the browser work shows here when the timings are lost in noise. From the same trace,
 * where the main thread's time went, by phase (see `phaseOf`). Tracing slows the page, so this
 * is a pass of its own, after the timed runs.
 */
async function countWork(browser, url, path) {
  const { page, cdp, call, chunks } = await openPath(browser, url, path);
  try {
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReturnAsStream' });
    for (let index = 0; index < chunks; index++) await call(`streamBench.step(${index})`);
    await cdp.send('Tracing.end');
    const events = mainThreadEvents(JSON.parse(await readStream(cdp, (await complete).stream)).traceEvents);
    const counts = { restyled: 0, laidOut: 0, shaped: 0 };
    for (const event of events) {
      if (event.name === 'UpdateLayoutTree') counts.restyled += event.args?.elementCount ?? 0;
      else if (event.name === 'Layout') counts.laidOut += event.args?.beginData?.dirtyObjects ?? 0;
      else if (event.name === 'InlineNode::ShapeTextIncludingFirstLine') counts.shaped++;
    }
    const perChunk = (values) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value / chunks]));
    return { ...perChunk(counts), phases: perChunk(phaseTimes(events)) };
  } finally {
    await page.close();
  }
}

const TRACE_CATEGORIES = ['devtools.timeline', 'blink', 'v8.execute', 'disabled-by-default-devtools.timeline'];

const threadOf = (event) => `${event.pid}:${event.tid}`;

/** The renderer's main thread's events (the page's renderer: the one with the most of them). */
function mainThreadEvents(events) {
  const counts = new Map();
  for (const event of events) counts.set(threadOf(event), (counts.get(threadOf(event)) ?? 0) + 1);
  const size = (thread) => counts.get(threadOf(thread));
  const main = threadOf(
    events.filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain').sort((a, b) => size(b) - size(a))[0],
  );
  return events.filter((event) => threadOf(event) === main);
}

/** The phases a chunk's main-thread time is split into, first match wins (trace event names). */
const PHASES = [
  ['compositing', /CompositingInputs|Layerize|PaintArtifactCompositor|^Commit$/],
  ['paint', /Paint|CullRect/],
  ['style', /[Ss]tyle|LayoutTree/],
  ['layout', /Layout|InlineNode/],
  ['script', /Microtask|FunctionCall|EvaluateScript|TimerFire|AnimationFrame|Observer|EventDispatch|^V8\.|^v8\.|ParseHTML/],
];
/** In the order a frame runs them. */
const PHASE_NAMES = ['script', 'style', 'layout', 'paint', 'compositing', 'other'];
const phaseOf = (name) => PHASES.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';

/**
 * Each phase's self time in ms (an event's time less its children's), from the main thread's
 * nested events, and `total`: the time of the outermost events (wall time, slowed by tracing).
 */
function phaseTimes(events) {
  const spans = [];
  const open = [];
  for (const event of events.filter((e) => e.ph === 'X' || e.ph === 'B' || e.ph === 'E').sort((a, b) => a.ts - b.ts)) {
    if (event.ph === 'X') spans.push({ phase: phaseOf(event.name), start: event.ts, end: event.ts + (event.dur ?? 0) });
    else if (event.ph === 'B') open.push(event);
    else if (open.length) {
      const begin = open.pop();
      spans.push({ phase: phaseOf(begin.name), start: begin.ts, end: event.ts });
    }
  }
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  const times = Object.fromEntries([...PHASE_NAMES, 'total'].map((name) => [name, 0]));
  const stack = [];
  for (const span of spans) {
    while (stack.length && stack.at(-1).end <= span.start) stack.pop();
    const duration = (span.end - span.start) / 1000;
    if (stack.length) times[stack.at(-1).phase] -= duration;
    else times.total += duration;
    times[span.phase] += duration;
    stack.push(span);
  }
  return times;
}

async function readStream(cdp, handle) {
  let text = '';
  for (;;) {
    const { data, base64Encoded, eof } = await cdp.send('IO.read', { handle, size: 1 << 22 });
    text += base64Encoded ? Buffer.from(data, 'base64').toString() : data;
    if (eof) break;
  }
  await cdp.send('IO.close', { handle });
  return text;
}

/**
 * The same in Firefox or WebKit, which have no task count to read: the chunks are fed as fast as
 * the page takes them, a tenth of the stream at a time, each tenth timed in the page to its
 * painted frame. A chunk's figure is its tenth's time over its chunks.
 */
async function measureWall(browser, url, path) {
  const page = await browser.newPage();
  try {
    await page.goto(url);
    await page.waitFor(() => window.streamBench !== undefined);
    const { chunks, characters } = await page.evaluate((id, seed, length, size) => window.streamBench.setup(id, seed, length, size), path.id, SEED, LENGTH, CHUNK);
    const main = [];
    for (let tenth = 0; tenth < 10; tenth++) {
      const from = Math.round((chunks * tenth) / 10);
      const to = Math.round((chunks * (tenth + 1)) / 10);
      const elapsed = await page.evaluate((a, b) => window.streamBench.burst(a, b), from, to);
      for (let i = from; i < to; i++) main.push(elapsed / (to - from));
    }
    const check = path.id === 'idle' ? { ok: true } : await page.evaluate(() => window.streamBench.check());
    return { total: sum(main), main, wall: main, check, problems: [], characters };
  } finally {
    await page.close();
  }
}

/** One run's figures: total, and the median chunk in the first and the last tenth. */
function summarize({ total, main, wall }) {
  const tenth = Math.max(1, Math.round(main.length / 10));
  const first = median(main.slice(0, tenth));
  const last = median(main.slice(-tenth));
  return { total, first, last, growth: last / first, wallLast: median(wall.slice(-tenth)), after: total - sum(main) };
}

/** A table row printer for `columns` ([title, width]): the first cell left-aligned, the rest right. */
const tableLine = (columns) => (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(columns[i][1]) : cell.padStart(columns[i][1]))).join('');

const ms = (value) => (value >= 100 ? `${Math.round(value).toLocaleString('en')} ms` : `${value.toFixed(2)} ms`);
const times = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '—');

function report(paths, results, chunkCount, characters, runSeconds, engine) {
  const figures = new Map(
    paths.map((path) => {
      const runs = results.get(path.id).map(summarize);
      const pick = (key) => median(runs.map((run) => run[key]));
      return [path.id, { total: pick('total'), first: pick('first'), last: pick('last'), growth: pick('growth'), wallLast: pick('wallLast'), after: pick('after') }];
    }),
  );
  const streamdown = figures.get('streamdown')?.total ?? NaN;
  const following = figures.get('streamdown-follow')?.total ?? NaN;
  const columns = [
    ['path', 40], ['total main', 12], ['×Streamdown', 12], ['×(i)', 8], ['chunk 1st 10%', 14], ['chunk last 10%', 15], ['last/first', 11], ['wall last 10%', 14],
  ];
  const line = tableLine(columns);
  console.log(`\nStreaming ${characters.toLocaleString('en')} characters in ${chunkCount.toLocaleString('en')} chunks of ${CHUNK} (seed ${SEED}); medians of ${RUNS} run(s), ${Math.round(runSeconds)} s in all`);
  console.log(
    engine === 'chromium'
      ? 'main-thread time: CDP TaskDuration (thread time), frame work included; chunk = one chunk fed, to its painted frame\n'
      : `${engineName(engine)}: no task count to read — each tenth of the stream fed as fast as the page takes it, timed in the page to its painted frame; a chunk is its tenth's share\n`,
  );
  console.log(line(columns.map(([title]) => title)));
  for (const path of paths) {
    const f = figures.get(path.id);
    console.log(line([`(${path.letter}) ${path.label}`, ms(f.total), times(f.total / streamdown), times(f.total / following), ms(f.first), ms(f.last), times(f.growth), ms(f.wallLast)]));
  }
  const items = figures.get('items');
  const history = figures.get('items-1000');
  if (items && history) console.log(`\n(c)/(b) total, 1,000 earlier items vs 1: ${times(history.total / items.total)}`);

  if (engine !== 'chromium') return true;
  console.log('\nIssue 14, "Done when":');
  const checks = [];
  for (const path of paths.filter((p) => p.kit)) {
    const f = figures.get(path.id);
    if (Number.isFinite(streamdown)) checks.push([`(${path.letter}) ${path.id}: total ≤ ${MAX_OF_STREAMDOWN}× Streamdown's (${times(f.total / streamdown)})`, f.total <= MAX_OF_STREAMDOWN * streamdown]);
    checks.push([`(${path.letter}) ${path.id}: last tenth ≤ ${MAX_GROWTH}× first tenth (${times(f.growth)})`, f.growth <= MAX_GROWTH]);
  }
  if (items && history) checks.push([`(c) within ${MAX_HISTORY_COST}× of (b) (${times(history.total / items.total)})`, history.total <= MAX_HISTORY_COST * items.total]);
  for (const [label, passed] of checks) console.log(`${passed ? '✓' : '✗'} ${label}`);
  const adapterChecks = adapterHistoryChecks(paths, figures);
  if (adapterChecks.length > 0) console.log('\nIssue 27, "Done when":');
  for (const [label, passed] of adapterChecks) console.log(`${passed ? '✓' : '✗'} ${label}`);
  return [...checks, ...adapterChecks].every(([, passed]) => passed);
}

/** Each adapter path against its 1,000-message twin: total (so a chunk's mean) and growth. */
function adapterHistoryChecks(paths, figures) {
  return paths.filter((path) => path.adapter && figures.has(path.id)).flatMap((path) => {
    const twin = paths.find((other) => other.letter === path.adapter);
    if (!twin || !figures.has(twin.id)) return [];
    const [few, many] = [figures.get(path.id), figures.get(twin.id)];
    return [
      [`(${twin.letter}) ${twin.id}: per chunk ≤ ${MAX_ADAPTER_HISTORY_COST}× (${path.letter}) (${times(many.total / few.total)})`, many.total <= MAX_ADAPTER_HISTORY_COST * few.total],
      [`(${twin.letter}) ${twin.id}: last tenth ≤ ${MAX_ADAPTER_GROWTH}× first tenth (${times(many.growth)})`, many.growth <= MAX_ADAPTER_GROWTH],
    ];
  });
}

/** One traced pass per path (see countWork), and its tables. */
async function reportCounts(browser, url) {
  const traced = [];
  for (const path of paths) traced.push([path, await countWork(browser, url, path)]);
  console.log('\nThe browser\'s work per chunk (Chromium trace, one pass a path; counts, not times):\n');
  const columns = [['path', 40], ['elements restyled', 19], ['layout objects', 16], ['texts shaped', 14]];
  const line = tableLine(columns);
  console.log(line(columns.map(([title]) => title)));
  for (const [path, { restyled, laidOut, shaped }] of traced) {
    if (path.id !== 'idle') console.log(line([`(${path.letter}) ${path.label}`, restyled.toFixed(1), laidOut.toFixed(1), shaped.toFixed(2)]));
  }
  console.log('\nWhere a chunk\'s main-thread time goes, ms (the same trace: self time by phase; tracing slows every path):\n');
  const phaseColumns = [['path', 40], ...PHASE_NAMES.map((name) => [name, 13]), ['total', 8]];
  const phaseLine = tableLine(phaseColumns);
  console.log(phaseLine(phaseColumns.map(([title]) => title)));
  for (const [path, { phases }] of traced) {
    console.log(phaseLine([`(${path.letter}) ${path.label}`, ...[...PHASE_NAMES, 'total'].map((name) => phases[name].toFixed(2))]));
  }
}

const paths = choosePaths();
const started = Date.now();
const server = await startServer();
try {
  const url = new URL('scripts/bench/bench-stream/index.html', server.resolvedUrls.local[0]).href;
  for (const engine of benchEngines()) {
    console.log(`\n=== ${engineName(engine)} ===`);
    if (!(await runEngine(engine, url))) process.exitCode = 1;
  }
} finally {
  await server.close();
}

/** Every run of every path in one engine, then its table; false when a Chromium check fails. */
async function runEngine(engine, url) {
  const chromium = engine === 'chromium';
  const browser = chromium ? await launchChrome() : await launchEngine(engine, { viewport: { width: 1000, height: 800 }, timeout: 600_000 });
  try {
    const results = new Map(paths.map((path) => [path.id, []]));
    let chunkCount = 0;
    let characters = 0;
    for (let run = 0; run < RUNS; run++) {
      // Each run starts one path later, so no path always goes first (or right after the slowest).
      const order = paths.map((_, i) => paths[(i + run) % paths.length]);
      for (const path of order) {
        const result = chromium ? await measure(browser, url, path) : await measureWall(browser, url, path);
        results.get(path.id).push(result);
        chunkCount = result.main.length;
        characters = result.characters;
        const { total, first, last, growth } = summarize(result);
        console.log(`run ${run + 1}/${RUNS} (${path.letter}) ${path.id.padEnd(11)} ${ms(total).padStart(10)}  chunks: first 10% ${ms(first)}, last 10% ${ms(last)}, ×${growth.toFixed(2)}`);
        if (!result.check.ok) console.log(`  warning: ${path.id} did not render the document's last words ("${result.check.expected}"); it ends "…${result.check.tail}"`);
        for (const problem of new Set(result.problems)) console.log(`  warning: ${path.id} page said: ${problem}`);
      }
    }
    const passed = report(paths, results, chunkCount, characters, (Date.now() - started) / 1000, engine);
    if (chromium && COUNTS) await reportCounts(browser, url);
    return passed;
  } finally {
    await browser.close();
  }
}
