/**
 * The visual suite's half of scripts/test/story-engines.mjs: a screenshot of every story, in every
 * engine and theme, compared with the baseline committed under test/visual/baselines/.
 *
 * Deterministic by construction: the page's fonts are IBM Plex (from npm, so that no machine's
 * own fonts decide the text), times in UTC and in English, every finite animation finished and
 * every endless one (the caret, the spinner) held at its first frame, scrollbars and text carets
 * hidden, and the shot retaken until two in a row agree. A difference within `MAX_DIFF_PIXELS`
 * (a subpixel of layout in WebKit) passes; anything larger fails, and the actual image and a
 * diff image (changed pixels in red) are written under test/visual/output/.
 *
 * Pixels belong to the engine that drew them: each engine's baselines record its version and the
 * processor's model, and on another version or processor a difference is reported as skipped,
 * with both named, not as a failure. `npm run test:visual:accept` rewrites the baselines that differ at all (and writes
 * the missing ones), for a change that is meant to look different.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASELINES = join(ROOT, 'test/visual/baselines');
const OUTPUT = join(ROOT, 'test/visual/output');
/** The theme under forced colours (Windows High Contrast's system colours, over the light theme). */
export const FORCED = 'forced';
/**
 * Pixels that may differ before a shot fails, per engine. Chromium and Firefox draw a story the
 * same every time; WebKit lays some out a subpixel apart from run to run (a dashed border then
 * differs by about 80), so in WebKit a change smaller than that (one character moved) passes
 * unseen. Under forced colours the system's caret colour wins over the hidden one, and a focused
 * field's caret (about 20 pixels) may blink. Accepting rewrites every baseline that differs at
 * all, so that the baselines show what the stories look like now.
 */
const MAX_DIFF_PIXELS = { chromium: 4, firefox: 4, webkit: 120, [FORCED]: 40 };
/** How far two colours may be apart before pixelmatch counts the pixel (0–1; its default). */
const THRESHOLD = 0.1;
const SETTLE_TRIES = 8;
const SETTLE_PAUSE_MS = 150;

export const ACCEPT = process.argv.includes('--accept');

const FONT_FILES = [
  ['DK Visual Sans', 'ibm-plex-sans', 400, 'normal'],
  ['DK Visual Sans', 'ibm-plex-sans', 400, 'italic'],
  ['DK Visual Sans', 'ibm-plex-sans', 600, 'normal'],
  ['DK Visual Sans', 'ibm-plex-sans', 700, 'normal'],
  ['DK Visual Mono', 'ibm-plex-mono', 400, 'normal'],
  ['DK Visual Mono', 'ibm-plex-mono', 600, 'normal'],
];

/** A script body that puts the fixed fonts on the page, as data URLs (the page serves no fonts); read once. */
let fontScript = null;
export const fontSetup = () => (fontScript ??= fontSetupScript());

async function fontSetupScript() {
  const faces = await Promise.all(
    FONT_FILES.map(async ([family, pkg, weight, style]) => {
      const file = join(ROOT, 'node_modules/@fontsource', pkg, 'files', `${pkg}-latin-${weight}-${style}.woff2`);
      const data = (await readFile(file)).toString('base64');
      return `@font-face { font-family: '${family}'; font-weight: ${weight}; font-style: ${style}; src: url(data:font/woff2;base64,${data}) format('woff2'); }`;
    }),
  );
  const css = `${faces.join('\n')}
:root { --dk-font-family: 'DK Visual Sans', sans-serif; --dk-font-family-mono: 'DK Visual Mono', monospace; font-family: 'DK Visual Sans', sans-serif; }`;
  return `
    const style = document.createElement('style');
    style.textContent = ${JSON.stringify(css)};
    document.head.append(style);
    return Promise.all([...document.fonts].map((face) => face.load())).then(() => true);
  `;
}

/**
 * A script body that finishes what ends and holds what never does at its first frame, once the
 * fonts are in, and hides scrollbars and text carets in the document and every shadow root:
 * overlay scrollbars (WebKitGTK's, Firefox's) show for a while after any scroll and a field's
 * caret blinks, so either would be in one shot and not the next.
 */
