/**
 * The benchmarks' browsers: Chromium and Firefox through puppeteer-core, WebKit (WebKitGTK's
 * MiniBrowser) through WebKitWebDriver, behind one small interface: `newPage()` gives a page with
 * `goto`, `waitFor`, `evaluate` and `close`. `--engines=chromium,firefox,webkit` (or `all`) picks
 * them; Chromium alone by default.
 */
import puppeteer from 'puppeteer-core';
import { CHROME_ARGS, ENGINES, FINDERS } from '../lib/browser.mjs';
import { openWebKit } from '../lib/webkit-launcher.mjs';

const NAMES = { chromium: 'Chromium', firefox: 'Firefox', webkit: 'WebKit' };

/** The engines named by `--engines=…` on the command line. */
export function benchEngines(argv = process.argv.slice(2)) {
  const flag = argv.find((arg) => arg.startsWith('--engines='));
  if (!flag) return ['chromium'];
  const value = flag.slice('--engines='.length);
  const names = value === 'all' ? ENGINES : value.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !ENGINES.includes(name));
  if (unknown.length) throw new Error(`--engines: unknown ${unknown.join(', ')} (known: ${ENGINES.join(', ')}, all)`);
  return names;
}

export const engineName = (engine) => NAMES[engine];

/**
 * Starts an engine's browser. Script timeouts are `timeout` ms (a page busier than that is
 * reported by the caller as over its limit).
 */
export async function launchEngine(engine, { viewport, timeout }) {
  const found = FINDERS[engine]();
  if (!found) throw new Error(`No ${engine} found: install it (npm test installs all three from Debian).`);
  if (engine === 'webkit') return launchWebKit(found, viewport, timeout);
  const options =
    engine === 'firefox'
      ? {
          browser: 'firefox',
          executablePath: found,
          headless: true,
          protocolTimeout: timeout + 60_000,
          // performance.now() to the microsecond, not rounded to the millisecond; and a
          // `MozAfterPaint` event after each paint, for the read-back (bench-list/main.ts).
          extraPrefsFirefox: { 'privacy.reduceTimerPrecision': false, 'dom.send_after_paint_to_content': true },
        }
      : // `gc()` in the page: the list benchmark collects the harness's garbage before it times.
        { executablePath: found, headless: true, args: [...CHROME_ARGS, '--js-flags=--expose-gc'], protocolTimeout: timeout + 60_000 };
  const browser = await puppeteer.launch(options);
  return {
    async newPage() {
      const page = await browser.newPage();
      await page.setViewport(viewport);
      return {
        goto: (url) => page.goto(url),
        waitFor: (fn) => page.waitForFunction(fn, { timeout }),
        evaluate: (fn, ...args) => page.evaluate(fn, ...args),
        close: () => page.close(),
        // Chromium: every frame it paints while `run` runs, as PNG images (CDP's screencast).
        screencast: engine === 'chromium' ? (run) => screencast(page, run) : undefined,
      };
    },
    close: () => browser.close(),
  };
}

/** The frames Chromium paints while `run` runs, in order; and what `run` resolved to. */
async function screencast(page, run) {
  const cdp = await page.createCDPSession();
  const frames = [];
  cdp.on('Page.screencastFrame', (frame) => {
    frames.push(Buffer.from(frame.data, 'base64'));
    cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => {});
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  try {
    return { frames, value: await run() };
  } finally {
    await cdp.send('Page.stopScreencast');
    await cdp.detach();
  }
}

/** A page that kept its script busy past the engine's script timeout (WebKit rejects; it does not hang). */
export class ScriptTimeout extends Error {}

/**
 * One MiniBrowser session (WebKitWebDriver drives one at a time): a "new page" is a fresh
 * document in it, which is what the benchmarks need of a page.
 */
async function launchWebKit(paths, viewport, timeout) {
  const session = await openWebKit(paths, viewport);
  await session.command('POST', '/timeouts', { script: timeout });
  /** Runs `fn(...args)` in the page and resolves with its (awaited) result. */
  const evaluate = async (fn, ...args) => {
    const outcome = await session
      .evaluateAsync(
        `const done = arguments[arguments.length - 1];
         Promise.resolve().then(() => (${fn.toString()})(...arguments[0]))
           .then((value) => done({ value }), (error) => done({ error: String(error?.stack ?? error) }));`,
        [args],
      )
      .catch((error) => {
        throw /: script timeout:/.test(error.message) ? new ScriptTimeout(error.message) : error;
      });
    if ('error' in outcome) throw new Error(outcome.error);
    return outcome.value;
  };
  return {
    async newPage() {
      return {
        goto: (url) => session.command('POST', '/url', { url }),
        async waitFor(fn) {
          const deadline = Date.now() + timeout;
          while (!(await evaluate(fn))) {
            if (Date.now() > deadline) throw new Error(`WebKit: timed out waiting for ${fn}`);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        },
        evaluate,
        close: () => session.command('POST', '/url', { url: 'about:blank' }),
      };
    },
    close: () => session.close(),
  };
}
