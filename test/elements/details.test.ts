/**
 * Issue 68's details: the streaming caret shows in any still of a blink, and a citation's tip
 * shows below its marker (clear of the message's label above), with a shadow, flipping above
 * only where there is no room below.
 */
import { expect } from '@open-wc/testing';
import { deepQueryAll, frames, mountList, until } from '../helpers.js';

const shadow = (el: Element) => el.shadowRoot!;
const QUESTION = { type: 'text', message_type: 'user', content: { text: 'What is the capital of France?' } };
const PARIS = { cited_text: 'Paris is the capital and largest city of France, on the Seine, with an estimated population of 2,102,650 residents in January 2023 in an area of more than 105 km².', source: { type: 'web', title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris' } };
const cited = (text: string) => ({ type: 'text', message_type: 'assistant', content: { text, citations: [{ ...PARIS, start_index: 0, end_index: text.indexOf('.') + 1 }] } });

/** The first marker's link and its tip, shown by focusing the link. */
async function focusedTip(list: Element): Promise<{ marker: DOMRect; tip: HTMLElement }> {
  const text = deepQueryAll(list, 'text-item').at(-1)!;
  const link = shadow(text).querySelector<HTMLAnchorElement>('.markdown .cite a')!;
  const tip = shadow(text).getElementById(link.getAttribute('aria-describedby')!)!;
  link.focus({ preventScroll: true });
  await frames(2);
  return { marker: link.getBoundingClientRect(), tip };
}

describe('details', () => {
  it('shows the caret in every phase of its blink', async () => {
    const list = await mountList([{ ...QUESTION, id: 'q', message_id: 'q', sequence: 0 }], {}, 'height: 20rem');
    list.draft = { text: 'Because the build' };
    await until(() => deepQueryAll(list, '.caret')[0]?.getAnimations().length > 0, 'the caret blinks once the text stands still');
    const caret = deepQueryAll<HTMLElement>(list, '.caret')[0];
    const [blink] = caret.getAnimations();
    for (const at of [0, 250, 500, 750, 999]) {
      blink.pause();
      blink.currentTime = at;
      const style = getComputedStyle(caret);
      expect([style.visibility, Number(style.opacity) >= 0.3], `${at} ms into the blink`).to.deep.equal(['visible', true]);
    }
    expect(caret.getBoundingClientRect().width).to.be.above(0);
  });

  it('shows a citation tip below its marker, with a shadow, clear of the label above', async () => {
    const list = await mountList([QUESTION, cited('The capital of France is Paris. It has about 2.1 million people.')], {}, 'display: flex; width: 24rem; height: 30rem');
    const { marker, tip } = await focusedTip(list);
    const box = tip.getBoundingClientRect();
    expect(box.width, 'the tip shows').to.be.above(100);
    expect(box.top, 'below its marker').to.be.at.least(marker.bottom);
    expect(getComputedStyle(tip).boxShadow).to.not.equal('none');
    await expect(list).to.be.accessible();
  });

  it('flips a tip above its marker only where there is no room below', async () => {
    const filler = Array.from({ length: 6 }, (_, i) => `Paragraph ${i + 1} fills the list so that the answer ends at its bottom.`).join('\n\n');
    const list = await mountList([QUESTION, { type: 'text', message_type: 'assistant', content: { text: filler } }, QUESTION, cited('Paris.')], {}, 'display: flex; width: 24rem; height: 14rem');
    await frames(4);
    // The marker's line at the list's bottom edge: the tip has no room below it.
    const scroller = list.shadowRoot!.querySelector<HTMLElement>('[part~="log"]')!;
    const link = shadow(deepQueryAll(list, 'text-item').at(-1)!).querySelector('.markdown .cite a')!;
    scroller.scrollTop += link.getBoundingClientRect().bottom - (scroller.getBoundingClientRect().bottom - 12);
    await frames(2);
    const { marker, tip } = await focusedTip(list);
    const box = tip.getBoundingClientRect();
    expect(tip.hasAttribute('data-above')).to.equal(true);
    expect(box.bottom, 'above its marker').to.be.at.most(marker.top);
    expect(box.top, 'within the list').to.be.at.least(scroller.getBoundingClientRect().top);
  });
});
