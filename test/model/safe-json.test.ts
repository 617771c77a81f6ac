import { expect } from '@open-wc/testing';
import { safeJson, parseJsonText, CIRCULAR, TOO_DEEP } from '../../src/model/safe-json.js';

describe('safeJson', () => {
  it('matches JSON.stringify for plain data', () => {
    const value = { a: [1, 'two', null, true], b: { c: 'ä' }, d: [] , e: {} };
    expect(safeJson(value)).to.equal(JSON.stringify(value, null, 2));
    expect(safeJson(value, { indent: 0 })).to.equal(JSON.stringify(value));
  });

  it('marks cycles instead of throwing', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(safeJson(a)).to.contain(CIRCULAR);
  });

  it('keeps shared (non-circular) references', () => {
    const shared = { x: 1 };
    expect(safeJson({ a: shared, b: shared }, { indent: 0 })).to.equal('{"a":{"x":1},"b":{"x":1}}');
  });

  it('cuts deep nesting and huge output', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 500; i++) deep = { deep };
    expect(safeJson(deep)).to.contain(TOO_DEEP);
    const huge = safeJson('x'.repeat(1_000_000), { maxLength: 1000 });
    expect(huge.length).to.be.lessThan(1100);
    expect(huge).to.contain('truncated');
  });

  it('writes odd values visibly', () => {
    expect(safeJson({ big: 10n, f() {}, n: NaN, u: undefined }, { indent: 0 })).to.equal('{"big":"10n","f":"[Function]","n":"NaN","u":null}');
  });

  it('survives throwing getters', () => {
    const obj = {};
    Object.defineProperty(obj, 'bad', { get() { throw new Error('no'); }, enumerable: true });
    expect(safeJson(obj)).to.contain('[unreadable]');
  });
});

describe('parseJsonText', () => {
  it('parses objects and arrays only', () => {
    expect(parseJsonText(' {"a":1} ')).to.deep.equal({ ok: true, value: { a: 1 } });
    expect(parseJsonText('[1]')).to.deep.equal({ ok: true, value: [1] });
    expect(parseJsonText('42')).to.deep.equal({ ok: false });
    expect(parseJsonText('{broken')).to.deep.equal({ ok: false });
  });
});
