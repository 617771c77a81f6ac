#!/usr/bin/env node
/**
 * `npm run bench`: the list at 10, 100, 1,000 and 10,000 items against the floor (one innerHTML of
 * the same final HTML, parsed ahead) and deep-chat, side by side in one run of headless
 * Chromium, the kit both as the first list on a fresh page (its data handed over as the page is
 * ready, and 100 ms later, as a fetched conversation arrives) and warm (after another list, as a page
 * that already showed one), and a frame with nothing handed over (the part of each first frame that
 * is the wait for the frame); at 100 items, Markdown alone on what fills the list (marked and
 * DOMPurify on the newest rows that fill its height, one innerHTML: what a renderer that parses
 * its Markdown in the page spends at least); then one upsert, one appended message and one draft
 * update in a 1,000-item list.
 * Then reading back up through a 1,000-item list (BENCH_SKIP_READBACK=1 skips it): the longest
 * task and step and whether the reader's place holds as older messages mount, beside the floor's
 * HTML scrolled the same way; in Chromium, one more read-back filmed frame by frame, counting the
 * frames that show content in view not drawn.
 * Then find in a 10,000-item list (BENCH_SKIP_FIND=1 skips it).
 * The page is built as docs/frameworks.md advises an app to (bench-list/vite.config.ts): the chunks
 * that hold the kit open with Chromium's compile hint.
 * Prints medians and each contender's ratio to the floor. Timings are for reading, never for
 * failing a test. `npm run bench -- --engines=all` (or a list of chromium, firefox, webkit)
 * measures in each engine in turn, in the same run.
 *
 * `BENCH_BASELINE=<git revision> npm run bench` also measures the kit as it was at that
 * revision, interleaved with today's in the same run, and prints today's time over it; a folder
 * (another checkout, with changes not committed) serves as it is.
 */
import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ScriptTimeout, benchEngines, engineName, launchEngine } from './bench-browsers.mjs';
import { PNG } from 'pngjs';
import { median } from './stats.mjs';
import { withCheckout } from './baseline.mjs';
import { serveBuiltPage } from '../lib/serve-page.mjs';

const root = fileURLToPath(new URL('./bench-list/', import.meta.url));
const outDir = fileURLToPath(new URL('../../node_modules/.cache/bench-list/', import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? '10,100,1000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** A page still busy after this long is reported as "over the limit" rather than waited for. */
const LIMIT_MS = 90_000;

const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) ? (a / b).toFixed(2) : Number.isFinite(a) ? '< ' + (a / (LIMIT_MS)).toFixed(3) : '—');
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : `> ${LIMIT_MS / 1000} s`).padStart(11);

async function main() {
  const engines = benchEngines();
  const servers = [await serveBuiltPage(root, outDir)];
  const baseline = process.env.BENCH_BASELINE;
  if (baseline) {
    // The page as it was then: under scripts/bench/ since issue 29, under scripts/ before.
    const page = (source) => [`${source}/scripts/bench/bench-list/`, `${source}/scripts/bench-list/`].find((dir) => existsSync(`${dir}index.html`));
    const serve = (source) => serveBuiltPage(page(source), `${outDir}../bench-list-baseline/`);
    servers.push(await (existsSync(baseline) && statSync(baseline).isDirectory() ? serve(baseline) : withCheckout(baseline, serve)));
    console.log(`Baseline: the kit at ${baseline}, measured beside today's.`);
  }
  const [url, baseUrl] = servers.map((server) => server.url);
  try {
    for (const engine of engines) {
      console.log(`\n=== ${engineName(engine)} ===\n`);
      const browser = await launchEngine(engine, { viewport: { width: 900, height: 800 }, timeout: LIMIT_MS });
      try {
        await measureIn(browser, url, baseUrl);
      } finally {
        await browser.close();
      }
    }
  } finally {
    for (const server of servers) await server.close();
  }
}

