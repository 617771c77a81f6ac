import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { defaultReporter } from '@web/test-runner';
import { fileURLToPath } from 'node:url';
import { CHROME_ARGS, findChrome } from './scripts/browser.mjs';
import { summaryReporter } from './scripts/summary-reporter.mjs';

const executablePath = findChrome();
if (!executablePath) throw new Error('No Chrome/Chromium found: set CHROME_PATH or install Debian\'s `chromium`.');

export default {
  files: ['test/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  concurrentBrowsers: 1,
  testsFinishTimeout: 180_000,
  plugins: [
    esbuildPlugin({ ts: true, target: 'es2022', tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)) }),
  ],
  browsers: [chromeLauncher({ launchOptions: { executablePath, headless: true, args: CHROME_ARGS } })],
  testFramework: { config: { timeout: 10_000 } },
  reporters: [defaultReporter({ reportTestResults: true, reportTestProgress: false }), summaryReporter()],
};
