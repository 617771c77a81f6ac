/**
 * Test-server plugin for the framework tests (test/frameworks/):
 *
 * - `react`, `react-dom`, `react-dom/client`: React ships CommonJS, which browsers cannot import;
 *   they are served as ES modules bundled by esbuild, sharing one React.
 * - `vue`: Vue's browser build with its template compiler (what a host aliases for in-DOM templates).
 * - `POST /__frameworks/ssr` with items as JSON: the HTML `renderConversation` (src/ssr) makes of
 *   them in a Node process of its own.
 */
import { build } from 'esbuild';
import { execFile } from 'node:child_process';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CACHE = join(ROOT, 'node_modules/.cache/display-kit-frameworks');
const VENDOR_PATH = '/__frameworks/vendor/';
const SSR_PATH = '/__frameworks/ssr';

/** Bare specifier → the file name it is served as. */
const VENDOR = { react: 'react.js', 'react-dom': 'react-dom.js', 'react-dom/client': 'react-dom-client.js' };
const VUE = '/node_modules/vue/dist/vue.esm-browser.js';

/** Renders the items on stdin (or `{items, options}`) with the SSR bundle named by argv[1]. */
const RENDER_SCRIPT = `
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
const { renderConversation } = await import(pathToFileURL(process.argv[1]).href);
const input = JSON.parse(readFileSync(0, 'utf8'));
const [items, options] = Array.isArray(input) ? [input, {}] : [input.items, input.options];
process.stdout.write(await renderConversation(items, options));
`;

/**
 * The server's own zone and language, unlike any reader's: what it draws in them (times) must be
 * drawn again in the reader's once the page hydrates.
 */
const SERVER_ENV = { ...process.env, TZ: 'Pacific/Kiritimati', LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8' };

export function frameworksPlugin() {
  let vendor = null;
  let ssr = null;
  return {
    name: 'display-kit-frameworks',
    resolveImport({ source }) {
      if (Object.hasOwn(VENDOR, source)) return VENDOR_PATH + VENDOR[source];
      if (source === 'vue') return VUE;
      return undefined;
    },
    async serve(context) {
      if (context.path.startsWith(VENDOR_PATH)) {
        vendor ??= bundleVendor();
        const body = (await vendor).get(context.path.slice(VENDOR_PATH.length));
        return body === undefined ? undefined : { body, type: 'js' };
      }
      if (context.path === SSR_PATH && context.method === 'POST') {
        ssr ??= bundleSsr();
        return { body: await renderInNode(await ssr, await readBody(context.req)), type: 'txt' };
      }
      return undefined;
    },
  };
}

/** React's CommonJS entry points as ES modules with named exports, one shared React chunk. */
async function bundleVendor() {
  const exportNames = await commonJsExports(Object.keys(VENDOR));
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(VENDOR).map(([name, file]) => ({ in: `vendor:${name}`, out: file.replace(/\.js$/, '') })),
    bundle: true,
    splitting: true,
    format: 'esm',
    write: false,
    outdir: join(CACHE, 'vendor'),
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'named-exports',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^vendor:/ }, ({ path }) => ({ path: path.slice('vendor:'.length), namespace: 'vendor' }));
          esbuild.onLoad({ filter: /.*/, namespace: 'vendor' }, ({ path }) => ({
            contents: reexportCommonJs(path, exportNames[path]),
            resolveDir: ROOT,
          }));
        },
      },
    ],
  });
  return new Map(result.outputFiles.map((file) => [basename(file.path), file.text]));
}

/** The export names of CommonJS modules, read in a Node process of its own (not this one's console). */
async function commonJsExports(specifiers) {
  const script = `console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(specifiers)}.map((s) => [s, Object.keys(require(s))]))))`;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { cwd: ROOT });
  return JSON.parse(stdout);
}

function reexportCommonJs(specifier, names) {
  const named = names.filter((name) => name !== 'default' && /^[A-Za-z_$][\w$]*$/.test(name));
  return `import m from ${JSON.stringify(specifier)};\nexport default m;\nexport const { ${named.join(', ')} } = m;\n`;
}

/** src/ssr for Node, dependencies left to Node's own resolution (their `node` builds). */
async function bundleSsr() {
  const outfile = join(CACHE, 'ssr.mjs');
  await build({
    absWorkingDir: ROOT,
    entryPoints: ['src/ssr/index.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    tsconfig: 'tsconfig.json',
    outfile,
    logLevel: 'silent',
  });
  return outfile;
}

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function renderInNode(bundle, itemsJson) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ['--input-type=module', '-e', RENDER_SCRIPT, bundle],
      { cwd: ROOT, maxBuffer: 64 * 1024 * 1024, env: SERVER_ENV },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    child.stdin.end(itemsJson);
  });
}
