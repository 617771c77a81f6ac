import { css, html, nothing, type TemplateResult } from 'lit';
import { ownValue } from '../../../model/guards.js';
import { humanizeCode } from '../../../model/humanize.js';
import type { BuiltinViewContext } from './context.js';

/** Output longer than this shows its first lines and a button for the rest. */
export const FOLD_LINES = 20;

/**
 * What the reader unfolded, per element: views are plain functions, and the element keeps one
 * context object for as long as it lives (`BuiltinViews`), so the folds it opened stay open
 * through every redraw (a status change, the result arriving) and go with it.
 */
const unfolded = new WeakMap<BuiltinViewContext, Set<string>>();

export function isUnfolded(context: BuiltinViewContext, key: string): boolean {
  return unfolded.get(context)?.has(key) ?? false;
}

/** Opens what `key` folds (or closes it again) and draws the element again. */
export function toggleFold(context: BuiltinViewContext, key: string): void {
  let keys = unfolded.get(context);
  if (!keys) unfolded.set(context, (keys = new Set()));
  if (!keys.delete(key)) keys.add(key);
  context.requestUpdate();
}

/** A button that shows what `key` folds away, and folds it again: the same button, so focus stays on it. */
export function foldButton(context: BuiltinViewContext, key: string, label: string): TemplateResult {
  const open = isUnfolded(context, key);
  return html`<button type="button" part="fold-button" class="action fold-button" aria-expanded=${open ? 'true' : 'false'}
    @click=${() => toggleFold(context, key)}>${open ? context.text.showLess : label}</button>`;
}

/** The first `FOLD_LINES` of `lines` unless the reader asked for all, and the button that does. */
export function foldLines<T>(lines: readonly T[], context: BuiltinViewContext, key: string): { shown: readonly T[]; button: TemplateResult | typeof nothing } {
  if (lines.length <= FOLD_LINES) return { shown: lines, button: nothing };
  const open = isUnfolded(context, key);
  return { shown: open ? lines : lines.slice(0, FOLD_LINES), button: foldButton(context, key, context.text.showAll(lines.length)) };
}

/**
 * A tool's failure as a reader should see it: a provider's code (`max_uses_exceeded`) in words,
 * the kit's own where it has them (`overloaded_error`), any other message as it came.
 */
export function renderViewError(error: string, context: BuiltinViewContext): TemplateResult {
  const code = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/.test(error.trim()) ? error.trim() : null;
  const words = code === null ? error : (ownValue(context.text.stopCategories, code) ?? humanizeCode(code));
  return html`<p part="error" class="view-error" dir="auto">${words}</p>`;
}

/** Lines of text; a last empty line (the text ended with a newline) is no line of its own. */
export function splitLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines.at(-1) === '') lines.pop();
  return lines;
}

/** What every view shares: its headings, the fold buttons, empty and failed states, paths. */
export const sharedViewStyles = css`
  .builtin-view {
    display: grid;
    gap: var(--_space);
    min-width: 0;
  }

  .view-note {
    margin: 0;
    color: var(--_fg-muted);
  }

  .view-error {
    margin: 0;
    color: var(--_danger);
  }

  .path {
    margin: 0;
    font-family: var(--_font-mono);
    overflow-wrap: anywhere;
  }

  .change {
    margin-inline-start: 0.5em;
    color: var(--_fg-muted);
    font-family: var(--_font);
  }

  .fold-button {
    justify-self: start;
  }
`;
