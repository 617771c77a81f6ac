import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import type { StopActionEvent, StopMark } from '../src/index.js';
import { deepText, expectText, settled } from './support/dom.js';
import { REFUSAL_CATEGORY_ONLY, REFUSAL_EXPLANATION_ONLY, REFUSAL_FULL, REFUSAL_NO_DETAILS } from './support/items.js';
import { germanStrings } from '../src/i18n/locales/de.js';
import { apiCheckStory } from './support/api-checks.js';
import { ElementDocsPage } from './support/element-docs.js';

/** Stops in the brand's colours, by severity, and buttons that read as links. */
const CUSTOMIZING = `
stop-mark {
  --dk-stop-notice-color: light-dark(#92400e, #fbbf24);
  --dk-stop-notice-background: light-dark(#fffbeb, #451a03);
  --dk-stop-error-color: light-dark(#991b1b, #fca5a5);
}
stop-mark::part(action-button) {
  border: none;
  text-decoration: underline;
}
stop-mark:state(quiet)::part(label) {
  font-style: italic;
}
`;

const meta = {
  title: 'Elements/stop-mark',
  component: 'stop-mark',
  args: { reason: 'length', details: null, actions: '' },
  // `item-id` only names the item in `stop-action` events: its row stays, with no control.
  argTypes: { 'item-id': { control: false } },
  parameters: { docs: { page: ElementDocsPage }, customizing: CUSTOMIZING },
} satisfies Meta;

export default meta;
type Story = StoryObj;

const markIn = (canvas: HTMLElement) => canvas.querySelector<StopMark>('stop-mark')!;
const baseOf = (mark: StopMark) => mark.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;

/** Plays the story's assertion: the mark says `expected`, in the look of `severity`, with no raw code in its line. */
const says = (expected: string, severity: string): Story['play'] => async ({ canvasElement }) => {
  const mark = markIn(canvasElement);
  await expectText(mark, expected);
  await expect(baseOf(mark).dataset.severity).toBe(severity);
  const line = mark.shadowRoot!.querySelector('[part="label"]')!.textContent!;
  await expect(line).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
};

/** Every control, on a provider's error with a Retry. */
export const Playground: Story = {
  args: { reason: 'stream_error', details: { type: 'error', category: 'overloaded_error', explanation: 'Overloaded' }, actions: 'retry' },
  play: says('The service is overloaded', 'error'),
};

/**
 * Not in the sidebar, a test: the docs page lists every member, and every control changes what
 * shows (each severity's tokens on a stop of that severity).
 */
export const ApiCheck: Story = {
  ...apiCheckStory(
    Playground,
    { reason: 'max_tokens', details: null, actions: '', strings: germanStrings },
    {
      '--dk-stop-quiet-color': { reason: 'cancelled' },
      '--dk-stop-quiet-background': { reason: 'cancelled' },
      '--dk-stop-notice-color': { reason: 'max_tokens' },
      '--dk-stop-notice-background': { reason: 'max_tokens' },
      '--dk-stop-refusal-color': { reason: 'content_filtered' },
      '--dk-stop-refusal-background': { reason: 'content_filtered' },
    },
  ),
  tags: ['!dev', '!autodocs', 'no-screenshot'],
};

/** The reader pressed Stop: one quiet line, no box, nothing to do. */
export const Cancelled: Story = { args: { reason: 'cancelled', actions: 'continue retry' }, play: says('You stopped this response', 'quiet') };

/** A length limit, with the Continue the host asked for; choosing it fires `stop-action`. */
export const Length: Story = {
  args: { reason: 'max_tokens', actions: 'continue retry' },
  play: async (context) => {
    await says('The answer reached its length limit', 'notice')!(context);
    const mark = markIn(context.canvasElement);
    const chosen: StopActionEvent[] = [];
    mark.addEventListener('stop-action', (event) => chosen.push(event));
    const button = mark.shadowRoot!.querySelector<HTMLButtonElement>('[part~="continue-button"]')!;
    await expect(button.textContent!.trim()).toBe('Continue');
    await expect(mark.shadowRoot!.querySelector('[part~="retry-button"]')).toBe(null);
    button.click();
    await expect(chosen.map((event) => [event.action, event.reason])).toEqual([['continue', 'max_tokens']]);
  },
};

