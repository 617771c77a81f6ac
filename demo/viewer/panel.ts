import { html, nothing, type TemplateResult } from 'lit';
import type { AdapterProblem } from '../../src/adapters/index.js';
import type { RecentFile } from './recent.js';
import { FINISHED, type ConversationSummary, type RunSummary, type TokenUsage } from './runs.js';

/**
 * The viewer's side panel and recent-files list, as plain template functions: they hold no
 * state, so the element stays a thin layer of events over them.
 */

export function renderProblems(problems: readonly AdapterProblem[]): TemplateResult {
  return html`<section class="problems" aria-labelledby="problems-title">
    <h3 id="problems-title">Problems (${problems.length})</h3>
    ${problems.length === 0
      ? html`<p class="meta">Every line and item was read.</p>`
      : html`<ol>
          ${problems.map(renderProblem)}
        </ol>`}
  </section>`;
}

/** The place in bold; adapters often start their message with it already, so it is not said twice. */
function renderProblem(problem: AdapterProblem): TemplateResult {
  const place = problemPlace(problem);
  const saysPlace = problem.message.startsWith(place) && !/^\d/.test(problem.message.slice(place.length));
  const rest = saysPlace ? problem.message.slice(place.length) : ` ${problem.message}`;
  return html`<li><strong class="where">${place}</strong>${rest}</li>`;
}

/** Line numbers first (what a reader looks up in an editor), else the 0-based position. */
export function problemPlace(problem: AdapterProblem): string {
  if (problem.line !== undefined) return `Line ${problem.line}`;
  if (problem.index !== undefined) return `Item ${problem.index}`;
  return 'File';
}

export function renderSummary(summary: ConversationSummary): TemplateResult {
  return html`<section aria-labelledby="summary-title">
    <h3 id="summary-title">Conversation</h3>
    <dl>
      <dt>Messages</dt>
      <dd>${number(summary.messageCount)}</dd>
      <dt>Items</dt>
      <dd>${number(summary.itemCount)}</dd>
      <dt>Kinds</dt>
      <dd>${summary.kinds.map(({ kind, count }) => `${kind} ${number(count)}`).join(', ') || 'none'}</dd>
      <dt>Stopped</dt>
      <dd>${stoppedText(summary)}</dd>
      <dt>Failed tools</dt>
      <dd>${number(summary.failedToolResults)}</dd>
      ${summary.usage ? html`<dt>Tokens</dt><dd>${usageText(summary.usage)}</dd>` : nothing}
    </dl>
  </section>`;
}

function stoppedText(summary: ConversationSummary): string {
  if (summary.stoppedMessages.length === 0) return 'none';
  return summary.stoppedMessages.map((stop) => `message ${stop.number} (${stop.role}): ${stop.reason}`).join('; ');
}

export function renderRuns(runs: readonly RunSummary[]): TemplateResult {
  if (runs.length === 0) return html``;
  return html`<section aria-labelledby="runs-title">
    <h3 id="runs-title">Runs (${runs.length})</h3>
    <ol class="runs">
      ${runs.map((run, index) => renderRun(run, index))}
    </ol>
  </section>`;
}

function renderRun(run: RunSummary, index: number): TemplateResult {
  const classes = [run.parentCallId ? 'subagent' : '', run.stopped ? 'stopped' : ''].join(' ');
  return html`<li class=${classes} data-run-id=${run.runId}>
    <h4>
      Run ${index + 1}${run.parentCallId ? html`<span class="badge">Sub-agent</span>` : nothing}${run.stopped
        ? html`<span class="badge">Stopped</span>`
        : nothing}
    </h4>
    <dl>
      ${run.parentCallId
        ? html`<dt>Sub-agent</dt><dd>${run.subagent ?? 'unknown'} (started by call ${run.parentCallId})</dd>`
        : nothing}
      <dt>Model</dt>
      <dd>${run.model ?? 'unknown'}${run.provider ? ` (${run.provider})` : ''}</dd>
      <dt>Tokens</dt>
      <dd>${run.usage ? usageText(run.usage) : 'not reported'}</dd>
      <dt>Stop</dt>
      <dd>${run.stopReason === FINISHED ? FINISHED : run.stopReason}</dd>
      ${run.toolCalls.length > 0 ? html`<dt>Tools</dt><dd>${run.toolCalls.join(', ')}</dd>` : nothing}
      <dt>Run id</dt>
      <dd><code>${run.runId}</code></dd>
    </dl>
  </li>`;
}

export function usageText(usage: TokenUsage): string {
  const part = (value: number | null) => (value === null ? '?' : number(value));
  return `${part(usage.input)} in · ${part(usage.output)} out · ${part(usage.total)} total`;
}

export function renderRecent(
  entries: readonly RecentFile[],
  onOpen: (entry: RecentFile) => void,
  onClear: () => void,
): TemplateResult {
  return html`<section aria-labelledby="recent-title">
    <h2 id="recent-title">Recent files</h2>
    ${entries.length === 0
      ? html`<p class="meta">Files you open are listed here (kept in this browser only).</p>`
      : html`<ul class="recent-list">
          ${entries.map(
            (entry) => html`<li>
              <button type="button" class="recent" @click=${() => onOpen(entry)}>${entry.name}</button>
              <span class="meta">${recentMeta(entry)}</span>
            </li>`,
          )}
        </ul>`}
    <button type="button" class="clear-recent" ?disabled=${entries.length === 0} @click=${onClear}>Clear recent</button>
  </section>`;
}

function recentMeta(entry: RecentFile): string {
  const parts = [formatBytes(entry.size), formatDate(entry.openedAt)];
  if (entry.text === undefined) parts.push('too large to keep: open it again');
  return parts.join(' · ');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function number(value: number): string {
  return value.toLocaleString('en');
}
