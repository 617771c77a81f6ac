import { expect } from '@open-wc/testing';
import { useKatex } from '../../src/math/index.js';
import { mountItem, mountList, settle, stubClipboard, deepQueryAll, until } from '../helpers.js';
import type { TextItem } from '../../src/elements/text-item/text-item.js';

const KATEX_CSS = '/node_modules/katex/dist/katex.min.css';
const say = (text: string) => ({ type: 'text', message_type: 'assistant', content: { text } });
const body = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('.markdown')!;

describe('math with KaTeX (display-kit/math)', () => {
  describe('without KaTeX\'s stylesheet: MathML the browser draws', () => {
    before(() => useKatex());

    it('typesets inline and display formulas as MathML, and leaves prices alone', async () => {
      const el = await mountItem('text-item', say('Euler: $e^{i\\pi} + 1 = 0$, it costs $5 and $10.\n\n$$\n\\int_0^1 x\\,dx\n$$'));
      const formulas = body(el).querySelectorAll('.math');
      expect(formulas).to.have.length(2);
      expect(formulas[0].querySelector('math')).to.exist;
      expect(formulas[0].querySelector('.katex-html'), 'no HTML without the stylesheet').to.equal(null);
      expect(formulas[1].classList.contains('math-display')).to.equal(true);
      expect(formulas[1].querySelector('math')!.getAttribute('display')).to.equal('block');
      // A display formula scrolls sideways in its own box when wide: the keyboard reaches it; inline ones are text.
      expect([(formulas[0] as HTMLElement).tabIndex, (formulas[1] as HTMLElement).tabIndex]).to.deep.equal([-1, 0]);
      expect(body(el).textContent).to.contain('it costs $5 and $10.');
      await expect(el).to.be.accessible();
    });
  });

  describe('with KaTeX\'s stylesheet', () => {
    before(() => useKatex({ cssUrl: KATEX_CSS }));

    it('draws KaTeX HTML with MathML beside it, its styles adopted only where math shows', async () => {
      const plain = await mountItem('text-item', say('No math here.'));
      const el = await mountItem('text-item', say('Where $\\alpha^2$ and \\(\\beta\\) and \\[\\sum_i i\\]'));
      const formulas = body(el).querySelectorAll('.math');
      expect(formulas).to.have.length(3);
      for (const formula of Array.from(formulas)) {
        expect(formula.querySelector('.katex-html[aria-hidden="true"]')).to.exist;
        expect(formula.querySelector('.katex-mathml math annotation[encoding="application/x-tex"]')).to.exist;
      }
      const sheets = el.shadowRoot!.adoptedStyleSheets.length;
      expect(sheets).to.be.greaterThan(plain.shadowRoot!.adoptedStyleSheets.length);
      const fontFaces = document.adoptedStyleSheets.flatMap((sheet) => Array.from(sheet.cssRules)).filter((rule) => rule instanceof CSSFontFaceRule);
      expect(fontFaces.length, "KaTeX's fonts are declared in the document").to.be.greaterThan(0);
      const mathml = formulas[0].querySelector<HTMLElement>('.katex-mathml')!;
      expect(getComputedStyle(mathml).position, "KaTeX's styles apply in the shadow root").to.equal('absolute');
      await expect(el).to.be.accessible();
    });

    it('shows a formula that cannot be typeset as its source, with a marker that says why', async () => {
      const el = await mountItem('text-item', say('Broken: $\\frac{a$ and fine: $b$'));
      const error = body(el).querySelector('.math-error')!;
      expect(error.querySelector('.math-source')!.textContent).to.equal('$\\frac{a$');
      const mark = error.querySelector('.math-error-mark')!;
      expect(mark.getAttribute('aria-label')).to.match(/^This formula could not be typeset: /);
      expect(body(el).querySelectorAll('.katex')).to.have.length(1);
    });

    it('refuses what TeX could use to link or style: no link, no style from the input', async () => {
      const el = await mountItem('text-item', say('$\\href{javascript:alert(1)}{x}$ $\\url{javascript:alert(1)}$ $\\htmlStyle{background:url(x)}{y}$ $\\includegraphics{x.png}$'));
      expect(body(el).querySelectorAll('.math')).to.have.length(4);
      expect(body(el).querySelector('a, img, [href], [src]')).to.equal(null);
      const styles = Array.from(body(el).querySelectorAll('[style]')).map((node) => node.getAttribute('style'));
      expect(styles.filter((style) => /url|background/i.test(style!))).to.deep.equal([]);
    });

    it('shows an unclosed display formula as source while it streams, then typesets it once closed', async () => {
      const el = await mountItem('text-item', say('Area:'));
      el.streaming = true;
      const show = async (text: string, shown: () => boolean) => {
        el.item = say(text);
        await el.updateComplete;
        await until(shown, text);
      };
      await show('Area:\n\n$$\n\\frac{a', () => !!body(el).querySelector('.math-pending'));
      expect(body(el).querySelector('.math-pending')!.textContent).to.equal('$$\n\\frac{a');
      expect(body(el).querySelector('.katex, .math-error')).to.equal(null);
      await show('Area:\n\n$$\n\\frac{a}{b}\n$$', () => !body(el).querySelector('.math-pending'));
      expect(body(el).querySelector('.math-display .katex')).to.exist;
      await show('Area:\n\n$$\n\\frac{a}{b}\n$$\n\nso \\(x', () => body(el).textContent!.includes('so'));
      expect(body(el).textContent).not.to.contain('\\(');
      el.streaming = false;
      el.item = say('Area:\n\n$$\n\\frac{a}{b}\n$$\n\nso \\(x\\).');
      await el.updateComplete;
      expect(body(el).querySelectorAll('.katex')).to.have.length(2);
    });

    it('copies a message as its TeX', async () => {
      const clipboard = stubClipboard();
      try {
        const el = await mountList([say('So $x^2$ holds.')]);
        deepQueryAll<HTMLButtonElement>(el, 'article .action')[0].click();
        await settle(el);
        expect(clipboard.writes.at(-1)).to.equal('So $x^2$ holds.');
        expect(deepQueryAll<TextItem>(el, 'text-item')[0].shadowRoot!.querySelector<HTMLElement>('.math')!.dataset.tex).to.equal('x^2');
      } finally {
        clipboard.restore();
      }
    });
  });
});
