import { expect } from '@open-wc/testing';
import { createdFile, diffTexts, isUnifiedDiff, parseUnifiedDiff, parseV4ADiff, parseV4APatch } from '../../../src/model/tool-views/diff.js';
import type { DiffLine } from '../../../src/model/tool-views/types.js';

/** A line as `sign old new text`, for compact comparisons. */
const row = (line: DiffLine) => `${line.sign} ${line.oldNumber ?? '-'} ${line.newNumber ?? '-'} ${line.text}`;

const TWO_FILES = [
  'diff --git a/src/a.ts b/src/a.ts',
  'index 1111111..2222222 100644',
  '--- a/src/a.ts',
  '+++ b/src/a.ts',
  '@@ -1,3 +1,4 @@',
  ' one',
  '-two',
  '+TWO',
  '+two and a half',
  ' three',
  '@@ -20,2 +21,2 @@ function later() {',
  ' twenty',
  '--- a line that starts with two dashes',
  '+++ a line that starts with two pluses',
  '\\ No newline at end of file',
  'diff --git a/new.md b/new.md',
  'new file mode 100644',
  '--- /dev/null',
  '+++ b/new.md',
  '@@ -0,0 +1,2 @@',
  '+# New',
  '+',
  'diff --git a/gone.txt b/gone.txt',
  'deleted file mode 100644',
  '--- a/gone.txt',
  '+++ /dev/null',
  '@@ -1 +0,0 @@',
  '-bye',
].join('\n');

describe('parseUnifiedDiff', () => {
  it('reads several files, their paths and changes', () => {
    const files = parseUnifiedDiff(TWO_FILES);
    expect(files.map((file) => [file.path, file.change, file.hunks.length])).to.deep.equal([
      ['src/a.ts', 'edit', 2],
      ['new.md', 'create', 1],
      ['gone.txt', 'delete', 1],
    ]);
  });

  it('numbers lines across hunks from their headers', () => {
    const [file] = parseUnifiedDiff(TWO_FILES);
    expect(file.hunks[0].lines.map(row)).to.deep.equal(['  1 1 one', '- 2 - two', '+ - 2 TWO', '+ - 3 two and a half', '  3 4 three']);
    expect(file.hunks[1].lines.map(row), 'lines that look like file headers stay hunk lines').to.deep.equal([
      '  20 21 twenty', '- 21 - -- a line that starts with two dashes', '+ - 22 ++ a line that starts with two pluses',
    ]);
  });

  it('reads a diff without `diff --git` (diff -u), with timestamps after the paths', () => {
    const files = parseUnifiedDiff('--- old/x.py\t2026-01-01 10:00\n+++ new/x.py\t2026-01-02 10:00\n@@ -5 +5 @@\n-a = 1\n+a = 2\n');
    expect(files).to.have.length(1);
    expect(files[0].path).to.equal('new/x.py');
    expect(files[0].hunks[0].lines.map(row)).to.deep.equal(['- 5 - a = 1', '+ - 5 a = 2']);
  });

  it('reads an empty context line an editor trimmed as context', () => {
    const [file] = parseUnifiedDiff('--- a/x\n+++ b/x\n@@ -1,3 +1,3 @@\n a\n\n-b\n+c\n');
    expect(file.hunks[0].lines.map(row)).to.deep.equal(['  1 1 a', '  2 2 ', '- 3 - b', '+ - 3 c']);
  });

  it('gives nothing for text that is not a diff, and never throws', () => {
    expect(parseUnifiedDiff('hello\nworld')).to.deep.equal([]);
    expect(parseUnifiedDiff(null as unknown as string)).to.deep.equal([]);
    expect(() => parseUnifiedDiff('@@ -1,99999999999 +1 @@\n' + '-x\n'.repeat(10_000))).not.to.throw();
  });
});

describe('isUnifiedDiff', () => {
  it('knows a diff by its headers, not by a stray line', () => {
    expect(isUnifiedDiff(TWO_FILES)).to.equal(true);
    expect(isUnifiedDiff('--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b')).to.equal(true);
    expect(isUnifiedDiff('--- just a rule\nsome text')).to.equal(false);
    expect(isUnifiedDiff('@@ -1 +1 @@ alone')).to.equal(false);
  });
});

