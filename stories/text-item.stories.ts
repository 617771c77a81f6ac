import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import { deepQuery, expectDeep, expectText } from './support/dom.js';
import { MARKDOWN_SAMPLE, PIXEL_PNG, REFUSAL_FULL, row, stoppedText } from './support/items.js';
import { playStream, setStreaming, STREAM_TEXT } from './support/stream.js';
import { germanStrings } from '../src/i18n/locales/de.js';
import { NARRATION_DISPLAY_MODES } from '../src/model/types.js';
import { apiCheckStory } from './support/api-checks.js';
import { ElementDocsPage } from './support/element-docs.js';

/** A user bubble in the brand's colour, and code blocks in a box of their own. */
const CUSTOMIZING = `
text-item {
  --dk-user-bubble-background: light-dark(#6d28d9, #7c3aed);
  --dk-user-bubble-color: #ffffff;
  --dk-user-bubble-radius: 1.25rem;
  --dk-code-background: light-dark(#f6f8fa, #161b22);
}
text-item::part(code-block) {
  border: 1px solid var(--dk-color-border);
}
text-item:state(narration)::part(base) {
  font-style: italic;
}
`;

const meta = {
  title: 'Elements/text-item',
  component: 'text-item',
  argTypes: {
    narration: { control: 'inline-radio', options: [...NARRATION_DISPLAY_MODES] },
  },
  parameters: { docs: { page: ElementDocsPage }, customizing: CUSTOMIZING },
} satisfies Meta;

export default meta;
type Story = StoryObj;

const contains = (expected: string): Story['play'] => async ({ canvasElement }) => {
  await expectText(canvasElement.querySelector('text-item')!, expected);
};

/** Every control, on an answer with code, a link, a mail link and a remote image, cut off at its length. */
export const Playground: Story = {
  args: {
    item: stoppedText(
      'Sum a list with `Enum.sum/1`:\n\n```elixir\nEnum.sum([1, 2, 3])\n```\n\nSee [the docs](https://hexdocs.pm/elixir/Enum.html) or [ask the team](mailto:team@example.com).\n\n![A chart](https://images.example/chart.png)\n\nFor long lists',
      'length',
    ),
    'stop-actions': 'continue',
    'image-origins': '',
    'link-target': '_blank',
  },
  play: contains('The answer reached its length limit'),
};

/** Not in the sidebar, a test: the docs page lists every member, and every control changes what shows. */
export const ApiCheck: Story = {
  ...apiCheckStory(
    Playground,
    {
      item: { type: 'text', message_type: 'user', content: { text: 'Thanks!' } },
      'stop-actions': '',
      'image-origins': '*',
      'link-target': '_self',
      linkSchemes: ['https'],
      strings: germanStrings,
    },
    {
      narration: { item: { type: 'text', message_type: 'assistant', content: { text: 'Let me look that up.', utterance: 'narration' } } },
      '--dk-user-bubble-background': { item: { type: 'text', message_type: 'user', content: { text: 'Hello' } } },
      '--dk-user-bubble-color': { item: { type: 'text', message_type: 'user', content: { text: 'Hello' } } },
      '--dk-user-bubble-radius': { item: { type: 'text', message_type: 'user', content: { text: 'Hello' } } },
      '--dk-json-background': { item: row('assistant', 'structured_data', { data: { city: 'Zurich', hikes: 2 } }) },
      '--dk-caret-color': { streaming: true },
    },
  ),
  tags: ['!dev', '!autodocs', 'no-screenshot'],
};

export const UserText: Story = {
  args: { item: { type: 'text', message_type: 'user', content: { text: 'Show me how to sum a list in **Elixir**.' } } },
  play: contains('Show me how to sum a list in Elixir.'),
};

export const AssistantMarkdown: Story = {
  args: { item: { type: 'text', message_type: 'assistant', content: { text: MARKDOWN_SAMPLE } } },
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    await expectDeep(item, 'table');
    await expectDeep(item, 'pre code');
    await expectText(item, 'Summing a list');
  },
};

export const SystemText: Story = {
  args: { item: { type: 'text', message_type: 'system', content: { text: 'You are a careful assistant. Answer briefly.' } } },
  play: contains('You are a careful assistant.'),
};

/** Text whose message was cut off: the mark follows the text. */
export const AssistantStopped: Story = {
  args: { item: stoppedText('Elixir was created by José Valim in 2011, building on the Erlang VM and', 'length') },
  play: contains('The answer reached its length limit'),
};

/** A refusal on the last text of a message: category (in words) and explanation follow the wording. */
export const AssistantRefusal: Story = {
  args: { item: stoppedText("I can't help with", 'content_filtered', REFUSAL_FULL) },
  play: contains('The model declined to answer. Cybersecurity — Declined to assist.'),
};

export const Notification: Story = {
  args: { item: row('system', 'notification', { text: 'User cancelled' }) },
  play: contains('User cancelled'),
};

/** The framework's own "cancelled" notification carries a stop reason. */
export const NotificationCancelled: Story = {
  args: { item: row('system', 'notification', { text: 'Agent execution cancelled.', stop_reason: 'cancelled' }) },
  play: contains('You stopped this response'),
};