async function measureIn(browser, url, baseUrl) {
  /** `page` showing the bench page at `pageUrl`, once its script is ready. */
  async function load(page, pageUrl) {
    await page.goto(pageUrl);
    await page.waitFor(() => window.benchReady === true);
    return page;
  }

  /** Runs the page's measurement `method` at `n` items (`args` after) and resolves to what it reports. */
  const run = (page, method, n, args = []) => page.evaluate((m, size, rest) => window.bench[m](size, ...rest), method, n, args);

  /** One fresh page per measurement; a contender that blocks its page past the limit is cut off. */
  async function measure(method, n, pageUrl = url, args = []) {
    const page = await load(await browser.newPage(), pageUrl);
    const over = { firstFrame: Infinity, fullyMounted: Infinity, timedOut: true };
    let timer;
    const limit = new Promise((resolve) => {
      timer = setTimeout(() => resolve(over), LIMIT_MS);
    });
    // WebKit's script timeout is the limit too: it rejects rather than resolves. Any other failure
    // fails the run, unless it comes after the limit was reached (closing the page ends the call).
    let cutOff = false;
    const measured = run(page, method, n, args).catch((error) => {
      if (cutOff || error instanceof ScriptTimeout) return over;
      throw error;
    });
    const result = await Promise.race([measured, limit]);
    cutOff = true;
    clearTimeout(timer);
    await page.close().catch(() => {});
    return result;
  }

  /**
   * `method` in a fresh page while Chromium films every frame it paints: what `measure` gives,
   * and the frames. Null in the other engines, which have no such film.
   */
  async function film(method, n, pageUrl = url) {
    const page = await browser.newPage();
    if (!page.screencast) {
      await page.close();
      return null;
    }
    await load(page, pageUrl);
    try {
      return await page.screencast(() => run(page, method, n));
    } finally {
      await page.close().catch(() => {});
    }
  }

  /** Whether the page (a baseline's may be older than a measurement) has this measurement. */
  async function offers(method, pageUrl) {
    const page = await load(await browser.newPage(), pageUrl);
    const found = await page.evaluate((m) => typeof window.bench[m] === 'function', method);
    await page.close().catch(() => {});
    return found;
  }

  const baseFetched = baseUrl && (await offers('kitFetched', baseUrl));
  // Before the sizes, on a browser that has run nothing heavy yet: measured after them, once
  // deep-chat had been cut off at its limit at 10,000 items, a frame with nothing handed over took
  // 15 ms in one run (0.8 to 1.7 ms in the others).
  const emptyFrame = await measureEmptyFrame(measure);
  const alone = SIZES.includes(100) ? await measureMarkdownAlone(measure, 100) : null;
  console.log(`First render, data handed over → painted frame (median of ${RUNS} runs; fresh page each run)\n`);
  console.log(`${'items'.padStart(6)} ${'floor'.padStart(11)} ${'kit'.padStart(11)} ${'kit/floor'.padStart(10)} ${'kit, fetched'.padStart(13)} ${'fetched/floor'.padStart(13)} ${'kit, warm'.padStart(11)} ${'warm/floor'.padStart(10)} ${'deep-chat'.padStart(11)} ${'deep/floor'.padStart(10)} ${'kit/deep'.padStart(9)} ${'kit, all mounted'.padStart(17)}${baseUrl ? `${'baseline'.padStart(11)} ${'kit/base'.padStart(9)}` : ''}${baseFetched ? `${'base, fetched'.padStart(14)} ${'fetched/base'.padStart(13)}` : ''}`);
  const firstFrames = {};
  const warmFrames = {};
  const floors = {};
  for (const n of SIZES) {
    const rows = { floor: [], kit: [], fetched: [], warm: [], mounted: [], deepChat: [], baseline: [], baselineFetched: [] };
    const runs = n >= 10000 ? Math.max(3, Math.ceil(RUNS / 2)) : RUNS;
    for (let run = 0; run < runs; run++) {
      // Interleaved, so load on the machine hits every contender alike.
      rows.floor.push((await measure('floor', n)).firstFrame);
      const kit = await measure('kit', n);
      rows.kit.push(kit.firstFrame);
      rows.mounted.push(kit.fullyMounted);
      rows.fetched.push((await measure('kitFetched', n)).firstFrame);
      rows.warm.push((await measure('kitWarm', n)).firstFrame);
      rows.deepChat.push((await measure('deepChat', n)).firstFrame);
      if (baseUrl) rows.baseline.push((await measure('kit', n, baseUrl)).firstFrame);
      if (baseFetched) rows.baselineFetched.push((await measure('kitFetched', n, baseUrl)).firstFrame);
    }
    const floor = median(rows.floor);
    const kit = median(rows.kit);
    const deep = median(rows.deepChat);
    const warm = median(rows.warm);
    const fetched = median(rows.fetched);
    firstFrames[n] = kit;
    warmFrames[n] = warm;
    floors[n] = floor;
    console.log(
      `${String(n).padStart(6)} ${ms(floor)} ${ms(kit)} ${ratio(kit, floor).padStart(10)} ${ms(fetched).padStart(13)} ${ratio(fetched, floor).padStart(13)} ${ms(warm)} ${ratio(warm, floor).padStart(10)} ${ms(deep)} ${ratio(deep, floor).padStart(10)} ${ratio(kit, deep).padStart(9)} ${ms(median(rows.mounted)).padStart(17)}` +
        (baseUrl ? `${ms(median(rows.baseline))} ${ratio(kit, median(rows.baseline)).padStart(9)}` : '') +
        (baseFetched ? `${ms(median(rows.baselineFetched)).padStart(14)} ${ratio(fetched, median(rows.baselineFetched)).padStart(13)}` : ''),
    );
  }
  reportEmptyFrame(emptyFrame, floors);
  // What a long history adds to the first frame, against a short one and a medium one.
  const pairs = [[10000, 100], [10000, 1000]].filter(([long, short]) => firstFrames[long] && firstFrames[short]);
  if (pairs.length > 0) console.log('');
  for (const [long, short] of pairs) {
    console.log(`kit first frame, ${long.toLocaleString('en')} vs ${short.toLocaleString('en')} items: ${(firstFrames[long] / firstFrames[short]).toFixed(2)}×`);
  }
  if (alone) reportMarkdownAlone(alone, 100);
  reportFirstFrameChecks(firstFrames, warmFrames, floors, alone);

  if (!process.env.BENCH_SKIP_READBACK) await measureReadBack(measure, film, baseUrl && (await offers('readBack', baseUrl)) ? baseUrl : undefined);
  if (!process.env.BENCH_SKIP_FIND) await measureFind(measure);
  if (process.env.BENCH_SKIP_LIVE) return;
  const series = () => ({ upsert: [], append: [], layout: [], draft: [] });
  const live = series();
  const base = series();
  for (let run = 0; run < RUNS; run++) {
    for (const [target, pageUrl] of baseUrl ? [[live, url], [base, baseUrl]] : [[live, url]]) {
      const result = await measure('upsert', 1000, pageUrl);
      for (const key of Object.keys(target)) target[key].push(result[key]);
    }
  }
  const against = (key) => (baseUrl ? ` — baseline ${median(base[key]).toFixed(2)} ms, kit/base ${ratio(median(live[key]), median(base[key]))}` : '');
  console.log(`\nIn a mounted 1,000-item list (main-thread time to laid-out DOM, median of ${RUNS}):`);
  console.log(`  one tool-call status upsert: ${median(live.upsert).toFixed(2)} ms (of which forced layout ${median(live.layout).toFixed(2)} ms)${against('upsert')}`);
  console.log(`  appending one message:       ${median(live.append).toFixed(2)} ms${against('append')}`);
  console.log(`  one streaming draft update:  ${median(live.draft).toFixed(2)} ms (the list's share; its Markdown renders next frame)${against('draft')}`);
}

