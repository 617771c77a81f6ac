/**
 * The three engines the kit is tested in, and where each one's browser is on this machine:
 * Chromium, Firefox (ESR) and WebKit (WebKitGTK's MiniBrowser, driven by WebKitWebDriver on
 * Xvfb). Never downloads a browser of its own: what is missing comes from Debian (scripts/test/test.mjs).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export const ENGINES = ['chromium', 'firefox', 'webkit'];

/** The Debian packages that give each engine. */
export const DEBIAN_PACKAGES = {
  chromium: ['chromium'],
  firefox: ['firefox-esr'],
  webkit: ['webkit2gtk-driver', 'xvfb'],
};

/**
 * The engines to run, from `ENGINES` (comma-separated, e.g. `ENGINES=chromium` for a quick local
 * run); all three when unset.
 */
export function selectedEngines(value = process.env.ENGINES) {
  if (!value?.trim()) return [...ENGINES];
  const names = value.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean);
  const unknown = names.filter((name) => !ENGINES.includes(name));
  if (unknown.length) throw new Error(`ENGINES: unknown engine ${unknown.join(', ')} (known: ${ENGINES.join(', ')})`);
  return ENGINES.filter((name) => names.includes(name));
}

const firstExisting = (paths) => paths.find((path) => path && existsSync(path)) ?? null;

export function findChrome() {
  return firstExisting([
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/opt/google/chrome/chrome',
  ]);
}

export function findFirefox() {
  return firstExisting([process.env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox']);
}

/** WebKitWebDriver, the MiniBrowser it drives and Xvfb, or null when one of them is missing. */
export function findWebKit() {
  const driver = firstExisting(['/usr/bin/WebKitWebDriver']);
  const browser = firstExisting([process.env.MINIBROWSER_PATH, ...miniBrowserCandidates()]);
  const xvfb = firstExisting(['/usr/bin/Xvfb']);
  return driver && browser && xvfb ? { driver, browser, xvfb } : null;
}

/** MiniBrowser lives in the multiarch library folder of the WebKitGTK API version. */
function miniBrowserCandidates() {
  const lib = '/usr/lib';
  const dirs = existsSync(lib) ? readdirSync(lib).filter((name) => name.endsWith('-linux-gnu')) : [];
  return ['webkit2gtk-4.1', 'webkitgtk-6.0', 'webkit2gtk-4.0'].flatMap((api) => [
    ...dirs.map((dir) => join(lib, dir, api, 'MiniBrowser')),
    join('/usr/libexec', api, 'MiniBrowser'),
  ]);
}

/** Whether an engine's browser is installed. */
export const FINDERS = { chromium: findChrome, firefox: findFirefox, webkit: findWebKit };

export const CHROME_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // Tests run two pages at once: a page in the background must still get animation frames.
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];

/** Headless Chromium for the scripts (benchmarks, soak), driven by puppeteer-core. */
export async function launchChrome() {
  const executablePath = findChrome();
  if (!executablePath) throw new Error("No Chrome/Chromium found: set CHROME_PATH or install Debian's `chromium`.");
  const { default: puppeteer } = await import('puppeteer-core');
  return puppeteer.launch({ executablePath, headless: true, args: CHROME_ARGS, protocolTimeout: 600_000 });
}
