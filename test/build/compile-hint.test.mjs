import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'vite';

// Chromium's compile hint (docs/frameworks.md), where the kit puts it and where it tells apps to.
const HINT = '//# allFunctionsCalledOnLoad\n';
// A page whose entry loads modules on first use, as the kit does.
const root = new URL('./compile-hint/', import.meta.url).pathname;

test("the no-build bundle and each of its chunks open with it, as `npm run build` left them", () => {
  // Read from disk: the test runner's server rewrites what it serves.
  const dist = new URL('../../dist/', import.meta.url);
  const bundle = readFileSync(new URL('display-kit.bundle.js', dist), 'utf8');
  const chunks = [...new Set(bundle.match(/display-kit\.bundle-[\w-]+\.js/g))];
  assert.ok(chunks.length >= 3, `the bundle names its chunks (${chunks.join(', ')})`);
  for (const file of ['display-kit.bundle.js', ...chunks]) {
    // V8 reads the magic comment on the first line only, and a minifier drops comments: so it is checked as built.
    const start = readFileSync(new URL(file, dist), 'utf8').slice(0, HINT.length + 20);
    assert.ok(start.startsWith(HINT), `${file} opens with the hint, not ${JSON.stringify(start)}`);
  }
});

/** The page built by Vite, with examples/vue/compile-hint.ts (its vite.config.ts) or without any config; source maps on. */
async function built(configFile) {
  const outDir = join(tmpdir(), `compile-hint-${configFile === false ? 'off' : 'on'}-${process.pid}`);
  await build({ root, configFile, logLevel: 'error', build: { outDir, emptyOutDir: true, sourcemap: true, minify: true } });
  const assets = join(outDir, 'assets');
  const chunks = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => ({ file, code: readFileSync(join(assets, file), 'utf8'), map: new SourceMap(JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8'))) }));
  rmSync(outDir, { recursive: true });
  return chunks;
}

/** Where `text` is in a built chunk, and where its map says it came from. */
function traced(chunk, text) {
  const lines = chunk.code.slice(0, chunk.code.indexOf(text)).split('\n');
  const entry = chunk.map.findEntry(lines.length - 1, lines.at(-1).length);
  return { line: lines.length, source: entry.originalSource?.split('/').at(-1), originalLine: entry.originalLine };
}

test('the Vite plugin apps are given opens each chunk with it, before Vite\'s own first line, and keeps the source maps true', async () => {
  const [plain, hinted] = [await built(false), await built(undefined)];
  const entry = (chunks) => chunks.find((chunk) => chunk.code.includes('marker-for-the-map'));
  assert.ok(entry(plain).code.startsWith('const __vite__mapDeps'), 'Vite writes its preload map first (else this page tests nothing)');
  for (const { file, code } of hinted) assert.ok(code.startsWith(HINT), `${file} opens with the hint: ${JSON.stringify(code.slice(0, 40))}`);
  const before = traced(entry(plain), 'marker-for-the-map');
  const after = traced(entry(hinted), 'marker-for-the-map');
  assert.equal(after.line, before.line + 1, 'the code moved one line down');
  assert.deepEqual([after.source, after.originalLine], [before.source, before.originalLine], 'and its map still points at the same line of main.js');
  assert.deepEqual([before.source, before.originalLine], ['main.js', 3]);
});

test("esbuild's banner, as docs/frameworks.md gives it to Phoenix, is the minified bundle's first line", () => {
  const outdir = join(tmpdir(), `compile-hint-esbuild-${process.pid}`);
  const esbuild = new URL('../../node_modules/.bin/esbuild', import.meta.url).pathname;
  const args = ['main.js', '--bundle', '--target=es2022', `--outdir=${outdir}`, '--minify', '--banner:js=//# allFunctionsCalledOnLoad'];
  const run = spawnSync(esbuild, args, { cwd: root, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const code = readFileSync(join(outdir, 'main.js'), 'utf8');
  rmSync(outdir, { recursive: true });
  assert.ok(code.startsWith(HINT) && code.includes('marker-for-the-map'), JSON.stringify(code.slice(0, 60)));
});
