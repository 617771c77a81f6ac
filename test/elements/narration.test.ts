import { expect } from '@open-wc/testing';
import { deepQueryAll, mountItem, mountList, settle, shownMessages } from '../helpers.js';

const text = (value: string, utterance?: string, extra: Record<string, unknown> = {}) => ({
  type: 'text', message_type: 'assistant', content: utterance ? { text: value, utterance } : { text: value }, ...extra,
});

const turn = [
  { id: 'u', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Why did the deploy fail?' } },
  { id: 'n', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: "I'll check the logs first.", utterance: 'narration' } },
  { id: 'c', message_type: 'assistant', content_type: 'tool_call', sequence: 1, status: 'completed', tool_call_id: 'k', content: { call_id: 'k', name: 'read_logs', arguments: {} } },
  { id: 'r', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'k', content: { tool_call_id: 'k', name: 'read_logs', content: 'OOM', is_error: false } },
  { id: 'a', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: 'It ran out of memory.', utterance: 'answer' } },
];

describe('narration', () => {
  it('reads as a status line, quieter than an answer, and is labelled as one', async () => {
    const narration = await mountItem('text-item', text("I'll check the logs first.", 'narration'));
    const answer = await mountItem('text-item', text('It ran out of memory.'));
    const base = narration.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!;
    expect(base.getAttribute('part')).to.equal('base narration');
    expect(base.getAttribute('role')).to.equal('note');
    expect(base.getAttribute('aria-label')).to.equal('Status update');
    expect(narration.matches(':state(narration)')).to.equal(true);
    expect(answer.matches(':state(narration)')).to.equal(false);
    expect(answer.shadowRoot!.querySelector('[role="note"]'), 'unmarked text stays an answer').to.equal(null);
    const size = (el: Element) => parseFloat(getComputedStyle(el.shadowRoot!.querySelector('.text')!).fontSize);
    const colour = (el: Element) => getComputedStyle(el.shadowRoot!.querySelector('.text')!).color;
    expect(size(narration)).to.be.below(size(answer));
    expect(colour(narration)).not.to.equal(colour(answer));
    await expect(narration).to.be.accessible();
  });

  it('shows with the tool activity it introduces', async () => {
    const el = await mountList(turn);
    const activity = deepQueryAll(el, '.activity');
    expect(activity).to.have.length(1);
    expect(activity[0].querySelector('text-item')!.shadowRoot!.textContent).to.contain("I'll check the logs first.");
    expect(activity[0].querySelector('tool-call-item')).to.exist;
    await expect(el).to.be.accessible();
  });

  it('can be hidden by the host: a message of only narration then shows nothing', async () => {
    const el = await mountList([...turn, { id: 'n2', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: 'Still looking.', utterance: 'narration' } }], { narration: 'hidden' });
    expect(el.getAttribute('narration')).to.equal('hidden');
    const texts = shownMessages(el).map((message) => message.text);
    expect(texts.join(' ')).not.to.contain('check the logs');
    expect(texts.join(' ')).not.to.contain('Still looking');
    expect(texts.join(' ')).to.contain('It ran out of memory.');
    expect(deepQueryAll(el, 'tool-call-item')).to.have.length(1);
    el.narration = 'shown';
    await settle(el);
    expect(shownMessages(el).map((message) => message.text).join(' ')).to.contain('Still looking');
  });

  it('hidden on a text-item draws nothing for narration, and answers as ever', async () => {
    const hidden = await mountItem('text-item', text('Looking.', 'narration'), { narration: 'hidden' });
    expect(hidden.shadowRoot!.textContent!.trim()).to.equal('');
    const answer = await mountItem('text-item', text('Answer.'), { narration: 'hidden' });
    expect(answer.shadowRoot!.textContent).to.contain('Answer.');
  });
});
