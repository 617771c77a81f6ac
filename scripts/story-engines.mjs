#!/usr/bin/env node
/**
 * `npm run test:stories:engines`: the story tests in Firefox and WebKit. Every story of the built
 * Storybook (storybook-static/, `npm run build-storybook`) runs once per theme, as in the story
 * tests proper: its play function with real key presses, then axe, which the a11y addon runs
 * after every story with that story's `parameters.a11y`. A story fails on a play error, an axe
 * violation (`a11y.test: 'error'`, the default here) or a page error. Closes with
 * `N passed, N failed, N skipped`.
 *
 * Why not vitest: @vitest/browser-playwright drives Playwright's own builds of Firefox and
 * WebKit, which are not to be downloaded; Playwright's WebDriver BiDi mode for a stock Firefox
 * (channel 'moz-firefox') stops at the first context, on a command Firefox ESR does not know
 * (`emulation.setMediaFeaturesOverride`). So this drives Debian's Firefox with puppeteer-core
 * (WebDriver BiDi) and WebKitGTK's MiniBrowser through WebKitWebDriver, and listens to
 * Storybook's own channel in the page: `storyFinished` carries the play status and axe's report.
 *
 * Firefox and WebKit; `STORY_ENGINES=webkit` (or `firefox`) runs one, and `ENGINES` leaves out
 * what it does not name, as for the other tests.
 * `STORY_FILTER` runs the stories whose id contains it.
 */
import puppeteer from 'puppeteer-core';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { findFirefox, findWebKit, selectedEngines } from './browser.mjs';
import { openWebKit } from './webkit-launcher.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = 'storybook-static';
const THEMES = ['light', 'dark'];
/** What vitest's browser mode gives a story (its default viewport). */
const VIEWPORT = { width: 414, height: 896 };
const STORY_TIMEOUT_MS = 60_000;

/**
 * Runs in the page once Storybook's preview is up: queues what the channel reports, and gives
 * play functions real key presses (stories/support/keyboard.ts) by asking this script for them.
 */
const PAGE_SETUP = `
  const events = [];
  let wake = null;
  let keysDone = null;
  const push = (event) => { events.push(event); if (wake) wake(); };
  const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
  const describe = (report) => ({
    type: report.type,
    status: report.status,
    violations: (report.result?.violations ?? []).map((v) => v.id + ' at ' + v.nodes.map((n) => n.target.join(' ') + ' [' + (n.any[0]?.message ?? '') + ']').join('; ')),
    error: report.result?.error ? String(report.result.error.message ?? report.result.error) : undefined,
  });
  channel.on('storyFinished', ({ storyId, status, reporters }) => push({ type: 'finished', storyId, status, reports: reporters.map(describe) }));
  channel.on('playFunctionThrewException', (error) => push({ type: 'error', message: 'play: ' + error.message }));
  channel.on('storyThrewException', (error) => push({ type: 'error', message: 'render: ' + error.message }));
  channel.on('storyErrored', (error) => push({ type: 'error', message: 'render: ' + error.title + ' ' + error.description }));
  channel.on('storyMissing', (id) => push({ type: 'error', message: 'missing: ' + id }));
  addEventListener('error', (event) => push({ type: 'error', message: 'page: ' + event.message }));
  addEventListener('unhandledrejection', (event) => push({ type: 'error', message: 'page: ' + (event.reason?.message ?? event.reason) }));
  globalThis.__dkRealKeyboard = (keys) => new Promise((resolve) => { keysDone = resolve; push({ type: 'keys', keys }); });
  window.__dkKeysDone = () => { const done = keysDone; keysDone = null; if (done) done(); };
  window.__dkNext = (timeout) => new Promise(function take(resolve) {
    if (events.length > 0) return resolve(events.shift());
    const timer = setTimeout(() => { wake = null; resolve({ type: 'timeout' }); }, timeout);
    wake = () => { wake = null; clearTimeout(timer); take(resolve); };
  });
  window.__dkShow = (storyId) => channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
`;

/** user-event's key syntax, as the play functions write it ('{Tab}', '[Space]'), to a key name. */
function keyName(keys) {
  const match = /^(?:\{(\w+)\}|\[(\w+)\])$/.exec(keys);
  if (!match) throw new Error(`story-engines: cannot press ${JSON.stringify(keys)}`);
  return match[1] ?? match[2];
}

