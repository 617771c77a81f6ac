import { expect } from '@open-wc/testing';
import { mathExtension, mathRepairSyntax, mathSpanAt } from '../../src/math/syntax.js';
import { extendMarkdown, markdownToHtml } from '../../src/markdown/parse.js';
import { repairTail, setRepairSyntax } from '../../src/markdown/repair/index.js';

describe('math syntax', () => {
  const span = (source: string, at = 0) => mathSpanAt(source, at);

  it('finds display and inline formulas by their delimiters', () => {
    expect(span('$$a+b$$ rest')).to.deep.equal({ end: 7, tex: 'a+b', display: true });
    expect(span('\\[x\\]')).to.deep.equal({ end: 5, tex: 'x', display: true });
    expect(span('\\(x^2\\) and')).to.deep.equal({ end: 7, tex: 'x^2', display: false });
    expect(span('$x^2$ is')).to.deep.equal({ end: 5, tex: 'x^2', display: false });
    expect(span('$\\$5$')).to.deep.equal({ end: 5, tex: '\\$5', display: false });
  });

  it('never reads prices as math', () => {
    for (const text of ['$5, and $x', '$5 and $10', '$5-$10', '$5/$10 a month', 'US$5 and US$10', '$ 5 and 5 $', '$PATH and $HOME', 'costs $5.\n\nThen $6']) {
      for (let at = text.indexOf('$'); at >= 0; at = text.indexOf('$', at + 1)) {
        expect(span(text, at), `${text} at ${at}`).to.equal(null);
      }
    }
  });

  it('says when a delimited formula has opened but not closed; a lone $ never counts as open', () => {
    expect(span('$$a+')).to.equal('open');
    expect(span('\\(a')).to.equal('open');
    expect(span('$a+')).to.equal(null);
    expect(span('$$$$')).to.equal(null);
    expect(span('plain')).to.equal(null);
  });

  describe('with the streaming repair', () => {
    before(() => setRepairSyntax(mathRepairSyntax));
    after(() => setRepairSyntax(null));

    it('hides an inline formula until it closes, and closes no emphasis inside a closed one', () => {
      expect(repairTail('Energy is \\(E = m')).to.equal('Energy is ');
      expect(repairTail('so $$a*b')).to.equal('so ');
      expect(repairTail('where $a*b$ and *c')).to.equal('where $a*b$ and *c*');
      expect(repairTail('where $a*b$ holds')).to.equal('where $a*b$ holds');
      expect(repairTail('it costs $5 and *more')).to.equal('it costs $5 and *more*');
    });

    it('leaves an open display block as written: it shows as source until it closes', () => {
      expect(repairTail('Text\n\n$$\n\\frac{a*b}{')).to.equal('Text\n\n$$\n\\frac{a*b}{');
      expect(repairTail('$$\nx\n$$\n\nand *y')).to.equal('$$\nx\n$$\n\nand *y*');
    });

    it('without math syntax, dollars are text', () => {
      setRepairSyntax(null);
      expect(repairTail('so $$a*b')).to.equal('so $$a*b*');
      setRepairSyntax(mathRepairSyntax);
    });
  });
});

describe('math in Markdown', () => {
  before(() => extendMarkdown(mathExtension));

  it('makes display blocks and inline formulas, and leaves code and prices alone', () => {
    expect(markdownToHtml('Before\n$$\na*b\n$$\nafter')).to.equal(
      '<p>Before</p>\n<div class="math math-display">a*b</div>\n<p>after</p>\n',
    );
    expect(markdownToHtml('one\n$$x$$ and more\ntwo')).to.equal('<p>one\n<span class="math math-display">x</span> and more\ntwo</p>\n');
    expect(markdownToHtml('*a $b*c$ d*')).to.equal('<p><em>a <span class="math math-inline">b*c</span> d</em></p>\n');
    expect(markdownToHtml('`$x$` costs $5 and $10; \\$y stays')).to.equal('<p><code>$x$</code> costs $5 and $10; $y stays</p>\n');
    expect(markdownToHtml('\\$y$ is not math')).to.equal('<p>$y$ is not math</p>\n');
    expect(markdownToHtml('It costs $5, and $x$ is the unknown')).to.equal('<p>It costs $5, and <span class="math math-inline">x</span> is the unknown</p>\n');
    expect(markdownToHtml('```\n$$\n```')).to.equal('<pre><code>$$\n</code></pre>\n');
    expect(markdownToHtml('x <b>&</b> $a<b$')).to.equal('<p>x <b>&amp;</b> <span class="math math-inline">a&#60;b</span></p>\n');
  });

  it('shows a display block that has not closed as its source, to the end', () => {
    expect(markdownToHtml('Area:\n\n$$\n\\frac{a\n\nb')).to.equal('<p>Area:</p>\n<p class="math math-pending">$$\n\\frac{a\n\nb</p>\n');
  });
});
