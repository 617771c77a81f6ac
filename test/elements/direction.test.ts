import { expect } from '@open-wc/testing';
import { deepQueryAll, mountItem, settle } from '../helpers.js';

const text = (markdown: string) => ({ type: 'text', message_type: 'assistant', content: { text: markdown } });
const ARABIC = 'البناء ناجح على الفرع، وآخر تشغيل استغرق 42 ثانية.';

/** Where a node's text starts and ends on screen, against its box's content edges. */
function textEdges(box: Element, from?: { node: Node; start: number; end: number }) {
  const range = document.createRange();
  if (from) {
    range.setStart(from.node, from.start);
    range.setEnd(from.node, from.end);
  } else {
    range.selectNodeContents(box);
  }
  const ink = range.getBoundingClientRect();
  const rect = box.getBoundingClientRect();
  const style = getComputedStyle(box);
  const left = rect.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft);
  const right = rect.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight);
  return { fromLeft: ink.left - left, fromRight: right - ink.right };
}

/** Puts an element mounted by `mountItem` in a right-to-left page (its host). */
async function inRightToLeft<T extends HTMLElement>(el: T): Promise<T> {
  el.parentElement!.dir = 'rtl';
  await settle(el);
  return el;
}

describe('each text in its own direction', () => {
  it('an answer in Arabic in an English page reads right to left, block by block', async () => {
    const el = await mountItem('text-item', text([
      ARABIC,
      '',
      '- الاختبارات: 120 ناجحة.',
      '- التحذيرات: 3.',
      '',
      '> ملاحظة: راجع الملف قبل النشر.',
      '',
      'And an English paragraph after it.',
      '',
      '<p dir="ltr">مرحبا given left to right by the HTML</p>',
      '',
      '## النتائج',
      '',
      '| الاسم | العدد |',
      '| --- | --- |',
      '| الاختبارات | 120 |',
    ].join('\n')));
    const [arabic, english, given] = deepQueryAll<HTMLElement>(el, '.markdown > p, .markdown > .run > p');
    expect(arabic.matches(':dir(rtl)'), 'the Arabic paragraph').to.equal(true);
    expect(english.matches(':dir(ltr)'), 'the English one after it').to.equal(true);
    expect(given.matches(':dir(ltr)'), 'a direction the HTML gave is kept').to.equal(true);
    const arabicEdges = textEdges(arabic);
    expect(arabicEdges.fromRight, 'the Arabic text starts at the right').to.be.at.most(1);
    expect(arabicEdges.fromLeft, 'and stops short of the left').to.be.above(20);
    expect(textEdges(english).fromLeft, 'the English text starts at the left').to.be.at.most(1);
    const [list] = deepQueryAll<HTMLElement>(el, 'ul');
    expect(list.matches(':dir(rtl)'), 'the list, whose bullets follow').to.equal(true);
    const [quote] = deepQueryAll<HTMLElement>(el, 'blockquote');
    expect(quote.matches(':dir(rtl)'), 'the quote, whose bar follows').to.equal(true);
    expect(parseFloat(getComputedStyle(quote).borderRightWidth), "the quote's bar on the right").to.be.above(0);
    expect(quote.querySelector('p')!.hasAttribute('dir'), "a quote's paragraph takes the quote's direction").to.equal(false);
    const [heading] = deepQueryAll<HTMLElement>(el, 'h2');
    expect(textEdges(heading).fromRight, 'the heading starts at the right').to.be.at.most(1);
    const [first, second] = deepQueryAll<HTMLElement>(el, 'th');
    expect(first.getBoundingClientRect().left, "the table's first column on the right").to.be.above(second.getBoundingClientRect().left);
    await expect(el).to.be.accessible();
  });

  it('code reads left to right in a right-to-left page, inline and in blocks', async () => {
    const el = await inRightToLeft(await mountItem('text-item', text([
      'An English line with `a.b();` in it.',
      '',
      '```js',
      'console.log(build.ok);',
      '```',
    ].join('\n'))));
    const [block] = deepQueryAll<HTMLElement>(el, 'pre');
    expect(getComputedStyle(block).direction).to.equal('ltr');
    // Mirrored, the line read ";console.log(build.ok)" from the right.
    expect(textEdges(block).fromLeft, 'the code starts at the left').to.be.at.most(1);
    const [inline] = deepQueryAll<HTMLElement>(el, 'p code');
    expect(getComputedStyle(inline).direction).to.equal('ltr');
    expect(getComputedStyle(inline).unicodeBidi, 'inline code is a unit of its own').to.equal('isolate');
  });

  it("a call's arguments and its JSON read left to right in a right-to-left page", async () => {
    const call = {
      id: 'r1', content_type: 'tool_call', message_type: 'assistant', tool_call_id: 'c1', status: 'completed', metadata: {},
      content: { call_id: 'c1', name: 'search', arguments: { query: 'مرحبا', limit: 3 }, display_text: null },
    };
    const el = await inRightToLeft(await mountItem('tool-call-item', call, { open: true }));
    const [tree] = deepQueryAll<HTMLElement>(el, '.json-tree');
    expect(getComputedStyle(tree).direction).to.equal('ltr');
    expect(textEdges(tree).fromLeft, 'the tree starts at the left').to.be.at.most(1);
    // The header's preview is the query itself, in its own text's direction; a path reads left to right.
    const [preview] = deepQueryAll<HTMLElement>(el, '[part="arguments-summary"]');
    expect([preview.textContent, getComputedStyle(preview).direction]).to.deep.equal(['مرحبا', 'rtl']);
    const path = await inRightToLeft(await mountItem('tool-call-item', { ...call, content: { ...call.content, arguments: { path: '/srv/app' } } }));
    const [latin] = deepQueryAll<HTMLElement>(path, '[part="arguments-summary"]');
    expect([latin.textContent, getComputedStyle(latin).direction]).to.deep.equal(['/srv/app', 'ltr']);
    await expect(el).to.be.accessible();
  });

  it("a text result's lines each read in their own direction", async () => {
    const result = {
      type: 'tool_result', message_type: 'tool',
      content: { tool_call_id: 'c1', name: 'fetch', content: `GET https://example.com 200 OK.\n${ARABIC}`, is_error: false, is_interrupt: false },
    };
    const el = await mountItem('tool-result-item', result);
    const [output] = deepQueryAll<HTMLElement>(el, 'pre.content');
    const node = [...output.childNodes].find((each) => each.nodeType === Node.TEXT_NODE)!;
    const second = node.textContent!.indexOf(ARABIC);
    expect(textEdges(output, { node, start: 0, end: second - 1 }).fromLeft, 'the log line from the left').to.be.at.most(1);
    expect(textEdges(output, { node, start: second, end: second + ARABIC.length }).fromRight, 'the Arabic line from the right').to.be.at.most(1);
  });

  it("what a provider, a tool or an agent wrote reads in its own direction inside the kit's words", async () => {
    const ENGLISH = 'The request was declined.';
    const notice = await inRightToLeft(await mountItem('text-item', {
      type: 'notification', message_type: 'system',
      content: { text: ENGLISH, stop_reason: 'refusal', stop_details: { type: 'refusal', category: 'cyber', explanation: ENGLISH } },
    }));
    const failed = await inRightToLeft(await mountItem('tool-call-item', {
      id: 'r1', content_type: 'tool_call', message_type: 'assistant', tool_call_id: 'c1', status: 'failed', metadata: { error: 'No such file.' },
      content: { call_id: 'c1', name: 'read_file', arguments: {}, display_text: 'Reading notes.md.' },
    }, { open: true }));
    const todos = await mountItem('text-item', { type: 'todo_snapshot', message_type: 'system', content: { todos: [{ id: 1, content: ARABIC, status: 'pending' }] } });
    const texts: [string, Text][] = [
      ["a notification's text in a right-to-left page", textNodeOf(notice, ENGLISH, '.notice-text')],
      ["a refusal's explanation in a right-to-left page", textNodeOf(notice, ENGLISH, '.explanation')],
      ["a call's label in a right-to-left page", textNodeOf(failed, 'Reading notes.md.', '.label')],
      ["a call's error in a right-to-left page", textNodeOf(failed, 'No such file.', '.error-text')],
      ['an Arabic to-do in an English page', textNodeOf(todos, ARABIC, '.todo-text')],
    ];
    for (const [what, node] of texts) {
      const holder = node.parentElement!;
      const body = node.textContent!;
      const stop = body.lastIndexOf('.');
      const first = charBox(node, body.search(/\S/));
      const last = charBox(node, stop);
      // Read in the other direction, the full stop sits at the sentence's start.
      const arabic = /[\u0600-\u06FF]/.test(body);
      if (arabic) expect(last.right, `${what}: its full stop ends it, on the left`).to.be.below(first.left);
      else expect(last.left, `${what}: its full stop ends it, on the right`).to.be.above(first.right);
      expect(holder.matches(arabic ? ':dir(rtl)' : ':dir(ltr)'), what).to.equal(true);
    }
    await expect(notice).to.be.accessible();
    await expect(failed).to.be.accessible();
  });
});

/** The text node in `el`'s shadow roots, under `within`, that holds `text`. */
function textNodeOf(el: Element, text: string, within: string): Text {
  const [box] = deepQueryAll<HTMLElement>(el, within);
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) if (walker.currentNode.textContent!.includes(text)) return walker.currentNode as Text;
  throw new Error(`No text "${text}" under ${within}`);
}

/** One character's box on screen. */
function charBox(node: Node, index: number): DOMRect {
  const range = document.createRange();
  range.setStart(node, index);
  range.setEnd(node, index + 1);
  return range.getBoundingClientRect();
}
