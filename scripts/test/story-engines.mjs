#!/usr/bin/env node
/**
 * `npm run test:stories:engines`: the story tests in Firefox and WebKit, and the visual suite in
 * all three engines. Every story of the built Storybook (storybook-static/, `npm run
 * build-storybook`) runs once per theme, as in the story tests proper: its play function with real
 * key presses, then axe, which the a11y addon runs after every story with that story's
 * `parameters.a11y`. A story fails on a play error, an axe violation (`a11y.test: 'error'`, the
 * default here) or a page error. Then the story on screen is compared with its baseline
 * (scripts/test/visual.mjs): light and dark in each engine, and in Chromium forced colours too
 * (Windows High Contrast, which Chromium emulates). Closes with `N passed, N failed, N skipped`.
 *
 * Why not vitest: @vitest/browser-playwright drives Playwright's own builds of Firefox and
 * WebKit, which are not to be downloaded; Playwright's WebDriver BiDi mode for a stock Firefox
 * (channel 'moz-firefox') stops at the first context, on a command Firefox ESR does not know
 * (`emulation.setMediaFeaturesOverride`). So this drives Debian's Firefox with puppeteer-core
 * (WebDriver BiDi) and WebKitGTK's MiniBrowser through WebKitWebDriver, and listens to
 * Storybook's own channel in the page: `storyFinished` carries the play status and axe's report.
 * Chromium's story tests run in vitest (`npm run test:stories`); here Chromium runs for its
 * screenshots, and its stories count again.
 *
 * `STORY_ENGINES=webkit` (or `chromium,firefox`) runs some engines, and `ENGINES` leaves out what
 * it does not name, as for the other tests. `STORY_FILTER` runs the stories whose id contains it
 * (or one of its comma-separated parts).
 * `--accept` (`npm run test:visual:accept`) rewrites the baselines that differ; `STORY_LOOK=1280x900`
 * only takes screenshots at that size, to look at (test/visual/output/look-1280x900/).
 */
import puppeteer from 'puppeteer-core';
import { readFile } from 'node:fs/promises';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { preview } from 'vite';
import { CHROME_ARGS, findChrome, findFirefox, findWebKit, selectedEngines } from '../lib/browser.mjs';
import { openWebKit } from '../lib/webkit-launcher.mjs';
import { FAILED_MARK, failedLine } from './summary-reporter.mjs';
import { ACCEPT, checkStory, FORCED, fontSetup, keepFailedShot, lookAt, recordVersion, recordedVersion } from './visual.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OUT_DIR = 'storybook-static';
const THEMES = ['light', 'dark'];
/** What vitest's browser mode gives a story (its default viewport). */
const VIEWPORT = { width: 414, height: 896 };
/**
 * `STORY_LOOK=1280x900` (any size): every story screenshotted at that size into
 * test/visual/output/look-1280x900/, to be looked at, and compared with nothing.
 */
const LOOK = /^(\d+)x(\d+)$/.exec(process.env.STORY_LOOK ?? '');
const SIZE = LOOK ? { width: Number(LOOK[1]), height: Number(LOOK[2]) } : VIEWPORT;
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

/** A page of Chromium or Firefox ESR through puppeteer-core (CDP or WebDriver BiDi). */
async function puppeteerDriver(browser) {
  const page = await browser.newPage();
  await page.setViewport(SIZE);
  return {
    page,
    version: async () => (await browser.version()).replace(/^Headless/, ''),
    goto: (url) => page.goto(url),
    evaluate: (body) => page.evaluate(`(() => { ${body} })()`),
    next: (timeout) => page.evaluate((ms) => window.__dkNext(ms), timeout),
    press: (name) => page.keyboard.press(name === 'Space' ? ' ' : name),
    screenshot: () => page.screenshot({ type: 'png' }),
    close: () => browser.close(),
  };
}

const firefoxDriver = async (executablePath) =>
  puppeteerDriver(await puppeteer.launch({ browser: 'firefox', executablePath, headless: true }));

async function chromiumDriver(executablePath) {
  const browser = await puppeteer.launch({ executablePath, headless: true, args: [...CHROME_ARGS, '--lang=en-US', '--force-device-scale-factor=1'] });
  const driver = await puppeteerDriver(browser);
  const cdp = await driver.page.createCDPSession();
  return {
    ...driver,
    // Chromium alone emulates forced colours, over CDP (puppeteer's own call does not know the feature).
    forceColors: (active) => cdp.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: active ? 'active' : 'none' }] }),
  };
}

