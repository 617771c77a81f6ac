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
 * Paced mode (issue 30) streams the same document as a model sends it instead: BENCH_PACE
 * chunks (default 3x36: bursts of 3 chunks every 36 ms), each chunk in a task of its own, with
 * Streamdown rendering when React's scheduler gets to it (no `flushSync`), as an app's state
 * does. Chromium alone; per path it reads the main-thread time over the stream (the same count)
 * and, from a trace, the longest task; then one more stream per path, watched for DOM changes and
 * not timed, says how many tasks changed the DOM before each painted frame.
 * BENCH_MODE=painted|paced|both (default both) picks the modes; paced mode runs the kit's paths
 * and Streamdown following (every stream takes the pace's ~30 s), BENCH_PATHS overriding.
 *
 * BENCH_DOC=code streams an answer heavy in code instead (half its blocks fenced code of 6–30
 * lines in a named language), with Streamdown's code plugin (`@streamdown/code`, Shiki) on and
 * the kit highlighting as it does by default (issue 68).
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
/** BENCH_DOC=code: an answer heavy in code (issue 68), Streamdown with its code plugin (Shiki) on. */
const CODE_HEAVY = process.env.BENCH_DOC === 'code';
const CHUNK = 16;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const COUNTS = process.env.BENCH_COUNTS === '1';
const MODES = ['painted', 'paced', 'both'];
const MODE = process.env.BENCH_MODE ?? 'both';
if (!MODES.includes(MODE)) throw new Error(`BENCH_MODE: "${MODE}" is not one of ${MODES.join(', ')}`);

/** Paced mode's stream: `burst` chunks every `interval` ms, from BENCH_PACE ("3x36"). */
function choosePace(value = process.env.BENCH_PACE ?? '3x36') {
  const match = /^(\d+)x(\d+(?:\.\d+)?)$/.exec(value);
  if (!match || Number(match[1]) < 1) throw new Error(`BENCH_PACE: "${value}" is not <chunks>x<ms>, e.g. 3x36`);
  return { burst: Number(match[1]), interval: Number(match[2]) };
}
const PACE = choosePace();

/**
 * Every contender; `kit` marks the paths that issue 14's checks apply to, `rival` the renderers
 * the kit is measured against.
 */
const PATHS = [
  { id: 'draft', letter: 'a', label: 'list.draft = { text }', kit: true },
  { id: 'items', letter: 'b', label: 'list.items = [...items, grown row]', kit: true },
  { id: 'items-1000', letter: 'c', label: 'the same, 1,000 earlier items', kit: true },
  { id: 'item', letter: 'd', label: '<text-item>.item = grown row', kit: true },
  { id: 'upsert', letter: 'e', label: 'list.upsert(grown row)', kit: true },
  { id: 'thinking', letter: 'f', label: 'list.draft = { thinking }, open', kit: true },
  { id: 'naive', letter: 'g', label: 'naive: marked + DOMPurify, all', kit: false, rival: true },
  { id: 'streamdown', letter: 'h', label: 'Streamdown (React 19)', kit: false, rival: true },
  { id: 'streamdown-follow', letter: 'i', label: 'Streamdown, following the bottom', kit: false, rival: true },
  // Issue 27: the doors a host meets first, each with 2 and with 1,000 earlier messages.
  { id: 'ai-sdk', letter: 'j', label: 'AI SDK messages → items, 2 earlier', kit: false, adapter: 'k' },
  { id: 'ai-sdk-1000', letter: 'k', label: 'the same, 1,000 earlier', kit: false },
  { id: 'ai-sdk-1000-rows', letter: 'n', label: '(k)\'s messages as rows, no adapter', kit: false },
  { id: 'ag-ui', letter: 'l', label: 'AG-UI events → liveAGUI, 2 earlier', kit: false, adapter: 'm' },
  { id: 'ag-ui-1000', letter: 'm', label: 'the same, 1,000 earlier', kit: false },
  // Issue 30: the 1,000-message paths against the same messages as fill a screen and more (two of
  // the list's blocks), in paced mode: what grows with the history itself, apart from what the
  // screen shows above the answer.
  { id: 'items-48', letter: 'o', label: '(c) with 48 earlier items', kit: true, pacedOnly: true, screenfulOf: 'c' },
  { id: 'ai-sdk-48', letter: 'p', label: '(k) with 48 earlier messages', kit: false, pacedOnly: true, screenfulOf: 'k' },
  { id: 'ag-ui-48', letter: 'q', label: '(m) with 48 earlier messages', kit: false, pacedOnly: true, screenfulOf: 'm' },
  { id: 'idle', letter: '-', label: 'floor: feeds nothing', kit: false },
];

/** Limits from issue 14's "Done when". */
const MAX_OF_STREAMDOWN = 0.5;
const MAX_GROWTH = 1.5;
const MAX_HISTORY_COST = 1.5;
/** Limits from issue 27's "Done when": an adapter path with 1,000 earlier messages against 2. */
const MAX_ADAPTER_HISTORY_COST = 1.2;
const MAX_ADAPTER_GROWTH = 1.5;
/** Limits from issue 30's "Done when", in paced mode. */
const MAX_OF_FOLLOWING = 0.5;
/** Issue 68's, for an answer heavy in code (BENCH_DOC=code), Streamdown's code plugin on and the kit's highlighting by default. */
const MAX_OF_FOLLOWING_CODE = 0.55;
const MAX_PACED_HISTORY_COST = 1.2;
const MAX_TASK = 50;

/** A path through the kit, by any door (not a rival, not the floor). */
const isKitPath = (path) => !path.rival && path.id !== 'idle';

/** BENCH_PATHS's choice, or `defaults`. */
function choosePaths(defaults) {
  const wanted = process.env.BENCH_PATHS?.split(',').map((name) => name.trim()).filter(Boolean);
  if (!wanted) return defaults;
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
    optimizeDeps: { entries: ['scripts/bench/bench-stream/index.html'], include: ['lit', 'react', 'react-dom', 'react-dom/client', 'streamdown', '@streamdown/code', 'marked', 'dompurify'] },
  });
  await server.listen();
  return server;
}

