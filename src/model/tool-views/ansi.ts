import type { AnsiSegment } from './types.js';

/**
 * Terminal output as styled text: SGR codes (colours and styles) read into segments, every other
 * escape removed. Nothing here throws, whatever the text holds.
 *
 * A carriage return inside a line (a progress bar redrawing itself) drops what the line showed
 * before it: "10%\r55%\r100%" reads "100%". A real terminal overwrites only as many characters as
 * follow; keeping the last redraw whole is simpler and reads the same for progress output.
 */
export function parseAnsi(text: string): AnsiSegment[] {
  if (typeof text !== 'string' || text === '') return [];
  const reader = new AnsiReader();
  let last = 0;
  for (const match of text.matchAll(ESCAPES)) {
    reader.write(text.slice(last, match.index));
    reader.control(match);
    last = match.index + match[0].length;
  }
  reader.write(text.slice(last));
  return reader.finish();
}

/** The text without any escape or control character (but line breaks and tabs). */
export function stripAnsi(text: string): string {
  return parseAnsi(text).map((segment) => segment.text).join('');
}

/**
 * One alternative a kind of escape: CSI (7-bit and 8-bit; group 1 its parameters, group 2 its
 * final byte), OSC up to BEL or ST (OSC 8 links keep their visible text, which lies outside
 * them), DCS/SOS/PM/APC strings, any other ESC sequence or a lone ESC, a carriage return, and the
 * remaining C0 and C1 controls. An unterminated string stops at the next ESC or line break rather
 * than swallowing the rest of the output.
 */
const ESCAPES =
  // eslint-disable-next-line no-control-regex
  /(?:\x1b\[|\x9b)([0-?]*)[ -/]*([@-~])?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\n]*(?:\x07|\x1b\\|\x9c)?|\x1b[ -/]*[0-~]?|\r\n?|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;

type Style = Omit<AnsiSegment, 'text'>;

const PLAIN: Readonly<Style> = { fg: null, bg: null, bold: false, dim: false, italic: false, underline: false, inverse: false, strike: false };

/** Single SGR codes that set or clear one attribute. */
const FLAGS: ReadonlyMap<number, Partial<Style>> = new Map<number, Partial<Style>>([
  [1, { bold: true }],
  [2, { dim: true }],
  [3, { italic: true }],
  [4, { underline: true }],
  [7, { inverse: true }],
  [9, { strike: true }],
  [22, { bold: false, dim: false }],
  [23, { italic: false }],
  [24, { underline: false }],
  [27, { inverse: false }],
  [29, { strike: false }],
  [39, { fg: null }],
  [49, { bg: null }],
]);

/** Folds text and escapes into segments, line by line so a carriage return can drop a redraw. */
class AnsiReader {
  private style: Style = { ...PLAIN };
  private readonly done: AnsiSegment[] = [];
  /** The current line's segments: text after a carriage return replaces them. */
  private line: AnsiSegment[] = [];
  /** A carriage return came; a return that ends the line or the output changes nothing. */
  private returned = false;

  write(text: string): void {
    if (text === '') return;
    text.split('\n').forEach((part, index) => {
      if (index > 0) this.endLine();
      if (part === '') return;
      if (this.returned) this.line = [];
      this.returned = false;
      this.line.push({ ...this.style, text: part });
    });
  }

  control(match: RegExpExecArray | RegExpMatchArray): void {
    const sequence = match[0];
    if (sequence === '\r\n') return this.write('\n');
    if (sequence === '\r') {
      this.returned = true;
      return;
    }
    // Only CSI … m is SGR; every other sequence is dropped.
    if (match[2] === 'm') this.style = applySgr(this.style, match[1] ?? '');
  }

  finish(): AnsiSegment[] {
    this.flushLine();
    return mergeSegments(this.done);
  }

  private endLine(): void {
    this.returned = false;
    this.flushLine();
    this.done.push({ ...this.style, text: '\n' });
  }

  private flushLine(): void {
    this.done.push(...this.line);
    this.line = [];
  }
}

/** The style after one SGR sequence (`1;31`, `38;5;208`, `38;2;255;0;0`, `38:2::255:0:0`). */
function applySgr(style: Style, parameters: string): Style {
  const next = { ...style };
  const codes = parameters.split(';');
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (code.includes(':')) {
      applyExtendedColour(next, code.split(':').map(toNumber), true);
      continue;
    }
    const value = toNumber(code);
    if (value === 38 || value === 48) {
      i += applyExtendedColour(next, [value, ...codes.slice(i + 1, i + 5).map(toNumber)], false);
      continue;
    }
    applyCode(next, value);
  }
  return next;
}

function applyCode(style: Style, code: number): void {
  if (code === 0) return void Object.assign(style, PLAIN);
  const flag = FLAGS.get(code);
  if (flag) return void Object.assign(style, flag);
  if (code >= 30 && code <= 37) style.fg = code - 30;
  else if (code >= 90 && code <= 97) style.fg = code - 90 + 8;
  else if (code >= 40 && code <= 47) style.bg = code - 40;
  else if (code >= 100 && code <= 107) style.bg = code - 100 + 8;
}

/**
 * `38;5;n` (palette) or `38;2;r;g;b` (true colour), and their 48 (background) twins. Returns how
 * many parameters after the 38/48 it used, so the caller skips them. The colon form may carry a
 * colour-space id before r;g;b (`38:2::r:g:b`).
 */
function applyExtendedColour(style: Style, parts: number[], colonForm: boolean): number {
  const [target, mode] = parts;
  if (target !== 38 && target !== 48) return 0;
  const key = target === 38 ? 'fg' : 'bg';
  if (mode === 5) {
    const index = parts[2];
    if (isByte(index)) style[key] = index;
    return 2;
  }
  if (mode === 2) {
    const rgb = colonForm && parts.length >= 6 ? parts.slice(3, 6) : parts.slice(2, 5);
    if (rgb.length === 3 && rgb.every(isByte)) style[key] = `#${rgb.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
    return 4;
  }
  return 0;
}

function toNumber(code: string | undefined): number {
  if (code === undefined || code === '') return 0;
  return /^\d{1,3}$/.test(code) ? Number(code) : -1;
}

function isByte(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value >= 0 && value <= 255;
}

function sameStyle(a: Style, b: Style): boolean {
  return a.fg === b.fg && a.bg === b.bg && a.bold === b.bold && a.dim === b.dim && a.italic === b.italic
    && a.underline === b.underline && a.inverse === b.inverse && a.strike === b.strike;
}

function mergeSegments(segments: readonly AnsiSegment[]): AnsiSegment[] {
  const merged: AnsiSegment[] = [];
  for (const segment of segments) {
    const previous = merged.at(-1);
    if (previous && sameStyle(previous, segment)) previous.text += segment.text;
    else merged.push({ ...segment });
  }
  return merged;
}
