import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import { deepText, expectDeep, expectText, inShadow } from './support/dom.js';
import { expectOpen, focusStart, press, tabTo } from './support/keyboard.js';
import { thinking, withStop } from './support/items.js';
import { playStream, setStreaming, STREAM_TEXT } from './support/stream.js';
import { germanStrings } from '../src/i18n/locales/de.js';
import { apiCheckStory } from './support/api-checks.js';
import { ElementDocsPage } from './support/element-docs.js';

const REASONING = [
  'The user wants the dad jokes file removed.',
  '',
  '1. List the files to find it.',
  '2. Ask for approval before deleting: `delete_file` is destructive.',
].join('\n');

/** Quieter reasoning, its summary in small capitals. */
const CUSTOMIZING = `
thinking-item {
  --dk-thinking-color: light-dark(#6e7781, #8b949e);
  --dk-code-background: transparent;
}
thinking-item::part(summary) {
  font-variant: small-caps;
}
thinking-item:state(streaming)::part(summary) {
  font-weight: 600;
}
`;

const meta = {
  title: 'Elements/thinking-item',
  component: 'thinking-item',
  args: { item: thinking(REASONING), open: false },
  parameters: { docs: { page: ElementDocsPage }, customizing: CUSTOMIZING },
} satisfies Meta;

export default meta;
type Story = StoryObj;

/** Every control, on open reasoning with code, a link, a mail link and a remote image, cut off at its length. */
export const Playground: Story = {
  args: {
    item: withStop(
      thinking(
        `${REASONING}\n\n\`\`\`sh\nls ~/Memories\n\`\`\`\n\nThe [file API](https://example.com/files) says so; [ask the owner](mailto:owner@example.com).\n\n![The folder](https://images.example/folder.png)`,
      ),
      'length',
    ),
    open: true,
    'stop-actions': 'continue',
    'image-origins': '',
    'link-target': '_blank',
  },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('thinking-item')!, ['Ask for approval before deleting', 'The answer reached its length limit']);
  },
};

/** Not in the sidebar, a test: the docs page lists every member, and every control changes what shows. */
export const ApiCheck: Story = {
  ...apiCheckStory(Playground, {
    item: thinking('Just one thought.'),
    duration: 12_400,
    'stop-actions': '',
    'image-origins': '*',
    'link-target': '_self',
    linkSchemes: ['https'],
    strings: germanStrings,
  }),
  tags: ['!dev', '!autodocs', 'no-screenshot'],
};

export const Collapsed: Story = {
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('thinking-item')!;
    const details = await inShadow<HTMLDetailsElement>(element, 'details');
    await expect(details.open).toBe(false);
  },
};

export const Open: Story = {
  args: { open: true },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('thinking-item')!, 'Ask for approval before deleting');
  },
};

/** How long the model reasoned, from what storage kept (here `metadata.duration_ms`); never a clock. */
export const ThoughtFor: Story = {
  args: { item: thinking(REASONING, { metadata: { duration_ms: 12_400 } }) },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('thinking-item')!, 'Thought for 12 s');
  },
};

/**
 * The message stopped during its reasoning: the mark sits after the collapsed disclosure,
 * visible without opening it.
 */
export const Stopped: Story = {
  args: { item: withStop(thinking('I should start by'), 'length') },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('thinking-item')!;
    const details = await inShadow<HTMLDetailsElement>(element, 'details');
    await expect(details.open).toBe(false);
    const mark = await inShadow(element, 'stop-mark');
    await expect(details.contains(mark)).toBe(false);
    await expect(deepText(mark)).toContain('length limit');
  },
};

/** Keyboard only: Tab reaches the summary, Enter opens, Space closes. */
export const KeyboardDisclosure: Story = {
  play: async ({ canvasElement, step }) => {
    const element = canvasElement.querySelector('thinking-item')!;
    const details = await inShadow<HTMLDetailsElement>(element, 'details');
    const summary = await inShadow(element, 'summary');
    const cleanup = focusStart(canvasElement);
    await step('Tab to the summary', () => tabTo(summary));
    await step('Enter opens the reasoning', async () => {
      await press('Enter');
      await expectOpen(details, true, element);
      await expectText(element, 'List the files to find it.');
    });
    await step('Space closes it again', async () => {
      await press('Space');
      await expectOpen(details, false, element);
    });
    cleanup();
  },
};

/** The reasoning streams in while open (sets `streaming` while it grows when the element has it). */
export const Streaming: Story = {
  args: { item: thinking(''), open: true },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('thinking-item')!;
    setStreaming(element, true);
    await playStream(STREAM_TEXT, (text, done) => {
      element.item = thinking(text, { id: 'streaming-thought' });
      if (done) setStreaming(element, false);
    }, { chunk: 40, frames: 2 });
    await expectText(element, 'Then we check the numbers and ship it.');
    await expectDeep(element, 'ol');
  },
};

export const Malformed: Story = {
  args: { item: { type: 'thinking', message_type: 'assistant', content: null } },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('thinking-item')!, 'This item could not be displayed');
  },
};