/**
 * A fresh page at `url` with `path` set up in it (see bench.ts): `call` evaluates an expression
 * there over CDP, `problems` collects what the page reports as errors or warnings.
 */
async function openPath(browser, url, path, paced = false, watch = false) {
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
  const { chunks, characters } = await call(`streamBench.setup(${JSON.stringify(path.id)}, ${SEED}, ${LENGTH}, ${CHUNK}, ${paced}, ${watch}, ${CODE_HEAVY})`);
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
    const start = await taskTime(cdp);
    let previous = start;
    const main = [];
    const wall = [];
    for (let index = 0; index < chunks; index++) {
      wall.push(await call(`streamBench.step(${index})`));
      const now = await taskTime(cdp);
      main.push(now - previous);
      previous = now;
    }
    await call('streamBench.settle()');
    const total = (await taskTime(cdp)) - start;
    const check = path.id === 'idle' ? { ok: true } : await call('streamBench.check()');
    return { total, main, wall, check, problems, characters };
  } finally {
    await page.close();
  }
}

/** The page's main-thread time so far, in ms: Chromium's own count (CDP `Performance` enabled). */
async function taskTime(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((metric) => metric.name === 'TaskDuration').value * 1000;
}

/**
 * Paced mode (issue 30): streams the document through one path in a fresh page as a model sends
 * it (see `streamBench.pace`), traced. Returns the main-thread time over the stream and the
 * settling after it (painted mode's count), the stream's wall time and the longest task. With
 * `watch`, the page also marks every batch of DOM changes and the result says how many tasks
 * changed the DOM before each painted frame (see `rendersPerFrame`): the watching costs every
 * path 0.3–0.45 s of a stream (measured: its MutationObserver's records and a mark each), so a
 * watched stream counts renders and is not timed.
 */
async function measurePaced(browser, url, path, watch = false) {
  const { page, cdp, call, problems, characters } = await openPath(browser, url, path, true, watch);
  try {
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    // A few task events a frame (and the marks when watched): cheap enough not to move the main-thread time.
    const categories = watch ? ['toplevel', 'blink.user_timing'] : ['toplevel'];
    const trace = await startTrace(cdp, { includedCategories: categories, recordMode: 'recordAsMuchAsPossible' });
    const start = await taskTime(cdp);
    const { wall, renders } = await call(`streamBench.pace(${PACE.burst}, ${PACE.interval})`);
    await call('streamBench.settle()');
    const total = (await taskTime(cdp)) - start;
    const events = mainThreadEvents(await trace.stop());
    const tasks = mainThreadTasks(events);
    let frames = null;
    if (watch) {
      const marks = events.filter((event) => event.name.startsWith(RENDER_MARK)).sort((a, b) => a.ts - b.ts);
      if (marks.length < renders) problems.push(`the trace holds ${marks.length} of the ${renders} render marks`);
      frames = rendersPerFrame(tasks, marks);
    }
    const check = path.id === 'idle' ? { ok: true } : await call('streamBench.check()');
    return { total, wall, longest: longestTask(tasks), frames, check, problems, characters };
  } finally {
    await page.close();
  }
}

