import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import * as puppeteer from 'puppeteer-core';
import { fileURLToPath } from 'node:url';
import { CHROME_ARGS, FINDERS, selectedEngines } from './scripts/lib/browser.mjs';
import { skipReasonsPlugin, summaryReporter } from './scripts/test/summary-reporter.mjs';
import { webkitLauncher } from './scripts/lib/webkit-launcher.mjs';
import { frameworksPlugin } from './test/frameworks/server-plugin.mjs';
import { fuzzPlugin } from './test/fuzz/server-plugin.mjs';
import { agentLibsPlugin } from './test/agent-libs/server-plugin.mjs';
import { mediaFeaturesPlugin } from './test/media/server-plugin.mjs';
import { cspPlugin } from './test/csp/server-plugin.mjs';

/**
 * Every test file runs in Chromium, Firefox and WebKit, one engine after the other; `ENGINES`
 * picks some of them (`ENGINES=chromium npx wtr`). scripts/test/test.mjs installs a missing engine.
 */
const CONCURRENCY = 2;

// Each test page in a context of its own, so that no page is a background tab starved of
// animation frames while another file runs beside it.
const createPage = async ({ browser }) => (await browser.createBrowserContext()).newPage();

const LAUNCHERS = {
  // Given puppeteer-core as `puppeteer`, the launcher is named after its browser ("Chromium", "Firefox").
  chromium: (executablePath) => chromeLauncher({ puppeteer, launchOptions: { executablePath, headless: true, args: CHROME_ARGS }, createPage }),
  // Firefox over WebDriver BiDi. One page at a time: of two pages in one Firefox only one has
  // focus, and the other fails what depends on it (`:focus-within`, key presses).
  firefox: (executablePath) => chromeLauncher({ puppeteer, launchOptions: { browser: 'firefox', executablePath, headless: true }, createPage, concurrency: 1 }),
  webkit: (paths) => webkitLauncher({ ...paths, concurrency: CONCURRENCY }),
};

const browsers = selectedEngines().map((engine) => {
  const found = FINDERS[engine]();
  if (!found) throw new Error(`No ${engine} found: run \`npm test\` (it installs it from Debian) or set ENGINES to the engines you have.`);
  return LAUNCHERS[engine](found);
});

/**
 * The page every test file runs in. An uncaught error already fails the running test (Mocha
 * listens for it); an unhandled promise rejection is made one too, so that no page error passes.
 */
const testRunnerHtml = (testFramework) => `<!DOCTYPE html>
<html><head><script>addEventListener('unhandledrejection', (event) => reportError(event.reason));</script></head>
<body><script type="module" src="${testFramework}"></script></body></html>`;

/**
 * Mermaid's package entry imports CommonJS dependencies (dayjs…) that an app's bundler converts;
 * the test server does not, so tests load Mermaid's own prebuilt ES build, which needs none.
 */
const mermaidPlugin = {
  name: 'mermaid-esm',
  resolveImport: ({ source }) => (source === 'mermaid' ? '/node_modules/mermaid/dist/mermaid.esm.min.mjs' : undefined),
};

export default {
  // test/node_modules holds the agent libraries the tests read (test/package.json), and their own tests.
  files: ['test/**/*.test.ts', '!test/node_modules/**'],
  nodeResolve: true,
  concurrency: CONCURRENCY,
  concurrentBrowsers: 1,
  // A larger fuzz search (FUZZ_RUNS) may take an hour; a normal run gets three minutes a file.
  testsFinishTimeout: process.env.FUZZ_RUNS ? 3_600_000 : 180_000,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
    // React and Vue as browser modules, and server-rendered HTML, for test/frameworks/.
    frameworksPlugin(),
    // Fuzz settings (FUZZ_RUNS, FUZZ_SEED) and heap/DOM counters over CDP, for test/fuzz/.
    fuzzPlugin(),
    // The agent libraries the adapters read, bundled as an app would (test/agent-libs/).
    agentLibsPlugin(),
    // Emulated media features (forced colours, the system's colour scheme), Chromium only.
    mediaFeaturesPlugin(),
    // Why a test skipped, for the summary (test/skip.ts).
    skipReasonsPlugin(),
    // The strict-policy page's header (test/csp/).
    cspPlugin(),
    mermaidPlugin,
  ],
  browsers,
  testRunnerHtml,
  // Lit's one-time dev-mode notice is expected in tests; everything else the browser logs is shown.
  filterBrowserLogs: ({ args }) => !String(args[0] ?? '').startsWith('Lit is in dev mode'),
  testFramework: { config: { timeout: 10_000 } },
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: false }), summaryReporter()],
};
