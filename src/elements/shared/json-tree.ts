import { html, nothing, type TemplateResult } from 'lit';
import { CIRCULAR, TOO_DEEP, readEntries } from '../../model/safe-json.js';

/**
 * A collapsible JSON tree built from nested `<details>`, so folding works by keyboard with no
 * script of its own. Long strings and long lists are cut; the reader can ask for the rest.
 */
export interface JsonTreeState {
  /** Paths whose long string or list the reader chose to see whole. */
  expanded: ReadonlySet<string>;
  expand: (path: string) => void;
  labels: { showMore: string; items: (n: number) => string; keys: (n: number) => string };
}

const MAX_STRING = 160;
const MAX_ENTRIES = 100;
const MAX_DEPTH = 30;
/** Levels shown open at first: the top two, so a call's arguments read without a click. */
const OPEN_DEPTH = 2;

export function renderJsonTree(value: unknown, state: JsonTreeState): TemplateResult {
  return html`<div class="json-tree" role="group">${renderNode(value, '$', 0, state, new WeakSet())}</div>`;
}

function renderNode(value: unknown, path: string, depth: number, state: JsonTreeState, seen: WeakSet<object>): TemplateResult {
  if (value === null || value === undefined) return html`<span class="j-null">null</span>`;
  switch (typeof value) {
    case 'string':
      return renderString(value, path, state);
    case 'number':
    case 'bigint':
      return html`<span class="j-number">${String(value)}</span>`;
    case 'boolean':
      return html`<span class="j-boolean">${String(value)}</span>`;
    case 'object':
      break;
    default:
      return html`<span class="j-null">${String(value)}</span>`;
  }
  if (seen.has(value)) return html`<span class="j-null">${CIRCULAR}</span>`;
  if (depth >= MAX_DEPTH) return html`<span class="j-null">${TOO_DEEP}</span>`;
  return renderContainer(value, path, depth, state, seen);
}

function renderString(value: string, path: string, state: JsonTreeState): TemplateResult {
  const long = value.length > MAX_STRING && !state.expanded.has(path);
  return html`<span class="j-string">"${long ? value.slice(0, MAX_STRING) + '…' : value}"</span>${long
      ? html` <button type="button" class="more" @click=${() => state.expand(path)}>${state.labels.showMore}</button>`
      : nothing}`;
}

function renderContainer(value: object, path: string, depth: number, state: JsonTreeState, seen: WeakSet<object>): TemplateResult {
  const isArray = Array.isArray(value);
  const entries = readEntries(value) ?? [];
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  if (entries.length === 0) return html`<span class="j-punct">${open}${close}</span>`;
  const all = state.expanded.has(path);
  const shown = all ? entries : entries.slice(0, MAX_ENTRIES);
  const count = isArray ? state.labels.items(entries.length) : state.labels.keys(entries.length);
  seen.add(value);
  const children = shown.map(([key, child]) => {
    const childPath = `${path}/${key}`;
    return html`<li>${isArray ? nothing : html`<span class="j-key">"${key}"</span><span class="j-punct">: </span>`}${renderNode(child, childPath, depth + 1, state, seen)}</li>`;
  });
  seen.delete(value);
  return html`<details class="j-node" ?open=${depth < OPEN_DEPTH}>
    <summary><span class="j-punct">${open}</span><span class="j-count">${count}</span><span class="j-punct j-end">${close}</span></summary>
    <ul class="j-children">
      ${children}
      ${shown.length < entries.length
        ? html`<li><button type="button" class="more" @click=${() => state.expand(path)}>${state.labels.showMore} (${entries.length - shown.length})</button></li>`
        : nothing}
    </ul>
    <span class="j-punct j-close">${close}</span>
  </details>`;
}
