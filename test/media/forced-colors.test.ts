/**
 * With forced colours (Windows High Contrast) the browser replaces the page's colours and drops
 * its backgrounds: what a background alone carried must still show.
 */
import { expect } from '@open-wc/testing';
import { emulateMediaInSuite } from './emulate.js';
import { deepQueryAll, frames, mountList, settle } from '../helpers.js';

describe('forced colours', function () {
  emulateMediaInSuite({ 'forced-colors': 'active' }, 'emulating forced colours is a Chromium DevTools feature');

  it('keeps the streaming caret, in the text colour, and borders the user\'s bubble', async () => {
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const list = await mountList([{ id: 'q', message_id: 'q', sequence: 0, type: 'text', message_type: 'user', content: { text: 'Why?' } }]);
    list.draft = { text: 'Because the' };
    await settle(list);
    await frames(2);
    const [caret] = deepQueryAll<HTMLElement>(list, '.caret');
    expect(caret, 'a caret').to.exist;
    const textColour = getComputedStyle(caret.parentElement!).color;
    expect(getComputedStyle(caret).backgroundColor, 'the caret is drawn in the text colour').to.equal(textColour);
    const [bubble] = deepQueryAll<HTMLElement>(list, '.text.user');
    expect(getComputedStyle(bubble).borderTopStyle).to.equal('solid');
    expect(parseFloat(getComputedStyle(bubble).borderTopWidth)).to.be.greaterThan(0);
    list.remove();
  });
});
