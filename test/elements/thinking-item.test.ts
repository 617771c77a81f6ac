import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { fallbackSummaryLook, mountItem, toggled } from '../helpers.js';

const thinking = (content: Record<string, unknown>) => ({ type: 'thinking', message_type: 'assistant', content });

describe('thinking-item', () => {
  it('starts collapsed with a label, its body not rendered', async () => {
    const el = await mountItem('thinking-item', thinking({ text: 'Secret **plan**' }));
    const details = el.shadowRoot!.querySelector('details')!;
    expect(details.open).to.equal(false);
    expect(el.shadowRoot!.querySelector('summary')!.textContent, 'finished: never "Thinking"').to.contain('Reasoning').and.not.to.contain('Thinking');
    expect(el.shadowRoot!.querySelector('.markdown')!.textContent).to.equal('');
    await expect(el).to.be.accessible();
  });

  it('opens and closes from the keyboard', async () => {
    const el = await mountItem('thinking-item', thinking({ text: 'Secret **plan**' }));
    el.shadowRoot!.querySelector<HTMLElement>('summary')!.focus();
    const details = el.shadowRoot!.querySelector('details')!;
    let toggle = toggled(details);
    await sendKeys({ press: 'Enter' });
    await toggle;
    await el.updateComplete;
    expect(el.open).to.equal(true);
    expect(el.hasAttribute('open')).to.equal(true);
    expect(el.shadowRoot!.querySelector('.markdown strong')!.textContent).to.equal('plan');
    await expect(el).to.be.accessible();
    toggle = toggled(details);
    await sendKeys({ press: ' ' });
    await toggle;
    await el.updateComplete;
    expect(el.open).to.equal(false);
  });

  it('shows another kind it is given as the visible fallback, with what it holds', async () => {
    const call = { type: 'tool_call', message_type: 'assistant', content: { name: 'search', arguments: { q: 'hidden words' } } };
    const el = await mountItem('thinking-item', call);
    const fallback = el.shadowRoot!.querySelector('[part~="fallback"]')!;
    expect(fallback).to.exist;
    expect(el.shadowRoot!.querySelector('details.thinking')).to.equal(null);
    expect(fallback.textContent).to.contain('tool_call');
    expect(fallback.querySelector('pre')!.textContent).to.contain('hidden words');
    await expect(el).to.be.accessible();
  });

  it('keeps the stop mark visible while collapsed', async () => {
    const el = await mountItem('thinking-item', thinking({ text: 'I should start by', stop_reason: 'length' }));
    const mark = el.shadowRoot!.querySelector('stop-mark')!;
    expect(el.shadowRoot!.querySelector('details')!.contains(mark)).to.equal(false);
    expect(mark.checkVisibility()).to.equal(true);
    expect(mark.getBoundingClientRect().height).to.be.greaterThan(0);
    expect(mark.shadowRoot!.textContent).to.contain('length limit');
    await expect(el).to.be.accessible();
  });

  it('renders a fallback for thinking without text', async () => {
    const el = await mountItem('thinking-item', thinking({}));
    expect(el.shadowRoot!.querySelector('[part~="fallback"]')).to.exist;
    // Its "What was received" keeps the marker every fallback's disclosure has: the reasoning's
    // own summary style stays on the reasoning's summary.
    const text = await mountItem('text-item', { type: 'text', message_type: 'assistant', content: null });
    expect(fallbackSummaryLook(el)).to.deep.equal(fallbackSummaryLook(text));
  });
});
