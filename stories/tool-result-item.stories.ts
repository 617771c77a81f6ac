import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import { deepText, expectText, inShadow } from './support/dom.js';
import { press } from './support/keyboard.js';
import { toolResult, withStop } from './support/items.js';
import { germanStrings } from '../src/i18n/locales/de.js';
import { apiCheckStory } from './support/api-checks.js';
import { ElementDocsPage } from './support/element-docs.js';

/** Results on a quiet background, their badge in capitals. */
const CUSTOMIZING = `
tool-result-item {
  --dk-tool-result-background: light-dark(#f9fafb, #111827);
  --dk-json-background: transparent;
}
tool-result-item::part(badge) {
  text-transform: uppercase;
}
tool-result-item:state(error)::part(base) {
  border-inline-start: 3px solid var(--dk-color-danger);
}
`;

const meta = {
  title: 'Elements/tool-result-item',
  component: 'tool-result-item',
  // The URL policy applies to Markdown, and a result shows none (text or JSON): the rows stay in
  // the table, with no control that would change nothing.
  argTypes: {
    'image-origins': { control: false },
    'link-target': { control: false },
    linkSchemes: { control: false },
  },
  parameters: { docs: { page: ElementDocsPage }, customizing: CUSTOMIZING },
} satisfies Meta;

export default meta;
type Story = StoryObj;

const contains = (expected: string): Story['play'] => async ({ canvasElement }) => {
  await expectText(canvasElement.querySelector('tool-result-item')!, expected);
};

const JSON_RESULT = toolResult('r-0', JSON.stringify({ city: 'Zurich', trails: ['Uetliberg', 'Felsenegg'], open: true }), { name: 'search' });

/** Every control, on a JSON result. */
export const Playground: Story = {
  args: { item: JSON_RESULT, 'stop-actions': 'continue' },
  play: contains('Uetliberg'),
};

/** Not in the sidebar, a test: the docs page lists every member, and every control changes what shows. */
export const ApiCheck: Story = {
  ...apiCheckStory(
    Playground,
    { item: toolResult('r-9', 'weather service timeout', { isError: true }), 'stop-actions': '', strings: germanStrings },
    {
      'stop-actions': { item: withStop(JSON_RESULT, 'length') },
      'no-stop-mark': { item: withStop(JSON_RESULT, 'length') },
    },
  ),
  tags: ['!dev', '!autodocs', 'no-screenshot'],
};

export const PlainText: Story = {
  args: { item: toolResult('r-1', 'Found 3 results: elixir-lang.org, hexdocs.pm, Elixir Forum', { name: 'search' }) },
  play: contains('Found 3 results'),
};

/** JSON text becomes a collapsible tree. */
export const Json: Story = {
  args: {
    item: toolResult(
      'r-2',
      JSON.stringify({ city: 'NYC', temperature: { value: 21, unit: 'C' }, sunny: true, alerts: [], forecast: ['sun', 'clouds', 'rain'] }),
    ),
  },
  play: contains('temperature'),
};

export const ErrorResult: Story = {
  args: { item: toolResult('r-3', 'weather service timeout', { isError: true }) },
  play: contains('Error'),
};

/** An interrupt: the run waits for a person. */
export const Waiting: Story = {
  args: { item: toolResult('r-4', 'Waiting for user response...', { isInterrupt: true, name: 'delete_file' }) },
  play: contains('Waiting'),
};

export const Approved: Story = {
  args: { item: toolResult('r-5', 'File deleted.', { decision: 'approved', name: 'delete_file' }) },
  play: contains('Approved'),
};

export const Declined: Story = {
  args: { item: toolResult('r-6', 'The user declined this action.', { decision: 'rejected', name: 'delete_file' }) },
  play: contains('Declined'),
};

export const Empty: Story = {
  args: { item: toolResult('r-7', '', { name: 'noop' }) },
};

/** A long log is cut; "Show all" (keyboard: Enter) shows the rest. */
export const LongText: Story = {
  args: {
    item: toolResult('r-8', Array.from({ length: 80 }, (_, i) => `[${String(i + 1).padStart(3, '0')}] step ${i + 1} ok`).join('\n'), {
      name: 'run_tests',
    }),
  },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('tool-result-item')!;
    const button = await inShadow<HTMLButtonElement>(element, '[part="show-all"]');
    await expect(deepText(element)).not.toContain('step 80 ok');
    button.focus();
    await press('Enter');
    await expectText(element, 'step 80 ok');
  },
};

export const Malformed: Story = {
  args: { item: { type: 'tool_result', message_type: 'tool', content: [1, 2, 3] } },
  play: contains('This item could not be displayed'),
};