const STILL = `
  const bars = (window.__dkNoScrollbars ??= new CSSStyleSheet());
  if (bars.cssRules.length === 0) {
    // WebKitGTK draws the page's own overlay scrollbar whatever CSS says of scrollbars: the page
    // does not scroll while it is shot (what scrolled stays where it was).
    bars.replaceSync(':root { overflow: hidden !important; } * { scrollbar-width: none !important; caret-color: transparent !important; }');
  }
  const roots = [document];
  for (let i = 0; i < roots.length; i++) {
    if (!roots[i].adoptedStyleSheets.includes(bars)) roots[i].adoptedStyleSheets = [...roots[i].adoptedStyleSheets, bars];
    for (const element of roots[i].querySelectorAll('*')) {
      if (element.shadowRoot) roots.push(element.shadowRoot);
      dropScrollbar(element);
    }
  }
  // WebKitGTK keeps an overlay scrollbar it already shows (for 3.5 s after its scroller appears)
  // whatever the style says later; a scroller that stops scrolling for one layout drops it.
  function dropScrollbar(element) {
    const { overflowX, overflowY } = getComputedStyle(element);
    if (!/auto|scroll/.test(overflowX + overflowY)) return;
    const [left, top] = [element.scrollLeft, element.scrollTop];
    const [value, priority] = [element.style.getPropertyValue('overflow'), element.style.getPropertyPriority('overflow')];
    element.style.setProperty('overflow', 'hidden', 'important');
    element.getBoundingClientRect();
    element.style.setProperty('overflow', value, priority);
    element.getBoundingClientRect();
    [element.scrollLeft, element.scrollTop] = [left, top];
  }
  // Each root's own: Chromium's document.getAnimations() misses those in nested shadow roots.
  for (const animation of roots.flatMap((root) => root.getAnimations())) {
    // One driven by scrolling (a wide box's edges) already shows where its box is scrolled to;
    // finished, it drew the edge of a box scrolled to its end.
    if (animation.timeline && animation.timeline !== document.timeline) continue;
    if (animation.effect?.getComputedTiming().endTime === Infinity) {
      animation.pause();
      animation.currentTime = 0;
    } else {
      animation.finish();
    }
  }
  // Two frames: an animation the compositor runs takes one to show that it was paused.
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true))));
`;

/** The story as it stays: shots are retaken until two in a row are the same image. */
async function settledShot(driver) {
  let previous = null;
  for (let attempt = 0; attempt < SETTLE_TRIES; attempt++) {
    await driver.evaluate(STILL);
    const shot = PNG.sync.read(await driver.screenshot());
    if (previous && previous.data.equals(shot.data)) return { shot, settled: true };
    previous = shot;
    await new Promise((resolve) => setTimeout(resolve, SETTLE_PAUSE_MS));
  }
  return { shot: previous, settled: false };
}

const fileName = (engine, theme, id) => join(engine, theme, `${id}.png`);

async function readPng(path) {
  try {
    return PNG.sync.read(await readFile(path));
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
}

async function writePng(path, png) {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, PNG.sync.write(png));
}

/** The number of pixels that differ, and a diff image; sizes that differ count every pixel. */
function compare(expected, actual) {
  const { width, height } = actual;
  if (expected.width !== width || expected.height !== height) return { count: width * height, diff: null };
  const diff = new PNG({ width, height });
  const count = pixelmatch(expected.data, actual.data, diff.data, width, height, { threshold: THRESHOLD });
  return { count, diff };
}

/** The engine version each engine's baselines were taken with (test/visual/baselines/<engine>/VERSION). */
export async function recordedVersion(engine) {
  try {
    return (await readFile(join(BASELINES, engine, 'VERSION'), 'utf8')).trim();
  } catch {
    return null;
  }
}

export async function recordVersion(engine, version) {
  await mkdir(join(BASELINES, engine), { recursive: true });
  await writeFile(join(BASELINES, engine, 'VERSION'), `${version}\n`);
}

/**
 * Shoots the story on screen and compares it with its baseline. Resolves to `{status, message}`:
 * `passed`, `failed` (with what to look at), `skipped` (another engine version), or `accepted`.
 */
export async function checkStory(driver, { engine, theme, id, version, recorded }) {
  const { shot, settled } = await settledShot(driver);
  const name = fileName(engine, theme, id);
  const baseline = await readPng(join(BASELINES, name));
  const { count, diff } = baseline ? compare(baseline, shot) : { count: Infinity, diff: null };
  const tolerance = MAX_DIFF_PIXELS[theme === FORCED ? FORCED : engine];
  if (count === 0 || (count <= tolerance && !ACCEPT)) return { status: 'passed' };
  if (ACCEPT) {
    await writePng(join(BASELINES, name), shot);
    return { status: 'accepted' };
  }
  const diffName = name.replace(/\.png$/, '.diff.png');
  await writePng(join(OUTPUT, name), shot);
  if (diff) await writePng(join(OUTPUT, diffName), diff);
  const unsettled = settled ? '' : ' (it never held still for two shots)';
  const what = baseline
    ? `${count} pixels differ from test/visual/baselines/${name}${unsettled}; see test/visual/output/${diffName}`
    : `no baseline test/visual/baselines/${name}; run \`npm run test:visual:accept\` and look at it`;
  if (recorded && recorded !== version) return { status: 'skipped', message: `${what} (baselines from ${recorded}, this is ${version})` };
  return { status: 'failed', message: `screenshot: ${what}. If the change is meant, \`npm run test:visual:accept\`.` };
}

/** What a story that failed its play function or axe showed, for whoever reads the failure. */
export async function keepFailedShot(driver, { engine, theme, id }) {
  try {
    const { shot } = await settledShot(driver);
    const name = fileName(engine, theme, id).replace(/\.png$/, '.failed.png');
    await writePng(join(OUTPUT, name), shot);
    return `test/visual/output/${name}`;
  } catch {
    return null;
  }
}

/** A shot to look at, not to compare (another viewport than the baselines'); always `passed`. */
export async function lookAt(driver, { engine, theme, id, folder }) {
  const { shot } = await settledShot(driver);
  await writePng(join(OUTPUT, folder, fileName(engine, theme, id)), shot);
  return { status: 'passed' };
}
