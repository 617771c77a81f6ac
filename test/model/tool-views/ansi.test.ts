import { expect } from '@open-wc/testing';
import { parseAnsi, stripAnsi } from '../../../src/model/tool-views/ansi.js';
import type { AnsiSegment } from '../../../src/model/tool-views/types.js';

const E = '\u001b';
const plain = { fg: null, bg: null, bold: false, dim: false, italic: false, underline: false, inverse: false, strike: false };
const seg = (text: string, style: Partial<AnsiSegment> = {}): AnsiSegment => ({ ...plain, ...style, text });

/** Any C0 or C1 control left in the text, but line breaks and tabs. */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

describe('parseAnsi', () => {
  it('reads the 16 colours, foreground and background, and resets them', () => {
    expect(parseAnsi(`${E}[31mred${E}[39m ${E}[92;44mbright on blue${E}[0m end`)).to.deep.equal([
      seg('red', { fg: 1 }),
      seg(' '),
      seg('bright on blue', { fg: 10, bg: 4 }),
      seg(' end'),
    ]);
    expect(parseAnsi(`${E}[101mx${E}[49my`)).to.deep.equal([seg('x', { bg: 9 }), seg('y')]);
  });

  it('reads each style and its off code', () => {
    const text = `${E}[1mb${E}[22m${E}[2md${E}[22m${E}[3mi${E}[23m${E}[4mu${E}[24m${E}[7mv${E}[27m${E}[9ms${E}[29m.`;
    expect(parseAnsi(text)).to.deep.equal([
      seg('b', { bold: true }), seg('d', { dim: true }), seg('i', { italic: true }), seg('u', { underline: true }),
      seg('v', { inverse: true }), seg('s', { strike: true }), seg('.'),
    ]);
  });

  it('reads 256-colour and true-colour codes, semicolon and colon forms', () => {
    expect(parseAnsi(`${E}[38;5;208mo${E}[48;5;17mn`)).to.deep.equal([seg('o', { fg: 208 }), seg('n', { fg: 208, bg: 17 })]);
    expect(parseAnsi(`${E}[38;2;255;128;0;1mx`)).to.deep.equal([seg('x', { fg: '#ff8000', bold: true })]);
    expect(parseAnsi(`${E}[48:2::0:16:255my`)).to.deep.equal([seg('y', { bg: '#0010ff' })]);
    expect(parseAnsi(`${E}[38;5;300mz`), 'an index past 255 is ignored').to.deep.equal([seg('z')]);
  });

  it('treats an empty SGR as a reset', () => {
    expect(parseAnsi(`${E}[1;31ma${E}[mb`)).to.deep.equal([seg('a', { bold: true, fg: 1 }), seg('b')]);
  });

  it('merges neighbours of the same style and keeps line breaks and tabs in them', () => {
    expect(parseAnsi(`${E}[32mone${E}[32m\ttwo\n${E}[1m${E}[22mthree`)).to.deep.equal([seg('one\ttwo\nthree', { fg: 2 })]);
  });

  it('strips every other escape: cursor moves, erases, modes, charsets, DCS, lone ESC, controls', () => {
    const text = `${E}[2K${E}[1G${E}[?25lA${E}(B${E}7B${E}PqDCS data${E}\\C\u0007\u0008${E}`;
    const segments = parseAnsi(text);
    expect(segments.map((s) => s.text).join('')).to.equal('ABC');
    expect(segments.every((s) => !CONTROLS.test(s.text) && !s.text.includes(E))).to.equal(true);
  });

  it('keeps an OSC 8 link\'s visible text and drops its URL and a window title', () => {
    const text = `${E}]0;my title\u0007see ${E}]8;;https://example.com/x${E}\\the docs${E}]8;;${E}\\ now`;
    expect(stripAnsi(text)).to.equal('see the docs now');
    expect(stripAnsi(`${E}]8;id=1;https://a.example\u0007link${E}]8;;\u0007`)).to.equal('link');
  });

  it('keeps what follows a carriage return inside a line (a progress bar), and CRLF as a line break', () => {
    expect(stripAnsi('10%\r55%\r100%\ndone')).to.equal('100%\ndone');
    expect(stripAnsi('one\r\ntwo\r\n')).to.equal('one\ntwo\n');
    expect(stripAnsi('kept\r'), 'a return that ends the output changes nothing').to.equal('kept');
    expect(parseAnsi(`${E}[33mold\r${E}[1mnew`), 'styles set before the return still hold').to.deep.equal([seg('new', { fg: 3, bold: true })]);
  });

  it('cuts a truncated escape without losing the text before it', () => {
    expect(stripAnsi(`done${E}[3`)).to.equal('done');
    expect(stripAnsi(`done${E}]8;;http://x`)).to.equal('done');
    expect(stripAnsi(`${E}]0;a title never ended\nthe output`), 'an unended title stops at the line break').to.equal('\nthe output');
  });

  it('never throws and leaves no control character, whatever it is fed', () => {
    const hostile = [
      '', E, `${E}[`, `${E}[999999999999m`, `${E}[38;2;999;0;0m`, `${E}[38;5m`, `${E}[38;2;1m`, `${E}]`, '\u009b31mx', '\r\r\r',
      'x'.repeat(200_000) + `${E}[31m` + 'y'.repeat(200_000), Array.from({ length: 512 }, (_, i) => String.fromCharCode(i)).join(''),
      `${E}[${';'.repeat(10_000)}m`,
    ];
    for (const text of hostile) {
      const segments = parseAnsi(text);
      expect(segments.every((s) => !CONTROLS.test(s.text)), JSON.stringify(text.slice(0, 40))).to.equal(true);
    }
    expect(parseAnsi(null as unknown as string)).to.deep.equal([]);
    expect(parseAnsi(42 as unknown as string)).to.deep.equal([]);
  });
});