/** Firefox ESR through puppeteer-core (WebDriver BiDi). */
async function firefoxDriver(executablePath) {
  const browser = await puppeteer.launch({ browser: 'firefox', executablePath, headless: true });
  const page = await browser.newPage();
  await page.setViewport(VIEWPORT);
  return {
    goto: (url) => page.goto(url),
    evaluate: (body) => page.evaluate(`(() => { ${body} })()`),
    next: (timeout) => page.evaluate((ms) => window.__dkNext(ms), timeout),
    press: (name) => page.keyboard.press(name === 'Space' ? ' ' : name),
    close: () => browser.close(),
  };
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver. */
async function webkitDriver(paths) {
  const page = await openWebKit(paths, VIEWPORT);
  await page.command('POST', '/timeouts', { script: 2 * STORY_TIMEOUT_MS });
  return {
    goto: (url) => page.command('POST', '/url', { url }),
    evaluate: (body) => page.evaluate(body),
    next: (timeout) => page.evaluateAsync('window.__dkNext(arguments[0]).then(arguments[arguments.length - 1]);', [timeout]),
    press: (name) => page.press([name]),
    close: () => page.close(),
  };
}

const DRIVERS = {
  firefox: { find: findFirefox, open: firefoxDriver, name: 'Firefox' },
  webkit: { find: findWebKit, open: webkitDriver, name: 'WebKit' },
};

/** The preview page of one theme, with the channel listened to. */
async function openPreview(driver, base, theme) {
  await driver.goto(new URL(`iframe.html?globals=theme:${theme}`, base).href);
  await waitUntil(driver, 'return Boolean(window.__STORYBOOK_ADDONS_CHANNEL__ && window.__STORYBOOK_PREVIEW__?.storyStoreValue)');
  await driver.evaluate(PAGE_SETUP);
}

async function waitUntil(driver, condition, timeout = STORY_TIMEOUT_MS) {
  const deadline = Date.now() + timeout;
  while (!(await driver.evaluate(condition))) {
    if (Date.now() > deadline) throw new Error(`story-engines: timed out waiting for ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Shows one story and follows it to its end: the problems found, none when it passed. A page
 * that stopped answering (a story that hung can take the preview down with it) is one problem
 * of this story, not the end of the run.
 */
async function runStory(driver, id) {
  const problems = [];
  try {
    return await followStory(driver, id, problems);
  } catch (error) {
    return [...problems, `the page stopped answering: ${error.message}`];
  }
}

async function followStory(driver, id, problems) {
  await driver.evaluate(`window.__dkShow(${JSON.stringify(id)})`);
  const deadline = Date.now() + STORY_TIMEOUT_MS;
  for (;;) {
    const event = await driver.next(Math.max(0, deadline - Date.now()));
    if (event.type === 'timeout') return [...problems, `no end after ${STORY_TIMEOUT_MS / 1000} s`];
    if (event.type === 'keys') {
      await driver.press(keyName(event.keys));
      await driver.evaluate('window.__dkKeysDone()');
    } else if (event.type === 'error') {
      problems.push(event.message);
    } else if (event.type === 'finished' && event.storyId === id) {
      for (const report of event.reports) {
        if (report.status !== 'failed') continue;
        problems.push(report.error ? `${report.type}: ${report.error}` : `${report.type}: ${report.violations.join(', ')}`);
      }
      if (event.status !== 'success' && problems.length === 0) problems.push(`status ${event.status}`);
      return problems;
    }
  }
}

async function main() {
  const engines = selectedEngines(process.env.STORY_ENGINES ?? 'firefox,webkit').filter(
    (engine) => engine in DRIVERS && selectedEngines().includes(engine),
  );
  const index = JSON.parse(await readFile(new URL(`../${OUT_DIR}/index.json`, import.meta.url), 'utf8'));
  const filter = process.env.STORY_FILTER ?? '';
  const stories = Object.values(index.entries)
    .filter((entry) => entry.type === 'story' && entry.tags.includes('test') && entry.id.includes(filter))
    .map((entry) => entry.id);
  const server = await preview({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    build: { outDir: OUT_DIR },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const base = server.resolvedUrls.local[0];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const lines = [];
  try {
    for (const engine of engines) {
      const { find, open, name } = DRIVERS[engine];
      const found = find();
      if (!found) throw new Error(`No ${engine} found: run \`npm test\` (it installs it from Debian).`);
      const driver = await open(found);
      try {
        for (const theme of THEMES) {
          await openPreview(driver, base, theme);
          const counts = { passed: 0, failed: 0 };
          for (const id of stories) {
            const problems = await runStory(driver, id);
            counts[problems.length === 0 ? 'passed' : 'failed'] += 1;
            if (problems.length === 0) continue;
            console.log(` ✖ ${name}, ${theme} theme: ${id}\n     ${problems.join('\n     ')}`);
            // The next story starts on a fresh preview, not on whatever this one left behind.
            await openPreview(driver, base, theme);
          }
          lines.push(`${name}, ${theme} theme — stories passed ${counts.passed}, failed ${counts.failed}`);
          totals.passed += counts.passed;
          totals.failed += counts.failed;
        }
      } finally {
        await driver.close();
      }
    }
  } finally {
    await server.close();
  }
  console.log(`\n${lines.join('\n')}\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

await main();
