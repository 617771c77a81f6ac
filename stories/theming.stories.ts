import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect } from 'storybook/test';
import { deepQueryAll, settled } from './support/dom.js';
import { tokenStyles } from '../src/elements/styles/tokens.styles.js';
import { GLOBAL_TOKENS, tokenNames } from './support/tokens.js';
import { assistantText, callIdOf, stoppedText, thinking, toolCall, toolResult, userText, withStop } from './support/items.js';
// docs/theming.md shows the same file, and test/elements/theming-surfaces.test.ts applies it.
import brandRecipe from '../examples/snippets/brand.css?raw';

/** "A brand in ten lines": tokens only, on the list (examples/snippets/brand.css). */
export const BRAND_RECIPE = brandRecipe.trim();

/**
 * A brand theme made ONLY of the kit's public surface: `--dk-*` custom properties (they inherit
 * into every shadow root) and `::part()` rules. Nothing reaches into the elements' internals.
 */
export const BRAND_CSS = `
.brand {
  --dk-color-text: light-dark(#2b1a12, #fbeee6);
  --dk-color-text-muted: light-dark(#6a4534, #dcc0b0);
  --dk-color-surface: light-dark(#fffaf5, #1f140f);
  --dk-color-surface-raised: light-dark(#f8eadf, #2d1f18);
  --dk-color-border: light-dark(#d9b79f, #6b4a39);
  --dk-color-accent: light-dark(#a3360f, #ffa57a);
  --dk-focus-ring-color: light-dark(#a3360f, #ffa57a);
  --dk-color-user-bubble: light-dark(#ffe4d2, #4e2613);
  --dk-color-user-text: light-dark(#2b1a12, #fff4ec);
  --dk-color-danger: light-dark(#a4161a, #ff8f8a);
  --dk-color-danger-surface: light-dark(#fde8e8, #3d1414);
  --dk-color-warning: light-dark(#7a4a00, #f2c061);
  --dk-color-warning-surface: light-dark(#fff2d6, #362407);
  --dk-color-success: light-dark(#1d6b34, #6fd58f);
  --dk-color-info: light-dark(#1f5c99, #8cc4ff);
  --dk-font-family: Georgia, 'Iowan Old Style', 'Times New Roman', serif;
  --dk-font-size: 1.0625rem;
  --dk-line-height: 1.6;
  --dk-radius: 1rem;
  --dk-space: 0.5rem;
  --dk-density: 1.25;
  --dk-message-gap: 2rem;
  --dk-list-padding: 1rem;
}
.brand::part(base) {
  border-radius: 1rem;
}
.brand::part(role) {
  text-transform: uppercase;
  letter-spacing: 0.08em;
}
.brand::part(message-unfinished) {
  outline: 1px dashed var(--dk-color-warning);
  outline-offset: 0.5rem;
  border-radius: 0.25rem;
}
.brand::part(tool-group-summary) {
  font-weight: 600;
}
`;

export function sampleConversation(): unknown[] {
  const search = toolCall('completed', { name: 'search', displayText: null, args: { q: 'elixir' }, sequence: 2 });
  const weather = toolCall('failed', { sequence: 3 });
  return [
    userText('Search for elixir and check the weather in NYC.'),
    thinking('Two independent lookups. I can run both at once.'),
    assistantText('Let me **search** and check the `weather`…', { sequence: 1 }),
    search,
    weather,
    toolResult(callIdOf(search), 'Found 3 results: elixir-lang.org, hexdocs.pm, Elixir Forum', { name: 'search' }),
    toolResult(callIdOf(weather), 'weather service timeout', { isError: true, sequence: 1 }),
    assistantText('Elixir\'s home is [elixir-lang.org](https://elixir-lang.org). The weather service timed out.'),
    userText('Write the full history of the language.'),
    stoppedText('Elixir was created by José Valim in 2011, building on', 'length'),
    userText('Write an exploit.'),
    withStop(assistantText("I can't help with"), 'content_filtered', { type: 'refusal', category: 'cyber', explanation: 'Declined to assist.' }),
  ];
}

