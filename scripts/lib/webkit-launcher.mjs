/**
 * WebKit for the tests: WebKitGTK's MiniBrowser driven by WebKitWebDriver (plain W3C WebDriver
 * over HTTP) on a virtual X display (Xvfb), and a @web/test-runner launcher on top of it.
 *
 * No WebDriver client library: the runner needs a handful of commands (open a browser, navigate,
 * read the URL, run a script, press keys), and webdriverio would bring in drivers that download
 * browsers. The launcher's `type` is 'webdriver' and it has `sendKeys`, which is what `sendKeys`
 * from @web/test-runner-commands calls for such a launcher.
 *
 * WebKitWebDriver serves one session at a time, so every page that runs at once is a driver and
 * a MiniBrowser of its own, on a display of its own: the only window there, it always has focus
 * (two windows on one display would leave one of them unfocused, failing `:focus-within` and key
 * presses). A page is reused for the next test file, as the Chromium launcher reuses its pages.
 */
import { fileURLToPath } from 'node:url';
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
/** GTK styles for MiniBrowser's window (webkit-gtk/gtk-3.0/gtk.css): without them it cannot narrow below 447 px. */
const GTK_CONFIG = fileURLToPath(new URL('./webkit-gtk', import.meta.url));
const READY_TIMEOUT_MS = 20_000;

/** Every process started here, ended when Node exits however it exits. */
const children = new Set();
process.once('exit', () => {
  for (const child of children) child.kill();
});

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

  /** @type {WebKitPage[]} */
  #idle = [];
  /** @type {WebKitPage[]} */
  #all = [];
  /** @type {Map<string, WebKitPage>} */
  #active = new Map();

  constructor({ driver, browser, xvfb, concurrency }) {
    this.paths = { driver, browser, xvfb };
    this.concurrency = concurrency;
  }

  async startSession(sessionId, url) {
    let page = this.#idle.pop();
    if (!page) {
      page = await openWebKit(this.paths);
      this.#all.push(page);
    }
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

  async sendKeys(sessionId, keys) {
    await this.#page(sessionId).press(keys);
  }

  async stop() {
    await Promise.allSettled(this.#all.map((page) => page.close()));
  }

  #page(sessionId) {
    const page = this.#active.get(sessionId);
    if (!page) throw new Error(`WebKit launcher: no page for session ${sessionId}`);
    return page;
  }
}

/**
 * A MiniBrowser window of `viewport` size (without the browser's own bars), alone on an X
 * display of its own, and its WebDriver session.
 * @param {{ driver: string, browser: string, xvfb: string }} paths
 */
export async function openWebKit(paths, viewport = VIEWPORT) {
  const processes = [];
  const start = (command, args, env, stdio = ['ignore', 'ignore', 'inherit']) => {
    const child = spawn(command, args, { stdio, env: { ...process.env, ...env } });
    children.add(child);
    child.once('exit', () => children.delete(child));
    processes.push(child);
    return child;
  };
  try {
    const display = await startDisplay(start, paths.xvfb);
    const port = await freePort();
    // MiniBrowser inherits the driver's environment: its GTK styles let its window narrow to any viewport.
    const driver = start(paths.driver, [`--port=${port}`], { DISPLAY: display, XDG_CONFIG_HOME: GTK_CONFIG });
    const page = new WebKitPage(`http://127.0.0.1:${port}`, processes);
    await page.waitUntilReady(driver);
    await page.open(paths.browser);
    await page.fitViewport(viewport);
    return page;
  } catch (error) {
    for (const child of processes) child.kill();
    throw error;
  }
}

/** Starts Xvfb on the first free display number, which it writes to file descriptor 3. */
async function startDisplay(start, xvfb) {
  const child = start(xvfb, ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {}, ['ignore', 'ignore', 'pipe', 'pipe']);
  let stderr = '';
  child.stdio[2].on('data', (chunk) => (stderr += chunk));
  const number = await Promise.race([
    once(child.stdio[3], 'data').then(([chunk]) => chunk.toString().trim()),
    once(child, 'exit').then(([code]) => {
      throw new Error(`Xvfb exited with ${code}: ${stderr.trim()}`);
    }),
  ]);
  return `:${number}`;
}

/** One WebKitWebDriver and the MiniBrowser session it drives. */
class WebKitPage {
  /** @type {string | undefined} */
  #session;

  constructor(base, processes) {
    this.base = base;
    this.processes = processes;
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
    const { sessionId, capabilities } = await this.#request('POST', '/session', {
      capabilities: {
        alwaysMatch: {
          browserName: 'MiniBrowser',
          'webkitgtk:browserOptions': { binary, args: ['--automation'] },
        },
      },
    });
    this.#session = sessionId;
    this.capabilities = capabilities;
  }

  /**
   * Sizes the window so that the page's own viewport (without the browser's chrome) is `size`,
   * over the screen's centre: with no window manager on the display, the window under the
   * pointer (which rests there) has the keyboard's focus, and a page in a window without it
   * shows no focus ring (a narrow window at the screen's corner had none).
   */
  async fitViewport(size) {
    await this.command('POST', '/window/rect', size);
    const [width, height, screenWidth, screenHeight] = await this.evaluate('return [innerWidth, innerHeight, screen.width, screen.height]');
    const outer = { width: 2 * size.width - width, height: 2 * size.height - height };
    const centred = { x: Math.max(0, Math.round((screenWidth - outer.width) / 2)), y: Math.max(0, Math.round((screenHeight - outer.height) / 2)) };
    await this.command('POST', '/window/rect', { ...outer, ...centred });
  }

  /** Runs a script body in the page and returns its result. */
  evaluate(script, args = []) {
    return this.command('POST', '/execute/sync', { script, args });
  }

  /** Runs a script body that calls its last argument with the result, when it has one. */
  evaluateAsync(script, args = []) {
    return this.command('POST', '/execute/async', { script, args });
  }

  /** Presses each key in turn: a name from KEYS or a single character. */
  async press(keys) {
    const actions = keys.flatMap((key) => {
      const value = KEYS[key] ?? key;
      if ([...value].length !== 1) throw new Error(`WebKit: unknown key "${key}"`);
      return [{ type: 'keyDown', value }, { type: 'keyUp', value }];
    });
    await this.command('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
  }

  command(method, path, body) {
    return this.#request(method, `/session/${this.#session}${path}`, body);
  }

  async close() {
    try {
      if (this.#session) await this.#request('DELETE', `/session/${this.#session}`);
    } finally {
      for (const child of this.processes) child.kill();
    }
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
