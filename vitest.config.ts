import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY } from '@storybook/addon-vitest/constants';
import { playwright } from '@vitest/browser-playwright';
// @ts-expect-error -- a plain .mjs helper without types
import { CHROME_ARGS, findChrome } from './scripts/lib/browser.mjs';
import { StoryTestSummary } from './.storybook/story-test-summary.ts';

/**
 * Story tests (`npm run test:stories`): every story in `stories/` runs as a test in headless
 * Chromium — its play function, then axe (`parameters.a11y.test: 'error'` in preview.ts) — once
 * per theme. Each theme is a browser instance of one project (one Vite server, one Storybook
 * preset load) whose story globals start with that value of the `theme` toolbar global.
 */
const THEMES = ['light', 'dark'] as const;

const executablePath: string | null = findChrome();
if (!executablePath) throw new Error("No Chrome/Chromium found: set CHROME_PATH or install Debian's `chromium`.");

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  test: {
    reporters: ['default', new StoryTestSummary()],
    projects: [
      {
        extends: true,
        plugins: [storybookTest({ configDir: here('./.storybook') })],
        test: {
          name: 'stories',
          setupFiles: [here('./.storybook/vitest.setup.ts')],
          // One page per theme for all story files: the kit, Storybook's preview and axe load once.
          isolate: false,
          // A story's play function plus axe over a whole conversation can take a few seconds on a busy
          // 2-core machine; an element's ApiCheck draws its playground twice a control (message-list:
          // 14 s here with both themes running, 22 s under a second run's load).
          testTimeout: 60_000,
          browser: {
            enabled: true,
            headless: true,
            // Never a downloaded browser: the system's Chromium (CHROME_PATH or /usr/bin/chromium).
            provider: playwright({ launchOptions: { executablePath, args: CHROME_ARGS } }),
            instances: THEMES.map((theme) => ({
              browser: 'chromium' as const,
              name: `${theme} theme`,
              // What `storybookTest({ initialGlobals })` provides, per instance.
              provide: { [STORYBOOK_TEST_INITIAL_GLOBALS_PROVIDE_KEY]: { theme } },
            })),
          },
        },
      },
    ],
  },
});