/**
 * Reading back up through a 1,000-item list, a viewport a frame (see `readBack` in
 * bench-list/main.ts), and the baseline's beside it when there is one.
 */
async function measureReadBack(measure, film, baseUrl) {
  const n = 1000;
  const pages = baseUrl ? [['kit', undefined], ['baseline', baseUrl]] : [['kit', undefined]];
  const results = Object.fromEntries(pages.map(([name]) => [name, []]));
  const floor = [];
  for (let run = 0; run < RUNS; run++) {
    floor.push(await measure('readBackFloor', n));
    for (const [name, pageUrl] of pages) results[name].push(await measure('readBack', n, pageUrl));
  }
  console.log(`\nReading back up through ${n.toLocaleString('en')} items, a viewport a frame, to the top (${RUNS} runs; medians, and the worst run):`);
  const ofFloor = (key) => median(floor.map((result) => result[key]));
  const floorTasks = floor.map((result) => result.longTasks).filter(Boolean);
  console.log(
    `  floor (the floor's HTML of the same history, scrolled the same way): ${ofFloor('steps')} scrolls; a step, scroll → frame painted: ${ms(ofFloor('medianStep')).trim()}, the longest ${ms(ofFloor('longestStep')).trim()} (worst run ${ms(Math.max(...floor.map((result) => result.longestStep))).trim()})` +
      (floorTasks.length > 0 ? `; long tasks over 50 ms: ${median(floorTasks.map((t) => t.count))} a run` : ''),
  );
  for (const [name, pageUrl] of pages) {
    const runs = results[name].filter((result) => !result.timedOut);
    const of = (key) => median(runs.map((result) => result[key]));
    const worst = (values) => Math.max(...values);
    const tasks = runs.map((result) => result.longTasks).filter(Boolean);
    const longest = tasks.length > 0 ? worst(tasks.map((t) => t.longest)) : null;
    const moved = (key) => worst(runs.map((result) => result.moved[key]));
    const steps = (key) => median(runs.map((result) => result.movedSteps[key]));
    console.log(`  ${name}: ${of('steps')} scrolls, ${of('mountingSteps')} of them mounting older messages (${runs.length} of ${RUNS} runs reached the top)`);
    console.log(
      longest === null
        ? '    long tasks: not reported by this engine'
        : `    long tasks over 50 ms: ${median(tasks.map((t) => t.count))} a run; ${longest > 0 ? `the longest ${longest.toFixed(1)} ms (run by run ${tasks.map((t) => t.longest.toFixed(0)).join(', ')})` : 'none in any run'}`,
    );
    // A baseline's page from before the floor was measured reports its longest step only.
    const typical = Number.isFinite(of('medianStep')) ? `${ms(of('medianStep')).trim()} (${ratio(of('medianStep'), ofFloor('medianStep'))}× the floor's), the longest ` : 'the longest ';
    console.log(`    a step, scroll → frame painted: ${typical}${ms(of('longestStep')).trim()} (${ratio(of('longestStep'), ofFloor('longestStep'))}×; worst run ${ms(worst(runs.map((r) => r.longestStep))).trim()})`);
    console.log(
      `    what the reader saw moved by other than their scroll (the reader's place lost) in ${steps('mounting')} of the steps that mounted (at most ${moved('mounting').toFixed(1)} px), ` +
        `${steps('any')} of all steps (at most ${moved('any').toFixed(1)} px; run by run ${runs.map((result) => result.movedSteps.any).join(', ')})`,
    );
    const filmed = await film('readBack', n, pageUrl);
    if (filmed) {
      const blank = blankFrames(filmed.frames);
      console.log(`    frames painted with a blank band over ${BLANK_BAND} px in the list, in one more read-back filmed: ${blank.length} of ${filmed.frames.length}${blank.length ? ` (the tallest ${Math.max(...blank)} px)` : ''}`);
    }
    const late = runs.map((result) => result.lateReadings).filter((count) => typeof count === 'number');
    if (late.length > 0) {
      const onward = runs.reduce((sum, result) => sum + result.movedOnward, 0);
      const all = runs.reduce((sum, result) => sum + result.movedSteps.any, 0);
      console.log(`    read after the paint: of the ${all} steps moved in all runs, ${onward} still moved in the paint after; in ${median(late)} steps a run more than one frame began before the paint was reported (a frame between not read)`);
    }
  }
}

