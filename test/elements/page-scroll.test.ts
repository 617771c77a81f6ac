import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/index.js';
import { frames, listInBox, mountList, settle } from '../helpers.js';

/*
 * Text kept for screen readers is positioned absolutely. Placed against an ancestor outside the
 * scroller that shows it, it once stretched the page by the scroller's whole height (Chromium,
 * WebKit): a page holding a 300 px list scrolled through 25,000 px of nothing.
 */

/** A question, a tool call with its duration and result, and an answer with code that stopped early. */
function exchange(i: number) {
  return [
    { id: `u${i}`, message_type: 'user', content_type: 'text', sequence: 0, content: { text: `Question ${i}` } },
    { id: `c${i}`, message_type: 'assistant', content_type: 'tool_call', sequence: 0, status: 'completed', tool_call_id: `k${i}`,
      inserted_at: '2026-08-20T10:00:00Z', completed_at: '2026-08-20T10:00:02Z', content: { call_id: `k${i}`, name: 'run', arguments: { n: i } } },
    { id: `r${i}`, message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: `k${i}`, content: { tool_call_id: `k${i}`, content: 'ok' } },
    { id: `a${i}`, message_type: 'assistant', content_type: 'text', sequence: 1,
      content: { text: `Answer ${i}\n\n\`\`\`js\nrun(${i});\n\`\`\``, stop_reason: 'refusal', stop_details: { category: 'cyber', explanation: 'Not this.' } } },
  ];
}

/** How far the page scrolls beyond both its viewport and this element. */
function pageBeyond(el: Element): number {
  const page = document.scrollingElement!;
  return page.scrollHeight - Math.max(page.clientHeight, el.getBoundingClientRect().bottom + page.scrollTop);
}

const boxes: HTMLElement[] = [];
afterEach(() => boxes.splice(0).forEach((box) => box.remove()));

describe('hidden text stays inside what scrolls', () => {
  it('a page holding a short list of code, tools and stops scrolls no further than the list', async () => {
    const el = await mountList(Array.from({ length: 60 }, (_, i) => exchange(i)).flat(), {}, 'height: 300px');
    const log = el.shadowRoot!.querySelector<HTMLElement>('.log')!;
    for (const top of [log.scrollHeight, 0]) {
      log.scrollTop = top;
      await frames(2);
      expect(pageBeyond(el), `with the log at ${log.scrollTop}`).to.be.lessThan(50);
    }
  });

  it("items in a host's own scroller leave the page as long as it was", async () => {
    const box = document.createElement('div');
    box.style.cssText = 'height: 300px; overflow: auto';
    document.body.append(box);
    boxes.push(box);
    for (const [i, row] of Array.from({ length: 30 }, (_, i) => exchange(i)).flat().entries()) {
      const tag = row.content_type === 'text' ? 'text-item' : row.content_type === 'tool_call' ? 'tool-call-item' : 'tool-result-item';
      const item = Object.assign(document.createElement(tag), { item: row });
      box.append(item);
      if (i % 4 === 3) box.append(Object.assign(document.createElement('stop-mark'), { reason: 'refusal', details: { category: 'cyber', explanation: 'Not this.' } }));
    }
    await settle(box);
    expect(box.scrollHeight, 'the items overflow their scroller').to.be.greaterThan(3_000);
    for (const top of [box.scrollHeight, 0]) {
      box.scrollTop = top;
      await frames(2);
      expect(pageBeyond(box), `with the scroller at ${box.scrollTop}`).to.be.lessThan(50);
    }
  });

  it("a timestamp's tip stays inside a narrow list, a reader's own and the assistant's", async () => {
    const rows = Array.from({ length: 4 }, (_, i) => ({
      id: `m${i}`, message_type: i % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0,
      inserted_at: new Date(Date.UTC(2026, 7, 20, 10, i)).toISOString(), content: { text: `Message ${i}` },
    }));
    const el = await mountList(rows, {}, 'height: 300px; width: 340px');
    const log = el.shadowRoot!.querySelector<HTMLElement>('.log')!;
    // A key pressed first: focus moved by script then shows as keyboard focus in every engine.
    await sendKeys({ press: 'Shift' });
    for (const role of ['user', 'assistant']) {
      const time = [...el.shadowRoot!.querySelectorAll<HTMLElement>(`.message.${role} .time`)].at(-1)!;
      time.focus();
      await frames(2);
      // Chromium and WebKit compute the text, Firefox keeps "attr(data-full)"; hidden, it is "none".
      expect(getComputedStyle(time, '::after').content, `the ${role}'s tip shows`).not.to.be.oneOf(['none', 'normal']);
      expect(log.scrollWidth, `the log's width with the ${role}'s tip shown`).to.be.at.most(log.clientWidth + 1);
    }
  });

  it('tells a narrow list from a wide one as it is resized', async () => {
    const el = await mountList(exchange(1), {}, 'height: 300px; width: 340px');
    const log = el.shadowRoot!.querySelector<HTMLElement>('.log')!;
    // Told after a frame's layout (before it paints): read in the frame after.
    await frames(2);
    expect(log.hasAttribute('data-narrow'), '340 px').to.equal(true);
    el.style.width = '700px';
    await frames(2);
    expect(log.hasAttribute('data-narrow'), '700 px').to.equal(false);
  });
});

describe('a list in a box sized by what it holds', () => {
  const sentence = 'What is the state of the build? A question of a reasonable length for one line.';

  for (const box of ['a dialog', 'an inline-block', 'a flex row', 'an absolutely placed box']) {
    it(`is as wide as its text, within the window, in ${box}`, async () => {
      const boxStyle = { 'a dialog': '', 'an inline-block': 'display: inline-block', 'a flex row': 'display: flex', 'an absolutely placed box': 'position: absolute; top: 0; left: 0' }[box]!;
      const items = [{ id: 'q', message_type: 'user', content_type: 'text', sequence: 0, content: { text: sentence } }];
      const { box: wrapper, el } = listInBox(items, boxStyle, { tag: box === 'a dialog' ? 'dialog' : 'div' });
      boxes.push(wrapper);
      if (wrapper instanceof HTMLDialogElement) wrapper.showModal();
      await settle(el);
      const text = el.shadowRoot!.querySelector('text-item')!.getBoundingClientRect();
      // Its one line: as tall as a few lines at most (at 0 px wide, the list was 1,600 px tall).
      expect(text.height, 'the text on one line or two').to.be.below(80);
      expect(el.getBoundingClientRect().width).to.be.within(300, innerWidth);
    });
  }
});
