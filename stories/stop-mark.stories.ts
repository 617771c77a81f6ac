import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import { deepText, expectText, settled } from './support/dom.js';
import { REFUSAL_CATEGORY_ONLY, REFUSAL_EXPLANATION_ONLY, REFUSAL_FULL, REFUSAL_NO_DETAILS } from './support/items.js';

/**
 * "And then it stopped": why a message did not finish (SPEC §2, "Stopped early"). Known reasons
 * get their own wording; any other truthy reason reads as a generic "stopped early".
 */
const meta = {
  title: 'Elements/stop-mark',
  component: 'stop-mark',
  args: { reason: 'length', details: null },
} satisfies Meta;

export default meta;
type Story = StoryObj;

/** Plays the story's assertion: the mark says `expected` (and renders at all). */
const says = (expected: string): Story['play'] => async ({ canvasElement }) => {
  const mark = canvasElement.querySelector('stop-mark')!;
  await expectText(mark, expected);
};

export const Length: Story = { args: { reason: 'length' }, play: says('Cut off: the response reached its length limit') };

export const Cancelled: Story = { args: { reason: 'cancelled' }, play: says('Stopped: the run was cancelled') };

export const ContentFiltered: Story = {
  args: { reason: 'content_filtered' },
  play: says("Stopped by the provider's content filter"),
};

export const StreamError: Story = { args: { reason: 'stream_error' }, play: says('Interrupted: the response stream failed') };

/** A reason this kit has never seen still means "it stopped early" (truthiness, not a list). */
export const UnknownReason: Story = { args: { reason: 'pause_turn' }, play: says('Stopped early (pause_turn)') };

/** Anthropic's refusal: type, category and explanation. */
export const RefusalFullDetails: Story = {
  args: { reason: 'content_filtered', details: REFUSAL_FULL },
  play: says('refusal · cyber — Declined to assist.'),
};

export const RefusalCategoryOnly: Story = {
  args: { reason: 'content_filtered', details: REFUSAL_CATEGORY_ONLY },
  play: says('refusal · cyber'),
};

export const RefusalExplanationOnly: Story = {
  args: { reason: 'content_filtered', details: REFUSAL_EXPLANATION_ONLY },
  play: says('refusal — Declined to assist.'),
};

/** Details with neither category nor explanation: the mark still says that details exist. */
export const RefusalWithoutCategoryOrExplanation: Story = {
  args: { reason: 'content_filtered', details: REFUSAL_NO_DETAILS },
  play: says('The provider sent details'),
};

/** A refusal with no `stop_details` at all reads as the plain content-filter stop. */
export const RefusalNoDetails: Story = {
  args: { reason: 'content_filtered', details: null },
  play: says("Stopped by the provider's content filter"),
};

/** No reason: nothing renders (a finished message has no mark). */
export const NoReason: Story = {
  args: { reason: null },
  play: async ({ canvasElement }) => {
    const mark = canvasElement.querySelector('stop-mark')!;
    await settled(canvasElement);
    await expect(deepText(mark)).toBe('');
  },
};
