#!/usr/bin/env node
/**
 * `npm run bench:stream`: streams a ~40 KB Markdown answer in 16-character chunks in headless
 * Chromium, through the kit's incremental view and through the naive approach (parse and
 * sanitize the whole text on every chunk), side by side in one run, and prints the timings.
 */
import { createServer } from 'vite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChrome } from './browser.mjs';
import { median } from './stats.mjs';

const SEED = 42;
const LENGTH = 40_000;
const CHUNK = 16;
const RUNS = 3;
const CONTENDERS = ['kit', 'naive'];

const sum = (values) => values.reduce((total, value) => total + value, 0);

/** The figures of one run: total main-thread time, and the median chunk early and late. */
function summarize({ chunks, final }) {
  const tenth = Math.max(1, Math.round(chunks.length / 10));
  const first = median(chunks.slice(0, tenth));
  const last = median(chunks.slice(-tenth));
  return { total: sum(chunks) + final, first, last, growth: last / first, final };
}

async function startServer() {
  const server = await createServer({
    configFile: false,
    root: fileURLToPath(new URL('..', import.meta.url)),
    // Its own dependency cache: the project's dev servers keep theirs.
    cacheDir: join(tmpdir(), 'display-kit-bench-vite'),
    logLevel: 'error',
    server: { host: '127.0.0.1', port: 0, hmr: false },
    optimizeDeps: { include: ['marked', 'dompurify'] },
  });
  await server.listen();
  return server;
}

async function openBench(server) {
  const browser = await launchChrome();
  const page = await browser.newPage();
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto(new URL('scripts/bench/index.html', server.resolvedUrls.local[0]).href);
  await page.waitForFunction(() => window.streamBench !== undefined);
  return { browser, page };
}

const ms = (value) => `${value >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(3)} ms`;

function report(text, chunkCount, results) {
  const figures = Object.fromEntries(
    CONTENDERS.map((name) => {
      const runs = results[name].map(summarize);
      const pick = (key) => median(runs.map((run) => run[key]));
      return [name, { total: pick('total'), first: pick('first'), last: pick('last'), growth: pick('growth'), final: pick('final') }];
    }),
  );
  const { kit, naive } = figures;
  const ratio = naive.total / kit.total;
  const row = (label, format, key) => `${label.padEnd(30)}${format(kit[key]).padStart(14)}${format(naive[key]).padStart(14)}`;
  console.log(`Streaming ${text.length.toLocaleString('en')} characters in ${chunkCount.toLocaleString('en')} chunks of ${CHUNK} (seed ${SEED}); medians of ${RUNS} runs each`);
  console.log(`${''.padEnd(30)}${'kit'.padStart(14)}${'naive'.padStart(14)}`);
  console.log(row('total main-thread time', ms, 'total'));
  console.log(row('median chunk, first 10%', ms, 'first'));
  console.log(row('median chunk, last 10%', ms, 'last'));
  console.log(row('last/first (median of runs)', (value) => `${value.toFixed(2)}×`, 'growth'));
  console.log(`kit final pass (stream end): ${ms(kit.final)} (included in its total)`);
  console.log(`naive/kit total: ${ratio.toFixed(1)}×`);
  const checks = [
    [`kit last/first ≤ 2 (${kit.growth.toFixed(2)})`, kit.growth <= 2],
    [`naive/kit total ≥ 10 (${ratio.toFixed(1)})`, ratio >= 10],
  ];
  for (const [label, passed] of checks) console.log(`${passed ? 'PASS' : 'FAIL'}  ${label}`);
  return checks.every(([, passed]) => passed);
}

const server = await startServer();
let browser;
try {
  const opened = await openBench(server);
  browser = opened.browser;
  const { page } = opened;
  const text = await page.evaluate((seed, length) => window.streamBench.document(seed, length), SEED, LENGTH);
  const results = { kit: [], naive: [] };
  // Alternate the contenders so that machine load drifts over both alike.
  for (let run = 0; run < RUNS; run++) {
    const line = [];
    for (const name of CONTENDERS) {
      const times = await page.evaluate((contender, source, size) => window.streamBench.run(contender, source, size), name, text, CHUNK);
      results[name].push(times);
      const { total, first, last, growth } = summarize(times);
      line.push(`${name} ${ms(total)} (chunks: first 10% ${ms(first)}, last 10% ${ms(last)}, ×${growth.toFixed(2)})`);
    }
    console.log(`run ${run + 1}/${RUNS}: ${line.join('; ')}`);
  }
  if (!report(text, results.kit[0].chunks.length, results)) process.exitCode = 1;
} finally {
  await browser?.close();
  await server.close();
}
