import { expect } from '@open-wc/testing';
import { categoryWords, classifyStop, isKnownReason, readStopDetails, stopAction, stopCategory, stopKind, stopSeverity } from '../../src/model/stop.js';
import { englishStrings } from '../../src/i18n/strings.js';

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
    expect(classifyStop({ stop_reason: 'paused_by_operator' })).to.deep.include({ reason: 'paused_by_operator', kind: 'other' });
    expect(classifyStop({ stop_reason: true })).to.deep.include({ reason: 'true', kind: 'other' });
    expect(classifyStop({ stop_reason: 1 })?.reason).to.equal('1');
    expect(classifyStop({ stop_reason: { code: 9 } })?.reason).to.equal('{"code":9}');
  });

  it('words the providers’ reasons, as their details say', () => {
    expect(classifyStop({ stop_reason: 'pause_turn' })?.kind).to.equal('pause_turn');
    expect(classifyStop({ stop_reason: 'refusal' })?.kind).to.equal('refusal');
    expect(classifyStop({ stop_reason: 'content_filtered', stop_details: { type: 'refusal' } })?.kind).to.equal('refusal');
    expect(classifyStop({ stop_reason: 'provider_hiccup', stop_details: { type: 'error' } })?.kind).to.equal('stream_error');
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

describe('stop reasons in words', () => {
  // As OpenAI, Anthropic, Gemini, the AI SDK, AG-UI and the kit name them (test/fixtures, src/adapters).
  const kinds: Record<string, string[]> = {
    cancelled: ['cancelled', 'canceled', 'user_cancelled', 'abort', 'aborted', 'Cancelled'],
    length: ['length', 'max_tokens', 'max_output_tokens', 'MAX_TOKENS', 'Length'],
    context_window: ['model_context_window_exceeded', 'context_length_exceeded'],
    pause_turn: ['pause_turn'],
    stream_error: ['stream_error', 'error', 'failed', 'interrupted', 'MALFORMED_FUNCTION_CALL'],
    timeout: ['timeout', 'DEADLINE_EXCEEDED'],
    content_filtered: ['content_filtered', 'content_filter', 'content-filter', 'SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII'],
    refusal: ['refusal'],
    other: ['end_turn_later', 'paused_by_operator', 'OTHER', 'true'],
  };

  for (const [kind, reasons] of Object.entries(kinds)) {
    it(`reads ${reasons.join(', ')} as ${kind}`, () => {
      for (const reason of reasons) expect(stopKind(reason), reason).to.equal(kind);
      for (const reason of reasons) expect(isKnownReason(reason), reason).to.equal(kind !== 'other');
    });
  }

  it('tolerates spaces and odd case', () => {
    expect(stopKind('  Max Tokens ')).to.equal('length');
    expect(stopKind('Content-Filter')).to.equal('content_filtered');
    expect(stopKind('')).to.equal('other');
    expect(stopKind(null)).to.equal('other');
  });

  it('gives each kind a severity, and the four loud ones differ', () => {
    expect(['cancelled', 'length', 'stream_error', 'refusal'].map((kind) => stopSeverity(stopKind(kind)))).to.deep.equal([
      'quiet', 'notice', 'error', 'refusal',
    ]);
    expect(stopSeverity('content_filtered')).to.equal('refusal');
    expect(stopSeverity('timeout')).to.equal('error');
    expect(stopSeverity('other')).to.equal('notice');
  });

  it('offers Continue after a limit or pause and Retry after a failure, nothing else', () => {
    expect(stopAction('length')).to.equal('continue');
    expect(stopAction('context_window')).to.equal('continue');
    expect(stopAction('pause_turn')).to.equal('continue');
    expect(stopAction('stream_error')).to.equal('retry');
    expect(stopAction('timeout')).to.equal('retry');
    for (const kind of ['cancelled', 'content_filtered', 'refusal', 'other'] as const) expect(stopAction(kind), kind).to.equal(null);
  });

  it('finds the category in the details, else in a reason that names one', () => {
    const details = readStopDetails({ type: 'refusal', category: 'cyber' });
    expect(stopCategory('refusal', details)).to.equal('cyber');
    expect(stopCategory('SPII', null)).to.equal('spii');
    expect(stopCategory('content_filter', null)).to.equal(null);
    expect(stopCategory('length', readStopDetails({ explanation: 'x' }))).to.equal(null);
  });

  it('words categories, and makes unknown ones readable', () => {
    const table = englishStrings.stopCategories;
    expect(categoryWords(table, 'cyber')).to.equal('Cybersecurity');
    expect(categoryWords(table, 'OVERLOADED_ERROR')).to.equal('The service is overloaded');
    expect(categoryWords(table, 'weapons_of_war')).to.equal('Weapons of war');
    expect(categoryWords(table, 'rateLimitHit')).to.equal('Rate limit hit');
    expect(categoryWords(table, 'HARM_CATEGORY_HATE')).to.equal('Harm category hate');
    expect(categoryWords(table, 'constructor')).to.equal('Constructor');
  });
});