/**
 * Issue 30's "Done when" for the first frame, on a fresh page (the kit's first list, as a page
 * opens on a conversation), with the warm page's figure beside it and, at 100 items, what
 * Markdown alone costs on what fills the list (`alone`): measured facts, never the process's
 * exit code.
 */
function reportFirstFrameChecks(firstFrames, warmFrames, floors, alone) {
  const checks = [];
  if (firstFrames[100] && floors[100]) {
    const [fresh, warm] = [firstFrames[100] / floors[100], warmFrames[100] / floors[100]];
    const least = alone ? ` (Markdown alone on what fills the list: ${ratio(alone.fresh, floors[100])}×, warm ${ratio(alone.warm, floors[100])}×)` : '';
    checks.push([`100 items ≤ 0.6× the floor: ${fresh.toFixed(2)}× on a fresh page (warm ${warm.toFixed(2)}×)${least}`, fresh <= 0.6]);
  }
  if (firstFrames[10000] && firstFrames[100]) {
    const [fresh, warm] = [firstFrames[10000] / firstFrames[100], warmFrames[10000] / warmFrames[100]];
    checks.push([`10,000 items within 1.3× of 100: ${fresh.toFixed(2)}× on a fresh page (warm ${warm.toFixed(2)}×)`, fresh <= 1.3]);
  }
  if (checks.length === 0) return;
  console.log('\nIssue 30, "Done when" (first frame):');
  for (const [label, passed] of checks) console.log(`${passed ? '✓' : '✗'} ${label}`);
}

/**
 * Markdown alone on what fills the list at `n` items (bench-list/main.ts `markdownAlone`): marked
 * and DOMPurify in the page on the newest rows that fill its height, one innerHTML, on a fresh
 * page and warm. The kit's first frame does at least that work, so its ratio to the floor is the
 * least a renderer that parses Markdown in the page can reach.
 */
