// ── The last paragraph's inline text: emphasis, code spans, links ──────────────────────────

import { syntax } from './syntax.js';

interface Opener {
  index: number;
  /** Characters of the run not yet matched by a closer. */
  length: number;
  /** `*`, `_`, `~`, or `` ` `` for a code span. */
  char: string;
}

interface Bracket {
  index: number;
  image: boolean;
  /** For the `[label]` of `[text][label]`: the bracket of `[text]`. */
  text?: Bracket;
}

interface InlineScan {
  readonly source: string;
  /** End of the last non-space character: a run there has nothing after it yet. */
  readonly contentEnd: number;
  openers: Opener[];
  brackets: Bracket[];
  /** Bracket characters that go because their link never formed. */
  removed: Set<number>;
  /** Everything from here on goes: a half-written image, link destination or lone marker. */
  cut: number;
  /** Completes a closing run cut short at the very end (`**bold*` → `**bold**`). */
  extension: string;
}

const SPACE = /\s/;
const PUNCTUATION = /[\p{P}\p{S}]/u;

/** Closes the emphasis, strikethrough and code spans left open from `start` on; hides half links. */
export function repairInline(source: string, start: number): string {
  const scan: InlineScan = {
    source,
    contentEnd: source.trimEnd().length,
    openers: [],
    brackets: [],
    removed: new Set(),
    cut: source.length,
    extension: '',
  };
  for (let i = start; i < scan.cut; ) i = scanAt(scan, i, start);
  for (const bracket of scan.brackets) if (bracket.index < scan.cut) dropUnclosedBracket(scan, bracket);
  return assemble(scan);
}

/** Scans the construct at `i`; returns where scanning continues. */
function scanAt(scan: InlineScan, i: number, start: number): number {
  const { source } = scan;
  const span = syntax && (source[i] === '$' || source[i] === '\\') ? syntax.span(source, i) : null;
  if (span !== null) {
    if (span >= 0) return span;
    scan.cut = Math.min(scan.cut, i);
    return source.length;
  }
  switch (source[i]) {
    case '\\':
      if (i + 1 >= scan.contentEnd) scan.cut = Math.min(scan.cut, i);
      return i + 2;
    case '`':
      return scanBackticks(scan, i);
    case '*':
    case '_':
    case '~':
      return scanDelimiterRun(scan, i);
    case '[':
      scan.brackets.push({ index: i, image: i > start && source[i - 1] === '!' && source[i - 2] !== '\\' });
      return i + 1;
    case ']':
      return scanBracketClose(scan, i);
    case '!':
      // A lone `!` at the end may be an image's start; after a word it is just punctuation.
      if (i + 1 >= scan.contentEnd && isSpaceAt(source, i - 1)) scan.cut = Math.min(scan.cut, i);
      return i + 1;
    default:
      return i + 1;
  }
}

function runLength(source: string, i: number): number {
  let end = i;
  while (source[end] === source[i]) end++;
  return end - i;
}

function isSpaceAt(source: string, i: number): boolean {
  return i < 0 || i >= source.length || SPACE.test(source[i]);
}

function scanBackticks(scan: InlineScan, i: number): number {
  const { source } = scan;
  const run = runLength(source, i);
  if (i + run >= scan.contentEnd) {
    scan.cut = Math.min(scan.cut, i);
    return i + run;
  }
  const close = closingBackticks(source, i + run, run);
  if (close >= 0) return close + run;
  // No closer yet: the rest is code, in which nothing is markup.
  scan.openers.push({ index: i, length: run, char: '`' });
  return source.length;
}

function closingBackticks(source: string, from: number, run: number): number {
  for (let at = source.indexOf('`', from); at >= 0; ) {
    const length = runLength(source, at);
    if (length === run) return at;
    at = source.indexOf('`', at + length);
  }
  return -1;
}

/** A run of `*`, `_` or `~`, judged by the CommonMark flanking rules. */
function scanDelimiterRun(scan: InlineScan, i: number): number {
  const { source } = scan;
  const char = source[i];
  const run = runLength(source, i);
  const end = i + run;
  // Three or more tildes never strike through.
  if (char === '~' && run > 2) return end;
  const before = i > 0 ? source[i - 1] : '\n';
  const after = end < source.length ? source[end] : '\n';
  const { canOpen, canClose } = delimiterRoles(char, before, after);
  const atEnd = end >= scan.contentEnd;
  const unmatched = canClose ? closeRun(scan, char, run, atEnd) : run;
  if (unmatched < run) {
    if (atEnd && unmatched > 0) scan.cut = Math.min(scan.cut, end - unmatched);
  } else if (atEnd) {
    // Nothing follows yet: it may open, close or be text; hide it until that is known.
    scan.cut = Math.min(scan.cut, i);
  } else if (canOpen && !(char === '~' && run === 1)) {
    // A single `~` opens strikethrough too, but far more often means "about" (`~5 min`):
    // closing it would strike the rest of the line through.
    scan.openers.push({ index: i, length: run, char });
  }
  return end;
}

function delimiterRoles(char: string, before: string, after: string): { canOpen: boolean; canClose: boolean } {
  const spaceBefore = SPACE.test(before);
  const spaceAfter = SPACE.test(after);
  const punctBefore = PUNCTUATION.test(before);
  const punctAfter = PUNCTUATION.test(after);
  const left = !spaceAfter && (!punctAfter || spaceBefore || punctBefore);
  const right = !spaceBefore && (!punctBefore || spaceAfter || punctAfter);
  // `_` inside a word (snake_case) neither opens nor closes.
  if (char === '_') return { canOpen: left && (!right || punctBefore), canClose: right && (!left || punctAfter) };
  return { canOpen: left, canClose: right };
}

