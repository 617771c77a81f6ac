import assert from 'node:assert/strict';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { test } from 'node:test';

/**
 * ARCHITECTURE.md stays true to the tree: every repository path it names exists, and every name
 * it puts in brackets beside a file (`src/model/normalize.ts` (`normalizeItem`)) is in that file.
 *
 * What counts as a path, in backticks (each word of a command too) or as a link's target:
 * - a path under one of the repository's own folders (`src/…`, `test/…`, `scripts/…`, `docs/…`,
 *   `stories/…`, `examples/…`, `themes/…`, `tools/…`, `demo/…`, `editor/…`, `.storybook/…`);
 *   one that ends in `/` must be a folder;
 * - a bare file name with a file's extension (`package.json`, `vite.config.ts`): a file at the root.
 * Left out: globs and placeholders (a word with `*`, `<`, `>`, `{`, `…`), web addresses, package
 * names (`display-kit/define`, `@lit/react`) and anchors (`#…`, dropped from a path before it is
 * looked up). So a file inside a folder is always named by its whole path.
 */

const ROOT = new URL('../../', import.meta.url);
const DOC = 'ARCHITECTURE.md';
const FOLDERS = ['src', 'test', 'scripts', 'docs', 'stories', 'examples', 'themes', 'tools', 'demo', 'editor', '.storybook'];
const UNDER_FOLDER = new RegExp(`^(?:${FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|')})/`);
const ROOT_FILE = /^[\w.-]+\.(?:json|md|mjs|cjs|js|ts|mts|html|css|ya?ml)$/;
const PLACEHOLDER = /[*<>{}…]/;

function exists(path) {
  return existsSync(new URL(path, ROOT));
}

/** The word as a repository path, or null when it is not one by the rules above. */
function asPath(word) {
  const path = word.replace(/^[('"]+|[)'",.:;]+$/g, '').replace(/#.*$/, '');
  if (!path || PLACEHOLDER.test(path) || /^[a-z]+:/.test(path)) return null;
  if (UNDER_FOLDER.test(path) || ROOT_FILE.test(path)) return path;
  return null;
}

/** Every path the document names, with the line it is on. */
function namedPaths(text) {
  const found = [];
  text.split('\n').forEach((line, index) => {
    const words = [
      ...[...line.matchAll(/`([^`]+)`/g)].flatMap(([, code]) => code.split(/\s+/)),
      ...[...line.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target),
    ];
    for (const word of words) {
      const path = asPath(word);
      if (path) found.push({ path, line: index + 1 });
    }
  });
  return found;
}

/** `file` (`a`, `B.c`) pairs: each bracketed name beside a file, split at dots. */
function namesBesideFiles(text) {
  const pairs = [];
  for (const [, file, inside] of text.matchAll(/`([^`\s]+)` \(((?:`[\w$.]+`(?:, | or | and )?)+)\)/g)) {
    const path = asPath(file);
    if (!path || path.endsWith('/')) continue;
    for (const [, name] of inside.matchAll(/`([\w$.]+)`/g)) pairs.push({ file: path, name });
  }
  return pairs;
}

const text = readFileSync(new URL(DOC, ROOT), 'utf8');

test('ARCHITECTURE.md names only paths that exist', () => {
  const paths = namedPaths(text);
  assert.ok(paths.length > 50, `only ${paths.length} paths found: the rules above no longer read the document`);
  const missing = paths.filter(({ path }) => {
    if (!exists(path)) return true;
    return path.endsWith('/') && !statSync(new URL(path, ROOT)).isDirectory();
  });
  assert.deepEqual(missing.map(({ path, line }) => `${DOC}:${line}: ${path}`), []);
});

test('each name given beside a file is in that file', () => {
  const pairs = namesBesideFiles(text);
  assert.ok(pairs.length > 20, `only ${pairs.length} names beside files found`);
  const absent = pairs.filter(({ file, name }) => {
    if (!exists(file)) return false; // reported by the test above
    const source = readFileSync(new URL(file, ROOT), 'utf8');
    return name.split('.').some((part) => !new RegExp(`\\b${part.replace('$', '\\$')}\\b`).test(source));
  });
  assert.deepEqual(absent.map(({ file, name }) => `${file} has no ${name}`), []);
});

test('the rules read paths, and leave placeholders and packages alone', () => {
  assert.deepEqual(
    namedPaths('`src/model/normalize.ts` and `node --test test/build/x.test.mjs`, [live](docs/live.md#per-message), `package.json`'),
    [
      { path: 'src/model/normalize.ts', line: 1 },
      { path: 'test/build/x.test.mjs', line: 1 },
      { path: 'package.json', line: 1 },
      { path: 'docs/live.md', line: 1 },
    ],
  );
  assert.deepEqual(namedPaths('`src/elements/<tag>/` `src/**/*.ts` `display-kit/define` `@lit/react` [x](https://lit.dev)'), []);
  assert.deepEqual(namesBesideFiles('`src/a.ts` (`one`, `Two.three`)'), [
    { file: 'src/a.ts', name: 'one' },
    { file: 'src/a.ts', name: 'Two.three' },
  ]);
});
