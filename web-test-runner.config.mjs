import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { fileURLToPath } from 'node:url';
import { CHROME_ARGS, findChrome } from './scripts/browser.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';
import { frameworksPlugin } from './test/frameworks/server-plugin.mjs';
import { fuzzPlugin } from './test/fuzz/server-plugin.mjs';

const executablePath = findChrome();
if (!executablePath) throw new Error('No Chrome/Chromium found: set CHROME_PATH or install Debian\'s `chromium`.');

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  concurrentBrowsers: 1,
  // A larger fuzz search (FUZZ_RUNS) may take an hour; a normal run gets three minutes a file.
  testsFinishTimeout: process.env.FUZZ_RUNS ? 3_600_000 : 180_000,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
    // React and Vue as browser modules, and server-rendered HTML, for test/frameworks/.
    frameworksPlugin(),
    // Fuzz settings (FUZZ_RUNS, FUZZ_SEED) and heap/DOM counters over CDP, for test/fuzz/.
    fuzzPlugin(),
  ],
  browsers: [chromeLauncher({
      launchOptions: { executablePath, headless: true, args: CHROME_ARGS },
      // Each test page in a context of its own, so that no page is a background tab starved of
      // animation frames while another file runs beside it.
      createPage: async ({ browser }) => (await browser.createBrowserContext()).newPage(),
    })],
  // Lit's one-time dev-mode notice is expected in tests; everything else the browser logs is shown.
  filterBrowserLogs: ({ args }) => !String(args[0] ?? '').startsWith('Lit is in dev mode'),
  testFramework: { config: { timeout: 10_000 } },
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: false }), summaryReporter()],
};
