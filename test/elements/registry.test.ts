// This page registers the kit's classes itself: nothing here imports a define entry or the index.
import { expect } from '@open-wc/testing';
import { defineElement } from '../../src/elements/support/registry.js';
import { MessageList } from '../../src/elements/message-list/message-list.js';
import { TextItem } from '../../src/elements/text-item/text-item.js';
import { ThinkingItem } from '../../src/elements/thinking-item/thinking-item.js';
import { ToolCallItem } from '../../src/elements/tool-call-item/tool-call-item.js';
import { ToolResultItem } from '../../src/elements/tool-result-item/tool-result-item.js';
import { StopMark } from '../../src/elements/stop-mark/stop-mark.js';
import { loadFixture } from '../fixtures.js';
import { frames } from '../waits.js';

/** Console warnings while `body` runs. */
function warningsDuring(body: () => void): string[] {
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => void warnings.push(args.map(String).join(' '));
  try {
    body();
  } finally {
    console.warn = original;
  }
  return warnings;
}

/** Every element under `root`, through shadow roots. */
function allElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    found.push(element);
    if (element.shadowRoot) found.push(...allElements(element.shadowRoot));
  }
  return found;
}

describe('registration', () => {
  it('says once, on the console, when a tag is already taken by another class, and leaves it be', () => {
    class Theirs extends HTMLElement {}
    customElements.define('stop-mark', Theirs);
    const warnings = warningsDuring(() => {
      defineElement('stop-mark', StopMark);
      defineElement('stop-mark', StopMark);
    });
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('<stop-mark> is already defined by another class');
    expect(warnings[0]).to.contain("customElements.define('dk-stop-mark', StopMark)");
    expect(warnings[0]).to.contain('the kit creates it by that name');
    expect(customElements.get('stop-mark')).to.equal(Theirs);
  });

  it('is quiet when the tag is the kit’s own already', () => {
    defineElement('kit-own-tag', class extends HTMLElement {});
    const own = customElements.get('kit-own-tag')!;
    expect(warningsDuring(() => defineElement('kit-own-tag', own))).to.deep.equal([]);
  });

  it('lets a host register the classes under its own names, and the kit creates them by those names', async () => {
    customElements.define('dk-message-list', MessageList);
    customElements.define('dk-text-item', TextItem);
    customElements.define('dk-thinking-item', ThinkingItem);
    customElements.define('dk-tool-call-item', ToolCallItem);
    customElements.define('dk-tool-result-item', ToolResultItem);
    customElements.define('dk-stop-mark', StopMark);
    const list = document.createElement('dk-message-list') as MessageList;
    list.items = [{ type: 'thinking', message_type: 'assistant', content: { text: 'Let me see' } }, ...(await loadFixture('sagents-refusal-and-tools'))];
    document.body.append(list);
    try {
      await list.mountComplete;
      for (const call of allElements(list.shadowRoot!).filter((el) => el instanceof ToolCallItem)) (call as ToolCallItem).open = true;
      await frames(2);
      const tags = new Set(allElements(list.shadowRoot!).map((el) => el.localName).filter((name) => name.includes('-')));
      expect([...tags].sort()).to.deep.equal(['dk-stop-mark', 'dk-text-item', 'dk-thinking-item', 'dk-tool-call-item', 'dk-tool-result-item']);
      const marks = allElements(list.shadowRoot!).filter((el) => el.localName === 'dk-stop-mark');
      expect(marks.some((mark) => mark.shadowRoot?.textContent?.includes('declined to answer'))).to.equal(true);
    } finally {
      list.remove();
    }
  });
});
