import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { mountItem } from '../helpers.js';
import { frames } from '../waits.js';

const answer = (text: string) => ({ type: 'text', message_type: 'assistant', content: { text } });
const TABLE = [
  '| Region | Q1 revenue | Q2 revenue | Q3 revenue | Q4 revenue | Growth | Margin | Headcount | Notes |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---|',
  '| North America | $1,200,000 | $1,350,000 | $1,410,000 | $1,580,000 | 12.4% | 31% | 420 | Enterprise renewals |',
  '| Europe | $980,000 | $1,020,000 | $1,100,000 | $1,190,000 | 8.1% | 27% | 310 | Currency headwinds |',
].join('\n');
const CODE = '```js\nexport const total = quarters.map((quarter) => quarter.revenue).reduce((sum, revenue) => sum + revenue, 0);\n```';

/** How many lines a cell's text takes. */
function linesOf(cell: Element): number {
  const range = document.createRange();
  range.selectNodeContents(cell);
  return new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size;
}

/** The widths of the two edge shadows (left, right) where the scroll position draws them. */
function shadows(box: Element): string[] {
  return getComputedStyle(box).backgroundSize.split(', ').map((size) => size.split(' ')[0]);
}

const drivenByScroll = CSS.supports('animation-timeline: scroll()');

describe('wide content at its natural width', () => {
  it('scrolls a nine-column table sideways at 390 px, its cells unsqueezed, in a named box the keyboard reaches', async () => {
    const el = await mountItem('text-item', answer(TABLE));
    el.style.width = '390px';
    await frames(2);
    const table = el.shadowRoot!.querySelector('table')!;
    const box = table.parentElement!;
    expect(box.matches('.table-scroll[role="region"][aria-label="Table"]')).to.equal(true);
    expect(box.tabIndex).to.equal(0);
    expect(box.scrollWidth, 'it scrolls').to.be.greaterThan(box.clientWidth);
    expect(table.querySelectorAll('tr:first-child th').length).to.equal(9);
    for (const cell of table.querySelectorAll<HTMLElement>('th, td')) {
      expect(linesOf(cell), `"${cell.textContent}" on one line`).to.equal(1);
      expect(cell.scrollWidth, `"${cell.textContent}" fits its cell`).to.be.at.most(cell.clientWidth);
    }
    box.focus();
    await sendKeys({ press: 'ArrowRight' });
    await frames(2);
    expect(box.scrollLeft, 'the arrow keys scroll it').to.be.greaterThan(0);
    await expect(el).to.be.accessible();
  });

  it('shows an edge where more continues, on either side', async () => {
    const el = await mountItem('text-item', answer(`${TABLE}\n\n${CODE}`));
    el.style.width = '390px';
    await frames(2);
    for (const box of el.shadowRoot!.querySelectorAll<HTMLElement>('.table-scroll, pre')) {
      expect(box.scrollWidth, box.className || box.tagName).to.be.greaterThan(box.clientWidth);
      if (!drivenByScroll) {
        // Covers that scroll with the content hide the shadows at either end.
        expect(getComputedStyle(box).backgroundAttachment).to.include('local');
        continue;
      }
      expect(shadows(box), 'at the start: more on the right only').to.deep.equal(['0px', shadows(box)[1]]);
      expect(parseFloat(shadows(box)[1])).to.be.greaterThan(0);
      box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
      await frames(2);
      expect(shadows(box).map(parseFloat).every((width) => width > 0), 'in the middle: both').to.equal(true);
      box.scrollLeft = box.scrollWidth;
      await frames(2);
      expect(shadows(box)[1], 'at the end: none on the right').to.equal('0px');
    }
  });

  it('draws no edge on content that fits', async function () {
    if (!drivenByScroll) this.skip();
    const el = await mountItem('text-item', answer('| a | b |\n|---|---|\n| 1 | 2 |\n\n```js\nconst a = 1;\n```'));
    el.style.width = '600px';
    await frames(2);
    for (const box of el.shadowRoot!.querySelectorAll('.table-scroll, pre')) {
      expect(shadows(box), box.className || box.tagName).to.deep.equal(['0px', '0px']);
    }
  });
});
