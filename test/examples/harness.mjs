/**
 * What the example tests need around them: the packed package installed into each example, Vite
 * builds, a static file server, the servers of the examples that have one (SSR, AG-UI), and
 * Chromium pages with the checks every example shares. The examples are an install root of their
 * own (examples/package.json, each example a workspace, and its own lock file), installed by
 * `installExamples` when missing or older than that lock. Nothing else here reaches the network:
 * the tarball comes from `npm pack` of dist/, and every server listens on loopback.
 */
import { execFile, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'vite';
import { ensureInstalled } from '../../scripts/lib/install.mjs';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const EXAMPLES = join(ROOT, 'examples');
const run = promisify(execFile);

/**
 * Each example's framework and agent library, in examples/node_modules (`npm ci --prefix examples`
 * when stale), with the package's own dependencies: examples/package.json lists them as
 * package.json does, since a bundler (Next.js's) resolves nothing above examples/.
 */
export function installExamples() {
  const dependencies = (file) => JSON.stringify(JSON.parse(readFileSync(join(ROOT, file), 'utf8')).dependencies);
  if (dependencies('examples/package.json') !== dependencies('package.json')) {
    throw new Error("examples/package.json's dependencies must be package.json's (then `npm install --prefix examples`)");
  }
  ensureInstalled('examples');
}

/** `npm pack` of the built package, into a temporary folder: resolves to the tarball's path. */
export async function packPackage() {
  if (!existsSync(join(ROOT, 'dist/index.js'))) throw new Error('dist/ is missing: run `npm run build` first');
  const destination = mkdtempSync(join(tmpdir(), 'display-kit-pack-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', destination], { cwd: ROOT });
  return join(destination, JSON.parse(stdout)[0].filename);
}

/**
 * Installs the tarball as `node_modules/display-kit` of an example, as `npm install <tarball>`
 * would lay it out. Its dependencies (lit, marked, DOMPurify) resolve from examples/node_modules,
 * further up.
 */
export async function installInto(example, tarball) {
  const target = join(EXAMPLES, example, 'node_modules/display-kit');
  rmSync(target, { recursive: true, force: true });
  mkdirSync(target, { recursive: true });
  await run('tar', ['-xzf', tarball, '-C', target, '--strip-components=1']);
}

/** `vite build` in an example, with the example's own config (if any). */
export async function buildExample(example) {
  // The live examples bundle an agent library whole (LangChain's, the AI SDK's): a chunk over
  // Vite's 500 kB advice is theirs, and not what these tests are about.
  await build({ root: join(EXAMPLES, example), logLevel: 'warn', build: { emptyOutDir: true, chunkSizeWarningLimit: 4000 } });
}

/**
 * A framework's own build command in an example's folder, where the framework reads its config
 * (SvelteKit's `vite build`, `astro build`); `bin` is the command's script under examples/node_modules,
 * `env` what the build needs added to the environment.
 */
export async function buildInFolder(example, bin, env = {}) {
  try {
    await run(process.execPath, [join(EXAMPLES, 'node_modules', bin), 'build'], { cwd: join(EXAMPLES, example), env: { ...process.env, ...env } });
  } catch (error) {
    throw new Error(`${bin} build in examples/${example}:\n${error.stdout}${error.stderr}`);
  }
}

/** `tsc -p` on an example's tsconfig: resolves to the compiler's output, rejects when it finds errors. */
export async function typeCheck(example) {
  try {
    await run(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(EXAMPLES, example)], { cwd: ROOT });
  } catch (error) {
    throw new Error(`tsc -p examples/${example}:\n${error.stdout}${error.stderr}`);
  }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css', '.svg': 'image/svg+xml' };

/** Serves the files under `root` on a free loopback port; resolves to the server and its base URL. */
export function serveDirectory(root) {
  const server = createServer((request, response) => {
    const path = normalize(join(root, decodeURIComponent(new URL(request.url, 'http://localhost').pathname)));
    const file = path.endsWith(sep) ? join(path, 'index.html') : path;
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  return listen(server);
}

function listen(server) {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` }));
  });
}

/**
 * Starts an example's Node server (`node server.js`, or a framework's built `entry` with `args`)
 * on a free loopback port, with `env` added; resolves once it prints that it is listening (or
 * `ready`, a framework's own words for it). The port is chosen here, since a framework's server
 * prints the port it was given, not the one it got. `entry` is in the example's folder, or under
 * examples/node_modules when it starts with `node_modules/`.
 */
export async function startServer(example, { entry = 'server.js', args = [], env = {}, ready = /listening on/i } = {}) {
  const port = await freePort();
  const script = entry.startsWith('node_modules/') ? join(EXAMPLES, entry) : entry;
  const child = spawn(process.execPath, [script, ...args], { cwd: join(EXAMPLES, example), env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env } });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (ready.test(output)) resolve({ child, url: `http://127.0.0.1:${port}/` });
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => reject(new Error(`examples/${example}/${entry} exited (${code}):\n${output}`)));
  });
}

