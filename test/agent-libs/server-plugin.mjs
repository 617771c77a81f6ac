/**
 * Test-server plugin for the adapter and live tests: the agent libraries the kit reads
 * (`openai`, `@anthropic-ai/sdk`, `@langchain/core`, `ai`, `@ag-ui/*`) served as ES modules
 * bundled by esbuild, as an app's bundler would ship them. Several pull in CommonJS
 * dependencies that a browser cannot import as the test server serves them. One build, with
 * shared chunks, so that two entry points of one library share its classes.
 */
import { build } from 'esbuild';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
// The libraries are installed in test/node_modules (test/package.json), apart from the root's.
const TESTS = join(ROOT, 'test');
const SERVED = '/__agent-libs/';

/** Bare specifier → whether it has a default export (entry files re-export it too). */
const LIBRARIES = {
  openai: true,
  '@anthropic-ai/sdk': true,
  '@langchain/core/messages': false,
  '@langchain/core/language_models/chat_models': false,
  '@langchain/core/outputs': false,
  '@langchain/core/load': false,
  ai: false,
  'ai/test': false,
  '@ag-ui/core': false,
  '@ag-ui/client': false,
  rxjs: false,
};

const fileOf = (specifier) => `${specifier.replace(/^@/, '').replace(/[/]/g, '-')}.js`;

export function agentLibsPlugin() {
  let bundled = null;
  return {
    name: 'display-kit-agent-libs',
    resolveImport({ source }) {
      return Object.hasOwn(LIBRARIES, source) ? SERVED + fileOf(source) : undefined;
    },
    async serve(context) {
      if (!context.path.startsWith(SERVED)) return undefined;
      bundled ??= bundleLibraries();
      const body = (await bundled).get(context.path.slice(SERVED.length));
      return body === undefined ? undefined : { body, type: 'js' };
    },
  };
}

async function bundleLibraries() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.keys(LIBRARIES).map((specifier) => ({ in: `agent-lib:${specifier}`, out: fileOf(specifier).replace(/\.js$/, '') })),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    outdir: join(ROOT, 'node_modules/.cache/display-kit-agent-libs'),
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'reexport',
        setup(esbuild) {
          esbuild.onResolve({ filter: /^agent-lib:/ }, ({ path }) => ({ path: path.slice('agent-lib:'.length), namespace: 'agent-lib' }));
          esbuild.onLoad({ filter: /.*/, namespace: 'agent-lib' }, ({ path }) => ({
            contents: `export * from ${JSON.stringify(path)};${LIBRARIES[path] ? `export { default } from ${JSON.stringify(path)};` : ''}`,
            resolveDir: TESTS,
          }));
        },
      },
    ],
  });
  return new Map(result.outputFiles.map((file) => [basename(file.path), file.text]));
}