/** WebKitGTK's MiniBrowser through WebKitWebDriver. */
async function webkitDriver(paths) {
  const start = async () => {
    const started = await openWebKit(paths, SIZE);
    await started.command('POST', '/timeouts', { script: 2 * STORY_TIMEOUT_MS });
    return started;
  };
  let page = await start();
  return {
    goto: (url) => page.command('POST', '/url', { url }),
    evaluate: (body) => page.evaluate(body),
    next: (timeout) => page.evaluateAsync('window.__dkNext(arguments[0]).then(arguments[arguments.length - 1]);', [timeout]),
    press: (name) => page.press([name]),
    screenshot: async () => Buffer.from(await page.command('GET', '/screenshot'), 'base64'),
    version: async () => `WebKitGTK ${page.capabilities.browserVersion}`,
    // WebKitWebDriver ends the session when the web process crashes: a new browser takes over.
    restart: async () => {
      await page.close().catch(() => {});
      page = await start();
    },
    close: () => page.close(),
  };
}

const DRIVERS = {
  chromium: { find: findChrome, open: chromiumDriver, name: 'Chromium', themes: [...THEMES, FORCED] },
  firefox: { find: findFirefox, open: firefoxDriver, name: 'Firefox', themes: THEMES },
  webkit: { find: findWebKit, open: webkitDriver, name: 'WebKit', themes: THEMES },
};

/** The preview page of one theme, with the channel listened to and the visual suite's fonts. */
async function openPreview(driver, base, theme) {
  await driver.forceColors?.(theme === FORCED);
  const colours = theme === FORCED ? 'light' : theme;
  await driver.goto(new URL(`iframe.html?globals=theme:${colours}`, base).href);
  await waitUntil(driver, 'return Boolean(window.__STORYBOOK_ADDONS_CHANNEL__ && window.__STORYBOOK_PREVIEW__?.storyStoreValue)');
  await driver.evaluate(PAGE_SETUP);
  // The URL's globals reach only a story named in the URL; the stories here are shown over the
  // channel, so the theme is set as the toolbar sets it.
  await driver.evaluate(`window.__STORYBOOK_ADDONS_CHANNEL__.emit('updateGlobals', { globals: { theme: '${colours}' } }); return true;`);
  await driver.evaluate(await fontSetup());
}

/**
 * A fresh preview after a story that failed or stopped answering. A browser whose page no longer
 * answers is restarted first where the driver can (WebKitWebDriver deletes the session when the
 * web process crashes): a story that crashed it twice fails, and the run goes on.
 */
async function reopenPreview(driver, base, theme) {
  try {
    await openPreview(driver, base, theme);
  } catch (error) {
    if (!driver.restart) throw error;
    await driver.restart();
    await openPreview(driver, base, theme);
  }
}

