/**
 * The brand recipe of docs/theming.md (examples/snippets/brand.css, read here as the docs and
 * the Theming story show it) reaches every surface inside a list, in light and in dark, with no
 * selector into a shadow root: the accent, the font, 16 px text with labels that follow it, an
 * accent user bubble, grey tool cards with their arguments and result. Each surface token works
 * from outside on its own too, and small text follows the body size unless set.
 */
import { expect } from '@open-wc/testing';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import { deepQueryAll, mountList, settle } from '../helpers.js';
import { SURFACE_ROWS } from './surfaces-conversation.js';

const brandCss = async () => (await fetch('/examples/snippets/brand.css')).text();

function withStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return style;
}

const inRoot = (host: Element, selector: string) => host.shadowRoot!.querySelector(selector)!;

/** The surfaces of a list showing SURFACE_ROWS, its call opened. */
async function surfaces(el: MessageList) {
  const call = el.shadowRoot!.querySelector('tool-call-item')!;
  call.open = true;
  await settle(el);
  const texts = deepQueryAll(el, 'text-item');
  const userItem = texts.find((item) => item.shadowRoot!.querySelector('.text.user'))!;
  const answer = texts.find((item) => item.shadowRoot!.querySelector('.code-block'))!;
  const data = texts.find((item) => item.shadowRoot!.querySelector('.json-tree'))!;
  const result = inRoot(call, 'tool-result-item');
  const marks = Object.fromEntries(deepQueryAll(el, 'stop-mark').map((mark) => [mark.getAttribute('reason')!, inRoot(mark, '[part~="base"]')]));
  return {
    message: el.shadowRoot!.querySelector('[part~="message"]')!,
    bubble: inRoot(userItem, '.text.user'),
    answer: inRoot(answer, '[part~="base"]'),
    link: inRoot(answer, 'a'),
    code: inRoot(answer, '.code-block'),
    json: inRoot(data, '.json-tree'),
    card: inRoot(call, '[part~="base"]'),
    args: inRoot(call, '[part~="arguments"] .json-tree'),
    result: inRoot(result, '.json-tree'),
    marks,
  };
}

const style = (node: Element) => getComputedStyle(node);

