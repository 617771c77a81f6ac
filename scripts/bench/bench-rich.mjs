#!/usr/bin/env node
/**
 * `npm run bench:rich`: the optional renderers at work, in a production build. Loads
 * `display-kit/math` and `display-kit/mermaid` (timed: import plus setup), then renders an
 * answer with ten formulas and one Mermaid diagram in a fresh `<text-item>` BENCH_RUNS times
 * (default 7) and prints the medians: to the rendered Markdown with its formulas typeset, and
 * to the diagram drawn. Timings are for reading, never for failing a test.
 * `--engines=all` (or a list of chromium, firefox, webkit) measures in each engine in turn.
 */
import { fileURLToPath } from 'node:url';
import { benchEngines, engineName, launchEngine } from './bench-browsers.mjs';
import { median } from './stats.mjs';
import { serveBuiltPage } from '../lib/serve-page.mjs';

const root = fileURLToPath(new URL('./bench-rich/', import.meta.url));
const outDir = fileURLToPath(new URL('../../node_modules/.cache/bench-rich/', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const ms = (value) => `${value.toFixed(1)} ms`.padStart(10);

async function main() {
  const server = await serveBuiltPage(root, outDir);
  try {
    for (const engine of benchEngines()) {
      const browser = await launchEngine(engine, { viewport: { width: 1000, height: 800 }, timeout: 120_000 });
      try {
        const page = await browser.newPage();
        await page.goto(server.url);
        await page.waitFor(() => 'richBench' in window);
        const load = await page.evaluate(() => window.richBench.loadEntries());
        const runs = [];
        for (let run = 0; run < RUNS; run++) runs.push(await page.evaluate((n) => window.richBench.render(n), run));
        const bad = runs.find((result) => result.formulas !== 10 || result.diagrams !== 1);
        console.log(`\n=== ${engineName(engine)} ===\n`);
        console.log(`loading display-kit/math with KaTeX     ${ms(load.katex)}`);
        console.log(`loading display-kit/mermaid with Mermaid ${ms(load.mermaid)}`);
        console.log(`10 formulas typeset, Markdown rendered  ${ms(median(runs.map((r) => r.math)))}  (median of ${RUNS}; first run ${runs[0].math.toFixed(1)} ms)`);
        console.log(`… and the diagram drawn                 ${ms(median(runs.map((r) => r.total)))}  (first run ${runs[0].total.toFixed(1)} ms)`);
        if (bad) console.log(`✖ a run rendered ${bad.formulas} formulas and ${bad.diagrams} diagrams (expected 10 and 1)`);
        await page.close();
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
  }
}

await main();