export const ContextWindow: Story = {
  args: { reason: 'model_context_window_exceeded', actions: 'continue' },
  play: says("The answer stopped: the model's context window is full", 'notice'),
};

/** Anthropic handed a long turn back: the model can go on where it paused. */
export const PauseTurn: Story = { args: { reason: 'pause_turn', actions: 'continue' }, play: says('The model paused before finishing', 'notice') };

/** The stream failed, with the Retry the host asked for. */
export const StreamError: Story = {
  args: { reason: 'stream_error', actions: 'continue retry' },
  play: async (context) => {
    await says('The response failed before it finished', 'error')!(context);
    const button = markIn(context.canvasElement).shadowRoot!.querySelector<HTMLButtonElement>('[part~="retry-button"]')!;
    await expect(button.textContent!.trim()).toBe('Retry');
  },
};

/** A provider's error, its code in words and its message beside it. */
export const ProviderError: Story = {
  args: { reason: 'stream_error', details: { type: 'error', category: 'overloaded_error', explanation: 'Overloaded' }, actions: 'retry' },
  play: says('The service is overloaded', 'error'),
};

/** Anthropic's refusal: the model declined, its category in words and its explanation. */
export const RefusalFullDetails: Story = {
  args: { reason: 'content_filtered', details: REFUSAL_FULL },
  play: says('The model declined to answer. Cybersecurity — Declined to assist.', 'refusal'),
};

export const RefusalCategoryOnly: Story = {
  args: { reason: 'content_filtered', details: REFUSAL_CATEGORY_ONLY },
  play: says('The model declined to answer. Cybersecurity', 'refusal'),
};

export const RefusalExplanationOnly: Story = {
  args: { reason: 'content_filtered', details: REFUSAL_EXPLANATION_ONLY },
  play: says('The model declined to answer. Declined to assist.', 'refusal'),
};

/** A filter with no details at all. */
export const ContentFiltered: Story = {
  args: { reason: 'content_filter' },
  play: says("The provider's content filter stopped this answer", 'refusal'),
};

/** Gemini names the filter's category in its reason (`SAFETY`, `SPII`…): the mark says it in words. */
export const GeminiSafety: Story = {
  args: { reason: 'SPII' },
  play: says("The provider's content filter stopped this answer. Sensitive personal information", 'refusal'),
};

/** Details with neither category nor explanation: the provider's fields wait in "Details", never in the line. */
export const RefusalWithoutCategoryOrExplanation: Story = {
  args: { reason: 'content_filtered', details: REFUSAL_NO_DETAILS },
  play: async (context) => {
    await says("The provider's content filter stopped this answer", 'refusal')!(context);
    const more = markIn(context.canvasElement).shadowRoot!.querySelector<HTMLDetailsElement>('[part="more"]')!;
    await expect(more.open).toBe(false);
    await expect(more.textContent).toContain('rf-7');
  },
};

/** A refusal with no `stop_details` at all reads as the plain content-filter stop. */
export const RefusalNoDetails: Story = {
  args: { reason: 'content_filtered', details: null },
  play: says("The provider's content filter stopped this answer", 'refusal'),
};

/** A reason this kit has never seen still means "it stopped early" (truthiness, not a list); its value waits in "Details". */
export const UnknownReason: Story = {
  args: { reason: 'paused_by_operator' },
  play: async (context) => {
    await says('Stopped early', 'notice')!(context);
    const more = markIn(context.canvasElement).shadowRoot!.querySelector<HTMLDetailsElement>('[part="more"]')!;
    await expect(more.open).toBe(false);
    await expect(more.querySelector('dd')!.textContent).toBe('paused_by_operator');
  },
};

/** No reason: nothing renders (a finished message has no mark). */
export const NoReason: Story = {
  args: { reason: null },
  play: async ({ canvasElement }) => {
    const mark = markIn(canvasElement);
    await settled(canvasElement);
    await expect(deepText(mark)).toBe('');
  },
};