describe('theming: every surface inside a list, from outside it', () => {
  const added: HTMLStyleElement[] = [];
  afterEach(() => {
    added.splice(0).forEach((node) => node.remove());
    document.documentElement.style.fontSize = '';
    document.documentElement.style.colorScheme = '';
  });

  it('changes nothing by default: the surfaces are tints over the page', async () => {
    const s = await surfaces(await mountList(SURFACE_ROWS));
    expect(style(s.message).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    expect(style(s.card).backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    for (const surface of [s.code, s.json, s.args, s.result]) expect(style(surface).backgroundColor).to.equal('rgba(31, 35, 40, 0.04)');
    expect(style(s.card).fontSize).to.equal('14px');
  });

  for (const [scheme, how] of [
    ['light', 'a light page'],
    ['dark', 'theme="dark"'],
    ['dark', "a page whose colour-scheme is dark"],
  ] as const) {
    it(`takes the brand recipe on every surface, ${scheme} (${how})`, async () => {
      added.push(withStyle(await brandCss()));
      // Not the 16 px a browser starts at: the brand's 16 px must come from the brand.
      document.documentElement.style.fontSize = '20px';
      if (how.startsWith('a page whose')) document.documentElement.style.colorScheme = 'dark';
      const el = await mountList(SURFACE_ROWS, how === 'theme="dark"' ? { theme: 'dark' } : {});
      if (how === 'a light page') document.documentElement.style.colorScheme = 'light';
      const s = await surfaces(el);
      const dark = scheme === 'dark';
      const accent = dark ? 'rgb(196, 181, 253)' : 'rgb(109, 40, 217)';
      const grey = dark ? 'rgb(39, 39, 42)' : 'rgb(244, 244, 245)';
      const inner = dark ? 'rgb(63, 63, 70)' : 'rgb(228, 228, 231)';
      expect(style(s.link).color, 'accent').to.equal(accent);
      expect(style(s.bubble).backgroundColor, 'user bubble').to.equal(accent);
      expect(style(s.bubble).color, 'user text').to.equal(dark ? 'rgb(30, 16, 51)' : 'rgb(255, 255, 255)');
      expect(style(s.bubble).borderRadius, '1.25rem of the 20px page').to.equal('25px');
      expect(style(s.answer).fontSize, 'body').to.equal('16px');
      expect(style(s.card).fontSize, 'tool call text follows the body').to.equal('14px');
      for (const surface of [s.answer, s.card, ...Object.values(s.marks)]) expect(style(surface).fontFamily).to.match(/^Inter,/);
      expect(style(s.card).backgroundColor, 'tool card').to.equal(grey);
      expect(style(s.args).backgroundColor, 'arguments').to.equal(inner);
      expect(style(s.result).backgroundColor, 'result').to.equal(inner);
    });
  }

  it('takes each surface token on its own, and the stop marks by severity', async () => {
    added.push(withStyle(`message-list {
      --dk-message-background: rgb(1, 1, 1);
      --dk-code-background: rgb(2, 2, 2);
      --dk-json-background: rgb(3, 3, 3);
      --dk-stop-quiet-background: rgb(4, 4, 4);
      --dk-stop-notice-background: rgb(5, 5, 5);
      --dk-stop-error-background: rgb(6, 6, 6);
      --dk-stop-refusal-background: rgb(7, 7, 7);
      --dk-stop-notice-color: rgb(8, 8, 8);
      --dk-stop-error-color: rgb(9, 9, 9);
      --dk-stop-refusal-color: rgb(10, 10, 10);
    }`));
    const s = await surfaces(await mountList(SURFACE_ROWS));
    expect(style(s.message).backgroundColor).to.equal('rgb(1, 1, 1)');
    expect(style(s.code).backgroundColor).to.equal('rgb(2, 2, 2)');
    // Structured data, the call's arguments and its result are JSON trees: one token for all three.
    for (const surface of [s.json, s.args, s.result]) expect(style(surface).backgroundColor).to.equal('rgb(3, 3, 3)');
    const backgrounds = Object.fromEntries(Object.entries(s.marks).map(([reason, mark]) => [reason, style(mark).backgroundColor]));
    expect(backgrounds).to.deep.equal({ cancelled: 'rgb(4, 4, 4)', max_tokens: 'rgb(5, 5, 5)', stream_error: 'rgb(6, 6, 6)', refusal: 'rgb(7, 7, 7)' });
    const borders = Object.fromEntries(Object.entries(s.marks).filter(([reason]) => reason !== 'cancelled').map(([reason, mark]) => [reason, style(mark).borderInlineStartColor]));
    expect(borders).to.deep.equal({ max_tokens: 'rgb(8, 8, 8)', stream_error: 'rgb(9, 9, 9)', refusal: 'rgb(10, 10, 10)' });
  });

  it("colours find's matches from outside", async () => {
    added.push(withStyle('message-list { --dk-color-find: rgb(12, 12, 12); --dk-color-find-current: rgb(13, 13, 13); --dk-color-find-current-text: rgb(14, 14, 14); }'));
    const s = await surfaces(await mountList(SURFACE_ROWS));
    const paragraph = s.link.closest('p')!;
    expect(getComputedStyle(paragraph, '::highlight(dk-find)').backgroundColor).to.equal('rgb(12, 12, 12)');
    const current = getComputedStyle(paragraph, '::highlight(dk-find-current)');
    expect([current.backgroundColor, current.color]).to.deep.equal(['rgb(13, 13, 13)', 'rgb(14, 14, 14)']);
  });

  it('keeps --dk-stop-mark-* over every severity', async () => {
    added.push(withStyle('message-list { --dk-stop-mark-background: rgb(11, 11, 11); --dk-stop-error-background: rgb(6, 6, 6); }'));
    const s = await surfaces(await mountList(SURFACE_ROWS));
    for (const mark of Object.values(s.marks)) expect(style(mark).backgroundColor).to.equal('rgb(11, 11, 11)');
  });

  it('sizes small text after the body unless set', async () => {
    const el = await mountList(SURFACE_ROWS, {}, '--dk-font-size: 20px');
    let s = await surfaces(el);
    expect(style(s.card).fontSize).to.equal('17.5px');
    expect(style(s.marks.max_tokens).fontSize).to.equal('17.5px');
    el.style.setProperty('--dk-font-size-small', '13px');
    s = await surfaces(el);
    expect(style(s.card).fontSize).to.equal('13px');
  });

  it('applies ::part() rules from outside on tool cards and stop marks', async () => {
    added.push(withStyle(await brandCss()));
    added.push(withStyle(`
      message-list::part(tool-call-item__base) { border-radius: 3px; }
      message-list::part(stop-mark__base) { border-radius: 5px; }
    `));
    const s = await surfaces(await mountList(SURFACE_ROWS));
    expect(style(s.card).borderRadius).to.equal('3px');
    for (const mark of Object.values(s.marks)) expect(style(mark).borderRadius).to.equal('5px');
  });
});
