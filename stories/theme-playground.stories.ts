import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { StoryContext } from 'storybook/internal/types';
import manifest from '../custom-elements.json';
import { cssPropertyRow, elementTokens, type Manifest } from './support/api.js';
import { expectNone, inertControls } from './support/api-checks.js';
import { callIdOf, stoppedText, toolCall, toolResult, userText } from './support/items.js';
import { GLOBAL_TOKENS } from './support/tokens.js';

/** The tokens a brand sets first: the palette, the type, the shape, and the surfaces a reader sees most. */
const MAIN_TOKENS = [
  '--dk-color-accent',
  '--dk-color-text',
  '--dk-color-text-muted',
  '--dk-color-surface',
  '--dk-color-border',
  '--dk-color-user-bubble',
  '--dk-color-user-text',
  '--dk-tool-call-background',
  '--dk-tool-arguments-background',
  '--dk-code-background',
  '--dk-stop-notice-background',
  '--dk-font-family',
  '--dk-font-size',
  '--dk-radius',
  '--dk-density',
];

/** What a text control is tried with in the check, where no colour or length can be guessed. */
const SAMPLES = { '--dk-font-family': 'Georgia, serif', '--dk-font-size': '19px', '--dk-radius': '1.25rem', '--dk-density': '1.5' };

const ELEMENT_TOKENS = elementTokens(manifest as Manifest);
const describe = (name: string) =>
  GLOBAL_TOKENS.find((token) => token.name === name)?.use ?? ELEMENT_TOKENS.find((token) => token.name === name)?.description ?? '';

const TOKEN_ROWS = Object.fromEntries(MAIN_TOKENS.map((name) => [name, cssPropertyRow({ name, description: describe(name) })]));

/** One of each surface the tokens paint, and no more: the check renders it twice a token. */
function playgroundItems(): unknown[] {
  const weather = toolCall('failed', { sequence: 1 });
  return [
    userText('Check the weather in NYC, then show me the code.'),
    weather,
    toolResult(callIdOf(weather), 'weather service timeout', { isError: true, sequence: 2 }),
    stoppedText('The service timed out. The call was:\n\n```js\nconst forecast = await weather("NYC");\n```\n\nIt retries', 'length'),
  ];
}

const meta = {
  title: 'Guides/Theme playground',
  component: 'message-list',
  tags: ['!autodocs'],
  // Only the main tokens, each set on the list's style as you change it (support/render.ts).
  parameters: { docs: { extractArgTypes: () => TOKEN_ROWS }, controls: { sort: 'none' } },
  args: { items: playgroundItems(), ...Object.fromEntries(MAIN_TOKENS.map((name) => [name, ''])) },
} satisfies Meta;

export default meta;
type Story = StoryObj;

/**
 * Change the main tokens live in the Controls panel: each is set on the list's style, and
 * reaches every element inside it. An empty control is the kit's default. Its check fails when a
 * token changes nothing the reader sees.
 */
export const ThemePlayground: Story = {
  parameters: { controlSamples: SAMPLES },
  play: async (context) => expectNone('Tokens that change nothing', await inertControls(context as StoryContext)),
};
