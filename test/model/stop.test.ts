import { expect } from '@open-wc/testing';
import { classifyStop, readStopDetails } from '../../src/model/stop.js';

describe('classifyStop', () => {
  for (const falsy of ['', null, false, 0, undefined]) {
    it(`is null for a falsy stop_reason (${JSON.stringify(falsy)})`, () => {
      expect(classifyStop({ text: 'x', stop_reason: falsy })).to.equal(null);
    });
  }

  it('is null without the key, and for content that is not an object', () => {
    expect(classifyStop({ text: 'x' })).to.equal(null);
    expect(classifyStop('stop_reason')).to.equal(null);
    expect(classifyStop(null)).to.equal(null);
  });

  for (const reason of ['length', 'cancelled', 'content_filtered', 'stream_error']) {
    it(`knows ${reason}`, () => {
      expect(classifyStop({ stop_reason: reason })).to.deep.include({ reason, kind: reason, details: null });
    });
  }

  it('treats any other truthy value as stopped early, by truthiness', () => {
    expect(classifyStop({ stop_reason: 'pause_turn' })).to.deep.include({ reason: 'pause_turn', kind: 'other' });
    expect(classifyStop({ stop_reason: 'refusal' })?.kind).to.equal('other');
    expect(classifyStop({ stop_reason: true })).to.deep.include({ reason: 'true', kind: 'other' });
    expect(classifyStop({ stop_reason: 1 })?.reason).to.equal('1');
    expect(classifyStop({ stop_reason: { code: 9 } })?.reason).to.equal('{"code":9}');
  });

  it('reads a refusal’s details verbatim', () => {
    const stop = classifyStop({
      stop_reason: 'content_filtered',
      stop_details: { type: 'refusal', category: 'cyber', explanation: 'Declined to assist.', trace: 'abc' },
    });
    expect(stop?.details).to.deep.equal({
      type: 'refusal', category: 'cyber', explanation: 'Declined to assist.', extra: { trace: 'abc' },
    });
  });
});

describe('readStopDetails', () => {
  it('tolerates missing or null category and explanation', () => {
    expect(readStopDetails({ type: 'refusal', category: null })).to.deep.equal({
      type: 'refusal', category: null, explanation: null, extra: {},
    });
    expect(readStopDetails({ explanation: 'Why' })?.explanation).to.equal('Why');
    expect(readStopDetails({ category: '   ' })?.category).to.equal(null);
  });

  it('is null when absent and keeps a non-object value as extra', () => {
    expect(readStopDetails(undefined)).to.equal(null);
    expect(readStopDetails(null)).to.equal(null);
    expect(readStopDetails('odd')).to.deep.equal({ type: null, category: null, explanation: null, extra: { value: 'odd' } });
  });
});