function freePort() {
  return listen(createServer()).then(({ server }) => new Promise((resolve) => {
    const { port } = server.address();
    server.close(() => resolve(port));
  }));
}

/**
 * Opens `url` in a fresh browser context and records what the page logs, throws and fails to
 * load (`warnings`: what it warns of). `logged(text, times)` resolves once the page has logged
 * `text` that many times. `timeZone`: the reader's, in place of the machine's.
 */
export async function openPage(browser, url, { timeZone } = {}) {
  const page = await (await browser.createBrowserContext()).newPage();
  if (timeZone) await page.emulateTimezone(timeZone);
  const logs = [];
  const errors = [];
  const warnings = [];
  const watchers = new Set();
  page.on('console', (message) => {
    // A failed request is recorded with its URL below.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
    if (message.type() === 'warn') warnings.push(message.text());
    logs.push(message.text());
    for (const watch of watchers) watch();
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    // Browsers ask every site for a favicon; the examples have none.
    if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico') errors.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(url);
  const count = (text) => logs.filter((line) => line === text).length;
  const logged = (text, times) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the page did not log "${text}" (${times}×); it logged: ${JSON.stringify(logs)}`)), 10_000);
      const check = () => {
        if (count(text) < times) return false;
        clearTimeout(timer);
        resolve();
        return true;
      };
      if (!check()) watchers.add(function watch() {
        if (check()) watchers.delete(watch);
      });
    });
  return { page, errors, warnings, logged, close: () => page.browserContext().close() };
}

/** The text of every node under `root` (the body), through shadow roots, with runs of space collapsed. */
function pageText(root = document.body) {
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent;
    if (node.nodeName === 'SCRIPT' || node.nodeName === 'STYLE' || node.nodeName === 'TEMPLATE') return '';
    const children = [...(node.shadowRoot?.childNodes ?? []), ...node.childNodes];
    return children.map(walk).join(' ');
  };
  return walk(root).replace(/\s+/g, ' ');
}

/** Resolves when the page's text (through shadow roots) includes every one of `texts`. */
export async function waitForText(page, texts) {
  const condition = `((texts) => { const text = (${pageText})(); return texts.every((t) => text.includes(t)); })(${JSON.stringify(texts)})`;
  await page.waitForFunction(condition, { timeout: 20_000 });
}

/**
 * Resolves once the page's server-rendered list has hydrated: it has rendered in the browser,
 * and no element under it waits with `defer-hydration` (Lit's mark on the items until their list hydrates).
 */
export async function waitForHydration(page) {
  await page.waitForFunction(`(() => {
    const waiting = (root) => [...root.querySelectorAll('*')].some((element) => element.hasAttribute('defer-hydration') || (element.shadowRoot !== null && waiting(element.shadowRoot)));
    return document.querySelector('message-list')?.hasUpdated === true && !waiting(document);
  })()`, { timeout: 20_000 });
}

/** How often `text` occurs in the page's text, through shadow roots. */
export function countText(page, text) {
  return page.evaluate(`(${pageText})().split(${JSON.stringify(text)}).length - 1`);
}

/** The text of the page's stop marks, through shadow roots. */
export function stopMarks(page) {
  return page.evaluate(`(() => {
    const text = ${pageText};
    const marks = [];
    const visit = (root) => {
      for (const element of root.querySelectorAll('*')) {
        if (element.localName === 'stop-mark') marks.push(text(element).trim());
        if (element.shadowRoot) visit(element.shadowRoot);
      }
    };
    visit(document);
    return marks;
  })()`);
}

/** Every element named `name` under `root`, through shadow roots (source for `page.evaluate`). */
const deepAll = `(root, name) => {
  const found = [];
  const visit = (node) => {
    for (const element of node.querySelectorAll('*')) {
      if (element.localName === name) found.push(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(root);
  return found;
}`;

/** The page's stop marks, through shadow roots: each one's `reason` and its text (wording and details). */
export function readStopMarks(page) {
  return page.evaluate(`(${deepAll})(document, 'stop-mark').map((mark) => ({ reason: mark.reason, text: (${pageText})(mark).trim() }))`);
}

/** Resolves once the page shows `count` stop marks, whatever their reasons. */
export async function waitForStopMark(page, count = 1) {
  await page.waitForFunction(`(${deepAll})(document, 'stop-mark').filter((mark) => mark.reason).length >= ${count}`, { timeout: 20_000 });
}

/** The `status` of every tool call in the page, through shadow roots. */
export function toolCallStatuses(page) {
  return page.evaluate(`(${deepAll})(document, 'tool-call-item').map((call) => call.status)`);
}

/** Opens every thinking block and tool call in the page by clicking its summary, as a reader would. */
export function openDisclosures(page) {
  return page.evaluate(`(${deepAll})(document, 'thinking-item').concat((${deepAll})(document, 'tool-call-item'))
    .forEach((element) => element.shadowRoot.querySelector('details:not([open]) > summary')?.click())`);
}

/** How many `<message-list>` elements the page's own document has. */
export function listCount(page) {
  return page.evaluate(() => document.querySelectorAll('message-list').length);
}

/**
 * Clicks the summary of the first tool call inside the page's `index`-th `<message-list>`, once
 * there is one: a page that imports only the list loads the tool elements the first time it shows
 * a call, and until then the call is a placeholder.
 */
export async function clickFirstToolCall(page, index) {
  const clicked = await page
    .waitForFunction(
      (i) => {
        const find = (root) => {
          for (const element of root.querySelectorAll('*')) {
            if (element.localName === 'tool-call-item') return element;
            const inner = element.shadowRoot && find(element.shadowRoot);
            if (inner) return inner;
          }
          return null;
        };
        const summary = find(document.querySelectorAll('message-list')[i].shadowRoot)?.shadowRoot?.querySelector('summary');
        summary?.click();
        return summary !== undefined && summary !== null;
      },
      { timeout: 15_000 },
      index,
    )
    .then(() => true, () => false);
  if (!clicked) throw new Error(`no tool call summary in message-list #${index}`);
}

/**
 * The example's view of `list_files` (a `<file-list-view>` element) follows a call through an
 * upsert and its status changes, as one element: a new call is inserted pending, runs, and
 * completes with its result. Resolves to the texts the view showed, step by step.
 */
export async function followToolView(page) {
  const viewText = (callId) => `(() => {
    const view = document.querySelector('message-list').querySelector('[slot="dk-view:${callId}"] file-list-view');
    if (!view) return null;
    const texts = [];
    const walker = document.createTreeWalker(view.shadowRoot ?? view, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) if (walker.currentNode.parentNode.nodeName !== 'STYLE') texts.push(walker.currentNode.textContent);
    return texts.join(' ').replace(/\\s+/g, ' ').trim();
  })()`;
  const waitForView = async (callId, text) => {
    await page.waitForFunction(`(${viewText(callId)} ?? '').includes(${JSON.stringify(text)})`, { timeout: 20_000 });
    return page.evaluate(viewText(callId));
  };
  const call = {
    id: 'm6', message_type: 'assistant', content_type: 'tool_call', sequence: 0, tool_call_id: 'call_2', status: 'pending',
    content: { call_id: 'call_2', name: 'list_files', arguments: { path: 'src' }, display_text: 'Listing src' },
    inserted_at: '2026-05-04T09:31:00.000001Z',
  };
  const result = {
    id: 'm7', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'call_2',
    content: { tool_call_id: 'call_2', name: 'list_files', content: 'index.ts\nutil.ts', is_error: false, is_interrupt: false },
    inserted_at: '2026-05-04T09:31:01.000001Z',
  };
  const upsert = (rows) => page.evaluate((r) => document.querySelector('message-list').upsert(r), rows);
  const shown = [await waitForView('call_1', '3 files in . · completed')];
  await upsert([call]);
  shown.push(await waitForView('call_2', '0 files in src · pending'));
  await page.evaluate(() => (window.firstView = document.querySelector('message-list [slot="dk-view:call_2"] file-list-view')));
  await upsert([{ ...call, status: 'executing' }]);
  shown.push(await waitForView('call_2', '· executing'));
  await upsert([{ ...call, status: 'completed' }, result]);
  shown.push(await waitForView('call_2', '2 files in src · completed'));
  const same = await page.evaluate(() => window.firstView === document.querySelector('message-list [slot="dk-view:call_2"] file-list-view'));
  return { shown, same };
}