async function measureMarkdownAlone(measure, n) {
  const count = await measure('rowsToFill', n);
  const fresh = [];
  const warm = [];
  for (let run = 0; run < RUNS; run++) {
    fresh.push((await measure('markdownAlone', n, undefined, [count, false])).firstFrame);
    warm.push((await measure('markdownAlone', n, undefined, [count, true])).firstFrame);
  }
  return { count, fresh: median(fresh), warm: median(warm) };
}

function reportMarkdownAlone({ count, fresh, warm }, n) {
  console.log(`\nMarkdown alone on what fills the list at ${n} items (marked and DOMPurify in the page on the newest ${count} rows, one innerHTML; median of ${RUNS}): ${ms(fresh).trim()} on a fresh page, ${ms(warm).trim()} warm`);
}

/** A frame with nothing handed over: the part of every first frame that is the wait for the frame. */
async function measureEmptyFrame(measure) {
  const empty = [];
  for (let run = 0; run < RUNS; run++) empty.push((await measure('nothing', 0)).firstFrame);
  return median(empty);
}

/**
 * The frame with nothing handed over beside each size's floor: the share of a first frame that is
 * the wait for the frame itself, which a ratio to the floor cannot go below.
 */
function reportEmptyFrame(frame, floors) {
  const shares = Object.entries(floors).map(([n, floor]) => `${ratio(frame, floor)}× the floor at ${Number(n).toLocaleString('en')}`);
  console.log(`\nA frame with nothing handed over (the wait for the frame, no content): ${ms(frame).trim()}, ${shares.join(', ')}`);
}

/** How tall (px) a band of one colour across the list must be to count as content not drawn: taller than any gap between messages. */
const BLANK_BAND = 90;

/**
 * The frames where the list (the stage, at the page's top left: 800 × 700 px) shows a band of one
 * colour across its width taller than `BLANK_BAND`: content in view the browser did not draw, as
 * `content-visibility` skips it. Returns each such band's height. The frames before the first
 * without one are left out (the page before the list first painted).
 */
function blankFrames(frames) {
  const bands = frames.map((data) => tallestBand(PNG.sync.read(data)));
  const first = bands.findIndex((band) => band <= BLANK_BAND);
  return first < 0 ? [] : bands.slice(first).filter((band) => band > BLANK_BAND);
}

/** The tallest run of rows of one colour across x 20–760 in the top 700 px of `png`. */
function tallestBand(png) {
  const { width, height, data } = png;
  let run = 0;
  let tallest = 0;
  for (let y = 0; y < Math.min(height, 700); y++) {
    const row = y * width;
    const ref = (row + 20) * 4;
    let uniform = true;
    for (let x = 22; x < Math.min(width, 760) && uniform; x += 2) {
      const at = (row + x) * 4;
      uniform = Math.abs(data[at] - data[ref]) + Math.abs(data[at + 1] - data[ref + 1]) + Math.abs(data[at + 2] - data[ref + 2]) <= 30;
    }
    run = uniform ? run + 1 : 0;
    tallest = Math.max(tallest, run);
  }
  return tallest;
}

/** Find in a 10,000-item list, most of it not mounted yet (see `find` in bench-list/main.ts). */
async function measureFind(measure) {
  const n = 10_000;
  const runs = Math.max(3, Math.ceil(RUNS / 2));
  const results = [];
  for (let run = 0; run < runs; run++) results.push(await measure('find', n));
  const of = (key) => median(results.map((result) => result[key] ?? Infinity));
  console.log(`\nFind in a ${n.toLocaleString('en')}-item list right after its first frame (call → match shown, median of ${runs}):`);
  console.log(`  first search, "phoenix" (loads find, reads every item): ${ms(of('first'))} — ${results[0].count} matches`);
  console.log(`  another search:                                         ${ms(of('again'))}`);
  console.log(`  to the next match:                                      ${ms(of('step'))}`);
  console.log(`  around to the oldest match (mounts all history above):  ${ms(of('oldest'))} — ${Math.round(of('mounted')).toLocaleString('en')} messages mounted`);
  const jumps = results.map((result) => result.jumpTasks).filter(Boolean);
  if (jumps.length > 0) {
    console.log(`    its long tasks over 50 ms: ${median(jumps.map((tasks) => tasks.count))} a run, the longest ${ms(median(jumps.map((tasks) => tasks.longest))).trim()} (worst run ${ms(Math.max(...jumps.map((tasks) => tasks.longest))).trim()})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