/** bench.ts's mark for each batch of DOM changes the page made in paced mode. */
const RENDER_MARK = 'bench-render';

/** The main thread's tasks in order (a nested run loop's tasks are part of the one around them). */
function mainThreadTasks(events) {
  const tasks = [];
  for (const event of events.filter((e) => e.name === 'ThreadControllerImpl::RunTask' && e.ph === 'X').sort((a, b) => a.ts - b.ts)) {
    const last = tasks.at(-1);
    if (!last || event.ts >= last.ts + last.dur) tasks.push(event);
  }
  return tasks;
}

/** The task the compositor posts for a main frame: animation-frame callbacks, style, layout, paint. */
const isFrameTask = (task) => task.args?.src_func === 'ScheduledActionSendBeginMainFrame';

/**
 * The longest task, ms: in wall time, as long tasks are counted, and in the thread's own time,
 * which a busy machine does not lengthen by running other processes (on two shared cores it
 * does often enough that wall time says more about the machine than about the page).
 */
function longestTask(tasks) {
  return { wall: Math.max(0, ...tasks.map((task) => task.dur)) / 1000, cpu: Math.max(0, ...tasks.map((task) => task.tdur ?? task.dur)) / 1000 };
}

/**
 * How many tasks changed the DOM before each painted frame. A change made in a frame's own task
 * (its animation-frame callbacks) is painted in that frame; one made in any other task, in the
 * next frame task after it. Returns the most before one frame, the frames with more than one and
 * with any, and what came before the first frame with the most: per task, whether it was a frame
 * or another task, and the elements whose shadow roots changed.
 */
function rendersPerFrame(tasks, marks) {
  const nextFrame = new Array(tasks.length + 1).fill(null);
  for (let i = tasks.length - 1; i >= 0; i--) nextFrame[i] = isFrameTask(tasks[i]) ? tasks[i] : nextFrame[i + 1];
  /** Per painted frame, per task that changed the DOM before it: where those changes were. */
  const byFrame = new Map();
  let i = -1;
  for (const mark of marks) {
    while (i + 1 < tasks.length && tasks[i + 1].ts <= mark.ts) i++;
    const inFrame = i >= 0 && isFrameTask(tasks[i]) && mark.ts <= tasks[i].ts + tasks[i].dur;
    const frame = inFrame ? tasks[i] : nextFrame[i + 1];
    if (!frame) continue;
    if (!byFrame.has(frame)) byFrame.set(frame, new Map());
    const renders = byFrame.get(frame);
    if (!renders.has(i)) renders.set(i, { kind: inFrame ? 'frame' : 'task', where: new Set() });
    for (const where of mark.name.slice(RENDER_MARK.length).trim().split(' ')) renders.get(i).where.add(where);
  }
  const counts = [...byFrame.values()].map((renders) => renders.size);
  const max = Math.max(0, ...counts);
  const worst = [...byFrame.values()].find((renders) => renders.size === max);
  return {
    max,
    over: counts.filter((count) => count > 1).length,
    frames: counts.length,
    worst: tally([...(worst?.values() ?? [])].map(({ kind, where }) => `${kind}: ${[...where].join(' ')}`)),
  };
}

/** Equal neighbours counted: ["a", "a", "b"] → ["a ×2", "b"]. */
function tally(list) {
  const runs = [];
  for (const item of list) {
    if (runs.at(-1)?.item === item) runs.at(-1).count++;
    else runs.push({ item, count: 1 });
  }
  return runs.map(({ item, count }) => (count > 1 ? `${item} ×${count}` : item));
}

