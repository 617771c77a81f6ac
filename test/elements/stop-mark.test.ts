import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/elements/stop-mark/define.js';
import type { StopMark } from '../../src/elements/stop-mark/stop-mark.js';
import { StopActionEvent } from '../../src/events.js';
import { germanStrings } from '../../src/i18n/locales/de.js';

async function mark(reason: string | null, details?: unknown, actions = ''): Promise<StopMark> {
  const el = await fixture<StopMark>(html`<stop-mark reason=${reason ?? ''} .details=${details ?? null} actions=${actions} item-id="row-7"></stop-mark>`);
  await el.updateComplete;
  return el;
}

const base = (el: StopMark) => el.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
const text = (el: StopMark) => el.shadowRoot!.textContent!.replace(/\s+/g, ' ').trim();
/** What a reader sees: the text outside closed disclosures (but their summary) and text kept for screen readers. */
function visible(el: StopMark): string {
  const words: string[] = [];
  const walker = document.createTreeWalker(base(el), NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement!;
    const closed = parent.closest('details:not([open])');
    if (parent.closest('.visually-hidden') || (closed && !parent.closest('summary'))) continue;
    words.push(node.textContent!);
  }
  return words.join(' ').replace(/\s+/g, ' ').trim();
}
const button = (el: StopMark) => el.shadowRoot!.querySelector<HTMLButtonElement>('[part~="action-button"]');
const SNAKE_CASE = /\b[a-z]+_[a-z_]+\b/;

