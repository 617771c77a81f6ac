import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

// The no-build bundle as `npm run build` left it (the test runner's server rewrites what it serves).
const dist = new URL('../../dist/', import.meta.url);
const HINT = '//# allFunctionsCalledOnLoad\n';

test("the no-build bundle and each of its chunks open with Chromium's compile hint", () => {
  const bundle = readFileSync(new URL('display-kit.bundle.js', dist), 'utf8');
  const chunks = [...new Set(bundle.match(/display-kit\.bundle-[\w-]+\.js/g))];
  assert.ok(chunks.length >= 3, `the bundle names its chunks (${chunks.join(', ')})`);
  for (const file of ['display-kit.bundle.js', ...chunks]) {
    const start = readFileSync(new URL(file, dist), 'utf8').slice(0, HINT.length + 20);
    // V8 reads the magic comment on the first line only, and a minifier drops comments: so it is checked as built.
    assert.ok(start.startsWith(HINT), `${file} opens with the hint, not ${JSON.stringify(start)}`);
  }
});
