#!/usr/bin/env node
/**
 * The one test command (`npm test`): makes sure the browsers exist, then type-checks, lints, checks
 * that no hand-written file in src/ is over 400 lines and that custom-elements.json and the docs'
 * snippets are current, builds and lints the package, checks its sizes, runs every browser test
 * in Chromium, Firefox and WebKit, builds and opens the examples from the packed package, builds
 * Storybook and runs the story tests (play functions and axe, light and dark) and the visual suite
 * (every story against its baseline screenshot) in Chromium, Firefox and WebKit. The folders with
 * an install of their own (test/, examples/, tools/lint/) are installed by the step that needs
 * them, when missing (scripts/lib/install.mjs): CI runs `npm ci` at the root, then this.
 *
 * The test runners close with `N passed, N failed, N skipped`; this script adds them up and
 * prints the combined line last. A failed step makes it exit non-zero; the checks before the
 * tests stop it at once, the test steps all run so that the closing line counts everything.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { DEBIAN_PACKAGES, FINDERS, selectedEngines } from '../lib/browser.mjs';
import { FAILED_MARK } from './summary-reporter.mjs';

// How long each step took, printed before the closing line: CI has a time limit, and a step that
// grows should show which one it is.
const timings = [];
async function timed(label, step) {
  const started = Date.now();
  const result = await step();
  timings.push({ label, seconds: Math.round((Date.now() - started) / 1000) });
  return result;
}

async function run(command, args, label) {
  console.log(`\n▶ ${label}`);
  const result = await timed(label, () => spawnSync(command, args, { stdio: 'inherit', env: process.env }));
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

/**
 * Installs from Debian the engines that are missing (when root, with apt-get), or says what to
 * install. `ENGINES` (e.g. `ENGINES=chromium npm test`) limits the run to some engines.
 */
function ensureEngines(engines) {
  const missing = () => engines.filter((engine) => !FINDERS[engine]());
  if (missing().length === 0) return;
  const packages = missing().flatMap((engine) => DEBIAN_PACKAGES[engine]);
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log(`Missing ${missing().join(', ')}: installing Debian's ${packages.join(' ')} with apt-get…`);
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (missing().length > 0) {
    console.error(
      `No ${missing().join(', ')} found. Install ${packages.join(' ')} (Debian/Ubuntu: \`sudo apt-get install ${packages.join(' ')}\`), ` +
        `or point CHROME_PATH / FIREFOX_PATH at a browser, or run fewer engines (ENGINES=${engines.filter((e) => !missing().includes(e)).join(',') || 'chromium'} npm test).`,
    );
    process.exit(1);
  }
}

const engines = selectedEngines();
ensureEngines(engines);
// `npm run typecheck` first installs test/'s agent libraries when missing (scripts/lib/install.mjs).
await run('npm', ['run', 'typecheck'], 'Type-check');
await run('node', ['scripts/check/lint.mjs'], 'Lint (ESLint and lit-analyzer over src/, no warning allowed)');
await run('node', ['scripts/check/check-layout.mjs'], 'Layout (no hand-written src/ file over 400 lines)');
await run('node', ['scripts/check/check-manifest.mjs'], 'custom-elements.json and the editor data made from it are current');
await run('node', ['scripts/check/check-docs.mjs'], 'Docs snippets match the examples');
await run('npm', ['run', 'build'], 'Build (per-module, framework entries, no-build bundle)');
await run('npm', ['run', 'lint:package'], 'Package lint (generated wrappers current, publint, attw)');
await run('node', ['scripts/check/size.mjs', '--check'], 'Sizes (gzip per entry point, within budget)');
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped\s*$/;
const stripAnsi = (text) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** Runs a step, echoing its output, and resolves to its exit code and last summary line (if any). */
function runCaptured(command, args, label, env = {}) {
  console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'inherit'], env: { ...process.env, ...env } });
    let pending = '';
    let summary = null;
    const scan = (line) => {
      const plain = stripAnsi(line).trim();
      if (plain.startsWith(FAILED_MARK)) failedTests.push(plain);
      const match = SUMMARY.exec(plain);
      if (match) summary = { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3]) };
    };
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const lines = (pending + chunk.toString('utf8')).split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(scan);
    });
    child.on('error', (error) => {
      console.error(error.message);
      resolve({ status: 1, summary });
    });
    child.on('close', (code) => {
      scan(pending);
      resolve({ status: code ?? 1, summary });
    });
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
// The failed tests' own lines, repeated at the end, where the tail of a CI log shows them.
const failedTests = [];

async function testStep(command, args, label, env) {
  const { status, summary } = await timed(label, () => runCaptured(command, args, label, env));
  if (summary) {
    totals.passed += summary.passed;
    totals.failed += summary.failed;
    totals.skipped += summary.skipped;
  }
  if (status !== 0 || !summary) {
    failures.push(label);
    // A runner that failed without reporting a failed test (it crashed, or ran nothing) still counts as one failure.
    if (!summary || summary.failed === 0) totals.failed += 1;
  }
}

const storybookEnv = { STORYBOOK_DISABLE_TELEMETRY: '1' };
await testStep('npx', ['wtr'], `Browser tests (${engines.join(', ')})`);
await testStep('npm', ['run', 'test:node'], 'Node tests (the editor data: VS Code custom data and web-types, schemas, completions from the language services; the build\'s CSS minifier; the compile hint in the no-build bundle, the Vite plugin and esbuild\'s banner)');
await testStep('npm', ['run', 'test:examples'], 'Examples (the packed package in React 19 and 18, Vue, Svelte, SvelteKit, Astro, Next.js, Nuxt, Angular, a plain page, SSR, the agent libraries live)');
console.log('\n▶ Storybook build (storybook-static/)');
const build = await timed('Storybook build', () =>
  spawnSync('npm', ['run', 'build-storybook'], { stdio: 'inherit', env: { ...process.env, ...storybookEnv } }),
);
if (build.status !== 0) {
  failures.push('Storybook build');
  totals.failed += 1;
}
if (engines.includes('chromium')) {
  await testStep('npm', ['run', 'test:stories'], 'Story tests in Chromium (every story in light and dark: play functions, axe)', storybookEnv);
}
if (build.status === 0) {
  await testStep('npm', ['run', 'test:stories:engines'], 'Story tests and screenshots in Chromium, Firefox and WebKit (the built stories, light and dark, and forced colours in Chromium: play functions, axe, baselines)');
}

console.log('\nTime per step:');
for (const { label, seconds } of timings) console.log(`${String(seconds).padStart(6)} s  ${label.replace(/ \(.*$/, '')}`);
for (const label of failures) console.log(`✖ ${label} failed`);
for (const line of failedTests) console.log(line);
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length > 0 ? 1 : 0);
