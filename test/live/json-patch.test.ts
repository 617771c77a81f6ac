import { expect } from '@open-wc/testing';
import { applyJsonPatch } from '../../src/live/json-patch.js';

describe('applyJsonPatch', () => {
  const document = { steps: [{ title: 'Search', status: 'running' }], 'a/b': { '~': 1 } };

  it('applies add, replace, remove, move, copy and test, leaving the given value as it was', () => {
    const patched = applyJsonPatch(document, [
      { op: 'replace', path: '/steps/0/status', value: 'done' },
      { op: 'add', path: '/steps/-', value: { title: 'Answer' } },
      { op: 'add', path: '/steps/0', value: { title: 'Plan' } },
      { op: 'copy', from: '/steps/1/title', path: '/first' },
      { op: 'move', from: '/a~1b/~0', path: '/moved' },
      { op: 'remove', path: '/a~1b' },
      { op: 'test', path: '/first', value: 'Search' },
    ]);
    expect(patched).to.deep.equal({
      steps: [{ title: 'Plan' }, { title: 'Search', status: 'done' }, { title: 'Answer' }], first: 'Search', moved: 1,
    });
    expect(document.steps[0].status).to.equal('running');
  });

  it('returns null when an operation does not apply, and never touches Object.prototype', () => {
    for (const patch of [
      [{ op: 'replace', path: '/missing', value: 1 }],
      [{ op: 'remove', path: '/steps/5' }],
      [{ op: 'test', path: '/steps/0/status', value: 'done' }],
      [{ op: 'add', path: 'no-slash', value: 1 }],
      [{ op: 'shout', path: '/steps' }],
      [{ op: 'add', path: '/__proto__', value: { polluted: true } }],
      [{ op: 'add', path: '/x', value: () => 1 }],
      'not a patch',
    ]) expect(applyJsonPatch(document, patch), JSON.stringify(patch)).to.equal(null);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
  });
});
