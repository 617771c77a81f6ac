import { expect, fixture, html } from '@open-wc/testing';
import '../../src/elements/stop-mark/define.js';
import type { StopMark } from '../../src/elements/stop-mark/stop-mark.js';

async function mark(reason: string | null, details?: unknown): Promise<StopMark> {
  const el = await fixture<StopMark>(html`<stop-mark reason=${reason ?? ''} .details=${details ?? null}></stop-mark>`);
  await el.updateComplete;
  return el;
}

const text = (el: StopMark) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ').trim();

describe('stop-mark', () => {
  const wordings: Record<string, string> = {
    length: 'Cut off: the response reached its length limit',
    cancelled: 'Stopped: the run was cancelled',
    content_filtered: "Stopped by the provider's content filter",
    stream_error: 'Interrupted: the response stream failed',
  };

  for (const [reason, words] of Object.entries(wordings)) {
    it(`words ${reason} its own way`, async () => {
      const el = await mark(reason);
      expect(text(el)).to.equal(words);
      expect(el.shadowRoot!.querySelector('[part~="base"]')!.getAttribute('role')).to.equal('note');
      await expect(el).to.be.accessible();
    });
  }

  it('words reasons it has never seen generically, naming them', async () => {
    const el = await mark('pause_turn');
    expect(text(el)).to.equal('Stopped early (pause_turn)');
  });

  it('renders nothing without a reason', async () => {
    const el = await mark(null);
    expect(el.shadowRoot!.querySelector('[part~="base"]')).to.equal(null);
  });

  it('shows a refusal’s category and explanation', async () => {
    const el = await mark('content_filtered', { type: 'refusal', category: 'cyber', explanation: 'Declined to assist.' });
    const details = el.shadowRoot!.querySelector('[part="details"]')!;
    expect(details.textContent!.replace(/\s+/g, ' ').trim()).to.equal('refusal · cyber — Declined to assist.');
    // On screen the details stand apart from the wording: a line of their own, the category set off.
    const label = el.shadowRoot!.querySelector('[part="label"]')!;
    expect(details.getBoundingClientRect().top).to.be.at.least(label.getBoundingClientRect().bottom - 1);
    const category = details.querySelector('.category')!;
    expect(getComputedStyle(category).borderTopStyle).to.equal('solid');
    expect(category.nextElementSibling!.checkVisibility(), 'the dash is for assistive technology only').to.equal(true);
    expect(category.nextElementSibling!.getBoundingClientRect().width).to.be.at.most(1);
    await expect(el).to.be.accessible();
  });

  it('shows whichever of category and explanation is present', async () => {
    expect(text(await mark('content_filtered', { type: 'refusal', category: 'cyber', explanation: null }))).to.contain('refusal · cyber');
    const onlyExplanation = text(await mark('content_filtered', { explanation: 'No.' }));
    expect(onlyExplanation).to.contain('No.');
    expect(onlyExplanation).not.to.contain('—');
  });

  it('still says details exist when neither is there', async () => {
    const el = await mark('content_filtered', { category: null, explanation: null, provider_code: 'X1' });
    expect(text(el)).to.contain('The provider sent details');
    expect(text(el)).to.contain('"provider_code":"X1"');
  });

  it('takes replacement strings', async () => {
    const el = await fixture<StopMark>(html`<stop-mark reason="length" .strings=${{ stop: { length: 'Abgeschnitten', cancelled: '', content_filtered: '', stream_error: '', other: '' } }}></stop-mark>`);
    expect(text(el)).to.equal('Abgeschnitten');
  });
});
