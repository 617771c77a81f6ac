import { html, nothing, type TemplateResult } from 'lit';
import { CIRCULAR, TOO_DEEP, readEntries } from '../../model/safe-json.js';

/**
 * A collapsible JSON tree built from nested `<details>`, so folding works by keyboard with no
 * script of its own. It reads as pretty-printed JSON: one entry a line, commas between entries,
 * each closing bracket under the line that opened it, and each fold's toggle at the start of its
 * line. Long strings and long lists are cut; the reader can ask for the rest.
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
/** A list or object with more entries starts folded (with its count), however deep it is. */
const OPEN_ENTRIES = 25;
/**
 * Lines shown open at first, in reading order: what comes after them starts folded. A folded
 * node's inside gets the same allowance once opened, so nothing opened shows stubs in it.
 */
const OPEN_LINES = 200;

interface Walk {
  state: JsonTreeState;
  seen: WeakSet<object>;
  /** Lines still to be shown open at first. */
  lines: number;
}

export function renderJsonTree(value: unknown, state: JsonTreeState): TemplateResult {
  const walk: Walk = { state, seen: new WeakSet(), lines: OPEN_LINES };
  return html`<div part="json" class="json-tree" role="group">${renderEntry(null, value, '$', 0, true, walk)}</div>`;
}

/** One entry (`"key": value,`, or a list's `value,`): a line, or a fold of lines. */
function renderEntry(key: string | null, value: unknown, path: string, depth: number, last: boolean, walk: Walk): TemplateResult {
  const head = key === null ? nothing : html`<span class="j-key">"${key}"</span><span class="j-punct">: </span>`;
  const comma = last ? nothing : html`<span class="j-punct">,</span>`;
  if (value !== null && typeof value === 'object' && !walk.seen.has(value) && depth < MAX_DEPTH) {
    const entries = readEntries(value) ?? [];
    if (entries.length > 0) return renderFold(value, entries, head, comma, path, depth, walk);
  }
  const long = typeof value === 'string' && value.length > MAX_STRING && !walk.state.expanded.has(path);
  return html`<div class="j-line">${head}${renderValue(value, depth, walk, long)}${comma}${long
      ? html` <button type="button" class="more" @click=${() => walk.state.expand(path)}>${walk.state.labels.showMore}</button>`
      : nothing}</div>`;
}

function renderValue(value: unknown, depth: number, walk: Walk, long: boolean): TemplateResult {
  if (value === null || value === undefined) return html`<span class="j-null">null</span>`;
  switch (typeof value) {
    case 'string':
      return html`<span class="j-string">"${long ? value.slice(0, MAX_STRING) + '…' : value}"</span>`;
    case 'number':
    case 'bigint':
      return html`<span class="j-number">${String(value)}</span>`;
    case 'boolean':
      return html`<span class="j-boolean">${String(value)}</span>`;
    case 'object':
      break;
    default:
      // eslint-disable-next-line @typescript-eslint/no-base-to-string -- typeof rules out objects: a symbol or a function
      return html`<span class="j-null">${String(value)}</span>`;
  }
  if (walk.seen.has(value)) return html`<span class="j-null">${CIRCULAR}</span>`;
  if (depth >= MAX_DEPTH) return html`<span class="j-null">${TOO_DEEP}</span>`;
  return html`<span class="j-punct">${Array.isArray(value) ? '[]' : '{}'}</span>`;
}

/**
 * A list or object: its opening line (the toggle; folded, it also says how many entries it
 * holds and closes), its entries, and its closing line. Open at first while the tree is small.
 */
function renderFold(
  value: object, entries: ReadonlyArray<readonly [string, unknown]>, head: unknown, comma: unknown, path: string, depth: number, walk: Walk,
): TemplateResult {
  const isArray = Array.isArray(value);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  const shown = walk.state.expanded.has(path) ? entries : entries.slice(0, MAX_ENTRIES);
  const count = isArray ? walk.state.labels.items(entries.length) : walk.state.labels.keys(entries.length);
  const opened = depth === 0 || (entries.length <= OPEN_ENTRIES && shown.length + 1 <= walk.lines);
  // What a folded node holds is measured on its own: opened, it shows as a tree opened at first would.
  const inside: Walk = opened ? walk : { ...walk, lines: OPEN_LINES };
  inside.lines -= shown.length + 1;
  walk.seen.add(value);
  const children = shown.map(
    ([key, child], i) =>
      html`<li>${renderEntry(isArray ? null : key, child, `${path}/${key}`, depth + 1, i === entries.length - 1, inside)}</li>`,
  );
  walk.seen.delete(value);
  return html`<details class="j-node" ?open=${opened}>
    <summary class="j-line">${head}<span class="j-punct">${open}</span><span class="j-fold"> <span class="j-count">${count}</span> <span
      class="j-punct">${close}</span>${comma}</span></summary>
    <ul class="j-children">
      ${children}
      ${shown.length < entries.length
        ? html`<li class="j-line"><button type="button" class="more" @click=${() => walk.state.expand(path)}>${walk.state.labels.showMore} (${entries.length - shown.length})</button></li>`
        : nothing}
    </ul>
    <div class="j-line j-close"><span class="j-punct">${close}</span>${comma}</div>
  </details>`;
}