/** Starts a Chromium trace (`traceConfig` as CDP takes it); `stop()` ends it and resolves with its events. */
async function startTrace(cdp, traceConfig) {
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig, transferMode: 'ReturnAsStream' });
  return {
    async stop() {
      await cdp.send('Tracing.end');
      return JSON.parse(await readStream(cdp, (await complete).stream)).traceEvents;
    },
  };
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
    const trace = await startTrace(cdp, { includedCategories: TRACE_CATEGORIES });
    for (let index = 0; index < chunks; index++) await call(`streamBench.step(${index})`);
    const events = mainThreadEvents(await trace.stop());
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

/**
 * Not `disabled-by-default-devtools.timeline`: with it on, Chromium does work in each frame's
 * lifecycle update in proportion to the page's DOM (1.3 ms a frame with 1,000 messages mounted,
 * 0.04 ms with 2; traced on 3 December 2026), which the phases showed as "other" and blamed on
 * long histories. The counts below are in the categories kept.
 */
const TRACE_CATEGORIES = ['devtools.timeline', 'blink', 'v8.execute'];

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
  // The browser's own work for observers (computing intersections, gathering sizes); their
  // callbacks are script, in events of their own.
  ['observers', /^IntersectionObserverController::|^LocalFrameView::NotifyResizeObservers$/],
  ['compositing', /CompositingInputs|Layerize|PaintArtifactCompositor|^Commit$/],
  ['paint', /Paint|CullRect/],
  ['style', /[Ss]tyle|LayoutTree/],
  ['layout', /Layout|InlineNode/],
  ['script', /Microtask|FunctionCall|EvaluateScript|TimerFire|AnimationFrame|Observer|EventDispatch|^V8\.|^v8\.|ParseHTML/],
];
/** In the order a frame runs them. */
const PHASE_NAMES = ['script', 'style', 'layout', 'observers', 'paint', 'compositing', 'other'];
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
    const { chunks, characters } = await page.evaluate((id, seed, length, size, code) => window.streamBench.setup(id, seed, length, size, false, false, code), path.id, SEED, LENGTH, CHUNK, CODE_HEAVY);
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

/** Paced mode's paths unless BENCH_PATHS says: the kit's, and Streamdown following to measure them by. */
const PACED_PATHS = PATHS.filter((path) => isKitPath(path) || path.id === 'streamdown-follow');

const paths = MODE === 'paced' ? [] : choosePaths(PATHS.filter((path) => !path.pacedOnly));
const pacedPaths = MODE === 'painted' ? [] : choosePaths(PACED_PATHS);
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

/** One engine's painted and paced runs; false when a painted-mode Chromium check fails. */
async function runEngine(engine, url) {
  const chromium = engine === 'chromium';
  const browser = chromium ? await launchChrome() : await launchEngine(engine, { viewport: { width: 1000, height: 800 }, timeout: 600_000 });
  try {
    const passed = paths.length === 0 || (await runPainted(browser, engine, url));
    if (pacedPaths.length > 0 && chromium) await runPaced(browser, url);
    else if (pacedPaths.length > 0) console.log(`\nPaced mode is Chromium's alone (it reads Chromium's task count and trace): not run in ${engineName(engine)}.`);
    return passed;
  } finally {
    await browser.close();
  }
}

/** Run `run`'s order: each run starts one path later, so no path always goes first (or right after the slowest). */
function inTurn(list, run) {
  return list.map((_, i) => list[(i + run) % list.length]);
}

/** What a run of one path should tell at once: text it did not render, errors its page reported. */
function warnAbout(path, result) {
  if (!result.check.ok) console.log(`  warning: ${path.id} did not render the document's last words ("${result.check.expected}"); it ends "…${result.check.tail}"`);
  for (const problem of new Set(result.problems)) console.log(`  warning: ${path.id} page said: ${problem}`);
}

/** Every painted-mode run of every path in one engine, then its table; false when a Chromium check fails. */
async function runPainted(browser, engine, url) {
  const chromium = engine === 'chromium';
  const results = new Map(paths.map((path) => [path.id, []]));
  let chunkCount = 0;
  let characters = 0;
  for (let run = 0; run < RUNS; run++) {
    for (const path of inTurn(paths, run)) {
      const result = chromium ? await measure(browser, url, path) : await measureWall(browser, url, path);
      results.get(path.id).push(result);
      chunkCount = result.main.length;
      characters = result.characters;
      const { total, first, last, growth } = summarize(result);
      console.log(`run ${run + 1}/${RUNS} (${path.letter}) ${path.id.padEnd(11)} ${ms(total).padStart(10)}  chunks: first 10% ${ms(first)}, last 10% ${ms(last)}, ×${growth.toFixed(2)}`);
      warnAbout(path, result);
    }
  }
  const passed = report(paths, results, chunkCount, characters, (Date.now() - started) / 1000, engine);
  if (chromium && COUNTS) await reportCounts(browser, url);
  return passed;
}

