/**
 * Finds a Chrome/Chromium for the tests: CHROME_PATH, then the usual system paths. Never
 * downloads a browser of its own.
 */
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/opt/google/chrome/chrome',
];

export function findChrome() {
  if (process.env.CHROME_PATH && existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
  return CANDIDATES.find((path) => existsSync(path)) ?? null;
}

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
