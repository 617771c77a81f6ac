#!/usr/bin/env node
/**
 * `npm run lint` (and a step of `npm test`): ESLint (typescript-eslint with type information, the
 * Lit and web-components plugins) and lit-analyzer (template bindings type-checked, strict) over
 * `src/`, with no warning allowed.
 *
 * Both run on TypeScript's JavaScript API, which the root's `typescript` 7 (the native compiler)
 * does not ship, so they live in `tools/lint/` with a TypeScript 5.9 of their own and their own
 * lock file. This script installs them there (scripts/lib/install.mjs) when they are missing or
 * older than that lock file.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ensureInstalled } from '../lib/install.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = {
  eslint: 'node_modules/eslint/bin/eslint.js',
  litAnalyzer: 'node_modules/@jackolope/lit-analyzer/cli.mjs',
};

/**
 * lit-analyzer findings that are the tool's mistake, each with why. One that no longer appears
 * fails the lint too, so that the list cannot outlive its reason.
 */
const LIT_ANALYZER_EXCEPTIONS = [
  {
    file: 'src/elements/message-list/log-templates.ts',
    message: "Type 'string' is not assignable to 'CSSStyleDeclaration'",
    why: "`.style=${text}` uses the DOM's `style` setter, which takes a string and (unlike a `style` attribute) passes a strict CSP; lit-analyzer reads the getter's type",
  },
  {
    file: 'src/elements/message-list/message-list.ts',
    message: "You are setting up an event listener with a non-callable type 'ReaderInput'",
    why: 'Lit takes a listener object with `handleEvent` and its options (`passive: true`); lit-analyzer expects a function',
  },
];

function timedRun(label, command, args, options = {}) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', ...options });
  console.log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

function eslint() {
  const args = [`tools/lint/${bin.eslint}`, '--config', 'tools/lint/eslint.config.js', '--max-warnings', '0', 'src'];
  return timedRun('ESLint', process.execPath, args, { stdio: 'inherit' }).status === 0;
}

/**
 * lit-analyzer's own exit code ignores warnings, so its findings are read from its `list` output:
 * a line naming the file, then one line per finding (`  12:4  error  message`).
 */
function litAnalyzer() {
  // src/react/ holds the generated React wrappers (no templates); its JSX typings declare the tags
  // again, and lit-analyzer then loses <message-list>'s properties in the SSR template.
  const args = [`tools/lint/${bin.litAnalyzer}`, 'src/*.ts', 'src/!(react)/**/*.ts', '--strict', '--format', 'list', '--noColor'];
  const result = timedRun('lit-analyzer', process.execPath, args);
  if (result.error || result.status === null) {
    console.error(result.error?.message ?? result.stderr);
    return false;
  }
  const findings = [];
  let file = '';
  for (const line of result.stdout.split('\n')) {
    const heading = /^\.\/(\S+)$/.exec(line.trim());
    if (heading) file = heading[1];
    const finding = /^\s+(\d+:\d+)\s+(error|warning)\s+(.*)$/.exec(line);
    if (finding) findings.push({ file, at: finding[1], severity: finding[2], message: finding[3].trim() });
  }
  const excepted = (finding) => LIT_ANALYZER_EXCEPTIONS.some((e) => e.file === finding.file && finding.message.startsWith(e.message));
  const problems = findings.filter((finding) => !excepted(finding));
  const stale = LIT_ANALYZER_EXCEPTIONS.filter((e) => !findings.some((f) => f.file === e.file && f.message.startsWith(e.message)));
  for (const f of problems) console.error(`${f.file}:${f.at}  ${f.severity}  ${f.message}`);
  for (const e of stale) console.error(`${e.file}: the exception "${e.message}" no longer applies: remove it from scripts/check/lint.mjs`);
  if (result.status !== 0 && findings.length === 0) console.error(result.stdout, result.stderr);
  const ok = problems.length === 0 && stale.length === 0 && (result.status === 0 || findings.length > 0);
  console.log(`  lit-analyzer: ${problems.length} problem(s), ${findings.length - problems.length} known exception(s)`);
  return ok;
}

ensureInstalled('tools/lint', Object.values(bin));
const eslintPassed = eslint();
const litPassed = litAnalyzer();
if (!eslintPassed || !litPassed) process.exit(1);