describe('stop-mark', () => {
  // One reason of each severity, as a provider names it, and what the reader reads.
  const severities: Array<[reason: string, severity: string, words: string, icon: string]> = [
    ['user_cancelled', 'quiet', 'You stopped this response', 'stopped'],
    ['max_tokens', 'notice', 'The answer reached its length limit', 'limit'],
    ['stream_error', 'error', 'The response failed before it finished', 'alert'],
    ['refusal', 'refusal', 'The model declined to answer', 'shield'],
  ];

  for (const [reason, severity, words] of severities) {
    it(`reads ${reason} in words, as ${severity}, with no code in sight`, async () => {
      const el = await mark(reason);
      expect(visible(el)).to.equal(words);
      expect(visible(el)).not.to.match(SNAKE_CASE);
      expect(base(el).dataset.severity).to.equal(severity);
      expect(base(el).getAttribute('role')).to.equal('note');
      expect(el.matches(`:state(${severity})`)).to.equal(true);
      await expect(el).to.be.accessible();
    });
  }

  it('gives each severity a look of its own: colour, background and icon', async () => {
    const looks = [];
    for (const [reason] of severities) {
      const el = await mark(reason);
      const icon = el.shadowRoot!.querySelector('[part="icon"]')!;
      looks.push({ color: getComputedStyle(icon).color, background: getComputedStyle(base(el)).backgroundColor, icon: icon.innerHTML });
    }
    for (const key of ['color', 'background', 'icon'] as const) {
      expect(new Set(looks.map((look) => look[key])).size, key).to.equal(looks.length);
    }
  });

  it('shows the reader’s cancel as one quiet line, no box', async () => {
    const el = await mark('cancelled');
    const style = getComputedStyle(base(el));
    expect(style.backgroundColor).to.equal('rgba(0, 0, 0, 0)');
    expect(style.borderInlineStartWidth).to.equal('0px');
    const label = el.shadowRoot!.querySelector('[part="label"]')!;
    expect(label.getBoundingClientRect().height, 'one line').to.be.below(parseFloat(getComputedStyle(label).lineHeight) * 1.5);
  });

  it('knows the providers’ names, whatever their case', async () => {
    expect(visible(await mark('MAX_TOKENS'))).to.equal('The answer reached its length limit');
    expect(visible(await mark('model_context_window_exceeded'))).to.equal("The answer stopped: the model's context window is full");
    expect(visible(await mark('content-filter'))).to.equal("The provider's content filter stopped this answer");
    expect(visible(await mark('pause_turn'))).to.equal('The model paused before finishing');
    expect(visible(await mark('abort'))).to.equal('You stopped this response');
  });

  it('words a reason it has never seen "Stopped early", its raw value only inside Details', async () => {
    const el = await mark('paused_by_operator');
    expect(visible(el)).to.equal('Stopped early Details');
    const more = el.shadowRoot!.querySelector<HTMLDetailsElement>('[part="more"]')!;
    expect(more.open).to.equal(false);
    more.open = true;
    expect(more.querySelector('dd')!.textContent).to.equal('paused_by_operator');
    expect(visible(el)).to.contain('Reason paused_by_operator');
    await expect(el).to.be.accessible();
  });

  it('shows a refusal’s category in words and its explanation, on a line of their own', async () => {
    const el = await mark('content_filtered', { type: 'refusal', category: 'cyber', explanation: 'Declined to assist.' });
    expect(visible(el)).to.equal('The model declined to answer Cybersecurity Declined to assist.');
    expect(text(el)).to.contain('Cybersecurity — Declined to assist.');
    const details = el.shadowRoot!.querySelector('[part="details"]')!;
    const label = el.shadowRoot!.querySelector('[part="label"]')!;
    expect(details.getBoundingClientRect().top).to.be.at.least(label.getBoundingClientRect().bottom - 1);
    expect(getComputedStyle(details.querySelector('.category')!).borderTopStyle).to.equal('solid');
    expect(el.shadowRoot!.querySelector('[part="more"]'), 'nothing left for a disclosure').to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('makes a category it does not know readable, and finds one in Gemini’s reason', async () => {
    expect(visible(await mark('refusal', { category: 'weapons_of_war' }))).to.contain('Weapons of war');
    expect(visible(await mark('SPII'))).to.equal("The provider's content filter stopped this answer Sensitive personal information");
    expect(visible(await mark('SAFETY'))).to.contain('Safety');
  });

  it('explains a provider error in words', async () => {
    const el = await mark('stream_error', { type: 'error', category: 'overloaded_error', explanation: 'Overloaded' });
    expect(visible(el)).to.equal('The response failed before it finished The service is overloaded Overloaded');
    expect(visible(el)).not.to.match(SNAKE_CASE);
  });

  it('keeps the provider’s other fields in Details, pretty, never in the line', async () => {
    const el = await mark('content_filtered', { category: null, explanation: null, provider_code: 'X1', limits: { daily: 3 } });
    expect(visible(el)).to.equal("The provider's content filter stopped this answer Details");
    const more = el.shadowRoot!.querySelector<HTMLDetailsElement>('[part="more"]')!;
    expect([...more.querySelectorAll('dt')].map((dt) => dt.textContent)).to.deep.equal(['provider_code', 'limits']);
    expect(more.querySelector('pre')!.textContent).to.equal('{\n  "daily": 3\n}');
    await expect(el).to.be.accessible();
  });

  it('offers an action only when asked, and only after a stop it fits', async () => {
    expect(button(await mark('length'))).to.equal(null);
    expect(button(await mark('length', null, 'retry'))).to.equal(null);
    expect(button(await mark('cancelled', null, 'continue retry'))).to.equal(null);
    expect(button(await mark('refusal', null, 'continue retry'))).to.equal(null);
    expect(button(await mark('length', null, 'continue retry'))!.textContent!.trim()).to.equal('Continue');
    expect(button(await mark('pause_turn', null, 'continue'))!.textContent!.trim()).to.equal('Continue');
    expect(button(await mark('stream_error', null, 'continue retry'))!.textContent!.trim()).to.equal('Retry');
  });

  it('fires stop-action on click, once, with the action, reason and item', async () => {
    const el = await mark('max_tokens', null, 'continue');
    const events: StopActionEvent[] = [];
    const listen = (event: Event) => events.push(event as StopActionEvent);
    document.addEventListener('stop-action', listen);
    button(el)!.click();
    button(el)!.click();
    document.removeEventListener('stop-action', listen);
    await el.updateComplete;
    expect(events).to.have.length(1);
    expect(events[0]).to.be.instanceOf(StopActionEvent);
    expect([events[0].action, events[0].reason, events[0].itemId]).to.deep.equal(['continue', 'max_tokens', 'row-7']);
    expect(events[0].bubbles && events[0].composed).to.equal(true);
    expect(button(el)!.getAttribute('aria-disabled')).to.equal('true');
    await expect(el).to.be.accessible();
  });

  it('fires Retry from the keyboard', async () => {
    const el = await mark('error', { type: 'error', explanation: 'Network down' }, 'retry');
    let fired: StopActionEvent | null = null;
    el.addEventListener('stop-action', (event) => (fired = event));
    button(el)!.focus();
    await sendKeys({ press: 'Enter' });
    expect(fired!.action).to.equal('retry');
    await expect(el).to.be.accessible();
  });

  it('offers the action again once the reason changes', async () => {
    const el = await mark('length', null, 'continue');
    button(el)!.click();
    el.reason = 'max_tokens';
    await el.updateComplete;
    expect(button(el)!.getAttribute('aria-disabled')).to.equal('false');
  });

  it('renders nothing without a reason', async () => {
    const el = await mark(null);
    expect(el.shadowRoot!.querySelector('[part~="base"]')).to.equal(null);
  });

  it('shows hostile text as text', async () => {
    const el = await mark('<img src=x onerror=alert(1)>', { explanation: '<b>bold</b>', category: '<script>' });
    expect(el.shadowRoot!.querySelector('img, b, script')).to.equal(null);
    expect(visible(el)).to.contain('<b>bold</b>');
  });

  it('takes replacement strings', async () => {
    const el = await fixture<StopMark>(html`<stop-mark reason="length" .strings=${germanStrings}></stop-mark>`);
    expect(visible(el)).to.equal('Die Antwort hat ihre Längengrenze erreicht');
    // A host's own table from before a kind existed: that kind reads as its "stopped early".
    const older = { stop: { length: 'Abgeschnitten', cancelled: 'Abgebrochen', content_filtered: 'Gefiltert', stream_error: 'Fehler', other: 'Vorzeitig beendet' } };
    const refusal = await fixture<StopMark>(html`<stop-mark reason="refusal" .strings=${older}></stop-mark>`);
    expect(visible(refusal)).to.equal('Vorzeitig beendet');
  });
});
