/**
 * A @web/test-runner browser launcher for WebKit: WebKitGTK's MiniBrowser driven by
 * WebKitWebDriver (plain W3C WebDriver over HTTP) on a virtual X display of its own (Xvfb).
 *
 * No WebDriver client library: the runner needs four commands (open a browser, navigate, read
 * the URL, press keys), and webdriverio would bring in drivers that download browsers. The
 * launcher's `type` is 'webdriver' and it has `sendKeys`, which is what `sendKeys` from
 * @web/test-runner-commands calls for such a launcher.
 *
 * WebKitWebDriver serves one session at a time, so every page that runs at once is a driver and
 * a MiniBrowser of its own, on a display of its own: the only window there, it always has focus
 * (two windows on one display would leave one of them unfocused, failing `:focus-within` and key
 * presses). A page is reused for the next test file, as the Chromium launcher reuses its pages.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';

/** Named keys as WebDriver code points (https://w3c.github.io/webdriver/#keyboard-actions). */
const KEYS = {
  Tab: '\uE004',
  Enter: '\uE007',
  Escape: '\uE00C',
  Space: ' ',
  Backspace: '\uE003',
  Delete: '\uE017',
  Home: '\uE011',
  End: '\uE010',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Meta: '\uE03D',
};

/** What the Chromium and Firefox launchers give a test page. */
const VIEWPORT = { width: 800, height: 600 };
const READY_TIMEOUT_MS = 20_000;

/**
 * @param {{ driver: string, browser: string, xvfb: string, concurrency?: number }} options
 *   paths of WebKitWebDriver, MiniBrowser and Xvfb; how many pages run at once.
 */
export function webkitLauncher(options) {
  return new WebKitLauncher(options);
}

class WebKitLauncher {
  name = 'WebKit';
  type = 'webdriver';

  /** @type {import('node:child_process').ChildProcess[]} */
  #processes = [];
  /** @type {Page[]} */
  #idle = [];
  /** @type {Page[]} */
  #all = [];
  /** @type {Map<string, Page>} */
  #active = new Map();

  constructor({ driver, browser, xvfb, concurrency }) {
    this.paths = { driver, browser, xvfb };
    this.concurrency = concurrency;
    // The runner stops launchers on a normal exit; this covers a crash or Ctrl-C.
    process.once('exit', () => this.#kill());
  }

  async startSession(sessionId, url) {
    const page = this.#idle.pop() ?? (await this.#openPage());
    this.#active.set(sessionId, page);
    await page.command('POST', '/url', { url });
  }

  isActive(sessionId) {
    return this.#active.has(sessionId);
  }

  async getBrowserUrl(sessionId) {
    return this.#page(sessionId).command('GET', '/url');
  }

  async stopSession(sessionId) {
    const page = this.#page(sessionId);
    this.#active.delete(sessionId);
    // Stops the file's timers and observers before the page runs the next file.
    await page.command('POST', '/url', { url: 'about:blank' });
    this.#idle.push(page);
    return {};
  }

  startDebugSession() {
    throw new Error('WebKit runs headless here (MiniBrowser on Xvfb); debug in Chromium or Firefox.');
  }

  /** Presses each key in turn: a name from KEYS or a single character. */
  async sendKeys(sessionId, keys) {
    const actions = keys.flatMap((key) => {
      const value = KEYS[key] ?? key;
      if ([...value].length !== 1) throw new Error(`WebKit launcher: unknown key "${key}"`);
      return [{ type: 'keyDown', value }, { type: 'keyUp', value }];
    });
    await this.#page(sessionId).command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }

  async stop() {
    await Promise.allSettled(this.#all.map((page) => page.close()));
    this.#kill();
  }

  #page(sessionId) {
    const page = this.#active.get(sessionId);
    if (!page) throw new Error(`WebKit launcher: no page for session ${sessionId}`);
    return page;
  }

  async #openPage() {
    const display = await this.#startDisplay();
    const port = await freePort();
    const driver = this.#spawn(this.paths.driver, [`--port=${port}`], { DISPLAY: display });
    const page = new Page(`http://127.0.0.1:${port}`);
    await page.waitUntilReady(driver);
    await page.open(this.paths.browser);
    this.#all.push(page);
    await page.fitViewport(VIEWPORT);
    return page;
  }

  /** Starts Xvfb on the first free display number, which it writes to file descriptor 3. */
  async #startDisplay() {
    const xvfb = this.#spawn(this.paths.xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {}, [
      'ignore',
      'ignore',
      'pipe',
      'pipe',
    ]);
    let stderr = '';
    xvfb.stdio[2].on('data', (chunk) => (stderr += chunk));
    const number = await Promise.race([
      once(xvfb.stdio[3], 'data').then(([chunk]) => chunk.toString().trim()),
      once(xvfb, 'exit').then(([code]) => {
        throw new Error(`Xvfb exited with ${code}: ${stderr.trim()}`);
      }),
    ]);
    return `:${number}`;
  }

  #spawn(command, args, env, stdio = ['ignore', 'ignore', 'inherit']) {
    const child = spawn(command, args, { stdio, env: { ...process.env, ...env } });
    this.#processes.push(child);
    return child;
  }

  #kill() {
    for (const child of this.#processes) if (child.exitCode === null) child.kill();
    this.#processes = [];
  }
}

/** One WebKitWebDriver and the MiniBrowser session it drives. */
class Page {
  /** @type {string | undefined} */
  #session;

  constructor(base) {
    this.base = base;
  }

  /** Polls the driver's status endpoint until it answers (it prints nothing when it is up). */
  async waitUntilReady(driver) {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    let exited = false;
    driver.once('exit', () => (exited = true));
    while (!exited && Date.now() < deadline) {
      try {
        const { ready } = await this.#request('GET', '/status');
        if (ready) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`WebKitWebDriver did not start at ${this.base}`);
  }

  async open(binary) {
    const { sessionId } = await this.#request('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary, args: ['--automation'] },
        },
      },
    });
    this.#session = sessionId;
  }

  /** Sizes the window so that the page's own viewport (without the browser's chrome) is `size`. */
  async fitViewport(size) {
    await this.command('POST', '/window/rect', size);
    const [width, height] = await this.command('POST', '/execute/sync', { script: 'return [innerWidth, innerHeight]', args: [] });
    await this.command('POST', '/window/rect', { width: 2 * size.width - width, height: 2 * size.height - height });
  }

  command(method, path, body) {
    return this.#request(method, `/session/${this.#session}${path}`, body);
  }

  async close() {
    if (this.#session) await this.#request('DELETE', `/session/${this.#session}`);
  }

  async #request(method, path, body) {
    const response = await fetch(this.base + path, {
      method,
      headers: body ? { 'content-type': 'application/json; charset=utf-8' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });
    const { value } = await response.json();
    if (!response.ok) throw new Error(`WebKitWebDriver ${method} ${path}: ${value?.error}: ${value?.message}`);
    return value;
  }
}

async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  await once(server, 'close');
  return port;
}
