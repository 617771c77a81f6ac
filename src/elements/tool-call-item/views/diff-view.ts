import { css, html, nothing, type TemplateResult } from 'lit';
import type { DiffHunk, DiffLine, DiffView, FileDiff } from '../../../model/tool-views/types.js';
import type { BuiltinViewContext } from './context.js';
import { wordsOf } from './words.js';
import { foldButton, isUnfolded } from './fold.js';

/** Unchanged lines shown on each side of a change; further ones fold behind a button. */
const CONTEXT_LINES = 3;

/**
 * File changes as diffs: per file its path and what happened to it, then its lines with their
 * old and new numbers and a visible sign, so a change never reads by colour alone; assistive
 * technology hears "Added:" or "Removed:" before each changed line (the sign is hidden from it).
 */
export function renderDiff(view: DiffView, context: BuiltinViewContext): TemplateResult {
  if (view.files.length === 0) return html`<p class="view-note">${context.text.noOutput}</p>`;
  return html`${view.files.map((file, index) => renderFile(file, `diff-${index}`, context))}`;
}

function renderFile(file: FileDiff, key: string, context: BuiltinViewContext): TemplateResult {
  const words = wordsOf(context);
  const change = words.fileChange[file.change];
  return html`<div part="diff" class="diff">
    <p part="path" class="path file-path" id=${`${key}-path`} dir="auto">${file.path ?? ''}<span class="change">${change}</span></p>
    <div class="diff-lines ${numbered(file) ? '' : 'unnumbered'}" role="group" aria-labelledby=${`${key}-path`} tabindex="0">
      ${file.hunks.map((hunk, index) => html`${index > 0 ? html`<div class="hunk-gap" aria-hidden="true">⋯</div>` : nothing}${renderHunk(hunk, `${key}-${index}`, context)}`)}
    </div>
  </div>`;
}

/** Whether the diff knows its line numbers: an edit given as old and new text does not, and its gutter would be empty. */
function numbered(file: FileDiff): boolean {
  return file.hunks.some((hunk) => hunk.lines.some((line) => line.oldNumber !== null || line.newNumber !== null));
}

/** A hunk's lines, runs of context far from any change folded. */
function renderHunk(hunk: DiffHunk, key: string, context: BuiltinViewContext): TemplateResult[] {
  const shown: TemplateResult[] = [];
  for (const run of runsOf(hunk.lines)) {
    if (!run.folded) {
      shown.push(...run.lines.map((line) => renderLine(line, context)));
      continue;
    }
    const runKey = `${key}-${run.start}`;
    shown.push(html`<div class="fold-row">${foldButton(context, runKey, wordsOf(context).showUnchanged(run.lines.length))}</div>`);
    if (isUnfolded(context, runKey)) shown.push(...run.lines.map((line) => renderLine(line, context)));
  }
  return shown;
}

interface Run {
  start: number;
  lines: DiffLine[];
  folded: boolean;
}

/** The hunk cut into runs: lines near a change (or changed), and unchanged lines further than `CONTEXT_LINES` from any. */
export function runsOf(lines: readonly DiffLine[]): Run[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.sign === ' ') return;
    for (let i = Math.max(0, index - CONTEXT_LINES); i <= Math.min(lines.length - 1, index + CONTEXT_LINES); i++) near[i] = true;
  });
  const runs: Run[] = [];
  lines.forEach((line, index) => {
    // A run of one line folds nothing: the button would take its place.
    const folded = !near[index];
    const last = runs.at(-1);
    if (last && last.folded === folded) last.lines.push(line);
    else runs.push({ start: index, lines: [line], folded });
  });
  return runs.map((run) => (run.folded && run.lines.length < 2 ? { ...run, folded: false } : run));
}

function renderLine(line: DiffLine, context: BuiltinViewContext): TemplateResult {
  const kind = line.sign === '+' ? 'added' : line.sign === '-' ? 'removed' : 'same';
  const said = line.sign === '+' ? wordsOf(context).lineAdded : line.sign === '-' ? wordsOf(context).lineRemoved : null;
  return html`<div class="diff-line ${kind}">
    <span class="number" aria-hidden="true">${line.oldNumber ?? ''}</span><span class="number" aria-hidden="true">${line.newNumber ?? ''}</span><span class="sign" aria-hidden="true">${line.sign === '-' ? '−' : line.sign}</span><code class="text">${said ? html`<span class="visually-hidden">${said} </span>` : nothing}${line.text}</code>
  </div>`;
}

export const diffStyles = css`
  .diff {
    display: grid;
    gap: calc(var(--_space) / 2);
    min-width: 0;
  }

  .diff-lines {
    display: grid;
    grid-template-columns: auto auto auto minmax(max-content, 1fr);
    overflow-x: auto;
    padding-block: calc(var(--_space) / 2);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    font-family: var(--_font-mono);
    font-size: var(--_font-size-small);
    line-height: 1.45;
  }

  .diff-lines.unnumbered {
    grid-template-columns: auto minmax(max-content, 1fr);
  }

  .unnumbered .number {
    display: none;
  }

  .diff-line {
    display: grid;
    grid-column: 1 / -1;
    grid-template-columns: subgrid;
  }

  .diff-line.added {
    --_diff-bg: var(--dk-diff-added-background, light-dark(#dafbe1, rgb(46 160 67 / 0.18)));
    background: var(--_diff-bg);
  }

  .diff-line.removed {
    --_diff-bg: var(--dk-diff-removed-background, light-dark(#ffebe9, rgb(248 81 73 / 0.18)));
    background: var(--_diff-bg);
  }

  .number {
    min-width: 2ch;
    padding-inline: 0.5ch;
    text-align: end;
    color: var(--_fg-muted);
    user-select: none;
    font-variant-numeric: tabular-nums;
  }

  .sign {
    padding-inline: 0.5ch;
    user-select: none;
  }

  .added .sign { color: var(--_success); }
  .removed .sign { color: var(--_danger); }

  .text {
    font: inherit;
    padding-inline-end: var(--_space);
    white-space: pre;
  }

  .fold-row,
  .hunk-gap {
    grid-column: 1 / -1;
    padding: 0.15em var(--_space);
    color: var(--_fg-muted);
  }

  @media (forced-colors: active) {
    .diff-line.added,
    .diff-line.removed {
      border-inline-start: 2px solid CanvasText;
    }
  }
`;
