#!/usr/bin/env node
/**
 * The one test command (`npm test`): makes sure a browser exists, then type-checks, checks that
 * custom-elements.json is current, builds and lints the package, and runs every test in Chromium.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { findChrome } from './browser.mjs';

function run(command, args, label) {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

function ensureBrowser() {
  if (findChrome()) return;
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('No Chrome/Chromium found: installing Debian\'s chromium with apt-get…');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!findChrome()) {
    console.error(
      'No Chrome/Chromium found. Install one (Debian/Ubuntu: `sudo apt-get install chromium`) ' +
        'or point CHROME_PATH at an existing Chrome/Chromium binary, then run `npm test` again.',
    );
    process.exit(1);
  }
}

ensureBrowser();
run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], 'Type-check');
run('node', ['scripts/check-manifest.mjs'], 'custom-elements.json is current');
run('npm', ['run', 'build'], 'Build (per-module, framework entries, no-build bundle)');
run('npm', ['run', 'lint:package'], 'Package lint (generated wrappers current, publint, attw)');
run('npx', ['wtr'], 'Browser tests (Chromium)');
