/**
 * The parts of the elements that other elements render, and the `exportparts` that lift them
 * out, each renamed `<element>__<part>` (Shoelace's and Web Awesome's convention) so that a
 * call's `base` and a stop mark's `base` stay apart. A name already lifted passes through each
 * level as it is: `message-list::part(stop-mark__base)` reaches every stop mark in the list,
 * those inside calls and results too, and `tool-call-item::part(tool-result-item__base)` the
 * result inside a call. No DOM here; test/elements/part-names.test.ts holds these lists to
 * custom-elements.json, where the elements' JSDoc names the same parts.
 *
 * One constant an element, each computed once when the module loads: an entry pays only for the
 * elements it renders (a text item, for its stop mark's).
 */

// Each list written out whole, so that an entry that renders no such element drops it. Every
// item ends with what item-element.ts may show (fallback duplicate-note stop-mark icon); the two
// that render Markdown name what the Markdown view adds (code-block … math-error).
export const STOP_MARK_PARTS = 'base icon label details action-button continue-button retry-button more';
export const TEXT_PARTS =
  'base body code-block copy-button image-placeholder blocked broken-image caret diagram diagram-toggle math-error narration citation ' +
  'sources source todo-list json details fallback duplicate-note stop-mark icon';
export const THINKING_PARTS =
  'base summary body code-block copy-button image-placeholder blocked broken-image caret diagram diagram-toggle math-error ' +
  'fallback duplicate-note stop-mark icon';
export const TOOL_RESULT_PARTS = 'base header content json badge copy-button show-all fallback duplicate-note stop-mark icon';
export const TOOL_CALL_PARTS =
  'base summary label status arguments-summary question body arguments json error result subagent-badge duration decision ' +
  'approval approve-button decline-button approval-action view raw-button copy-button builtin-view command terminal exit-code diff ' +
  'path lines search-results page-text media image-placeholder file-chip blocked fold-button fallback duplicate-note stop-mark icon';

/**
 * `exportparts` for `tag` where another element renders it: its own `parts` renamed, and the
 * names lifted by the elements it renders itself (their `exportparts`, `inner`) as they are.
 */
function exportsOf(tag: string, parts: string, ...inner: string[]): string {
  return [...parts.split(' ').map((part) => `${part}:${tag}__${part}`), ...new Set(inner.flatMap(liftedBy))].join(',');
}

/** The names an `exportparts` value gives its element's parts outside it. */
export function liftedBy(exportparts: string): string[] {
  return exportparts.split(',').map((entry) => entry.slice(entry.indexOf(':') + 1));
}

export const STOP_MARK_EXPORTS = /* @__PURE__ */ exportsOf('stop-mark', STOP_MARK_PARTS);
export const TEXT_EXPORTS = /* @__PURE__ */ exportsOf('text-item', TEXT_PARTS, STOP_MARK_EXPORTS);
export const THINKING_EXPORTS = /* @__PURE__ */ exportsOf('thinking-item', THINKING_PARTS, STOP_MARK_EXPORTS);
export const TOOL_RESULT_EXPORTS = /* @__PURE__ */ exportsOf('tool-result-item', TOOL_RESULT_PARTS, STOP_MARK_EXPORTS);
export const TOOL_CALL_EXPORTS = /* @__PURE__ */ exportsOf('tool-call-item', TOOL_CALL_PARTS, TOOL_RESULT_EXPORTS, STOP_MARK_EXPORTS);
