/**
 * `npm run size -- --used`: how much of what a page that shows text loads at once a text
 * conversation runs, by Chromium's precise coverage. The list is given 100 rows of text and
 * reasoning (the list benchmark's corpus without its tool rows) and drawn; then a reply streams
 * through `draft` and is kept as a row, and the reader scrolls back to the top. Per area of the kit
 * and per dependency: the share of the code (characters of the unminified bundle, white space
 * left out) that ran by the first frame and by the end. What never ran is all a chunk loaded on
 * first use could take from a text page at once, and this says where it is.
 */
import { build } from 'esbuild';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { launchChrome } from '../lib/browser.mjs';
import { areaOf } from './areas.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Where the bundle would be written (it is kept in memory): metafile paths are relative to ROOT. */
const OUT = 'node_modules/.cache/size-used/';
const LIST_HEIGHT = 700;

/** The page's script: the text page's one import, and the conversation it shows. */
const PAGE_SCRIPT = `
import 'display-kit/message-list';
import { corpus } from './scripts/bench/bench-list/corpus.ts';
window.textRows = corpus(140).filter((row) => !String(row.content_type).startsWith('tool')).slice(0, 100);
`;

/** The page's bundle, unminified, split as an app's bundler splits it: the files it loads at once, by name. */
async function bundlePage() {
  const result = await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: ROOT, loader: 'js', sourcefile: 'page.js' },
    bundle: true,
    splitting: true,
    format: 'esm',
    absWorkingDir: ROOT,
    outdir: OUT,
    entryNames: 'page',
    write: false,
    metafile: true,
    logLevel: 'error',
  });
  const texts = new Map(result.outputFiles.map((file) => [file.path.slice(`${ROOT}${OUT}`.length), file.text]));
  const atOnce = new Set();
  const visit = (name) => {
    if (atOnce.has(name)) return;
    atOnce.add(name);
    for (const { path, kind } of result.metafile.outputs[`${OUT}${name}`].imports) {
      if (kind === 'import-statement') visit(path.slice(OUT.length));
    }
  };
  visit('page.js');
  return { texts, atOnce };
}

