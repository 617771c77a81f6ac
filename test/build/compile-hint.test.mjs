import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { SourceMap } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { build } from 'vite';

// examples/vue/compile-hint.ts, which docs/frameworks.md gives apps: a page whose entry loads a
// module on first use, built with and without it, source maps on.
const root = new URL('./compile-hint/', import.meta.url).pathname;

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

test('opens each chunk with the compile hint, before Vite\'s own first line, and keeps the source maps true', async () => {
  const [plain, hinted] = [await built(false), await built(undefined)];
  const entry = (chunks) => chunks.find((chunk) => chunk.code.includes('marker-for-the-map'));
  assert.ok(entry(plain).code.startsWith('const __vite__mapDeps'), 'Vite writes its preload map first (else this page tests nothing)');
  for (const { file, code } of hinted) assert.ok(code.startsWith('//# allFunctionsCalledOnLoad\n'), `${file} opens with the hint: ${JSON.stringify(code.slice(0, 40))}`);
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
  assert.ok(code.startsWith('//# allFunctionsCalledOnLoad\n') && code.includes('marker-for-the-map'), JSON.stringify(code.slice(0, 60)));
});