const meta = {
  title: 'Guides/Theming examples',
  tags: ['!autodocs'],
  // Shared with the Theming page, not stories.
  excludeStories: ['BRAND_CSS', 'BRAND_RECIPE', 'sampleConversation'],
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj;

/**
 * Three themes side by side: the default (follows the toolbar's light/dark), forced dark
 * (`theme="dark"`), and a custom brand (tokens + `::part()` only; follows the toolbar too).
 */
export const ThreeThemes: Story = {
  render: () => {
    const items = sampleConversation();
    return html`<style>
        .themes { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; align-items: start; }
        .themes h3 { font: 600 1rem system-ui, sans-serif; margin: 0 0 0.5rem; }
        ${BRAND_CSS}
      </style>
      <div class="themes">
        <section>
          <h3>Default</h3>
          <message-list .items=${items}></message-list>
        </section>
        <section>
          <h3>Dark (<code>theme="dark"</code>)</h3>
          <message-list theme="dark" .items=${items}></message-list>
        </section>
        <section>
          <h3>Custom brand</h3>
          <message-list class="brand" .items=${items}></message-list>
        </section>
      </div>`;
  },
  play: async ({ canvasElement }) => {
    await settled(canvasElement);
    const [, dark, brand] = deepQueryAll(canvasElement, 'message-list');
    await expect(dark.getAttribute('theme')).toBe('dark');
    await expect(getComputedStyle(dark).colorScheme).toBe('dark');
    const roles = brand.shadowRoot!.querySelector('[part~="role"]')!;
    await expect(getComputedStyle(roles).textTransform).toBe('uppercase');
  },
};

/**
 * The brand recipe of docs/theming.md: accent, font, 16 px text, an accent user bubble, grey
 * tool cards; its colours are `light-dark()` pairs, so it follows the toolbar's theme too.
 */
export const BrandInTenLines: Story = {
  render: () => html`<style>${BRAND_RECIPE}</style>
    <message-list .items=${sampleConversation()}></message-list>`,
  play: async ({ canvasElement, globals }) => {
    await settled(canvasElement);
    const list = canvasElement.querySelector('message-list')!;
    const dark = globals.theme === 'dark';
    const bubble = deepQueryAll(list, 'text-item').map((item) => item.shadowRoot!.querySelector('.text.user')).find(Boolean)!;
    await expect(getComputedStyle(bubble).backgroundColor).toBe(dark ? 'rgb(196, 181, 253)' : 'rgb(109, 40, 217)');
    const card = deepQueryAll(list, 'tool-call-item')[0].shadowRoot!.querySelector('[part~="base"]')!;
    await expect(getComputedStyle(card).backgroundColor).toBe(dark ? 'rgb(39, 39, 42)' : 'rgb(244, 244, 245)');
    await expect(getComputedStyle(card).fontSize).toBe('14px');
  },
};

/** Density: the same list at 0.75 (compact), 1 (default) and 1.25 (roomy), via `--dk-density`. */
export const Density: Story = {
  render: () => {
    const items = sampleConversation().slice(0, 8);
    return html`<div style="display: grid; grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr)); gap: 1rem; align-items: start;">
      ${[0.75, 1, 1.25].map(
        (density) => html`<section>
          <h3 style="font: 600 1rem system-ui, sans-serif; margin: 0 0 0.5rem;"><code>--dk-density: ${density}</code></h3>
          <message-list style="--dk-density: ${density}" .items=${items}></message-list>
        </section>`,
      )}
    </div>`;
  },
};

/**
 * Every global token with its light and dark defaults. Fails when `tokens.styles.ts` and this
 * table disagree, so the Theming page cannot fall behind the stylesheet.
 */
export const TokenReference: Story = {
  parameters: { layout: 'padded' },
  // On a phone the table is wider than the page: it scrolls in a region of its own, by keyboard too.
  render: () => html`<div role="region" aria-label="Global theme tokens" tabindex="0" style="overflow-x: auto;"><table class="dk-token-table" style="border-collapse: collapse; min-width: 48rem; font: 0.875rem/1.5 system-ui, sans-serif;">
    <caption style="text-align: start; font-weight: 600; padding-bottom: 0.5rem;">Global theme tokens</caption>
    <thead>
      <tr>
        <th scope="col" style="text-align: start; padding: 0.25rem 0.75rem 0.25rem 0;">Token</th>
        <th scope="col" style="text-align: start; padding: 0.25rem 0.75rem 0.25rem 0;">Light default</th>
        <th scope="col" style="text-align: start; padding: 0.25rem 0.75rem 0.25rem 0;">Dark default</th>
        <th scope="col" style="text-align: start; padding: 0.25rem 0;">Used for</th>
      </tr>
    </thead>
    <tbody>
      ${GLOBAL_TOKENS.map(
        (token) => html`<tr style="border-top: 1px solid light-dark(#d0d7de, #30363d);">
          <th scope="row" style="text-align: start; padding: 0.25rem 0.75rem 0.25rem 0; white-space: nowrap;"><code>${token.name}</code></th>
          <td style="padding: 0.25rem 0.75rem 0.25rem 0;">${swatch(token.light)}<code>${token.light}</code></td>
          <td style="padding: 0.25rem 0.75rem 0.25rem 0;">${token.dark ? html`${swatch(token.dark)}<code>${token.dark}</code>` : '—'}</td>
          <td style="padding: 0.25rem 0;">${token.use.replaceAll('`', '')}</td>
        </tr>`,
      )}
    </tbody>
  </table></div>`,
  play: async () => {
    const inStylesheet = tokenNames(tokenStyles.cssText);
    const documented = GLOBAL_TOKENS.map((token) => token.name).sort();
    await expect(documented).toEqual(inStylesheet);
  },
};

function swatch(value: string) {
  if (!/^#[0-9a-f]{6}$/i.test(value)) return '';
  return html`<span
    aria-hidden="true"
    style="display: inline-block; width: 0.9em; height: 0.9em; margin-inline-end: 0.4em; vertical-align: -0.1em; border: 1px solid #8c959f; border-radius: 0.2em; background: ${value};"
  ></span>`;
}

/**
 * The toolbar's theme reaches the elements: the `theme` attribute matches the global, and so does
 * the scheme the element computes (the story tests run this once per theme).
 */
export const ToolbarTheme: Story = {
  render: () => html`<stop-mark reason="length"></stop-mark>`,
  play: async ({ canvasElement, globals }) => {
    const mark = canvasElement.querySelector('stop-mark')!;
    await settled(canvasElement);
    await expect(mark.getAttribute('theme')).toBe(globals.theme);
    await expect(getComputedStyle(mark).colorScheme).toBe(globals.theme);
  },
};