async function waitUntil(driver, condition, timeout = STORY_TIMEOUT_MS) {
  const deadline = Date.now() + timeout;
  while (!(await driver.evaluate(condition))) {
    if (Date.now() > deadline) throw new Error(`story-engines: timed out waiting for ${condition}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Shows one story, follows it to its end, and compares what it shows with its baseline. A page
 * that stops answering under it throws: a story that hung can take the preview down with it, and
 * WebKit's web process has crashed under a loaded machine (once in a run of some 3,700 checks).
 */
async function runStory(driver, context, id) {
  const reported = await followStory(driver, id);
  // Forced colours are for the eye: a play function's checks of the colour scheme and
  // axe's contrast (which does not know system colours) do not apply under them.
  const problems = context.theme === FORCED ? reported.filter((problem) => !/^(play|a11y):/.test(problem)) : reported;
  if (problems.length > 0 || context.unshot.has(id)) return { problems, shot: null };
  const { engine, theme, version, recorded } = context;
  const shot = LOOK
    ? await lookAt(driver, { engine, theme, id, folder: `look-${LOOK[0]}` })
    : await checkStory(driver, { engine, theme, id, version, recorded });
  return { problems, shot };
}

/**
 * A story whose page stopped answering is shown once more on a fresh preview, and the run says
 * so: an engine that fell over once is not this story's failure, a page that stops answering
 * again is. One line each time, so a crash that comes back in other stories is plain to see.
 */
async function runStoryOrAgain(driver, context, id) {
  try {
    return { ...(await runStory(driver, context, id)), again: false };
  } catch (error) {
    console.log(` ↻ ${context.name}, ${context.theme} › ${id}: the page stopped answering (${firstLine(error)}); shown again on a fresh preview`);
    await reopenPreview(driver, context.base, context.theme);
    try {
      return { ...(await runStory(driver, context, id)), again: true };
    } catch (again) {
      return { problems: [`the page stopped answering, twice: ${firstLine(again)}`], shot: null, again: true };
    }
  }
}

const firstLine = (error) => String(error?.message ?? error).split('\n')[0];

/** What one story reports as it plays (its play function, axe, page errors): nothing when it passed. */
async function followStory(driver, id) {
  const problems = [];
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

/** Every story in one theme of one engine: the counts of stories and of their screenshots. */
async function runTheme(driver, context) {
  const { name, theme, base, ids } = context;
  await openPreview(driver, base, theme);
  const stories = { passed: 0, failed: 0, again: 0 };
  const shots = { passed: 0, failed: 0, skipped: 0, accepted: 0 };
  for (const id of ids) {
    const { problems, shot, again } = await runStoryOrAgain(driver, context, id);
    if (again) stories.again += 1;
    if (problems.length === 0) {
      if (theme !== FORCED) stories.passed += 1;
      if (!shot) continue;
      shots[shot.status] += 1;
      if (shot.status === 'failed') console.log(`${FAILED_MARK}${name}, ${theme} › ${id}: ${shot.message}`);
      if (shot.status === 'skipped') console.log(` ○ ${name}, ${theme} › ${id}: ${shot.message}`);
      continue;
    }
    stories.failed += 1;
    const shown = await keepFailedShot(driver, { engine: context.engine, theme, id });
    console.log(`${failedLine(`${name}, ${theme} theme › ${id}`, problems[0])}\n     ${problems.join('\n     ')}`);
    if (shown) console.log(`     what it showed: ${shown}`);
    // The next story starts on a fresh preview, not on whatever this one left behind.
    await reopenPreview(driver, base, theme);
  }
  return { stories, shots };
}

async function main() {
  // The browsers started below read their clock's zone and their language from these.
  Object.assign(process.env, { TZ: 'UTC', LANG: 'C.UTF-8', LANGUAGE: 'en_US:en' });
  const engines = selectedEngines(process.env.STORY_ENGINES ?? 'chromium,firefox,webkit').filter(
    (engine) => engine in DRIVERS && selectedEngines().includes(engine),
  );
  const index = JSON.parse(await readFile(new URL(`../../${OUT_DIR}/index.json`, import.meta.url), 'utf8'));
  const filters = (process.env.STORY_FILTER ?? '').split(',');
  const entries = Object.values(index.entries).filter(
    (entry) => entry.type === 'story' && entry.tags.includes('test') && filters.some((filter) => entry.id.includes(filter)),
  );
  const ids = entries.map((entry) => entry.id);
  // A story tagged `no-screenshot` draws differently from run to run by design (a long history
  // mounting in idle time lands a subpixel apart): its play function and axe run, its pixels are not compared.
  const unshot = new Set(entries.filter((entry) => entry.tags.includes('no-screenshot')).map((entry) => entry.id));
  const server = await preview({
    configFile: false,
    root: ROOT,
    logLevel: 'error',
    build: { outDir: OUT_DIR },
    preview: { host: '127.0.0.1', port: 0 },
  });
  const base = server.resolvedUrls.local[0];
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const lines = new Map(engines.map((engine) => [engine, []]));
  const runEngine = async (engine) => {
    const { find, open, name, themes } = DRIVERS[engine];
    const found = find();
    if (!found) throw new Error(`No ${engine} found: run \`npm test\` (it installs it from Debian).`);
    const driver = await open(found);
    try {
      // The engine's build and the processor it rasterizes on (Skia picks code paths per CPU).
      const version = `${await driver.version()} on ${cpus()[0]?.model.trim() ?? 'an unknown CPU'}`;
      const recorded = await recordedVersion(engine);
      for (const theme of themes) {
        const { stories, shots } = await runTheme(driver, { engine, name, theme, base, ids, unshot, version, recorded });
        const accepted = ACCEPT ? `, accepted ${shots.accepted}` : '';
        const again = stories.again > 0 ? ` (${stories.again} shown again after the page stopped answering)` : '';
        lines.get(engine).push(
          `${name}, ${theme} — stories passed ${stories.passed}, failed ${stories.failed}${again}; ` +
            `screenshots passed ${shots.passed}, failed ${shots.failed}, skipped ${shots.skipped}${accepted}`,
        );
        totals.passed += stories.passed + shots.passed + shots.accepted;
        totals.failed += stories.failed + shots.failed;
        totals.skipped += shots.skipped;
      }
      if (ACCEPT) await recordVersion(engine, version);
    } finally {
      await driver.close();
    }
  };
  try {
    // Two lanes, one browser each at a time (the machine has two cores): Chromium, which also
    // shoots forced colours, beside Firefox then WebKit. Every shot waits until the story stands
    // still (visual.mjs), so a lane slowed by the other only takes longer.
    const lanes = [engines.filter((engine) => engine === 'chromium'), engines.filter((engine) => engine !== 'chromium')];
    await Promise.all(lanes.map(async (lane) => {
      for (const engine of lane) await runEngine(engine);
    }));
  } finally {
    await server.close();
  }
  console.log(`\n${engines.flatMap((engine) => lines.get(engine)).join('\n')}\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  process.exitCode = totals.failed > 0 ? 1 : 0;
}

await main();
