import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/text-item/define.js';
import '../../src/elements/message-list/define.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { TextItem } from '../../src/elements/text-item/text-item.js';
import { frames, settle, turnWheel } from '../helpers.js';
import { watchedTargets } from '../../src/elements/controllers/near-viewport.js';

const markdownOf = (item: TextItem) => item.shadowRoot!.querySelector('.markdown')!;
const item = { type: 'text', message_type: 'assistant', content: { text: 'Some **bold** words' } };

/** A lazy text item a few screens below the viewport. */
async function farLazyItem(): Promise<TextItem> {
  const wrapper = await fixture<HTMLElement>(html`<div>
    <div style="height: 6000px"></div>
    <text-item lazy .item=${item}></text-item>
  </div>`);
  const text = wrapper.querySelector<TextItem>('text-item')!;
  await settle(text);
  return text;
}

/** 300 messages in a list 400px high, all mounted. */
async function longList(): Promise<MessageList> {
  const rows = Array.from({ length: 300 }, (_, i) => ({
    id: `m${i}`, message_type: i % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0,
    content: { text: `Message **${i}**` },
  }));
  const list = await fixture<MessageList>(html`<message-list style="height: 400px" .items=${rows}></message-list>`);
  await list.mountComplete;
  await settle(list);
  return list;
}

describe('lazy items near the viewport', () => {
  it('shows a lone lazy item as plain text until it nears the viewport, then parses it', async () => {
    const text = await farLazyItem();
    await frames(2);
    expect(markdownOf(text).classList.contains('plain-source')).to.equal(true);
    expect(markdownOf(text).textContent).to.equal('Some **bold** words');
    text.scrollIntoView();
    for (let i = 0; i < 30 && !markdownOf(text).querySelector('strong'); i++) await frames(1);
    expect(markdownOf(text).querySelector('strong')!.textContent).to.equal('bold');
    window.scrollTo(0, 0);
  });

  it('parses an item at once when it stops being lazy before it nears the viewport', async () => {
    const text = await farLazyItem();
    text.lazy = false;
    await settle(text);
    expect(markdownOf(text).querySelector('strong')!.textContent).to.equal('bold');
  });

  it('watches a long list by its blocks, not by every old message', async () => {
    const list = await longList();
    const inList = watchedTargets().filter((target) => target.getRootNode() === list.shadowRoot);
    expect(inList.length).to.be.greaterThan(0);
    for (const target of inList) expect(target.matches('.block[data-near-group]'), target.tagName).to.equal(true);
    expect(new Set(inList).size).to.be.at.most(list.shadowRoot!.querySelectorAll('.block').length);
  });

  it('keeps far messages unstyled until they near the viewport, then styles and parses them', async () => {
    const list = await longList();
    const oldest = list.shadowRoot!.querySelector<TextItem>('text-item')!;
    const newest = Array.from(list.shadowRoot!.querySelectorAll<TextItem>('text-item')).at(-1)!;
    // The list settles at the bottom over a frame or two (engines lay out new messages at different times).
    for (let i = 0; i < 30 && newest.shadowRoot!.adoptedStyleSheets.length === 0; i++) await frames(1);
    expect(newest.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0);
    expect(oldest.shadowRoot!.adoptedStyleSheets).to.have.length(0);
    expect(markdownOf(oldest).textContent).to.equal('Message **0**');
    const log = list.shadowRoot!.querySelector<HTMLElement>('[part="log"]')!;
    turnWheel(log, -1);
    log.scrollTop = 0;
    for (let i = 0; i < 30 && !markdownOf(oldest).querySelector('strong'); i++) await frames(1);
    expect(oldest.shadowRoot!.adoptedStyleSheets.length).to.be.greaterThan(0);
    expect(markdownOf(oldest).querySelector('strong')!.textContent).to.equal('0');
  });
});
