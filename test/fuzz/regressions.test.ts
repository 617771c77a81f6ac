/**
 * The minimal cases the fuzz properties shrank their failures to (and the ones issue 17 found
 * by hand), each kept as a test of its own.
 */
import { expect } from '@open-wc/testing';
import { normalizeItem } from '../../src/model/normalize.js';
import { ConversationStore, isStale } from '../../src/model/store.js';
import { draftItems } from '../../src/model/draft.js';
import { englishStrings, roleName } from '../../src/i18n/strings.js';

/** Ten rows whose ids repeat, some without one (`-`). */
const REPEATED = 'd1,-,-,d0,d2,d2,d0,d2,d0,-'.split(',').map((id, n) => ({
  ...(id === '-' ? {} : { id }),
  content_type: 'text',
  message_type: 'assistant',
  sequence: 0,
  content: { text: `row ${n}` },
}));

describe('fuzz regressions: model', () => {
  it('a kind named like an Object.prototype member gets the default role, not the member', () => {
    for (const kind of ['hasOwnProperty', 'toString', 'constructor', '__proto__']) {
      expect(normalizeItem({ content_type: kind }).role).to.equal('assistant');
    }
  });

  it('a role named like an Object.prototype member is shown as given', () => {
    for (const role of ['isPrototypeOf', 'constructor', '__proto__', 'toString']) {
      expect(roleName(englishStrings, role)).to.equal(role);
    }
  });

  it('a status named like an Object.prototype member has no lifecycle rank', () => {
    expect(isStale({ status: 'completed' }, { status: 'constructor' })).to.equal(false);
    expect(isStale({ status: 'toString' }, { status: 'pending' })).to.equal(false);
  });

  it('keeps rows that share an id as distinct items, under keys of their own, the later ones marked', () => {
    const store = new ConversationStore();
    store.replace([{ id: 'd0' }, { id: 'd0' }]);
    const items = store.displayItems();
    expect(items.map((item) => item.key)).to.deep.equal(['id:d0', 'id:d0#2']);
    expect(items.map((item) => item.duplicate ?? false)).to.deep.equal([false, true]);
  });

  it('keeps all nine rows, each under its own key, after removing one of ten with repeated ids', () => {
    const store = new ConversationStore();
    store.replace(REPEATED);
    expect(store.remove(['d1'])).to.equal(1);
    const items = store.displayItems();
    expect(items.map((item) => item.content.text)).to.deep.equal(REPEATED.slice(1).map((row) => row.content.text));
    expect(new Set(items.map((item) => item.key)).size).to.equal(9);
  });

  it('takes a batch that adds a row and then updates it (one id twice) as one row', () => {
    const store = new ConversationStore();
    store.displayItems();
    const report = store.upsert([{ id: 'd3' }, { id: 'd3', content: { text: 'later' } }]);
    expect(report).to.deep.equal({ inserted: 1, updated: 1, stale: 0 });
    expect(store.displayItems().map((item) => [item.key, item.content.text])).to.deep.equal([['id:d3', 'later']]);
  });

  it('gives two draft calls with one call id two keys', () => {
    const items = draftItems({ tool_calls: [{ call_id: 'k1' }, { call_id: 'k1' }] });
    expect(items.map((item) => item.key)).to.deep.equal(['draft:call:k1', 'draft:call:k1#2']);
  });
});