function serve(texts) {
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>body { margin: 0; font-family: system-ui, sans-serif; } message-list { height: ${LIST_HEIGHT}px; }</style></head><body><script type="module" src="/page.js"></script></body></html>`;
  const server = createServer((request, response) => {
    const text = texts.get(request.url.slice(1));
    response.setHeader('content-type', text === undefined ? 'text/html' : 'text/javascript');
    response.end(text ?? page);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() })));
}

/** The conversation's first frame. */
function showConversation() {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const list = document.createElement('message-list');
  list.items = window.textRows;
  document.body.append(list);
  return frame().then(frame);
}

/** A reply streamed as a model sends it and kept as a row, then the reader back at the top. */
async function streamAndReadBack() {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
  const list = document.querySelector('message-list');
  const rows = window.textRows;
  const reply = rows.filter((row) => row.message_type === 'assistant' && row.content_type === 'text').slice(-3).map((row) => row.content.text).join('\n\n');
  for (let end = 16; end < reply.length; end += 48) {
    list.draft = { text: reply.slice(0, end) };
    await frame();
  }
  list.draft = null;
  list.items = [...rows, { ...rows.at(-1), id: 'reply', content: { text: reply } }];
  await list.mountComplete;
  const log = list.shadowRoot.querySelector('.log');
  for (let step = 0; step < 200 && log.scrollTop > 0; step++) {
    log.scrollTop -= log.clientHeight;
    await frame();
  }
  await frame();
}

/** Per character of `text`: 1 where the innermost function or block around it ran. */
function ranIn(coverage, text) {
  const ran = new Uint8Array(text.length);
  // Ranges come outermost first, so an inner block that did not run overwrites its function.
  for (const fn of coverage?.functions ?? []) for (const range of fn.ranges) ran.fill(range.count > 0 ? 1 : 0, range.startOffset, range.endOffset);
  return ran;
}

/** The module each line belongs to, from esbuild's `// path` comments in unminified output. */
function* modulesOf(text) {
  let module = '(the bundle)';
  let offset = 0;
  for (const line of text.split('\n')) {
    const named = /^\/\/ ((?:dist|node_modules|scripts|test)\/\S+)$/.exec(line);
    if (named) module = named[1];
    yield { module, start: offset, end: offset + line.length };
    offset += line.length + 1;
  }
}

function tally(texts, atOnce, first, end) {
  const areas = new Map();
  const modules = new Map();
  for (const name of atOnce) {
    const text = texts.get(name);
    const url = (results) => results.find((script) => script.url.endsWith(`/${name}`));
    const [byFirst, byEnd] = [ranIn(url(first), text), ranIn(url(end), text)];
    for (const { module, start, end: stop } of modulesOf(text)) {
      const area = areaOf(module);
      if (!area) continue;
      const count = areas.get(area) ?? { code: 0, first: 0, end: 0 };
      const mod = modules.get(module) ?? { code: 0, end: 0 };
      for (let i = start; i < stop; i++) {
        if (/\s/.test(text[i])) continue;
        count.code++;
        mod.code++;
        if (byFirst[i]) count.first++;
        if (byFirst[i] || byEnd[i]) {
          count.end++;
          mod.end++;
        }
      }
      areas.set(area, count);
      modules.set(module, mod);
    }
  }
  return { areas, modules };
}

function print({ areas, modules }) {
  const share = (part, whole) => `${((part / whole) * 100).toFixed(0)}%`.padStart(11);
  const width = Math.max(...[...areas.keys()].map((area) => area.length), 16);
  console.log(`\nWhat a text conversation runs of what a page that shows text loads at once (Chromium's coverage: ${LIST_HEIGHT} px list, 100 rows, a reply streamed, read back to the top; characters of unminified code, white space left out):`);
  console.log(`${'area'.padEnd(width)}  ${'code'.padStart(9)}  ${'ran by the first frame'.padStart(11)}  ${'by the end'.padStart(11)}`);
  const kit = { code: 0, first: 0, end: 0 };
  for (const [area, count] of [...areas].sort((a, b) => b[1].code - a[1].code)) {
    console.log(`${area.padEnd(width)}  ${String(count.code).padStart(9)}  ${share(count.first, count.code).padStart(22)}  ${share(count.end, count.code)}`);
    if (area.endsWith('(dependency)')) continue;
    for (const key of Object.keys(kit)) kit[key] += count[key];
  }
  console.log(`${"the kit's own".padEnd(width)}  ${String(kit.code).padStart(9)}  ${share(kit.first, kit.code).padStart(22)}  ${share(kit.end, kit.code)}`);
  const idle = [...modules].filter(([module]) => module.startsWith('dist/')).sort((a, b) => b[1].code - b[1].end - (a[1].code - a[1].end));
  // A module that barely ran could move to a chunk whole; what never ran in one that did is its branches.
  const barely = idle.filter(([, count]) => count.end < count.code / 10).reduce((sum, [, count]) => sum + count.code - count.end, 0);
  console.log(`\nOf the kit's ${kit.code - kit.end} characters that never ran, ${barely} are in modules that ran less than a tenth of theirs; the rest are branches of modules that ran. The modules with the most that never ran:`);
  for (const [module, count] of idle.slice(0, 12)) console.log(`${String(count.code - count.end).padStart(7)} of ${String(count.code).padStart(6)}  ${module}`);
}

export async function reportUsed() {
  const { texts, atOnce } = await bundlePage();
  const server = await serve(texts);
  const browser = await launchChrome();
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 900, height: 800 });
    const cdp = await page.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
    await page.goto(server.url);
    await page.waitForFunction(() => Array.isArray(window.textRows));
    await page.evaluate(showConversation);
    const first = (await cdp.send('Profiler.takePreciseCoverage')).result;
    await page.evaluate(streamAndReadBack);
    // Counts start again from each take: what ran by the end is either take's.
    const end = (await cdp.send('Profiler.takePreciseCoverage')).result;
    print(tally(texts, atOnce, first, end));
  } finally {
    await browser.close();
    server.close();
  }
}
