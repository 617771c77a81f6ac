import { expect } from '@open-wc/testing';
import { mountItem } from '../helpers.js';
import { frames } from '../waits.js';
import { highlightsSettled, setCodeHighlighter } from '../../src/markdown/highlight.js';
import { useHighlightJs } from '../../src/highlight/index.js';

const answer = (text: string) => ({ type: 'text', message_type: 'assistant', content: { text } });
const JS = '```js\n// add two numbers\nexport function add(a, b) {\n  return a + b + 1;\n}\nconst name = "sum";\n```';

/** Whether the page has fetched highlight.js (the kit's chunk or the library's own modules). */
const highlighterLoaded = () =>
  performance.getEntriesByType('resource').some(({ name }) => /highlight-js|@highlightjs/.test(name));

/** The distinct colours the code's characters are drawn in. */
function colours(item: Element): Set<string> {
  const code = item.shadowRoot!.querySelector('pre code')!;
  return new Set([code, ...code.querySelectorAll('span')].map((element) => getComputedStyle(element).color));
}

const channels = (colour: string) => colour.match(/[\d.]+/g)!.map(Number);

/** A translucent `over` (the kit's surfaces are) seen on the opaque `under`. */
function composite(over: string, under: string): number[] {
  const [r, g, b, alpha = 1] = channels(over);
  return [r, g, b].map((channel, i) => channel * alpha + channels(under)[i] * (1 - alpha));
}

/** WCAG contrast of two colours given as sRGB channels. */
function contrast(a: number[], b: number[]): number {
  const luminance = (rgb: number[]) => {
    const [r, g, bl] = rgb.map((c) => {
      const s = c / 255;
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('code colours by default', () => {
  // First: the page is fresh, nothing has loaded highlight.js yet.
  it('loads no highlighter for text without a fenced block with a language', async () => {
    await mountItem('text-item', answer('Plain words, `inline code`, and a fence without a language:\n\n```\nplain\n```'));
    await highlightsSettled();
    await frames(2);
    expect(highlighterLoaded()).to.equal(false);
  });

  it('draws a fenced js block in several colours, each readable on the block in light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const el = await mountItem('text-item', answer(JS));
      el.setAttribute('theme', theme);
      // On a page of the same scheme: the kit's surfaces let the page's own background through.
      el.parentElement!.style.cssText = `color-scheme: ${theme}; background: Canvas`;
      await highlightsSettled();
      expect(highlighterLoaded()).to.equal(true);
      const seen = colours(el);
      expect(seen.size, theme).to.be.at.least(3);
      const page = getComputedStyle(el.parentElement!).backgroundColor;
      const background = composite(getComputedStyle(el.shadowRoot!.querySelector('.code-block')!).backgroundColor, page);
      for (const colour of seen) expect(contrast(channels(colour), background), `${colour} on ${background} (${theme})`).to.be.at.least(4.5);
      expect(el.shadowRoot!.querySelector('pre code')!.textContent).to.equal(JS.slice(6, -3));
      await expect(el).to.be.accessible();
    }
  });

  it('colours the usual languages and their aliases', async () => {
    const samples: Record<string, string> = {
      ts: 'const a: number = 1;', py: 'def f(x):\n    return None', sh: 'echo "$HOME"', shell: 'echo "hi" # a comment', json: '{"a": 1}',
      html: '<p class="x">hi</p>', css: '.a { color: red; }', sql: 'SELECT 1 FROM t;', go: 'func main() {}', rust: 'fn main() { let x = 1; }',
      elixir: 'defmodule A do\nend', diff: '-old\n+new', yaml: 'a: 1',
    };
    for (const [language, code] of Object.entries(samples)) {
      const el = await mountItem('text-item', answer(`\`\`\`${language}\n${code}\n\`\`\``));
      await highlightsSettled();
      expect(el.shadowRoot!.querySelector('pre code span'), language).to.not.equal(null);
    }
  });

  it('leaves code plain after setCodeHighlighter(null), and colours it again after useHighlightJs()', async () => {
    setCodeHighlighter(null);
    const plain = await mountItem('text-item', answer(JS));
    await highlightsSettled();
    expect(plain.shadowRoot!.querySelector('pre code span')).to.equal(null);
    expect(colours(plain).size).to.equal(1);
    await useHighlightJs();
    const coloured = await mountItem('text-item', answer(JS));
    await highlightsSettled();
    expect(colours(coloured).size).to.be.at.least(3);
  });

  it('colours a block once: a render that keeps it shown does not colour it again', async () => {
    const calls: string[] = [];
    setCodeHighlighter((code) => {
      calls.push(code);
      return `<span class="hljs-keyword">${code.trim()}</span>\n`;
    });
    const el = await mountItem('text-item', answer('```js\nconst a = 1;\n```\n\nFirst words.'));
    await highlightsSettled();
    expect(calls).to.deep.equal(['const a = 1;\n']);
    // Not an extension of the text: rendered whole, the unchanged block's node kept as it is.
    el.item = answer('```js\nconst a = 1;\n```\n\nOther words.');
    await el.updateComplete;
    await highlightsSettled();
    expect(calls).to.have.length(1);
    expect(el.shadowRoot!.querySelector('pre code .hljs-keyword')).to.not.equal(null);
    await useHighlightJs();
  });

  it('colours the code a text grows without a streaming flag once it stands still, and keeps it coloured', async () => {
    const calls: string[] = [];
    setCodeHighlighter((code) => {
      calls.push(code);
      return `<span class="hljs-keyword">${code.replace(/\n$/, '')}</span>\n`;
    });
    const el = await mountItem('text-item', answer('Here:'));
    const coloured = () => el.shadowRoot!.querySelector('pre code .hljs-keyword') !== null;
    // A host re-sends the saved row as it grows: no streaming flag, each text extends the last.
    for (const text of ['Here:\n\n```js\nconst', 'Here:\n\n```js\nconst a', 'Here:\n\n```js\nconst a = 1;']) {
      el.item = answer(text);
      await el.updateComplete;
      await frames(2);
      expect(coloured(), `plain while it grows: ${JSON.stringify(text)}`).to.equal(false);
    }
    expect(calls, 'the block being written is not coloured at every render').to.deep.equal([]);
    await highlightsSettled();
    expect(coloured(), 'coloured once it stood still').to.equal(true);
    expect(calls).to.deep.equal(['const a = 1;\n']);
    // Growing on, it stays coloured: never plain again.
    el.item = answer('Here:\n\n```js\nconst a = 1;\nconst b');
    await el.updateComplete;
    await frames(2);
    await highlightsSettled();
    expect(coloured()).to.equal(true);
    await useHighlightJs();
  });

  it('keeps the code in the system text colour in forced colours', async () => {
    const el = await mountItem('text-item', answer(JS));
    await highlightsSettled();
    const sheet = [...el.shadowRoot!.adoptedStyleSheets].flatMap((s) => [...s.cssRules]).map((rule) => rule.cssText).join('\n');
    expect(sheet).to.match(/@media \(forced-colors: active\)[^@]*\[class\*="hljs-"\][^}]*color: canvastext/i);
  });
});
