import { expect, fixture, html } from '@open-wc/testing';
import { PAYLOADS, hostileConversation } from './payloads.js';
import { brokenImageSettled, deepQueryAll, settle } from '../helpers.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';

const FORBIDDEN_TAGS = ['script', 'iframe', 'object', 'embed', 'form', 'meta', 'base', 'frame', 'portal', 'link', 'svg', 'math'];
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcset', 'ping'];
const DANGEROUS_URL = /^\s*(javascript|vbscript|data|file):/i;

const calls: unknown[] = [];
(window as unknown as { __xss: (id: unknown) => void }).__xss = (id) => calls.push(id);

/** Opens every disclosure so that every body renders too. */
async function openEverything(el: MessageList): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const node of deepQueryAll<HTMLElement & { open?: boolean }>(el, 'thinking-item, tool-call-item')) node.open = true;
    for (const details of deepQueryAll<HTMLDetailsElement>(el, 'details')) details.open = true;
    await settle(el);
  }
}

function violations(el: Element): string[] {
  const found: string[] = [];
  for (const node of deepQueryAll(el, '*')) {
    const tag = node.localName;
    if (FORBIDDEN_TAGS.includes(tag) && !isKitIcon(node)) found.push(`<${tag}>`);
    for (const attr of Array.from(node.attributes)) {
      if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
      if (URL_ATTRIBUTES.includes(attr.name) && DANGEROUS_URL.test(attr.value) && !isHostRasterImage(node, attr)) {
        found.push(`${tag}[${attr.name}=${attr.value.slice(0, 40)}]`);
      }
      if (attr.name === 'style' && /url\(|expression/i.test(attr.value)) found.push(`${tag}[style]`);
    }
  }
  return found;
}

/** The kit's own inline icons are SVG; anything else SVG came from input. */
function isKitIcon(node: Element): boolean {
  return node.localName === 'svg' && node.getAttribute('part') === 'icon' && node.getAttribute('aria-hidden') === 'true';
}

/** A host-written image row may be a raster data: URL; that is allowed, and only that. */
function isHostRasterImage(node: Element, attr: Attr): boolean {
  return node.localName === 'img' && attr.name === 'src' && /^data:image\/(png|jpeg|gif|webp)[;,]/i.test(attr.value);
}

describe(`hostile input: ${PAYLOADS.length} payloads in every field`, function () {
  this.timeout(120_000);

  it('has at least 100 payloads', () => {
    expect(PAYLOADS.length).to.be.at.least(100);
  });

  PAYLOADS.forEach((payload, index) => {
    it(`#${index}: ${payload.slice(0, 60).replace(/\n/g, '⏎')}`, async () => {
      const el = await fixture<MessageList>(html`<message-list .items=${hostileConversation(payload)}></message-list>`);
      await settle(el);
      await openEverything(el);
      await brokenImageSettled();
      expect(violations(el)).to.deep.equal([]);
      expect(calls).to.deep.equal([]);
    });
  });

  it('shows refused links as plain text marked "blocked link"', async () => {
    const el = await fixture<MessageList>(html`<message-list .items=${[{ type: 'text', message_type: 'assistant', content: { text: '[click me](javascript:window.__xss(1)) and [fine](https://example.com)' } }]}></message-list>`);
    await settle(el);
    const body = deepQueryAll(el, '.markdown')[0];
    const blocked = body.querySelector('[part="blocked"]')!;
    expect(blocked.textContent).to.contain('click me');
    expect(blocked.textContent).to.contain('blocked link');
    const fine = body.querySelector('a')!;
    expect(fine.getAttribute('href')).to.equal('https://example.com');
    expect(fine.getAttribute('rel')).to.equal('noopener noreferrer');
    expect(fine.getAttribute('target')).to.equal('_blank');
  });
});

describe('remote images from model output', () => {
  const pixel = new URL('../fixtures/pixel.png', import.meta.url).href;
  const requested = (marker: string) =>
    performance.getEntriesByType('resource').filter((entry) => entry.name.includes(marker)).length;
  /** Until an image of the same origin, asked for now, has loaded: one the list asked for earlier would have too. */
  const controlLoaded = () =>
    new Promise<void>((resolve, reject) => {
      const control = new Image();
      control.onload = () => resolve();
      control.onerror = reject;
      control.src = `${pixel}?control-${Math.random()}`;
    });
  const loaded = async (img: HTMLImageElement) => {
    if (!img.complete) await new Promise((resolve) => img.addEventListener('load', resolve, { once: true }));
  };

  it('do not load on their own, show alt text and host, and load on click', async () => {
    const marker = `blocked-${Date.now()}`;
    const src = `${pixel}?${marker}`;
    const el = await fixture<MessageList>(html`<message-list .items=${[
      { type: 'text', message_type: 'assistant', content: { text: `![A chart](${src}) and <img src="${src}&raw" alt="raw">` } },
    ]}></message-list>`);
    await settle(el);
    await controlLoaded();
    expect(requested(marker)).to.equal(0);
    const placeholders = deepQueryAll<HTMLButtonElement>(el, '.image-placeholder');
    expect(placeholders).to.have.length(2);
    expect(placeholders[0].textContent).to.contain('A chart');
    expect(placeholders[0].textContent).to.contain(`Load image from ${new URL(pixel).host}`);
    await expect(el).to.be.accessible();
    placeholders[0].click();
    const image = deepQueryAll<HTMLImageElement>(el, `img[src*="${marker}"]`);
    expect(image).to.have.length(1);
    await loaded(image[0]);
    expect(requested(marker)).to.equal(1);
  });

  it('load directly from an allowed origin', async () => {
    const marker = `allowed-${Date.now()}`;
    const el = await fixture<MessageList>(html`<message-list image-origins=${new URL(pixel).origin} .items=${[
      { type: 'text', message_type: 'assistant', content: { text: `![ok](${pixel}?${marker})` } },
    ]}></message-list>`);
    await settle(el);
    await loaded(deepQueryAll<HTMLImageElement>(el, `img[src*="${marker}"]`)[0]);
    expect(requested(marker)).to.equal(1);
    expect(deepQueryAll(el, '.image-placeholder')).to.have.length(0);
  });
});
