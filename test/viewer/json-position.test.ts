import { expect } from '@open-wc/testing';
import { jsonSyntaxErrorLine } from '../../demo/viewer/json-position.js';

describe('jsonSyntaxErrorLine', () => {
  it('says null for valid JSON of every kind', () => {
    for (const text of ['[]', '{}', ' [1, -2.5e3, "a\\"b", true, false, null, {"k": [{}]}] ', '"x"', '0']) {
      expect(jsonSyntaxErrorLine(text), text).to.equal(null);
      expect(() => JSON.parse(text)).not.to.throw();
    }
  });

  it('finds the line of the first mistake', () => {
    expect(jsonSyntaxErrorLine('[\n  {"a": 1},,\n  {"b": 2}\n]')).to.equal(2);
    expect(jsonSyntaxErrorLine('{\n"a": 1\n"b": 2\n}')).to.equal(3);
    expect(jsonSyntaxErrorLine('[\n  {"a": tru}\n]')).to.equal(2);
    expect(jsonSyntaxErrorLine('[\n  "open string\n]')).to.equal(2);
    expect(jsonSyntaxErrorLine('[1,\n2,\n3')).to.equal(3);
    expect(jsonSyntaxErrorLine('[1]\n\n[2]')).to.equal(3);
  });

  it('gives up quietly on nesting too deep to scan', () => {
    const deep = '['.repeat(200_000);
    expect(() => jsonSyntaxErrorLine(deep)).not.to.throw();
  });
});
