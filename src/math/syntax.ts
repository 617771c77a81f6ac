import type { MarkedExtension, Tokens } from 'marked';
import type { RepairSyntax } from '../markdown/repair/index.js';

/**
 * Math delimiters in Markdown (DOM-free): `$$…$$` and `\[…\]` (display), `\(…\)` and `$…$`
 * (inline). A single `$` follows Pandoc's rules, so prices stay prices: the opening `$` has a
 * non-space character right after it, the closing one a non-space character right before it
 * and no digit right after it (`$5 and $10` is text, `$x^2$` is math). Math renders to
 * placeholders holding the TeX as text; the typesetter finishes them after sanitizing. Beyond
 * Pandoc, a `$` that cannot close ends a single-dollar formula (`$5, and $x$` is a price, then
 * a formula).
 */

/** A math span found at some place: where it ends, its TeX, and whether it is display math. */
export interface MathSpan {
  end: number;
  tex: string;
  display: boolean;
}

const PAIRS: ReadonlyArray<[open: string, close: string, display: boolean]> = [
  ['$$', '$$', true],
  ['\\[', '\\]', true],
  ['\\(', '\\)', false],
];

/**
 * The math span that starts at `at` and closes: null when none starts there, `'open'` when one
 * starts but has not closed (yet). A single `$` that does not close is never `'open'`: it is a
 * price until proven otherwise.
 */
export function mathSpanAt(source: string, at: number): MathSpan | 'open' | null {
  for (const [open, close, display] of PAIRS) {
    if (!source.startsWith(open, at)) continue;
    const end = source.indexOf(close, at + open.length);
    if (end < 0) return 'open';
    const tex = source.slice(at + open.length, end);
    return tex.trim() === '' ? null : { end: end + close.length, tex: tex.trim(), display };
  }
  return source[at] === '$' ? singleDollar(source, at) : null;
}

function singleDollar(source: string, at: number): MathSpan | null {
  const first = source[at + 1];
  if (first === undefined || /\s|\$/.test(first)) return null;
  for (let i = at + 1; i < source.length; i++) {
    const char = source[i];
    if (char === '\\') i++;
    else if (char === '\n' && source[i + 1] === '\n') return null;
    else if (char === '$') {
      // A `$` that cannot close ends the attempt: `$5, and $x$` is a price, then a formula.
      if (/\s/.test(source[i - 1]) || /\d/.test(source[i + 1] ?? '')) return null;
      return { end: i + 1, tex: source.slice(at + 1, i), display: false };
    }
  }
  return null;
}

/** Where math may start in `source` (for marked: where plain text must stop). */
function nextStart(source: string): number | undefined {
  const match = /\$|\\[([]/.exec(source);
  return match?.index;
}

const BLOCK_OPEN = /^ {0,3}(\$\$|\\\[)/;
const BARE_OPEN = /^ {0,3}(?:\$\$|\\\[)[ \t]*$/;

interface MathToken extends Tokens.Generic {
  text: string;
  display: boolean;
  /** Display math whose closing delimiter has not arrived: it shows as source. */
  closed: boolean;
}

/**
 * A display block: the delimiters open a line and the closing one ends a line. Opened on a line
 * of its own and not closed (yet), it takes the rest of the text and shows as source: so a
 * streaming formula never renders half, and no line of it settles as text before it closes.
 */
function blockTokenizer(source: string): MathToken | undefined {
  const open = BLOCK_OPEN.exec(source);
  if (!open) return undefined;
  const close = open[1] === '$$' ? '$$' : '\\]';
  const start = open[0].length;
  const end = source.indexOf(close, start);
  if (end < 0) {
    const firstLine = source.slice(0, source.indexOf('\n') < 0 ? source.length : source.indexOf('\n'));
    return BARE_OPEN.test(firstLine) ? { type: 'mathBlock', raw: source, text: source, display: true, closed: false } : undefined;
  }
  const lineEnd = source.indexOf('\n', end);
  const rest = source.slice(end + close.length, lineEnd < 0 ? source.length : lineEnd);
  const tex = source.slice(start, end).trim();
  if (rest.trim() !== '' || tex === '') return undefined;
  return { type: 'mathBlock', raw: source.slice(0, lineEnd < 0 ? source.length : lineEnd + 1), text: tex, display: true, closed: true };
}

/**
 * Where a display block starts (for marked: where a paragraph must stop). Only a line that does
 * start one counts: `$$x$$ and more` inside a paragraph stays part of it.
 */
function blockStart(source: string): number | undefined {
  for (const match of source.matchAll(/^ {0,3}(?:\$\$|\\\[)/gm)) {
    if (blockTokenizer(source.slice(match.index))) return match.index;
  }
  return undefined;
}

function inlineTokenizer(source: string): MathToken | undefined {
  const span = mathSpanAt(source, 0);
  if (span === null || span === 'open') return undefined;
  return { type: 'mathInline', raw: source.slice(0, span.end), text: span.tex, display: span.display, closed: true };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The placeholder a formula renders to: its TeX as text, which is also what shows if typesetting fails. */
function renderMath(token: MathToken, block: boolean): string {
  if (!token.closed) return `<p class="math math-pending">${escapeHtml(token.text)}</p>\n`;
  const kind = token.display ? 'math math-display' : 'math math-inline';
  return block ? `<div class="${kind}">${escapeHtml(token.text)}</div>\n` : `<span class="${kind}">${escapeHtml(token.text)}</span>`;
}

/**
 * Emphasis is decided over the whole paragraph before tokens are cut: the inside of a formula
 * is masked, so `*` in `$a*b$` never pairs with one outside it.
 */
function maskMath(source: string): string {
  let masked = '';
  let from = 0;
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '\\' && source[i + 1] !== '(' && source[i + 1] !== '[') {
      i++;
      continue;
    }
    const span = source[i] === '$' || source[i] === '\\' ? mathSpanAt(source, i) : null;
    if (span === null || span === 'open') continue;
    masked += source.slice(from, i + 1) + 'a'.repeat(span.end - i - 2) + source[span.end - 1];
    from = span.end;
    i = span.end - 1;
  }
  return masked + source.slice(from);
}

export const mathExtension: MarkedExtension = {
  extensions: [
    {
      name: 'mathBlock',
      level: 'block',
      start: blockStart,
      tokenizer: blockTokenizer,
      renderer: (token) => renderMath(token as MathToken, true),
    },
    {
      name: 'mathInline',
      level: 'inline',
      start: nextStart,
      tokenizer: inlineTokenizer,
      renderer: (token) => renderMath(token as MathToken, false),
    },
  ],
  hooks: { emStrongMask: maskMath },
};

/**
 * What the streaming repair must know: a closed formula is not markup (its `*` close nothing),
 * an unclosed `$$`, `\[` or `\(` hides until it closes, and a display block opened on a line of
 * its own leaves the tail as written (it shows as source).
 */
export const mathRepairSyntax: RepairSyntax = {
  span(source, at) {
    const span = mathSpanAt(source, at);
    return span === 'open' ? -1 : (span?.end ?? null);
  },
  openBlock(source) {
    let open: string | null = null;
    for (const line of source.split('\n')) {
      if (open !== null) {
        if (line.includes(open)) open = null;
      } else if (BARE_OPEN.test(line)) {
        open = line.includes('$$') ? '$$' : '\\]';
      }
    }
    return open !== null;
  },
};
