#!/usr/bin/env node
/**
 * Docs that cannot drift: every code block in README.md and docs/*.md is copied from a
 * file under examples/, which `npm test` builds, type-checks and runs (test/examples). A block
 * names its source on the line above it:
 *
 *     <!-- snippet: examples/react19/src/Chat.tsx -->            the whole file
 *     <!-- snippet: examples/snippets/live.ts#actions -->        the lines between `#region actions`
 *                                                                and `#endregion` (in any comment)
 *
 * Shell commands, Phoenix templates and JSON shapes of the format (sh, heex, elixir, json) are
 * exempt: nothing here runs them. Every page under docs/ is checked, so a page added there is too.
 * Fails when a block differs from its source or names none; `--write` copies the sources in.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const DOCS = [
  'README.md',
  ...readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const EXEMPT = new Set(['sh', 'heex', 'elixir', 'json']);
const MARKER = /^<!-- snippet: (examples\/[^#\s]+)(?:#([\w-]+))? -->$/;
const FENCE = /^```(\S*)$/;

function readSource(path, region) {
  const lines = readFileSync(path, 'utf8').replace(/\n$/, '').split('\n');
  if (!region) return lines;
  const opening = new RegExp(`#region ${region}(\\s|$)`);
  const start = lines.findIndex((line) => opening.test(line));
  const end = lines.findIndex((line, i) => i > start && line.includes('#endregion'));
  if (start < 0 || end < 0) throw new Error(`${path} has no region "${region}" (#region ${region} … #endregion)`);
  return dedent(lines.slice(start + 1, end));
}

function dedent(lines) {
  const indents = lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)[0].length);
  const common = Math.min(...indents);
  return lines.map((line) => line.slice(common));
}

/** The doc with each marked block replaced by its source; the problems found on the way. */
function sync(doc) {
  const lines = readFileSync(doc, 'utf8').split('\n');
  const out = [];
  const problems = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i]);
    if (!fence) {
      out.push(lines[i]);
      continue;
    }
    const close = lines.findIndex((line, j) => j > i && line === '```');
    const body = lines.slice(i + 1, close);
    const marker = MARKER.exec(out.findLast((line) => line.trim() !== '') ?? '');
    if (marker) {
      const source = readSource(marker[1], marker[2]);
      if (source.join('\n') !== body.join('\n')) problems.push(`${doc}:${i + 1} differs from ${marker[1]}${marker[2] ? `#${marker[2]}` : ''}`);
      out.push(lines[i], ...source, '```');
    } else {
      if (!EXEMPT.has(fence[1])) problems.push(`${doc}:${i + 1}: a \`${fence[1] || 'plain'}\` block names no source (<!-- snippet: examples/… -->)`);
      out.push(...lines.slice(i, close + 1));
    }
    i = close;
  }
  return { text: out.join('\n'), problems };
}

const write = process.argv.includes('--write');
let failed = false;
for (const doc of DOCS) {
  const { text, problems } = sync(doc);
  if (write) writeFileSync(doc, text);
  for (const problem of problems) {
    if (write && problem.includes(' differs from ')) continue;
    console.error(`✖ ${problem}`);
    failed = true;
  }
}
if (failed) {
  console.error('Copy the examples into the docs with `npm run docs:sync` (a block with no source needs a marker first).');
  process.exit(1);
}
console.log(write ? 'Docs snippets copied from examples/.' : 'Every docs snippet matches its example.');
