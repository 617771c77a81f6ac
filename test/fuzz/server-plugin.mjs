/**
 * Test-server commands for the fuzz and memory tests (test/fuzz/):
 *
 * - `fuzz-settings`: how many cases the fuzz properties run. `FUZZ_RUNS=2000 npx wtr
 *   "test/fuzz/*.test.ts"` runs a larger search; `FUZZ_SEED` starts it from another seed.
 * - `memory`: the page's heap after forced garbage collection and its DOM counters, read over
 *   the Chrome DevTools Protocol (`HeapProfiler.collectGarbage`, `Runtime.getHeapUsage`,
 *   `Memory.getDOMCounters`). Chromium only.
 */
export function fuzzPlugin() {
  const sessions = new Map();

  async function cdp(session) {
    let client = sessions.get(session.id);
    if (!client) {
      client = await session.browser.getPage(session.id).createCDPSession();
      sessions.set(session.id, client);
    }
    return client;
  }

  return {
    name: 'display-kit-fuzz',
    async executeCommand({ command, session }) {
      if (command === 'fuzz-settings') {
        const runs = Number(process.env.FUZZ_RUNS);
        const seed = Number(process.env.FUZZ_SEED);
        return { runs: Number.isFinite(runs) && runs > 0 ? runs : null, seed: Number.isFinite(seed) ? seed : null };
      }
      if (command !== 'memory') return undefined;
      // Heap and DOM counters are read over the Chrome DevTools Protocol: Chromium only (false elsewhere).
      if (session.browser.type !== 'puppeteer' || session.browser.name !== 'Chromium') return false;
      const client = await cdp(session);
      // Twice: the first collection runs finalizers that free more on the second.
      await client.send('HeapProfiler.collectGarbage');
      await client.send('HeapProfiler.collectGarbage');
      const heap = await client.send('Runtime.getHeapUsage');
      const dom = await client.send('Memory.getDOMCounters');
      return { heap: heap.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners, documents: dom.documents };
    },
  };
}
