#!/usr/bin/env node
/**
 * Fails when the committed custom-elements.json differs from what the analyzer makes now, or the
 * editor data made from it (editor/: VS Code custom data, web-types) differs from what
 * scripts/build/generate-editor-data.mjs makes from the fresh manifest.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { editorFiles, staleEditorFiles } from '../build/generate-editor-data.mjs';

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
  const stale = fresh.trim() !== committed.trim() ? ['custom-elements.json'] : [];
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  stale.push(...staleEditorFiles(editorFiles(JSON.parse(fresh), pkg)));
  if (stale.length > 0) {
    console.error(`${stale.join(', ')} ${stale.length === 1 ? 'is' : 'are'} stale: run \`npm run analyze\` (it writes editor/ too) and commit the result.`);
    process.exitCode = 1;
  } else {
    console.log('custom-elements.json and the editor data made from it are current.');
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
