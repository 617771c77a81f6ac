/**
 * The theme files the package ships (themes/*.css) change the surfaces inside a list, in light
 * and in dark, loaded as a page would load them: as they are, after the page's own styles.
 */
import { expect } from '@open-wc/testing';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import { deepQueryAll, mountList, settle } from '../helpers.js';
import { SURFACE_ROWS } from './surfaces-conversation.js';

const added: HTMLStyleElement[] = [];

async function loadTheme(name: string): Promise<string> {
  const css = await (await fetch(`/themes/${name}.css`)).text();
  // Plain tokens and parts: a theme that reached into a shadow root would not be the contract.
  expect(css).not.to.match(/:host|::slotted|\/deep\/|>>>/);
  return css;
}

function addStyle(css: string): void {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  added.push(style);
}

async function surfaces(el: MessageList) {
  const call = el.shadowRoot!.querySelector('tool-call-item')!;
  call.open = true;
  await settle(el);
  const texts = deepQueryAll(el, 'text-item');
  const bubble = texts.map((item) => item.shadowRoot!.querySelector('.text.user')).find(Boolean)!;
  const answer = texts.find((item) => item.shadowRoot!.querySelector('.code-block'))!;
  const paint = (node: Element) => getComputedStyle(node).backgroundColor;
  return {
    frame: paint(el.shadowRoot!.querySelector('[part~="base"]')!),
    bubble: paint(bubble),
    userText: getComputedStyle(bubble).color,
    card: paint(call.shadowRoot!.querySelector('[part~="base"]')!),
    code: paint(answer.shadowRoot!.querySelector('.code-block')!),
    link: getComputedStyle(answer.shadowRoot!.querySelector('a')!).color,
    font: getComputedStyle(answer).fontFamily,
    scheme: getComputedStyle(answer).colorScheme,
  };
}

/** shadcn/ui's variables as an app's globals.css defines them (values made easy to read back). */
const SHADCN_APP = `
  :root {
    --radius: 0.75rem; --font-sans: 'Geist', sans-serif;
    --background: rgb(255, 255, 254); --foreground: rgb(10, 10, 10);
    --card: rgb(250, 250, 249); --card-foreground: rgb(10, 10, 11);
    --primary: rgb(24, 24, 27); --primary-foreground: rgb(250, 250, 250);
    --secondary: rgb(244, 244, 245); --secondary-foreground: rgb(24, 24, 28);
    --muted: rgb(244, 244, 246); --muted-foreground: rgb(113, 113, 122);
    --destructive: rgb(220, 38, 38); --border: rgb(228, 228, 231); --ring: rgb(161, 161, 170);
  }
  .dark {
    --background: rgb(9, 9, 11); --foreground: rgb(250, 250, 251);
    --card: rgb(24, 24, 26); --card-foreground: rgb(250, 250, 252);
    --primary: rgb(228, 228, 230); --primary-foreground: rgb(24, 24, 27);
    --secondary: rgb(39, 39, 42); --secondary-foreground: rgb(250, 250, 253);
    --muted: rgb(39, 39, 43); --muted-foreground: rgb(161, 161, 171);
    --destructive: rgb(239, 68, 68); --border: rgb(255 255 255 / 0.1); --ring: rgb(113, 113, 123);
  }
`;

describe('theme files', () => {
  afterEach(() => {
    added.splice(0).forEach((style) => style.remove());
    document.documentElement.classList.remove('dark');
  });

  it('neutral: grey surfaces, light and dark', async () => {
    addStyle(await loadTheme('neutral'));
    const light = await surfaces(await mountList(SURFACE_ROWS));
    expect(light).to.include({ frame: 'rgba(0, 0, 0, 0)', bubble: 'rgb(240, 240, 240)', userText: 'rgb(23, 23, 23)', card: 'rgb(250, 250, 250)', code: 'rgb(247, 247, 247)', link: 'rgb(38, 38, 38)' });
    expect(light.font).to.match(/^"?ui-sans-serif/);
    const dark = await surfaces(await mountList(SURFACE_ROWS, { theme: 'dark' }));
    expect(dark).to.include({ bubble: 'rgb(46, 46, 46)', userText: 'rgb(245, 245, 245)', card: 'rgb(31, 31, 31)', code: 'rgb(28, 28, 28)', link: 'rgb(229, 229, 229)', scheme: 'dark' });
  });

  it("shadcn: the app's variables on the kit's surfaces, light and under .dark", async () => {
    addStyle(SHADCN_APP);
    addStyle(await loadTheme('shadcn'));
    const el = await mountList(SURFACE_ROWS);
    const light = await surfaces(el);
    expect(light).to.include({
      frame: 'rgb(255, 255, 254)', bubble: 'rgb(244, 244, 245)', userText: 'rgb(24, 24, 28)', card: 'rgb(250, 250, 249)',
      code: 'rgb(244, 244, 246)', link: 'rgb(24, 24, 27)', scheme: 'normal',
    });
    expect(light.font).to.match(/^"?Geist"?,/);
    document.documentElement.classList.add('dark');
    const dark = await surfaces(el);
    expect(dark).to.include({
      frame: 'rgb(9, 9, 11)', bubble: 'rgb(39, 39, 42)', userText: 'rgb(250, 250, 253)', card: 'rgb(24, 24, 26)',
      code: 'rgb(39, 39, 43)', link: 'rgb(228, 228, 230)', scheme: 'dark',
    });
    const card = el.shadowRoot!.querySelector('tool-call-item')!.shadowRoot!.querySelector('[part~="base"]')!;
    expect(getComputedStyle(card).color, 'the card part rule').to.equal('rgb(250, 250, 252)');
  });
});
