import { expect } from '@open-wc/testing';
import { repairJson } from '../../src/model/partial-json.js';

describe('repairJson', () => {
  it('takes whole JSON as it is', () => {
    expect(repairJson('{"path": "/tmp", "depth": 2}')).to.deep.equal({ value: { path: '/tmp', depth: 2 }, complete: true });
  });

  it('closes an open string and the containers around it', () => {
    expect(repairJson('{"path": "/tm')!.value).to.deep.equal({ path: '/tm' });
    expect(repairJson('{"files": ["a.txt", "b.t')!.value).to.deep.equal({ files: ['a.txt', 'b.t'] });
    expect(repairJson('{"a": {"b": [1, 2')!.value).to.deep.equal({ a: { b: [1, 2] } });
  });

  it('leaves out a member cut off mid-way: a key with no value, a half number or word', () => {
    expect(repairJson('{"path": "/tmp", "dep')!.value).to.deep.equal({ path: '/tmp' });
    expect(repairJson('{"path": "/tmp", "depth":')!.value).to.deep.equal({ path: '/tmp' });
    expect(repairJson('{"path": "/tmp", "recursive": tr')!.value).to.deep.equal({ path: '/tmp' });
    expect(repairJson('[1, 2, 3.')!.value).to.deep.equal([1, 2]);
  });

  it('drops a dangling escape rather than breaking the string', () => {
    expect(repairJson('{"text": "line\\')!.value).to.deep.equal({ text: 'line' });
    expect(repairJson('{"text": "caf\\u00')!.value).to.deep.equal({ text: 'caf' });
    expect(repairJson('{"text": "a \\"quoted')!.value).to.deep.equal({ text: 'a "quoted' });
  });

  it('keeps brackets inside strings as text', () => {
    expect(repairJson('{"code": "if (a) { b[0]')!.value).to.deep.equal({ code: 'if (a) { b[0]' });
  });

  it('gives an empty object at the very start, and null for what is not JSON at all', () => {
    expect(repairJson('{')!.value).to.deep.equal({});
    expect(repairJson('{"')!.value).to.deep.equal({});
    expect(repairJson('not json')).to.equal(null);
    expect(repairJson('')).to.equal(null);
  });

  it('shows every prefix of a document as a value, never throwing, ending with the whole', () => {
    const source = JSON.stringify({ path: '/srv/app', options: { recursive: true, depth: 3, exclude: ['node_modules', '.git'] }, note: 'say "hi" \\ bye' });
    for (let end = 1; end <= source.length; end++) {
      const repaired = repairJson(source.slice(0, end));
      expect(repaired, source.slice(0, end)).to.not.equal(null);
    }
    expect(repairJson(source)).to.deep.equal({ value: JSON.parse(source), complete: true });
  });
});
