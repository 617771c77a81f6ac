/**
 * Repairs the unsettled tail of a streaming Markdown text (DOM-free, pure): whatever the model
 * has opened but not yet closed is closed or hidden, so a reader never sees raw markers (`**`,
 * a backtick, `](`, a pipe row) flash before their other half arrives. One pass over the
 * tail's lines, one over its last paragraph.
 */
/**
 * Syntax an optional entry adds (`display-kit/math`) that the repair must see. The core knows
 * none; without it, `$` and `\(` are text.
 */
export interface RepairSyntax {
  /**
   * At `at`: the end of a span that starts there and closes (its inside is not markup), -1 for
   * one that opens there but has not closed yet (it hides until it does), null for none.
   */
  span(source: string, at: number): number | null;
  /** A block opened before the end of `source` shows as source until it closes: repair nothing. */
  openBlock(source: string): boolean;
}

let syntax: RepairSyntax | null = null;

/** Registers the syntax the repair must see (or none). */
export function setRepairSyntax(next: RepairSyntax | null): void {
  syntax = next;
}

export function repairTail(source: string): string {
  try {
    return repair(source);
  } catch {
    // Repair is cosmetic: a bug here may cost a glitch, never the text itself.
    return source;
  }
}

function repair(source: string): string {
  const fence = openFence(source);
  if (fence) return closeFence(source, fence);
  if (syntax?.openBlock(source)) return source;
  // A final newline only ends the last line; the repair works on the lines themselves.
  const newline = source.endsWith('\n') ? '\n' : '';
  const body = newline ? source.slice(0, -1) : source;
  // A finished blank line ended the paragraph: what it left open stays as written.
  if (newline && isBlank(lastLine(body).text.replace(QUOTES, ''))) return source;
  return repairLastBlock(body) + newline;
}

// ── Fenced code ────────────────────────────────────────────────────────────────────────────

interface Fence {
  /** Container markers and indentation before the run (`> `, `- `, spaces). */
  prefix: string;
  /** The opening run: three or more backticks or tildes. */
  run: string;
  lineStart: number;
  lineEnd: number;
}

