import { expect } from '@open-wc/testing';
import { setCodeHighlighter } from '../../src/markdown/highlight.js';

// Watching from before the list is defined: what it prepares in idle time must leave no trace.
const highlighted: string[] = [];
setCodeHighlighter((_code, language) => {
  highlighted.push(language);
  return null;
});
const changes: MutationRecord[] = [];
new MutationObserver((records) => changes.push(...records)).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
const errors: string[] = [];
window.addEventListener('error', (event) => errors.push(event.message));
const requested: string[] = [];
new PerformanceObserver((list) => requested.push(...list.getEntries().map((entry) => entry.name))).observe({ type: 'resource' });
const { MessageList } = await import('../../src/elements/message-list/define.js');

/** Idle periods (or tasks, where there are none), enough for every step the list prepares. */
async function idle(rounds: number): Promise<void> {
  for (let i = 0; i < rounds; i++) {
    await new Promise((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(resolve) : setTimeout(resolve)));
  }
}

describe('message-list: preparing in idle time', () => {
  it('leaves the page as it was: no node, no request, no highlighter, no error', async () => {
    const before = requested.length;
    await idle(6);
    expect(customElements.get('message-list')).to.equal(MessageList);
    expect(changes, 'changes to the page').to.have.length(0);
    expect(requested.slice(before), 'requests').to.deep.equal([]);
    expect(highlighted, "the host's highlighter").to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });
});
