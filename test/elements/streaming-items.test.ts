import { expect } from '@open-wc/testing';
import { deepQueryAll, frames, mountList, settle, shownMessages } from '../helpers.js';

const question = { id: 'q', message_id: 'q', sequence: 0, type: 'text', message_type: 'user', content: { text: 'Why?' } };
const answer = (text: string, status?: string) => ({
  id: 'a', message_id: 'a', sequence: 0, type: 'text', message_type: 'assistant', content: { text }, ...(status ? { status } : {}),
});
const log = (list: HTMLElement) => list.shadowRoot!.querySelector('[part="log"]')!;
const status = (list: HTMLElement) => list.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim();

/** Streamed Markdown renders at most once a frame. */
async function rendered(list: HTMLElement): Promise<void> {
  await settle(list);
  await frames(2);
  await settle(list);
}

describe('a saved item marked as streaming', () => {
  it('renders as the draft does: repaired tail, streaming message, busy log, the response announced', async () => {
    const list = await mountList([question]);
    list.items = [question, answer('Because **it is', 'streaming')];
    await rendered(list);
    expect(list.shadowRoot!.querySelector('[part~="message-streaming"]'), 'the message streams').to.exist;
    expect(deepQueryAll(list, 'text-item[streaming]')).to.have.length(1);
    // `**it is` is shown bold, as the draft repairs it, not as raw asterisks.
    expect(deepQueryAll(list, 'strong').map((node) => node.textContent)).to.include('it is');
    expect(log(list).getAttribute('aria-busy')).to.equal('true');
    expect(status(list)).to.not.equal('');
    const responding = status(list);
    await expect(list).to.be.accessible();

    list.items = [question, answer('Because **it is** so.')];
    await rendered(list);
    expect(list.shadowRoot!.querySelector('[part~="message-streaming"]')).to.equal(null);
    expect(deepQueryAll(list, 'text-item[streaming]')).to.have.length(0);
    expect(log(list).getAttribute('aria-busy')).to.equal('false');
    expect(status(list), 'the end is announced').to.not.equal(responding);
    list.remove();
  });

  it('is not streaming once the conversation moved on, or once it stopped', async () => {
    const later = { id: 'q2', message_id: 'q2', sequence: 0, type: 'text', message_type: 'user', content: { text: 'And?' } };
    const list = await mountList([question, answer('Left **half', 'streaming'), later]);
    await rendered(list);
    expect(deepQueryAll(list, 'text-item[streaming]')).to.have.length(0);
    expect(log(list).getAttribute('aria-busy')).to.equal('false');
    const stopped = { ...answer('Cut', 'streaming'), content: { text: 'Cut', stop_reason: 'cancelled' } };
    list.items = [question, stopped];
    await rendered(list);
    expect(deepQueryAll(list, 'text-item[streaming]')).to.have.length(0);
    expect(shownMessages(list).at(-1)!.unfinished).to.equal(true);
    list.remove();
  });
});

describe('a text handed over several times within one frame', () => {
  /**
   * How many times the text's Markdown changed while it was handed over three times, each in a
   * task of its own as a model's stream arrives, and how many frames there were meanwhile (a
   * busy machine can draw one between the tasks): at most one draw a frame.
   */
  async function drawsAround(container: Element, handOver: (index: number) => void): Promise<{ draws: number; frames: number }> {
    let draws = 0;
    const observer = new MutationObserver(() => void (draws += 1));
    observer.observe(container, { childList: true, subtree: true, characterData: true });
    await frames(1);
    let seen = 0;
    let counting = true;
    const tick = () => {
      if (!counting) return;
      seen += 1;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    for (let index = 0; index < 3; index++) {
      await new Promise((resolve) => setTimeout(resolve));
      handOver(index);
    }
    await frames(1);
    await Promise.resolve();
    counting = false;
    observer.disconnect();
    return { draws, frames: seen };
  }

  const grown = (index: number) => `Because the ${'tide '.repeat(index + 2)}turns.`;

  it('is drawn once, in the frame, when saved completed through items', async () => {
    const list = await mountList([question, answer('Because the tide turns.')]);
    const markdown = deepQueryAll(list, 'text-item')[1].shadowRoot!.querySelector('.markdown')!;
    const { draws, frames: seen } = await drawsAround(markdown, (index) => void (list.items = [question, answer(grown(index))]));
    expect(draws).to.be.within(1, Math.min(seen, 2), `${draws} draws in ${seen} frames`);
    // The last hand-over is drawn in the frame after it, which a loaded machine may not have drawn yet.
    await settle(list);
    expect(markdown.textContent!.trim()).to.equal(grown(2));
  });

  it('is drawn once, in the frame, when a text-item is given it', async () => {
    const item = document.createElement('text-item');
    item.item = answer('Because the tide turns.');
    document.body.append(item);
    await item.updateComplete;
    const markdown = item.shadowRoot!.querySelector('.markdown')!;
    const { draws, frames: seen } = await drawsAround(markdown, (index) => void (item.item = answer(grown(index))));
    expect(draws).to.be.within(1, Math.min(seen, 2), `${draws} draws in ${seen} frames`);
    await item.updateComplete;
    expect(markdown.textContent!.trim()).to.equal(grown(2));
    item.remove();
  });
});