const FENCE_OPEN = /^((?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?)(`{3,}|~{3,})(.*)$/;
const QUOTES_AND_INDENT = /^(?:[ \t]*>)*[ \t]*/;
const FENCE_CLOSE = /^(`+|~+)[ \t]*$/;

/** The fence still open at the end of `source`, if any. */
function openFence(source: string): Fence | null {
  let fence: Fence | null = null;
  for (let start = 0; start <= source.length; ) {
    const newline = source.indexOf('\n', start);
    const end = newline < 0 ? source.length : newline;
    const line = source.slice(start, end);
    if (fence) {
      if (closesFence(line, fence)) fence = null;
    } else if (line.includes('```') || line.includes('~~~')) {
      fence = opensFence(line, start, end);
    }
    start = end + 1;
  }
  return fence;
}

function opensFence(line: string, lineStart: number, lineEnd: number): Fence | null {
  const match = FENCE_OPEN.exec(line);
  if (!match) return null;
  const [, prefix, run, info] = match;
  // A backtick fence's info string cannot hold a backtick: such a line is inline code.
  if (run.startsWith('`') && info.includes('`')) return null;
  return { prefix, run, lineStart, lineEnd };
}

function closesFence(line: string, fence: Fence): boolean {
  const run = FENCE_CLOSE.exec(line.slice(QUOTES_AND_INDENT.exec(line)![0].length))?.[1];
  return run !== undefined && run[0] === fence.run[0] && run.length >= fence.run.length;
}

function closeFence(source: string, fence: Fence): string {
  // The closing line sits where the code does: list markers count as indentation.
  const closing = fence.prefix.replace(/[^>\s]/g, ' ') + fence.run;
  // An opening line still being written may hold half a language name: show none yet.
  if (fence.lineEnd === source.length) return `${source.slice(0, fence.lineStart)}${fence.prefix}${fence.run}\n${closing}`;
  const lastStart = source.lastIndexOf('\n') + 1;
  if (lastStart === source.length) return source + closing;
  // A last line of only indentation or a short run of the fence character is the closing
  // fence being typed: replace it rather than show it as code.
  const last = source.slice(lastStart);
  const rest = last.slice(QUOTES_AND_INDENT.exec(last)![0].length);
  if (rest === '' || (rest[0] === fence.run[0] && FENCE_CLOSE.test(rest))) return source.slice(0, lastStart) + closing;
  return `${source}\n${closing}`;
}

// ── Block-level tail: half-typed block markers and tables ─────────────────────────────────

interface Line {
  text: string;
  start: number;
}

const HR = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})$/;
const QUOTES = /^(?:[ \t]*>)*/;
const EMPTY_HEADING = /^[ \t]{0,3}#{1,6}[ \t]*$/;
const DEFINITION_START = /^ {0,3}\[[^\]\n]*\]:/;
const LONE_BULLET = /^[ \t]*(?:[-+*]|\d{1,9}[.)])([ \t]*)$/;
const BLOCK_START = /^[ \t]*(?:[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|#{1,6}(?:[ \t]|$)|\||`{3,}|~{3,})/;
const PIPE_ROW = /^ {0,3}\|/;
const PARTIAL_DELIMITER = /^ {0,3}\|[ \t:|-]*$/;
/** What stands before a line's inline text: quote markers, list markers, a heading's hashes. */
const LEAD = /^(?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)*(?:#{1,6}[ \t]+)?/;
const LIST_ITEM = /^(?:[ \t]*>)*[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]/;
const TASK_MARKER = /^\[[ xX]\][ \t]+(?=\S)/;
const PARTIAL_TASK_MARKER = /^\[[ xX]?\]?[ \t]*$/;

function lineBefore(text: string, start: number): Line | null {
  if (start === 0) return null;
  const lineStart = text.lastIndexOf('\n', start - 2) + 1;
  return { text: text.slice(lineStart, start - 1), start: lineStart };
}

function lastLine(text: string): Line {
  const start = text.lastIndexOf('\n') + 1;
  return { text: text.slice(start), start };
}

function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** A line of ordinary paragraph text, which a following `-` line would turn into a heading. */
function isParagraphLine(line: Line | null): boolean {
  if (!line) return false;
  const inner = line.text.replace(QUOTES, '');
  return !isBlank(inner) && !BLOCK_START.test(inner) && !HR.test(inner);
}

function repairLastBlock(body: string): string {
  const last = lastLine(body);
  const previous = lineBefore(body, last.start);
  if (dropsLastLine(last, previous)) return withoutLastLine(body, last);
  const repaired = repairContent(body);
  // Repair can empty an item down to its bare marker (`  * *` → `  * `), which shows as text.
  const emptied = lastLine(repaired);
  return emptied.text !== last.text && dropsLastLine(emptied, previous) ? withoutLastLine(body, last) : repaired;
}

function withoutLastLine(body: string, last: Line): string {
  return last.start === 0 ? '' : `${repairContent(body.slice(0, last.start - 1))}\n`;
}

/**
 * A last line that is only the start of a line or block shows nothing useful yet and may
 * show the wrong thing: indentation or `>` would end the paragraph above, `#` is an empty
 * heading, `-` under a paragraph a setext heading, `[label]:` a definition as text.
 */
function dropsLastLine(last: Line, previous: Line | null): boolean {
  const inner = last.text.replace(QUOTES, '');
  if (isBlank(inner) || EMPTY_HEADING.test(inner) || DEFINITION_START.test(last.text)) return true;
  const bullet = LONE_BULLET.exec(inner);
  // `- ` with its space is a list marker; leave it unless it would show as text: under a
  // paragraph (a setext underline) or nested under an item (an empty item cannot interrupt it).
  return bullet !== null && (bullet[1] === '' || isParagraphLine(previous) || nestsUnder(inner, previous));
}

function nestsUnder(inner: string, previous: Line | null): boolean {
  if (!previous) return false;
  const above = previous.text.replace(QUOTES, '');
  return !isBlank(above) && indentOf(inner) > indentOf(above);
}

function indentOf(line: string): number {
  return /^[ \t]*/.exec(line)![0].length;
}

function repairContent(body: string): string {
  const last = lastLine(body);
  if (isBlank(last.text) || HR.test(last.text.replace(QUOTES, ''))) return body;
  if (PIPE_ROW.test(last.text)) return repairTableRow(body, last);
  return repairParagraph(body, last);
}

function repairTableRow(body: string, last: Line): string {
  const previous = lineBefore(body, last.start);
  const isFirstRow = !previous || !PIPE_ROW.test(previous.text);
  if (isFirstRow) return completeHeader(body, last);
  const beforePrevious = lineBefore(body, previous.start);
  const previousIsHeader = !beforePrevious || !PIPE_ROW.test(beforePrevious.text);
  if (previousIsHeader && PARTIAL_DELIMITER.test(last.text)) {
    return body.slice(0, last.start) + delimiterRow(last.text, countCells(previous.text));
  }
  // A body row: each cell is its own inline text, so only the last one can be unfinished.
  return repairInline(body, lastCellStart(last));
}

/** A header row without its delimiter row yet renders as a table once it gets one. */
function completeHeader(body: string, last: Line): string {
  const repaired = repairInline(body, lastCellStart(last));
  const cells = countCells(repaired.slice(last.start));
  if (cells === 0) return body.slice(0, last.start);
  return `${repaired}\n${delimiterRow('', cells)}`;
}

function lastCellStart(line: Line): number {
  let pipe = -1;
  for (let i = 0; i < line.text.length; i++) {
    if (line.text[i] === '\\') i++;
    else if (line.text[i] === '|') pipe = i;
  }
  return line.start + pipe + 1;
}

function countCells(row: string): number {
  const cells = row.trim().split(/(?<!\\)\|/);
  // The leading and trailing pipes bound the row; they do not open cells of their own.
  if (cells[0].trim() === '') cells.shift();
  if (cells.length > 0 && cells[cells.length - 1].trim() === '') cells.pop();
  return cells.length;
}

/** A delimiter row for `count` columns, keeping the cells (and alignments) typed so far. */
function delimiterRow(typed: string, count: number): string {
  const typedCells = typed.trim().split('|').slice(1);
  const cells = Array.from({ length: count }, (_, i) => delimiterCell(typedCells[i]?.trim() ?? ''));
  return `| ${cells.join(' | ')} |`;
}

function delimiterCell(typed: string): string {
  if (/^:?-+:?$/.test(typed)) return typed;
  return typed.startsWith(':') ? ':---' : '---';
}

// ── The last paragraph's inline text ───────────────────────────────────────────────────────

function repairParagraph(body: string, last: Line): string {
  const first = paragraphFirstLine(body, last);
  const start = first.start + LEAD.exec(first.text)![0].length;
  if (!LIST_ITEM.test(first.text)) return repairInline(body, start);
  // A task box (`[ ]`, `[x]`) shows as a box only once text follows it; until then it would
  // show as brackets, so it waits along with that text.
  const content = body.slice(start);
  if (PARTIAL_TASK_MARKER.test(content)) return repairLastBlock(body.slice(0, start));
  const box = TASK_MARKER.exec(content)?.[0].length ?? 0;
  const repaired = repairInline(body, start + box);
  return box > 0 && isBlank(repaired.slice(start + box)) ? repairLastBlock(body.slice(0, start)) : repaired;
}

/** Emphasis can span the lines of one paragraph, so the repair starts at its first line. */
function paragraphFirstLine(body: string, last: Line): Line {
  let line = last;
  for (;;) {
    if (BLOCK_START.test(line.text.replace(QUOTES, ''))) return line;
    const previous = lineBefore(body, line.start);
    if (!previous || endsParagraph(previous.text)) return line;
    line = previous;
  }
}

function endsParagraph(line: string): boolean {
  const inner = line.replace(QUOTES, '');
  return isBlank(inner) || HR.test(inner) || /^[ \t]{0,3}(?:#{1,6}(?:[ \t]|$)|\||`{3,}|~{3,})/.test(inner);
}

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
function repairInline(source: string, start: number): string {
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