/**
 * Every paced-mode run of every paced path in Chromium, timed, then one watched stream per path
 * counting its renders per frame; then the table and issue 30's checks.
 */
async function runPaced(browser, url) {
  const pacedStarted = Date.now();
  const results = new Map(pacedPaths.map((path) => [path.id, []]));
  const watched = new Map();
  let characters = 0;
  for (let run = 0; run < RUNS; run++) {
    for (const path of inTurn(pacedPaths, run)) {
      const result = await measurePaced(browser, url, path);
      results.get(path.id).push(result);
      characters = result.characters;
      const { total, wall, longest } = result;
      console.log(`paced run ${run + 1}/${RUNS} (${path.letter}) ${path.id.padEnd(16)} ${ms(total).padStart(10)}  longest task ${ms(longest.cpu)} (wall ${ms(longest.wall)}), stream ${seconds(wall)}`);
      warnAbout(path, result);
    }
  }
  for (const path of pacedPaths) {
    const result = await measurePaced(browser, url, path, true);
    watched.set(path.id, result.frames);
    console.log(`paced, watched (${path.letter}) ${path.id.padEnd(16)} renders before a frame ≤ ${result.frames.max} (${result.frames.over} of ${result.frames.frames} frames over 1)`);
    warnAbout(path, result);
  }
  reportPaced(results, watched, characters, (Date.now() - pacedStarted) / 1000);
}

function seconds(value) {
  return `${(value / 1000).toFixed(1)} s`;
}

/** Each paced path's medians over its timed runs, and its watched stream's renders per frame. */
function pacedFigures(results, watched) {
  return new Map(
    pacedPaths.map((path) => {
      const runs = results.get(path.id);
      const pick = (read) => median(runs.map(read));
      const frames = watched.get(path.id);
      return [path.id, {
        total: pick((run) => run.total),
        wall: pick((run) => run.wall),
        longest: pick((run) => run.longest.cpu),
        longestWall: pick((run) => run.longest.wall),
        rendersMax: frames.max,
        worst: frames.worst,
        over: frames.over,
        frames: frames.frames,
      }];
    }),
  );
}

function reportPaced(results, watched, characters, runSeconds) {
  const figures = pacedFigures(results, watched);
  const following = figures.get('streamdown-follow')?.total ?? NaN;
  const columns = [['path', 40], ['main thread', 12], ['×(i)', 8], ['run by run', 14], ['longest task', 14], ['(wall)', 11], ['renders/frame', 15], ['frames >1', 14], ['stream', 9]];
  const line = tableLine(columns);
  const chunks = Math.ceil(characters / CHUNK);
  console.log(`\nPaced: ${characters.toLocaleString('en')} characters in ${chunks.toLocaleString('en')} chunks of ${CHUNK}, bursts of ${PACE.burst} every ${PACE.interval} ms (${seconds((Math.ceil(chunks / PACE.burst) - 1) * PACE.interval)} at pace), each chunk a task of its own; Streamdown without flushSync. Medians of ${RUNS} run(s), ${Math.round(runSeconds)} s in all`);
  console.log('main thread: CDP TaskDuration over the stream and its settling; run by run: the lowest and highest of the ratios to (i) within one run. From a trace: the longest task in thread time (and in wall time, which a busy machine lengthens);\nrenders/frame: the most tasks that changed the DOM before one painted frame, in one more stream per path, watched and not timed; frames >1: the painted frames with more than one, of those with any\n');
  console.log(line(columns.map(([title]) => title)));
  for (const path of pacedPaths) {
    const f = figures.get(path.id);
    const renders = f.frames > 0 ? String(f.rendersMax) : '—';
    console.log(line([`(${path.letter}) ${path.label}`, ms(f.total), times(f.total / following), runByRun(results, path.id), ms(f.longest), ms(f.longestWall), renders, `${f.over} of ${f.frames}`, seconds(f.wall)]));
  }
  for (const path of pacedPaths.filter((p) => figures.get(p.id).rendersMax > 1)) {
    const f = figures.get(path.id);
    console.log(`(${path.letter}) ${path.id}: ${f.rendersMax} renders before one frame; they were: ${f.worst.join(' · ')}`);
  }
  console.log(`\nIssue 30, "Done when" (paced):`);
  for (const [label, passed] of pacedChecks(figures, following)) console.log(`${passed ? '✓' : '✗'} ${label}`);
  const screenfuls = pacedPaths.filter((path) => path.screenfulOf).map((path) => [path, pacedPaths.find((other) => other.letter === path.screenfulOf)]).filter(([, many]) => many);
  if (screenfuls.length > 0) console.log('\nWhat the history itself adds (1,000 earlier against 48, the same screen above the answer):');
  for (const [few, many] of screenfuls) {
    const [a, b] = [figures.get(few.id), figures.get(many.id)];
    console.log(`  (${many.letter}) ${many.id} / (${few.letter}) ${few.id}: ${times(b.total / a.total)} (${ms(b.total)} / ${ms(a.total)})`);
  }
}

