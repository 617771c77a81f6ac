import { expect } from '@open-wc/testing';
import { kindOf, namedKind } from '../../src/model/kinds/index.js';
import { findTexts } from '../../src/model/kinds/find-texts.js';
import { itemMarkdown } from '../../src/model/kinds/markdown.js';
import { normalizeItem } from '../../src/model/normalize.js';
import { ITEM_KINDS } from '../../src/model/types.js';

describe('item kinds: one descriptor each', () => {
  it('every kind the format names has a descriptor, what find reads and what an export writes', () => {
    for (const kind of ITEM_KINDS) {
      expect(namedKind(kind)?.read, kind).to.be.a('function');
      // Enough content for every kind: the said kinds need text, a todo snapshot its list.
      const item = normalizeItem({ type: kind, content: { text: 'x', todos: [] } });
      expect(item.kind, kind).to.equal(kind);
      const showing = kindOf(item);
      expect(['text-item', 'thinking-item', 'tool-call-item', 'tool-result-item']).to.include(showing.element);
      expect(findTexts(item), kind).to.be.an('array');
      expect(itemMarkdown(item, { role: String, stop: () => '', toolStatus: () => '', thinking: 'Thinking' }, {}), kind).to.be.a('string');
    }
  });

  it('a kind named after Object.prototype finds no descriptor, and its item shows as another kind', () => {
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty']) {
      expect(namedKind(name), name).to.equal(undefined);
      const item = normalizeItem({ type: name, content: { text: 'hi' } });
      expect(item.kind).to.equal('other');
      expect(item.role).to.equal('assistant');
      expect(kindOf(item).element).to.equal('text-item');
    }
  });

  it('a descriptor decides the element, the default role and what find reads', () => {
    const notice = normalizeItem({ type: 'notification', content: { text: 'Compacted', details: 'Summary' } });
    expect(notice.role).to.equal('system');
    expect(kindOf(notice).movesOn).to.equal(true);
    expect(findTexts(notice)).to.deep.equal([['text', 'Compacted Summary']]);
    const thought = normalizeItem({ type: 'thinking', content: { text: '**Plan**' } });
    expect(kindOf(thought).element).to.equal('thinking-item');
    expect(findTexts(thought)).to.deep.equal([['text', 'Plan']]);
    const result = normalizeItem({ type: 'tool_result', content: { content: { ok: true } } });
    expect(result.role).to.equal('tool');
    expect(kindOf(result).element).to.equal('tool-result-item');
    expect(kindOf(result).movesOn).to.equal(undefined);
  });

  it('a reader that finds no text makes the item a fallback that says why', () => {
    const item = normalizeItem({ type: 'error', content: { error_type: 'x' } });
    expect(item.kind).to.equal('invalid');
    expect(item.problems).to.deep.equal(['The item has no text.']);
    expect(findTexts(item)[0][1]).to.include('error_type');
  });
});
