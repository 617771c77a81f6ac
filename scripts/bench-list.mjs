#!/usr/bin/env node
/**
 * `npm run bench`: the list at 100, 1,000 and 10,000 items against the floor (one innerHTML of
 * the same final HTML, parsed ahead) and deep-chat, side by side in one run of headless
 * Chromium; then one upsert, one appended message and one draft update in a 1,000-item list.
 * Prints medians and each contender's ratio to the floor. Timings are for reading, never for
 * failing a test.
 */
import { fileURLToPath } from 'node:url';
import { launchChrome } from './browser.mjs';
import { serveBuiltPage } from './serve-page.mjs';
import { median } from './stats.mjs';

const root = fileURLToPath(new URL('./bench-list/', import.meta.url));
const outDir = fileURLToPath(new URL('../node_modules/.cache/bench-list/', import.meta.url));
const SIZES = (process.env.BENCH_SIZES ?? '100,1000,10000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** A page still busy after this long is reported as "over the limit" rather than waited for. */
const LIMIT_MS = 90_000;

const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) ? (a / b).toFixed(2) : Number.isFinite(a) ? '< ' + (a / (LIMIT_MS)).toFixed(3) : '—');
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(1)} ms` : `> ${LIMIT_MS / 1000} s`).padStart(11);

async function main() {
  const server = await serveBuiltPage(root, outDir);
  const url = server.url;
  const browser = await launchChrome();

  /** One fresh page per measurement; a contender that blocks its page past the limit is cut off. */
  async function measure(method, n) {
    const page = await browser.newPage();
    await page.setViewport({ width: 900, height: 800 });
    await page.goto(url);
    await page.waitForFunction(() => window.benchReady === true);
    let timer;
    const limit = new Promise((resolve) => {
      timer = setTimeout(() => resolve({ firstFrame: Infinity, fullyMounted: Infinity, timedOut: true }), LIMIT_MS);
    });
    const result = await Promise.race([page.evaluate((m, size) => window.bench[m](size), method, n), limit]);
    clearTimeout(timer);
    await page.close().catch(() => {});
    return result;
  }

  try {
    console.log(`First render, data handed over → painted frame (median of ${RUNS} runs; fresh page each run)\n`);
    console.log(`${'items'.padStart(6)} ${'floor'.padStart(11)} ${'kit'.padStart(11)} ${'kit/floor'.padStart(10)} ${'deep-chat'.padStart(11)} ${'deep/floor'.padStart(10)} ${'kit/deep'.padStart(9)} ${'kit, all mounted'.padStart(17)}`);
    const firstFrames = {};
    for (const n of SIZES) {
      const rows = { floor: [], kit: [], mounted: [], deepChat: [] };
      const runs = n >= 10000 ? Math.max(3, Math.ceil(RUNS / 2)) : RUNS;
      for (let run = 0; run < runs; run++) {
        // Interleaved, so load on the machine hits every contender alike.
        rows.floor.push((await measure('floor', n)).firstFrame);
        const kit = await measure('kit', n);
        rows.kit.push(kit.firstFrame);
        rows.mounted.push(kit.fullyMounted);
        rows.deepChat.push((await measure('deepChat', n)).firstFrame);
      }
      const floor = median(rows.floor);
      const kit = median(rows.kit);
      const deep = median(rows.deepChat);
      firstFrames[n] = kit;
      console.log(
        `${String(n).padStart(6)} ${ms(floor)} ${ms(kit)} ${ratio(kit, floor).padStart(10)} ${ms(deep)} ${ratio(deep, floor).padStart(10)} ${ratio(kit, deep).padStart(9)} ${ms(median(rows.mounted)).padStart(17)}`,
      );
    }
    if (firstFrames[10000] && firstFrames[1000]) {
      console.log(`\nkit first frame, 10,000 vs 1,000 items: ${(firstFrames[10000] / firstFrames[1000]).toFixed(2)}×`);
    }

    if (process.env.BENCH_SKIP_LIVE) return;
    const live = { upsert: [], append: [], layout: [], draft: [] };
    for (let run = 0; run < RUNS; run++) {
      const result = await measure('upsert', 1000);
      live.upsert.push(result.upsert);
      live.append.push(result.append);
      live.layout.push(result.layout);
      live.draft.push(result.draft);
    }
    console.log(`\nIn a mounted 1,000-item list (main-thread time to laid-out DOM, median of ${RUNS}):`);
    console.log(`  one tool-call status upsert: ${median(live.upsert).toFixed(2)} ms (of which forced layout ${median(live.layout).toFixed(2)} ms)`);
    console.log(`  appending one message:       ${median(live.append).toFixed(2)} ms`);
    console.log(`  one streaming draft update:  ${median(live.draft).toFixed(2)} ms (the list's share; its Markdown renders next frame)`);
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
