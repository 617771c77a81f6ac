import type { DiffHunk, DiffLine, FileDiff } from './types.js';

/**
 * Diffs as the views show them: unified diffs (`git diff`, `diff -u`), OpenAI's V4A patches
 * (`apply_patch`), and the difference of two texts. Every line carries its old and new number
 * where they are known. Total: odd input gives fewer hunks, never an exception.
 */

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const GIT_HEADER = /^diff --git (?:"?a\/)?(.*?)"? (?:"?b\/)?(.*?)"?$/;

/**
 * True when the text is a unified diff from its first line: `diff --git`, or `---`, `+++` and a
 * hunk header. Text before the diff (a message, a commit) would be lost in a diff view: not one.
 */
export function isUnifiedDiff(text: string): boolean {
  if (typeof text !== 'string') return false;
  const start = text.trimStart();
  if (start.startsWith('diff --git ')) return true;
  return /^--- [^\n]*\r?\n\+\+\+ [^\n]*\r?\n@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@/.test(start.slice(0, 4000));
}

/** Every file of a unified diff, its hunks numbered from their headers. */
export function parseUnifiedDiff(text: string): FileDiff[] {
  if (typeof text !== 'string') return [];
  const parser = new UnifiedParser();
  for (const line of text.split(/\r?\n/)) parser.line(line);
  return parser.files;
}

class UnifiedParser {
  readonly files: FileDiff[] = [];
  private file: FileDiff | null = null;
  private hunk: DiffHunk | null = null;
  private oldNumber = 0;
  private newNumber = 0;
  /** Lines the hunk header promised and not yet read, old and new. */
  private oldLeft = 0;
  private newLeft = 0;

  line(line: string): void {
    if (this.hunk && (this.oldLeft > 0 || this.newLeft > 0)) return this.hunkLine(line);
    if (line.startsWith('\\')) return; // "\ No newline at end of file"
    const git = GIT_HEADER.exec(line);
    if (git) return void this.startFile(git[2] || git[1] || null);
    if (line.startsWith('--- ')) return this.oldPath(line.slice(4));
    if (line.startsWith('+++ ')) return this.newPath(line.slice(4));
    if (line.startsWith('new file mode')) return this.setChange('create');
    if (line.startsWith('deleted file mode')) return this.setChange('delete');
    const header = HUNK_HEADER.exec(line);
    if (header) this.startHunk(header);
  }

  private startFile(path: string | null): FileDiff {
    this.file = { path, change: 'edit', hunks: [] };
    this.hunk = null;
    this.files.push(this.file);
    return this.file;
  }

  /** `--- a/x` starts a file unless a `diff --git` line just did. */
  private oldPath(raw: string): void {
    const path = pathOf(raw);
    const file = this.file && this.file.hunks.length === 0 && !this.hunk ? this.file : this.startFile(path);
    if (path === null) file.change = 'create';
    else file.path ??= path;
  }

  private newPath(raw: string): void {
    const file = this.file ?? this.startFile(null);
    const path = pathOf(raw);
    if (path === null) file.change = 'delete';
    else file.path = path;
  }

  private setChange(change: FileDiff['change']): void {
    if (this.file) this.file.change = change;
  }

  private startHunk(header: RegExpExecArray): void {
    const file = this.file ?? this.startFile(null);
    this.hunk = { lines: [] };
    file.hunks.push(this.hunk);
    this.oldNumber = Number(header[1]);
    this.newNumber = Number(header[3]);
    this.oldLeft = header[2] === undefined ? 1 : Number(header[2]);
    this.newLeft = header[4] === undefined ? 1 : Number(header[4]);
  }

  /** A line inside a hunk; an empty one is context whose space an editor trimmed. */
  private hunkLine(line: string): void {
    const sign = line[0] ?? ' ';
    const text = line.slice(1);
    if (sign === '\\') return;
    if (sign === '+') {
      this.push({ sign: '+', text, oldNumber: null, newNumber: this.newNumber++ });
      this.newLeft--;
    } else if (sign === '-') {
      this.push({ sign: '-', text, oldNumber: this.oldNumber++, newNumber: null });
      this.oldLeft--;
    } else if (sign === ' ' || line === '') {
      this.push({ sign: ' ', text, oldNumber: this.oldNumber++, newNumber: this.newNumber++ });
      this.oldLeft--;
      this.newLeft--;
    } else {
      // Not a hunk line: the header promised more than came. Read it as a header line.
      this.oldLeft = this.newLeft = 0;
      this.line(line);
    }
  }

  private push(line: DiffLine): void {
    this.hunk?.lines.push(line);
  }
}

/** `a/src/x.ts` → `src/x.ts`; `/dev/null` → null; a timestamp after a tab is dropped. */
function pathOf(raw: string): string | null {
  const path = raw.split('\t')[0].trim();
  return path === '/dev/null' ? null : stripPrefix(path);
}

function stripPrefix(path: string): string | null {
  const plain = path.replace(/^"|"$/g, '').replace(/^[ab]\//, '');
  return plain === '' ? null : plain;
}

/**
 * One file's change in OpenAI's V4A format, as `apply_patch` sends it in `operation.diff`: lines
 * signed ` `, `-` or `+`, in sections that start with `@@` and an optional line of context to find
 * the place by. It names no line numbers, so only a new file's lines are numbered. A diff that
 * carries unified hunk headers is read as one.
 */
export function parseV4ADiff(diff: string, path: string | null, change: FileDiff['change']): FileDiff {
  if (typeof diff !== 'string' || diff === '') return { path, change, hunks: [] };
  if (HUNK_HEADER.test(diff.trimStart())) {
    const hunks = parseUnifiedDiff(diff).flatMap((file) => file.hunks);
    return { path, change, hunks };
  }
  const hunks: DiffHunk[] = [];
  let hunk: DiffHunk | null = null;
  let newNumber = 1;
  for (const line of trimFinalNewline(diff).split(/\r?\n/)) {
    if (line.startsWith('@@') || line.startsWith('*** End of File')) {
      hunk = null;
      continue;
    }
    const sign = line[0] === '+' || line[0] === '-' ? line[0] : ' ';
    if (!hunk) hunks.push((hunk = { lines: [] }));
    const text = sign === ' ' && line[0] !== ' ' ? line : line.slice(1);
    const numbered = change === 'create' && sign === '+' ? newNumber++ : null;
    hunk.lines.push({ sign, text, oldNumber: null, newNumber: numbered });
  }
  return { path, change, hunks: hunks.filter((each) => each.lines.length > 0) };
}

/**
 * A whole V4A patch (`*** Begin Patch`, `*** Add File: x`, `*** Update File: x`, `*** Delete File:
 * x`, `*** Move to: y`, `*** End Patch`), as the Codex `apply_patch` tool takes it. Null when the
 * text is not one.
 */
export function parseV4APatch(text: string): FileDiff[] | null {
  if (typeof text !== 'string' || !text.trimStart().startsWith('*** Begin Patch')) return null;
  const files: FileDiff[] = [];
  let current: { path: string; change: FileDiff['change']; body: string[] } | null = null;
  const close = () => {
    if (current) files.push(parseV4ADiff(current.body.join('\n'), current.path, current.change));
  };
  for (const line of text.split(/\r?\n/)) {
    const header = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line);
    if (header) {
      close();
      current = { path: header[2].trim(), change: header[1] === 'Add' ? 'create' : header[1] === 'Delete' ? 'delete' : 'edit', body: [] };
    } else if (line.startsWith('*** Move to: ') && current) {
      current.path = line.slice(13).trim();
    } else if (!line.startsWith('*** ') && current) {
      current.body.push(line);
    }
  }
  close();
  return files;
}

function trimFinalNewline(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

/** Past this many cells (lines × lines) the texts are not compared line by line. */
const MAX_CELLS = 2000 * 2000;

/**
 * The difference of two texts as one hunk of every line, unchanged ones included (the view folds
 * long unchanged runs): a longest common subsequence of lines, after the common start and end are
 * set aside. Past about 2,000 × 2,000 differing lines it does not compare: every old line reads
 * removed and every new one added. `firstLine` numbers the lines (both texts start there); null
 * when where they sit in the file is unknown (an edit's snippet).
 */
export function diffTexts(oldText: string, newText: string, firstLine: number | null = 1): DiffHunk[] {
  const oldLines = splitLines(oldText);
  const newLines = splitLines(newText);
  if (oldLines.length === 0 && newLines.length === 0) return [];
  const signs = lineSigns(oldLines, newLines);
  return [{ lines: numberLines(signs, oldLines, newLines, firstLine) }];
}

/** A text's lines; a final line break ends the last line rather than starting an empty one. */
export function splitLines(text: string): string[] {
  if (typeof text !== 'string' || text === '') return [];
  return trimFinalNewline(text).split(/\r?\n/);
}

type Sign = DiffLine['sign'];

function lineSigns(oldLines: readonly string[], newLines: readonly string[]): Sign[] {
  let start = 0;
  while (start < oldLines.length && start < newLines.length && oldLines[start] === newLines[start]) start++;
  let end = 0;
  while (
    end < oldLines.length - start && end < newLines.length - start
    && oldLines[oldLines.length - 1 - end] === newLines[newLines.length - 1 - end]
  ) end++;
  const middle = middleSigns(oldLines.slice(start, oldLines.length - end), newLines.slice(start, newLines.length - end));
  return [...Array<Sign>(start).fill(' '), ...middle, ...Array<Sign>(end).fill(' ')];
}

function middleSigns(a: readonly string[], b: readonly string[]): Sign[] {
  if (a.length * b.length > MAX_CELLS || a.length === 0 || b.length === 0) {
    return [...Array<Sign>(a.length).fill('-'), ...Array<Sign>(b.length).fill('+')];
  }
  const width = b.length + 1;
  // lengths[i * width + j]: the LCS of a[i…] and b[j…]. At most 2,000 lines a side fit in 16 bits.
  const lengths = new Uint16Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i * width + j] = a[i] === b[j]
        ? lengths[(i + 1) * width + j + 1] + 1
        : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  const signs: Sign[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      signs.push(' ');
      i++;
      j++;
    } else if (lengths[(i + 1) * width + j] >= lengths[i * width + j + 1]) {
      signs.push('-');
      i++;
    } else {
      signs.push('+');
      j++;
    }
  }
  while (i++ < a.length) signs.push('-');
  while (j++ < b.length) signs.push('+');
  return signs;
}

function numberLines(signs: readonly Sign[], oldLines: readonly string[], newLines: readonly string[], firstLine: number | null): DiffLine[] {
  let i = 0;
  let j = 0;
  const number = (index: number) => (firstLine === null ? null : firstLine + index);
  return signs.map((sign) => {
    if (sign === '-') return { sign, text: oldLines[i], oldNumber: number(i++), newNumber: null };
    if (sign === '+') return { sign, text: newLines[j], oldNumber: null, newNumber: number(j++) };
    return { sign, text: newLines[j], oldNumber: number(i++), newNumber: number(j++) };
  });
}

/** A new file: every line added, numbered from 1. */
export function createdFile(path: string | null, text: string): FileDiff {
  const lines = splitLines(text);
  return {
    path,
    change: 'create',
    hunks: lines.length === 0 ? [] : [{ lines: lines.map((line, index) => ({ sign: '+', text: line, oldNumber: null, newNumber: index + 1 })) }],
  };
}
