/**
 * The kit follows the page's colour scheme: a page that declares none stays light whatever the
 * system prefers, a page that declares `light dark` (or `dark`) gets the dark theme in a dark
 * system, and `theme` forces either. Every text stays readable on the surface beneath it.
 */
import { expect } from '@open-wc/testing';
import { emulateMediaInSuite } from '../media/emulate.js';
import { loadFixture, mountItem, mountList } from '../helpers.js';

const LIGHT_TEXT = 'rgb(31, 35, 40)';
const DARK_TEXT = 'rgb(236, 236, 236)';
const textColour = (el: Element) => getComputedStyle(el.shadowRoot!.querySelector('[part~="base"]') ?? el).color;

describe('themes: the page decides, the system picks within what it allows', function () {
  emulateMediaInSuite({ 'prefers-color-scheme': 'dark' }, 'emulating the system\'s colour scheme is a Chromium DevTools feature');

  afterEach(() => {
    document.documentElement.style.colorScheme = '';
    document.documentElement.style.background = '';
  });

  it('stays light on a page that declares no colour scheme, though the system is dark', async () => {
    expect(matchMedia('(prefers-color-scheme: dark)').matches).to.equal(true);
    const list = await mountList(await loadFixture('sagents-refusal-and-tools'));
    expect(textColour(list)).to.equal(LIGHT_TEXT);
    const custom = await mountItem('text-item', { type: 'hologram', message_type: 'assistant', content: { text: 'beam' } });
    expect(getComputedStyle(custom).color).to.equal(LIGHT_TEXT);
    await expect(list).to.be.accessible();
    await expect(custom).to.be.accessible();
  });

  it('turns dark on a page that declares light dark, in a dark system', async () => {
    document.documentElement.style.colorScheme = 'light dark';
    // The list paints no surface: it sits on the page's. The browser paints a dark canvas here;
    // axe reads only backgrounds set in CSS, so the page says so.
    document.documentElement.style.background = 'Canvas';
    const list = await mountList(await loadFixture('sagents-refusal-and-tools'));
    expect(textColour(list)).to.equal(DARK_TEXT);
    await expect(list).to.be.accessible();
  });

  it('forces a theme with the attribute, whatever the page and system', async () => {
    document.documentElement.style.colorScheme = 'dark';
    const list = await mountList(await loadFixture('sagents-stopped-early'), { theme: 'light' });
    expect(textColour(list)).to.equal(LIGHT_TEXT);
    const item = list.shadowRoot!.querySelector('text-item')!;
    expect(getComputedStyle(item).color, 'items inside follow the list').to.equal(LIGHT_TEXT);
    // A scheme of its own, not the page's: it paints its own surface to be read on.
    expect(getComputedStyle(list.shadowRoot!.querySelector('[part~="base"]')!).backgroundColor).to.equal('rgb(255, 255, 255)');
    await expect(list).to.be.accessible();
  });
});
