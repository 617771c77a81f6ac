#!/usr/bin/env node
/**
 * `npm run soak`: a minute (SOAK_SECONDS) of compressed live traffic on one `<message-list>` in
 * headless Chromium: a draft streaming every frame and saved when its answer ends, tool calls
 * moving on, history prepended, old rows removed, hostile rows now and then, theme and
 * tool-display switches, scrolls to the top and back to the bottom. Then it checks that the
 * list shows what a fresh list of its final rows shows, and prints heap (after forced GC), DOM
 * nodes and listeners (CDP), window/document listeners, pending timers and observed elements,
 * at the start, at the end, and for a fresh render of the final rows. Not part of `npm test`:
 * exits non-zero on a page error or a DOM that differs from the fresh render.
 */
import { fileURLToPath } from 'node:url';
import { launchChrome } from '../lib/browser.mjs';
import { serveBuiltPage } from '../lib/serve-page.mjs';

const root = fileURLToPath(new URL('./page/', import.meta.url));
const outDir = fileURLToPath(new URL('../../node_modules/.cache/soak/', import.meta.url));
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);

async function measure(client, page) {
  await client.send('HeapProfiler.collectGarbage');
  await client.send('HeapProfiler.collectGarbage');
  const { usedSize } = await client.send('Runtime.getHeapUsage');
  const dom = await client.send('Memory.getDOMCounters');
  const registered = await page.evaluate(() => window.soak.registered());
  return { heap: usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners, ...registered };
}

const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function table(rows) {
  const columns = [
    ['heap after GC', (m) => megabytes(m.heap)],
    ['DOM nodes', (m) => String(m.nodes)],
    ['listeners (all)', (m) => String(m.listeners)],
    ['window/document listeners', (m) => String(m.globalListeners)],
    ['pending timers', (m) => String(m.timers)],
    ['observed elements', (m) => String(m.observed)],
    ['rows', (m) => String(m.rows)],
  ];
  const width = Math.max(...columns.map(([name]) => name.length)) + 2;
  console.log(`${''.padEnd(width)}${rows.map(([label]) => label.padStart(16)).join('')}`);
  for (const [name, format] of columns) console.log(`${name.padEnd(width)}${rows.map(([, m]) => format(m).padStart(16)).join('')}`);
}

async function main() {
  const server = await serveBuiltPage(root, outDir);
  const browser = await launchChrome();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 900, height: 800 });
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await page.goto(server.url);
    await page.waitForFunction(() => window.soakReady === true);
    const client = await page.createCDPSession();

    const started = await page.evaluate(() => window.soak.start());
    const start = { ...(await measure(client, page)), rows: started.rows };
    console.log(`Soaking for ${SECONDS} s…`);
    const traffic = await page.evaluate((ms) => window.soak.run(ms), SECONDS * 1000);
    const check = await page.evaluate(() => window.soak.check());
    const end = { ...(await measure(client, page)), rows: check.rows };
    await page.evaluate(() => window.soak.fresh());
    const fresh = { ...(await measure(client, page)), rows: check.rows };

    console.log(
      `\nTraffic in ${SECONDS} s: ${traffic.drafts} draft updates, ${traffic.upserts} rows upserted, ` +
        `${traffic.statusUpdates} tool status/result upserts, ${traffic.prepends} rows prepended, ` +
        `${traffic.fuzzRows} hostile rows, ${traffic.removals} rows removed, ${traffic.themes} theme and ` +
        `${traffic.toolDisplays} tool-display switches, ${traffic.scrolls} scrolls to the top or bottom.\n`,
    );
    table([['start', start], ['end', end], ['fresh render', fresh]]);
    console.log(`\nHeap at the end vs a fresh render of the same rows: ${(((end.heap - fresh.heap) / fresh.heap) * 100).toFixed(1)} %`);
    console.log(`Errors in the page: ${check.errors.length}${check.errors.length ? `\n  ${check.errors.slice(0, 5).join('\n  ')}` : ''}`);
    console.log(`DOM vs a fresh render of the final data: ${check.difference === null ? 'the same' : `differs at ${check.difference}`}`);
    if (check.errors.length > 0 || check.difference !== null) process.exitCode = 1;
  } finally {
    await browser.close();
    await server.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
