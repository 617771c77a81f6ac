import { expect, fixture, html } from '@open-wc/testing';
import { PAYLOADS, TERMINAL_PAYLOADS, hostileConversation } from './payloads.js';
import { calls, openEverything, violations } from './violations.js';
import { brokenImageSettled, deepQueryAll, settle, until } from '../helpers.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';

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

  it('draws the built-in tool views of hostile calls as text: no element, handler or escape from input', async () => {
    for (const payload of [`<img src=x onerror=window.__xss(1)>`, `javascript:window.__xss(1)`, ...TERMINAL_PAYLOADS]) {
      const el = await fixture<MessageList>(html`<message-list .items=${hostileConversation(payload)}></message-list>`);
      await settle(el);
      await openEverything(el);
      // Every call of builtinViewRows but the fetch of a refused address draws its view (its code loads on first use).
      await until(() => {
        // The list may draw a call anew while its rows mount: open whatever shows.
        for (const call of deepQueryAll<HTMLElement & { open: boolean }>(el, 'tool-call-item')) call.open = true;
        return deepQueryAll(el, '[part~="builtin-view"]').length >= 8;
      }, 'the built-in views');
      for (const view of deepQueryAll(el, '[part~="builtin-view"]')) expect(view.textContent).not.to.contain('\u001b');
      expect(violations(el)).to.deep.equal([]);
      const made = deepQueryAll(el, 'img[src="x"], a[href^="javascript" i], a[onmouseover]').map((node) => node.outerHTML);
      expect(made, payload).to.deep.equal([]);
      expect(calls).to.deep.equal([]);
    }
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
  // The browser keeps 250 resource entries at most (Chromium), and the modules of this file's
  // earlier tests come near that: each test counts in a buffer of its own.
  beforeEach(() => performance.clearResourceTimings());
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
