/**
 * The kit's built-in tool views and their readers. They come with the tool elements (which a
 * list loads the first time it shows a call), never with a conversation of text. Each view draws the data `readToolView` read, as text only: no
 * string from a call or its result becomes markup, an attribute other than a checked link or
 * image source, or a style.
 */
import type { CSSResult, TemplateResult } from 'lit';
import { html } from 'lit';
import { codeStyles } from '../../styles/code.styles.js';
import { blockedStyles } from '../../styles/blocked.styles.js';
import type { BuiltinToolView, BuiltinToolViewKind } from '../../../model/tool-views/types.js';
import type { BuiltinViewContext } from './context.js';

export { readToolView } from '../../../model/tool-views/match.js';
import { sharedViewStyles } from './fold.js';
import { renderTerminal, terminalStyles } from './terminal-view.js';
import { diffStyles, renderDiff } from './diff-view.js';
import { fileStyles, renderFileRead } from './file-view.js';
import { renderFetch, renderSearch, searchStyles } from './search-view.js';
import { mediaStyles, renderMedia } from './media-view.js';

type Renderers = { [K in BuiltinToolViewKind]: (view: Extract<BuiltinToolView, { kind: K }>, context: BuiltinViewContext) => TemplateResult };

const RENDERERS: Renderers = {
  search: renderSearch,
  fetch: renderFetch,
  terminal: renderTerminal,
  diff: renderDiff,
  file: renderFileRead,
  media: renderMedia,
};

/** The view of a call, by its kind. */
export function renderBuiltinView(view: BuiltinToolView, context: BuiltinViewContext): TemplateResult {
  const render = RENDERERS[view.kind] as (view: BuiltinToolView, context: BuiltinViewContext) => TemplateResult;
  return html`<div part="builtin-view" class="builtin-view ${view.kind}">${render(shownView(view), context)}</div>`;
}

const shown = new WeakMap<BuiltinToolView, BuiltinToolView>();

/**
 * The view with every control character but tab and line ends as its picture ("␛" for an escape),
 * so a command or a file that holds one shows it; the output streams keep theirs for `parseAnsi`,
 * which reads the colours and drops every other escape. Made once per view.
 */
function shownView(view: BuiltinToolView): BuiltinToolView {
  let copy = shown.get(view);
  if (!copy) shown.set(view, (copy = picture(view, '') as BuiltinToolView));
  return copy;
}

// eslint-disable-next-line no-control-regex -- control characters are what it shows
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function picture(value: unknown, key: string): unknown {
  if (typeof value === 'string') return key === 'stdout' || key === 'stderr' ? value : value.replace(CONTROLS, controlPicture);
  if (Array.isArray(value)) return value.map((entry) => picture(entry, ''));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, picture(entry, name)]));
}

function controlPicture(control: string): string {
  const code = control.charCodeAt(0);
  return String.fromCharCode(code === 0x7f ? 0x2421 : 0x2400 + code);
}

/** Adopted into a call's shadow root when it first shows a view; code colours as code blocks have them. */
export const builtinViewStyles: CSSResult[] = [codeStyles, sharedViewStyles, terminalStyles, diffStyles, fileStyles, searchStyles, mediaStyles, blockedStyles];
