#!/usr/bin/env node
/** Fails when the committed custom-elements.json differs from what the analyzer makes now. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

// The analyzer resolves --outdir against the working directory, so the scratch dir lives inside it.
mkdirSync('node_modules/.cache', { recursive: true });
const dir = mkdtempSync('node_modules/.cache/dk-manifest-');
try {
  const result = spawnSync('npx', ['cem', 'analyze', '--outdir', dir, '--quiet'], { encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr);
    process.exit(1);
  }
  const fresh = readFileSync(join(dir, 'custom-elements.json'), 'utf8');
  let committed = '';
  try {
    committed = readFileSync('custom-elements.json', 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (fresh.trim() !== committed.trim()) {
    console.error('custom-elements.json is stale: run `npm run analyze` and commit the result.');
    process.exit(1);
  }
  console.log('custom-elements.json is current.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
