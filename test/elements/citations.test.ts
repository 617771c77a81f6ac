import { expect } from '@open-wc/testing';
import { deepQueryAll, mountItem, mountList, settle, stubClipboard } from '../helpers.js';
import { fromAnthropicMessages, fromOpenAIChat } from '../../src/adapters/index.js';
import type { TextItem } from '../../src/elements/text-item/text-item.js';

const shadow = (el: Element) => el.shadowRoot!;
const cited = (text: string, citations: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'text', message_type: 'assistant', content: { text, citations, ...extra },
});
const paris = { cited_text: 'Paris is the capital of France.', source: { type: 'web', title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris' } };

/** The markers' numbers and the text just before each, in order. */
function markers(el: Element): Array<[string, string]> {
  return Array.from(shadow(el).querySelectorAll('.markdown .cite')).map((marker) => {
    const before = document.createRange();
    before.setStart(marker.parentNode!, 0);
    before.setEndBefore(marker);
    return [marker.querySelector('.cite-number')!.textContent!, before.toString().slice(-6)];
  });
}

describe('citations', () => {
  it('put a numbered marker at the end of each cited span, and list the sources', async () => {
    const text = 'The capital is **Paris**. It has 2.1 million people.';
    const el = await mountItem('text-item', cited(text, [
      { ...paris, start_index: 15, end_index: 24 },
      { cited_text: '2.1 million', start_index: 26, end_index: 52, source: { type: 'document', title: 'Census 2024' }, start_page_number: 4, end_page_number: 6 },
    ]));
    expect(shadow(el).querySelector('.markdown strong')!.textContent, 'emphasis still closes').to.equal('Paris');
    expect(markers(el)).to.deep.equal([['1', 'Paris.'], ['2', 'eople.']]);
    const link = shadow(el).querySelector<HTMLAnchorElement>('.markdown .cite a')!;
    expect(link.getAttribute('href')).to.equal('https://en.wikipedia.org/wiki/Paris');
    expect(link.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(link.getAttribute('aria-label')).to.equal('Source 1: Paris (en.wikipedia.org)');
    const tip = shadow(el).getElementById(link.getAttribute('aria-describedby')!)!;
    expect(tip.textContent).to.contain('Paris is the capital of France.');
    const document = shadow(el).querySelector<HTMLElement>('.markdown .cite span.cite-number')!;
    expect(document.tabIndex, 'a marker without an address is still reachable').to.equal(0);
    const sources = Array.from(shadow(el).querySelectorAll('.sources .source')).map((li) => li.textContent!.replace(/\s+/g, ' ').trim());
    expect(sources[0]).to.match(/^1 Paris en\.wikipedia\.org/);
    expect(sources[1]).to.match(/^2 Census 2024 pp\. 4–5 · “2\.1 million”/);
    expect(shadow(el).querySelector('.sources')!.getAttribute('aria-label')).to.equal('Sources');
    link.focus();
    expect(getComputedStyle(tip).display, 'the tip shows on focus').to.equal('block');
    await expect(el).to.be.accessible();
  });

  it('put markers after the text when spans are unknown, and never inside code or a link', async () => {
    const el = await mountItem('text-item', cited('See [the docs](https://example.com/a) and `a b` here.\n\n```\ncode\n```', [
      { title: 'Docs', start_index: 0, end_index: 8 },
      { title: 'Code', start_index: 0, end_index: 46 },
      { title: 'Fence', start_index: 0, end_index: 57 },
      { title: 'Somewhere', url: 'https://example.org' },
    ]));
    const body = shadow(el).querySelector('.markdown')!;
    expect(body.querySelector('a .cite, code .cite, pre .cite'), 'no marker inside a link or code').to.equal(null);
    expect(body.querySelectorAll('.cite')).to.have.length(4);
    expect(body.querySelector('code:not(pre code)')!.textContent).to.equal('a b');
    expect(body.querySelector('pre code')!.textContent).to.equal('code\n');
    expect(Array.from(body.querySelectorAll('.cite-number')).map((n) => n.textContent)).to.deep.equal(['1', '2', '3', '4']);
    expect(body.textContent).not.to.match(/[\uE000\uE001]/);
  });

  it('refuse a dangerous address: the marker is a note and the source says "blocked link"', async () => {
    const el = await mountItem('text-item', cited('Trust me.', [{ title: 'Evil', url: 'javascript:window.__xss(1)', start_index: 0, end_index: 9 }]));
    expect(shadow(el).querySelector('a')).to.equal(null);
    expect(shadow(el).querySelector('.markdown .cite-number')!.getAttribute('role')).to.equal('note');
    expect(shadow(el).querySelector('.source')!.textContent).to.contain('blocked link');
  });

  it('render the Anthropic and OpenAI adapters\' citations and put them in the Markdown export and copy', async () => {
    const anthropic = fromAnthropicMessages([{
      role: 'assistant',
      content: [
        { type: 'text', text: 'The capital is ' },
        { type: 'text', text: 'Paris', citations: [{ type: 'web_search_result_location', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris', cited_text: 'Paris is the capital' }] },
        { type: 'text', text: '.' },
      ],
    }]).items;
    const openai = fromOpenAIChat([
      { role: 'user', content: 'Docs?' },
      { role: 'assistant', content: 'See the docs.', annotations: [{ type: 'url_citation', url_citation: { url: 'https://example.com/docs', title: 'Docs', start_index: 4, end_index: 12 } }] },
    ]).items;
    const el = await mountList([...anthropic, ...openai]);
    const texts = deepQueryAll<TextItem>(el, 'text-item');
    expect(markers(texts[0])).to.deep.equal([['1', 'Paris.']]);
    expect(markers(texts[2])).to.deep.equal([['1', ' docs.']]);
    const markdown = el.toMarkdown();
    expect(markdown).to.contain('The capital is Paris.[^1]\n\n[^1]: [Paris](<https://en.wikipedia.org/wiki/Paris>) “Paris is the capital”');
    expect(markdown).to.contain('See the docs.[^1]\n\n[^1]: [Docs](<https://example.com/docs>)');
    const clipboard = stubClipboard();
    try {
      const copy = deepQueryAll<HTMLButtonElement>(el, 'article .action')[0];
      copy.click();
      await settle(el);
      expect(clipboard.writes.at(-1)).to.contain('[^1]: [Paris]');
    } finally {
      clipboard.restore();
    }
  });

  it('do not disturb a streamed text: the final text with citations renders once, whole', async () => {
    const el = await mountItem('text-item', { type: 'text', message_type: 'assistant', content: { text: 'The capital' } });
    el.streaming = true;
    el.item = { type: 'text', message_type: 'assistant', content: { text: 'The capital is Paris.\n\nMore' } };
    await el.updateComplete;
    el.streaming = false;
    el.item = cited('The capital is Paris.\n\nMore text.', [{ ...paris, start_index: 15, end_index: 20 }]);
    await el.updateComplete;
    expect(markers(el)).to.deep.equal([['1', 'Paris.']]);
    expect(shadow(el).querySelectorAll('.markdown p')).to.have.length(2);
    expect(shadow(el).querySelector('.markdown')!.textContent).to.equal('The capital is Paris.1Paris · en.wikipedia.org · “Paris is the capital of France.”\nMore text.\n');
  });

  it('keep their rendered blocks when the host hands over a fresh copy of the item, or the same text grown', async () => {
    const citation = { ...paris, start_index: 15, end_index: 20 };
    const el = await mountItem('text-item', cited('The capital is Paris.\n\nA second paragraph.\n\nA third', [citation]));
    const [first, second, third] = Array.from(shadow(el).querySelectorAll('.markdown > p'));
    el.item = cited('The capital is Paris.\n\nA second paragraph.\n\nA third', [{ ...citation }]);
    await el.updateComplete;
    el.item = cited('The capital is Paris.\n\nA second paragraph.\n\nA third one, longer.', [{ ...citation }]);
    await el.updateComplete;
    const paragraphs = Array.from(shadow(el).querySelectorAll('.markdown > p'));
    expect(paragraphs[0], 'the cited paragraph is the same node').to.equal(first);
    expect(paragraphs[1]).to.equal(second);
    // The last paragraph grew in place, as an uncited text's does (a whole render rebuilds it).
    expect(paragraphs[2]).to.equal(third);
    expect(paragraphs[2].textContent).to.equal('A third one, longer.');
    expect(markers(el)).to.deep.equal([['1', 'Paris.']]);
    // A citation that reads differently renders anew, with its new words.
    el.item = cited('The capital is Paris.\n\nA second paragraph.\n\nA third one, longer.', [{ ...citation, source: { ...paris.source, title: 'Paris, France' } }]);
    await el.updateComplete;
    expect(shadow(el).querySelector('.markdown .cite a')!.getAttribute('aria-label')).to.equal('Source 1: Paris, France (en.wikipedia.org)');
  });

  it('keep a tip inside the page when its marker sits at the end or the start of a narrow line', async () => {
    const long = { ...paris, cited_text: 'Paris is the capital and largest city of France, on the Seine, with 2.1 million residents.' };
    const el = await mountItem('text-item', cited('A line that ends in Paris.', [{ ...long, start_index: 0, end_index: 26 }]));
    el.style.display = 'block';
    el.style.width = '14rem';
    const within = (tip: Element) => {
      const box = tip.getBoundingClientRect();
      return [box.left >= 0, box.right <= document.documentElement.clientWidth];
    };
    for (const [side, dir] of [['end', 'ltr'], ['start', 'rtl']] as const) {
      el.dir = dir;
      // At the page's right edge in left-to-right text, at its left edge in right-to-left.
      el.style.marginLeft = dir === 'ltr' ? 'calc(100vw - 15rem)' : '0';
      await el.updateComplete;
      const link = shadow(el).querySelector<HTMLAnchorElement>('.markdown .cite a')!;
      const tip = shadow(el).getElementById(link.getAttribute('aria-describedby')!)!;
      link.focus();
      expect(tip.getBoundingClientRect().width, `the tip shows (${dir})`).to.be.above(100);
      expect(within(tip), `a marker at the ${side} of the page keeps its tip in view (${dir})`).to.deep.equal([true, true]);
      link.blur();
    }
    await expect(el).to.be.accessible();
  });

  it('keep a tip inside the list that scrolls it, narrower than the page', async () => {
    const long = { ...paris, cited_text: 'Paris is the capital and largest city of France, on the Seine, with 2.1 million residents.' };
    // A list along the page's left side: the page has room to the tip's right, the list has not.
    const list = await mountList([
      { type: 'text', message_type: 'user', content: { text: 'What is the capital of France?' } },
      cited('The capital of France is Paris.', [{ ...long, start_index: 0, end_index: 31 }]),
    ], {}, 'display: flex; width: 18rem; height: 20rem');
    const text = deepQueryAll(list, 'text-item').at(-1)!;
    const link = shadow(text).querySelector<HTMLAnchorElement>('.markdown .cite a')!;
    const tip = shadow(text).getElementById(link.getAttribute('aria-describedby')!)!;
    link.focus();
    await new Promise(requestAnimationFrame);
    const log = list.shadowRoot!.querySelector('[part~="log"]')!.getBoundingClientRect();
    const box = tip.getBoundingClientRect();
    expect(box.width, 'the tip shows').to.be.above(100);
    expect([box.left >= log.left, box.right <= log.right], `the tip (${box.left}–${box.right}) within the list (${log.left}–${log.right})`).to.deep.equal([true, true]);
    await expect(list).to.be.accessible();
  });
});