describe('parseV4ADiff and parseV4APatch', () => {
  it('reads a new file\'s lines as added, numbered from 1', () => {
    const file = parseV4ADiff('+# List\n+\n+- milk\n', 'list.md', 'create');
    expect(file.hunks[0].lines.map(row)).to.deep.equal(['+ - 1 # List', '+ - 2 ', '+ - 3 - milk']);
  });

  it('reads an update\'s sections (`@@` anchors), unnumbered: V4A names no line numbers', () => {
    const file = parseV4ADiff('@@ def main():\n     x = 1\n-    y = 2\n+    y = 3\n@@ class B:\n-    pass\n+    ...', 'main.py', 'edit');
    expect(file.hunks.map((hunk) => hunk.lines.map(row))).to.deep.equal([
      ['  - -     x = 1', '- - -     y = 2', '+ - -     y = 3'],
      ['- - -     pass', '+ - -     ...'],
    ]);
  });

  it('reads a whole `*** Begin Patch` with added, updated, moved and deleted files', () => {
    const patch = parseV4APatch('*** Begin Patch\n*** Update File: a.ts\n*** Move to: b.ts\n@@\n-x\n+y\n*** Add File: c.md\n+hi\n*** Delete File: d.txt\n*** End Patch');
    expect(patch?.map((file) => [file.path, file.change, file.hunks.flatMap((hunk) => hunk.lines.map(row))])).to.deep.equal([
      ['b.ts', 'edit', ['- - - x', '+ - - y']],
      ['c.md', 'create', ['+ - 1 hi']],
      ['d.txt', 'delete', []],
    ]);
    expect(parseV4APatch('not a patch')).to.equal(null);
  });
});

describe('diffTexts', () => {
  it('keeps common lines and numbers both sides', () => {
    const [hunk] = diffTexts('a\nb\nc\nd\n', 'a\nB\nc\nd\ne\n');
    expect(hunk.lines.map(row)).to.deep.equal(['  1 1 a', '- 2 - b', '+ - 2 B', '  3 3 c', '  4 4 d', '+ - 5 e']);
  });

  it('finds the common lines in the middle (a longest common subsequence)', () => {
    const [hunk] = diffTexts('x\n1\n2\n3\ny', 'z\n1\n3\n4\ny');
    expect(hunk.lines.filter((line) => line.sign === ' ').map((line) => line.text)).to.deep.equal(['1', '3', 'y']);
  });

  it('numbers from a given line, or not at all', () => {
    expect(diffTexts('a', 'b', 40)[0].lines.map(row)).to.deep.equal(['- 40 - a', '+ - 40 b']);
    expect(diffTexts('a', 'b', null)[0].lines.map(row)).to.deep.equal(['- - - a', '+ - - b']);
  });

  it('gives no hunk for two empty texts, and all added for a new text', () => {
    expect(diffTexts('', '')).to.deep.equal([]);
    expect(diffTexts('', 'x\ny')[0].lines.map(row)).to.deep.equal(['+ - 1 x', '+ - 2 y']);
  });

  it('past about 2,000 × 2,000 differing lines, reads every old line removed and every new one added', () => {
    const old = Array.from({ length: 2100 }, (_, i) => `old ${i}`).join('\n');
    const next = Array.from({ length: 2100 }, (_, i) => `new ${i}`).join('\n');
    const started = performance.now();
    const [hunk] = diffTexts(`same\n${old}\nsame`, `same\n${next}\nsame`);
    expect(performance.now() - started).to.be.below(1000);
    expect(hunk.lines).to.have.length(2 + 4200);
    expect(hunk.lines[1].sign).to.equal('-');
    expect(hunk.lines[2101]).to.deep.include({ sign: '+', newNumber: 2 });
    expect(hunk.lines.at(-1)).to.deep.include({ sign: ' ', oldNumber: 2102, newNumber: 2102 });
  });
});

describe('createdFile', () => {
  it('adds every line, numbered from 1', () => {
    expect(createdFile('x.txt', 'a\nb\n')).to.deep.equal({
      path: 'x.txt', change: 'create',
      hunks: [{ lines: [{ sign: '+', text: 'a', oldNumber: null, newNumber: 1 }, { sign: '+', text: 'b', oldNumber: null, newNumber: 2 }] }],
    });
  });
});

describe('isUnifiedDiff on text before a diff', () => {
  it('is not a diff when something else comes first: a diff view would lose it', () => {
    expect(isUnifiedDiff('Applied the edit:\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b')).to.equal(false);
    expect(isUnifiedDiff('\n\n--- a/x\r\n+++ b/x\r\n@@ -1 +1 @@\r\n-a\r\n+b')).to.equal(true);
  });
});
