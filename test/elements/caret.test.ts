/**
 * The caret a streaming text ends in holds still while text arrives, as a text cursor does while
 * one types, and blinks once the text has stood still a second; never where motion is reduced.
 */
import { expect } from '@open-wc/testing';
import { emulateMediaInSuite } from '../media/emulate.js';
import { deepQueryAll, frames, mountList, settle, until } from '../helpers.js';

type MessageListElement = HTMLElementTagNameMap['message-list'];

const QUESTION = { id: 'q', message_id: 'q', sequence: 0, type: 'text', message_type: 'user', content: { text: 'Why?' } };

function caretOf(list: MessageListElement): HTMLElement {
  const carets = deepQueryAll<HTMLElement>(list, '.caret');
  expect(carets, 'one caret').to.have.length(1);
  return carets[0];
}

const blinking = (caret: HTMLElement) => caret.getAnimations().some((animation) => animation.playState === 'running');

/** A draft that grows within one paragraph, a few words every other frame, for `ms`. */
async function streamFor(list: MessageListElement, ms: number): Promise<{ seen: string[]; last: string }> {
  const seen: string[] = [];
  let text = 'Because the';
  const start = performance.now();
  while (performance.now() - start < ms) {
    text += ' build';
    list.draft = { text };
    await frames(2);
    const caret = caretOf(list);
    if (caret.getAnimations().length > 0) seen.push(`${Math.round(performance.now() - start)} ms in: ${caret.getAnimations().map((a) => a.playState).join(', ')}`);
  }
  return { seen, last: text };
}

describe('the streaming caret', () => {
  it('holds still while text arrives, however long its paragraph, and blinks once the text stands still', async () => {
    const list = await mountList([QUESTION]);
    list.draft = { text: 'Because' };
    await settle(list);
    const text = await streamFor(list, 1600);
    expect(text.seen, 'animations on the caret while text arrives').to.deep.equal([]);
    await until(() => blinking(caretOf(list)), 'the caret blinks once the text stands still');
    list.draft = { text: `${text.last} again` };
    await frames(2);
    expect(caretOf(list).getAnimations(), 'still again once text comes').to.have.length(0);
    list.remove();
  });

  describe('where motion is reduced', function () {
    emulateMediaInSuite({ 'prefers-reduced-motion': 'reduce' }, 'emulating prefers-reduced-motion over the DevTools protocol is Chromium\'s');

    it('never blinks: a dimmed block', async () => {
      expect(matchMedia('(prefers-reduced-motion: reduce)').matches).to.equal(true);
      const list = await mountList([QUESTION]);
      list.draft = { text: 'Because the' };
      await settle(list);
      await new Promise((resolve) => setTimeout(resolve, 1300));
      await frames(2);
      const caret = caretOf(list);
      expect(caret.getAnimations()).to.have.length(0);
      expect(getComputedStyle(caret).opacity).to.equal('0.6');
      list.remove();
    });
  });
});
