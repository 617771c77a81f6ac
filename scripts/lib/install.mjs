/**
 * The folders with an install of their own, apart from the root's: tools/lint/ (the linters, on
 * TypeScript 5.9), test/ (the agent libraries the tests read, which declare Node 22) and examples/
 * (each example's framework). Each has its own package-lock.json; the step that needs a folder
 * installs it (`npm ci`) when its node_modules is missing or older than that lock file, since CI
 * runs `npm ci` at the root and then `npm test` on a fresh machine.
 *
 * `node scripts/lib/install.mjs <folder>` does the same from the command line (`npm run typecheck`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What each folder holds, said once as it installs. */
const NOTES = {
  test: 'the agent libraries the adapter and live tests read; some declare Node 22, and they run in the test browsers, not in Node',
  examples: "each example's framework and agent library",
  'tools/lint': 'the linters, on a TypeScript with its JavaScript API',
};

/**
 * Whether `folder`'s install is as new as its lock: npm writes node_modules/.package-lock.json
 * on every install, so an older one means the lock changed since. `needs`: files under the folder
 * that must exist too.
 */
export function isInstalled(folder, needs = []) {
  const installed = join(ROOT, folder, 'node_modules/.package-lock.json');
  if (!existsSync(installed)) return false;
  const current = statSync(installed).mtimeMs >= statSync(join(ROOT, folder, 'package-lock.json')).mtimeMs;
  return current && needs.every((file) => existsSync(join(ROOT, folder, file)));
}

/** Installs `folder` exactly as locked (`npm ci --prefix folder`) unless it is current; throws when npm fails. */
export function ensureInstalled(folder, needs = []) {
  if (isInstalled(folder, needs)) return;
  console.log(`Installing ${folder}/ (npm ci): ${NOTES[folder] ?? 'its own dependencies'}…`);
  const started = Date.now();
  const result = spawnSync('npm', ['ci', '--prefix', folder, '--no-audit', '--no-fund'], { cwd: ROOT, stdio: 'inherit' });
  console.log(`  npm ci --prefix ${folder}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (result.status !== 0) throw new Error(`npm ci --prefix ${folder} failed (exit ${result.status ?? result.error?.message})`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    for (const folder of process.argv.slice(2)) ensureInstalled(folder);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