/** A provider compacted the conversation (Anthropic's `compaction` block): the notice, and its summary opened. */
export const NotificationWithDetails: Story = {
  args: {
    item: row('assistant', 'notification', {
      text: 'Earlier messages were summarized to fit the context.',
      details: '## Summary of the conversation\n\nThe user shared a long reference on web development and asked about **algorithms**.\n\n- Sorting: quicksort, mergesort\n- Graphs: breadth-first search, Dijkstra',
    }),
  },
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    const summary = await expectDeep<HTMLElement>(item, 'details summary');
    summary.click();
    await expectText(item, 'Sorting: quicksort, mergesort');
  },
};

export const ErrorRow: Story = {
  args: { item: row('system', 'error', { text: 'Sorry, I encountered an error: overloaded', error_type: 'overloaded' }) },
  play: contains('overloaded'),
};

export const ErrorRowWithoutType: Story = {
  args: { item: row('system', 'error', { text: 'Sorry, I encountered an error: bad request' }) },
  play: contains('bad request'),
};

export const TodoSnapshot: Story = {
  args: {
    item: row('system', 'todo_snapshot', {
      todos: [
        { id: 1, content: 'Choose database', status: 'completed' },
        { id: 2, content: 'Write migration', status: 'in_progress' },
        { id: 3, content: 'Backfill data', status: 'pending' },
        { id: 4, content: 'Old approach', status: 'cancelled' },
      ],
      summary: { total: 4, pending: 1, in_progress: 1, completed: 1, cancelled: 1 },
    }),
  },
  play: contains('1 of 4 done'),
};

export const ImageItem: Story = {
  args: {
    item: row('assistant', 'image', {
      data: PIXEL_PNG,
      mime_type: 'image/png',
      caption: 'A one-pixel chart',
      alt_text: 'A single grey pixel',
    }),
  },
  play: async ({ canvasElement }) => {
    const img = await expectDeep<HTMLImageElement>(canvasElement.querySelector('text-item')!, 'img');
    await expect(img.alt).toBe('A single grey pixel');
  },
};

/** An image URL the policy refuses renders as text, never as an `<img>`. */
export const ImageBlocked: Story = {
  args: { item: row('assistant', 'image', { url: 'javascript:alert(1)', alt_text: 'A chart' }) },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('text-item')!, 'blocked image');
    await expect(deepQuery(canvasElement, 'img')).toBeNull();
  },
};

/** An image that could not be loaded: its alt text as a link to it, and a note, not a blank gap. */
export const ImageNotLoaded: Story = {
  args: { item: row('assistant', 'image', { url: '/no-such-image.png', alt_text: 'The floor plan of the office', caption: 'Floor 2' }) },
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    await expectDeep(item, '[part~="broken-image"] a');
    await expectText(item, 'image not loaded');
    await expect(deepQuery(canvasElement, 'img')).toBeNull();
  },
};

export const FileReference: Story = {
  args: { item: row('assistant', 'file_reference', { path: '/Memories/dad_jokes.txt', name: 'dad_jokes.txt' }) },
  play: contains('dad_jokes.txt'),
};

export const StructuredData: Story = {
  args: {
    item: row('assistant', 'structured_data', {
      format: 'json',
      data: { orders: 42, revenue: { currency: 'EUR', cents: 1234500 }, regions: ['EU', 'US'] },
    }),
  },
  play: contains('revenue'),
};

/** Any other kind shows its `content.text`, else the content itself: nothing is dropped. */
export const UnknownKindWithText: Story = {
  args: { item: row('assistant', 'citation_card', { text: 'Elixir Forum, 2024', url: 'https://elixirforum.com' }) },
  play: contains('Elixir Forum, 2024'),
};

export const UnknownKindWithoutText: Story = {
  args: { item: row('assistant', 'provider_item', { opaque: true, id: 'pi_123' }) },
  play: contains('pi_123'),
};

/** A malformed item renders a visible fallback with what was received. */
export const Malformed: Story = {
  args: { item: { type: 'text', message_type: 'assistant', content: { text: 42 } } },
  play: contains('This item could not be displayed'),
};

/**
 * Streaming: the text grows chunk by chunk as a live host sends it (sets `streaming` while it
 * grows when the element has that property).
 */
export const Streaming: Story = {
  args: { item: { type: 'text', message_type: 'assistant', content: { text: '' } } },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('text-item')!;
    setStreaming(element, true);
    await playStream(STREAM_TEXT, (text, done) => {
      element.item = { type: 'text', message_type: 'assistant', content: { text } };
      if (done) setStreaming(element, false);
    }, { chunk: 40, frames: 2 });
    await expectText(element, 'Then we check the numbers and ship it.');
    await expectDeep(element, 'pre code');
  },
};

/** Mid-answer, as a reader sees it while the text arrives: it ends in the caret (a still shows it). */
export const StreamingMidAnswer: Story = {
  args: { item: { type: 'text', message_type: 'assistant', content: { text: STREAM_TEXT.slice(0, STREAM_TEXT.indexOf('\n\n') + 60) } }, streaming: true },
  play: async ({ canvasElement }) => {
    await expectDeep(canvasElement.querySelector('text-item')!, '.caret');
  },
};
