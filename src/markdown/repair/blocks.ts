import { repairInline } from './inline.js';

// ── Block-level tail: half-typed block markers and tables ─────────────────────────────────

interface Line {
  text: string;
  start: number;
}

const HR = /^ {0,3}(?:(?:-[ \t]*){3,}|(?:_[ \t]*){3,}|(?:\*[ \t]*){3,})$/;
export const QUOTES = /^(?:[ \t]*>)*/;
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

export function lastLine(text: string): Line {
  const start = text.lastIndexOf('\n') + 1;
  return { text: text.slice(start), start };
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

/** A line of ordinary paragraph text, which a following `-` line would turn into a heading. */
function isParagraphLine(line: Line | null): boolean {
  if (!line) return false;
  const inner = line.text.replace(QUOTES, '');
  return !isBlank(inner) && !BLOCK_START.test(inner) && !HR.test(inner);
}

export function repairLastBlock(body: string): string {
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