/**
 * A path's ratio to Streamdown following within each run, lowest to highest: the paths take turns
 * in a run, so each run's pair met the same machine within minutes, and the spread says how near
 * the median's ratio sits to the noise.
 */
function runByRun(results, id) {
  const following = results.get('streamdown-follow');
  if (!following || id === 'streamdown-follow') return '—';
  const ratios = results.get(id).map((run, i) => run.total / following[i].total);
  return `${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×`;
}

/** Issue 30's "Done when" over the kit's paced paths: measured facts, never the process's exit code. */
function pacedChecks(figures, following) {
  const kit = pacedPaths.filter(isKitPath).map((path) => ({ name: `(${path.letter}) ${path.id}`, ...figures.get(path.id) }));
  if (kit.length === 0) return [];
  const checks = [];
  if (Number.isFinite(following)) {
    const limit = CODE_HEAVY ? MAX_OF_FOLLOWING_CODE : MAX_OF_FOLLOWING;
    checks.push(limitCheck(`every kit path ≤ ${limit}× Streamdown following's main thread`, kit, (f) => f.total / following, limit, times));
  }
  for (const [few, many] of historyPairs()) {
    const [a, b] = [figures.get(few.id), figures.get(many.id)];
    checks.push([`(${many.letter}) ${many.id} within ${MAX_PACED_HISTORY_COST}× of (${few.letter}) ${few.id}: ${times(b.total / a.total)} (${ms(b.total)} / ${ms(a.total)})`, b.total <= MAX_PACED_HISTORY_COST * a.total]);
  }
  checks.push(limitCheck(`no task over ${MAX_TASK} ms on a kit path (thread time)`, kit, (f) => f.longest, MAX_TASK, (value, f) => `${ms(value)} (wall ${ms(f.longestWall)})`));
  checks.push(
    limitCheck('everything handed over within one frame renders once in it', kit, (f) => f.rendersMax, 1, (count, f) => `${count} renders before one frame (${f.over} of ${f.frames} frames over 1)`),
  );
  return checks;
}

/** One limit over every kit path: a line naming the highest and each path over the limit, and whether none is. */
function limitCheck(label, kit, measureOf, limit, show) {
  const shown = (f) => `${f.name} ${show(measureOf(f), f)}`;
  const highest = kit.reduce((a, b) => (measureOf(b) > measureOf(a) ? b : a));
  const over = kit.filter((f) => measureOf(f) > limit);
  return [`${label}: highest ${shown(highest)}${over.length ? `; over: ${over.map(shown).join(', ')}` : ''}`, over.length === 0];
}

/** Each 2-item path beside its 1,000-item twin among the paced paths: (b, c) and the adapters' (j, k), (l, m). */
function historyPairs() {
  const byLetter = (letter) => pacedPaths.find((path) => path.letter === letter);
  return [['b', 'c'], ...PATHS.filter((path) => path.adapter).map((path) => [path.letter, path.adapter])]
    .map(([few, many]) => [byLetter(few), byLetter(many)])
    .filter(([few, many]) => few && many);
}