/** Matches a closing run against open runs of the same character; returns what is left of it. */
function closeRun(scan: InlineScan, char: string, run: number, atEnd: boolean): number {
  let remaining = run;
  while (remaining > 0) {
    const at = lastOpenerOf(scan.openers, char);
    if (at < 0) break;
    const opener = scan.openers[at];
    const cutShort = atEnd && remaining < opener.length;
    // Strikethrough pairs runs of equal length only.
    if (char === '~' && opener.length !== remaining && !cutShort) break;
    // Runs opened in between can no longer close: they stay text, as in the final render.
    scan.openers.length = at + 1;
    if (cutShort) {
      scan.extension = char.repeat(opener.length - remaining);
      scan.openers.pop();
      return 0;
    }
    const used = Math.min(remaining, opener.length);
    opener.length -= used;
    remaining -= used;
    if (opener.length === 0) scan.openers.pop();
  }
  return remaining;
}

function lastOpenerOf(openers: Opener[], char: string): number {
  for (let k = openers.length - 1; k >= 0; k--) if (openers[k].char === char) return k;
  return -1;
}

function scanBracketClose(scan: InlineScan, i: number): number {
  const bracket = scan.brackets.pop();
  if (!bracket) return i + 1;
  const next = scan.source[i + 1];
  if (next === '(') return scanDestination(scan, bracket, i);
  if (next === '[' && !bracket.text) {
    scan.brackets.push({ index: i + 1, image: false, text: bracket });
    return i + 2;
  }
  // `[text]` with nothing after it yet: show the text until it is known to be a link.
  if (!bracket.text && i + 1 >= scan.contentEnd) hideBracketPair(scan, bracket, i);
  return i + 1;
}

function scanDestination(scan: InlineScan, bracket: Bracket, close: number): number {
  const { source } = scan;
  let depth = 0;
  for (let j = close + 2; j < source.length; j++) {
    const char = source[j];
    if (char === '\\') j++;
    else if (char === '(') depth++;
    else if (char === ')' && depth > 0) depth--;
    else if (char === ')') {
      // The link is complete; emphasis opened inside its text ends with it.
      while ((scan.openers.at(-1)?.index ?? -1) > bracket.index) scan.openers.pop();
      return j + 1;
    }
  }
  hideBracketPair(scan, bracket, close);
  return source.length;
}

/** A half-written link shows its text; a half-written image shows nothing. */
function hideBracketPair(scan: InlineScan, bracket: Bracket, close: number): void {
  if (bracket.image) {
    scan.cut = Math.min(scan.cut, bracket.index - 1);
    return;
  }
  scan.removed.add(bracket.index);
  scan.cut = Math.min(scan.cut, close);
}

function dropUnclosedBracket(scan: InlineScan, bracket: Bracket): void {
  if (bracket.text) {
    // `[text][lab`: the label goes, the text shows.
    scan.cut = Math.min(scan.cut, bracket.index);
    hideBracketPair(scan, bracket.text, bracket.index - 1);
  } else if (bracket.image) {
    scan.cut = Math.min(scan.cut, bracket.index - 1);
  } else {
    scan.removed.add(bracket.index);
  }
}

/** The repaired text: edits applied, open runs closed innermost first (or dropped if empty). */
function assemble(scan: InlineScan): string {
  const { source, cut, removed } = scan;
  const open = scan.openers.filter((opener) => opener.index < cut);
  const deleted: Array<[number, number]> = [...removed].filter((index) => index < cut).map((index) => [index, index + 1]);
  let contentEnd = cut;
  const closers: string[] = [scan.extension];
  for (let k = open.length - 1; k >= 0; k--) {
    const opener = open[k];
    if (closers.length === 1 && !hasContent(scan, opener.index + opener.length, contentEnd)) {
      // An open run with nothing after it would show as itself once closed: drop it instead.
      deleted.push([opener.index, opener.index + opener.length]);
      contentEnd = opener.index;
      continue;
    }
    closers.push(closerFor(opener, source, lastContentIndex(scan, contentEnd)));
  }
  const insertAt = lastContentIndex(scan, contentEnd);
  return applyEdits(source.slice(0, cut), deleted, insertAt, closers.join(''));
}

function hasContent(scan: InlineScan, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!SPACE.test(scan.source[i]) && !scan.removed.has(i)) return true;
  return false;
}

/** Just after the last character that stays and is not space: where closers go. */
function lastContentIndex(scan: InlineScan, end: number): number {
  let i = end;
  while (i > 0 && (SPACE.test(scan.source[i - 1]) || scan.removed.has(i - 1))) i--;
  return i;
}

function closerFor(opener: Opener, source: string, contentEnd: number): string {
  if (opener.char !== '`') return opener.char.repeat(opener.length);
  // A code span ending in a shorter backtick run is a closer being typed: complete it.
  let trailing = 0;
  while (trailing < contentEnd - opener.index - opener.length && source[contentEnd - 1 - trailing] === '`') trailing++;
  return '`'.repeat(trailing < opener.length ? opener.length - trailing : opener.length);
}

function applyEdits(text: string, deleted: Array<[number, number]>, insertAt: number, insertion: string): string {
  const edits = [...deleted, [insertAt, insertAt] as [number, number]].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let out = '';
  let from = 0;
  for (const [start, end] of edits) {
    out += text.slice(from, Math.max(from, start));
    if (start === insertAt && end === insertAt) out += insertion;
    from = Math.max(from, end);
  }
  return out + text.slice(from);
}
