import { expect } from '@open-wc/testing';
import { MemoryStorage, RECENT_STORAGE_KEY, RecentFiles, type StorageLike } from '../../demo/viewer/recent.js';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 8, minute));

describe('viewer recent files', () => {
  it('lists opened files newest first, with their text when small', () => {
    const recent = new RecentFiles(new MemoryStorage());
    recent.add({ name: 'a.json', text: '[]', format: 'display-items' }, at(1));
    const list = recent.add({ name: 'b.jsonl', text: '{}', size: 2 }, at(2));
    expect(list.map((entry) => entry.name)).to.deep.equal(['b.jsonl', 'a.json']);
    expect(list[1]).to.deep.equal({ name: 'a.json', size: 2, openedAt: at(1).toISOString(), format: 'display-items', text: '[]' });
    expect(recent.list()).to.deep.equal(list);
  });

  it('moves a reopened file to the top instead of listing it twice', () => {
    const recent = new RecentFiles(new MemoryStorage());
    recent.add({ name: 'a.json', text: '[1]' }, at(1));
    recent.add({ name: 'b.json', text: '[2]' }, at(2));
    const list = recent.add({ name: 'a.json', text: '[3]' }, at(3));
    expect(list.map((entry) => [entry.name, entry.text])).to.deep.equal([['a.json', '[3]'], ['b.json', '[2]']]);
  });

  it('keeps at most 10 entries', () => {
    const recent = new RecentFiles(new MemoryStorage());
    for (let index = 0; index < 14; index++) recent.add({ name: `f${index}.json`, text: '[]' }, at(index));
    const list = recent.list();
    expect(list).to.have.length(10);
    expect(list[0].name).to.equal('f13.json');
    expect(list[9].name).to.equal('f4.json');
  });

  it('keeps only name, size and date of a large file', () => {
    const recent = new RecentFiles(new MemoryStorage());
    const big = 'x'.repeat(250 * 1024);
    const [entry] = recent.add({ name: 'big.jsonl', text: big }, at(1));
    expect(entry).to.deep.equal({ name: 'big.jsonl', size: 250 * 1024, openedAt: at(1).toISOString() });
  });

  it('drops the oldest texts to stay under about 1 MB in all', () => {
    const storage = new MemoryStorage();
    const recent = new RecentFiles(storage);
    const text = 'y'.repeat(190 * 1024);
    for (let index = 0; index < 8; index++) recent.add({ name: `f${index}.json`, text }, at(index));
    const stored = storage.getItem(RECENT_STORAGE_KEY)!;
    expect(stored.length).to.be.at.most(1024 * 1024);
    const list = recent.list();
    expect(list).to.have.length(8);
    expect(list[0].text).to.equal(text);
    expect(list[7].text).to.equal(undefined);
    expect(list.filter((entry) => entry.text !== undefined).length).to.be.within(4, 5);
  });

  it('keeps fewer texts when the browser quota refuses the write', () => {
    const inner = new MemoryStorage();
    const tight: StorageLike = {
      getItem: (key) => inner.getItem(key),
      removeItem: (key) => inner.removeItem(key),
      setItem: (key, value) => {
        if (value.length > 400) throw new DOMException('full', 'QuotaExceededError');
        inner.setItem(key, value);
      },
    };
    const recent = new RecentFiles(tight);
    recent.add({ name: 'a.json', text: 'a'.repeat(200) }, at(1));
    const list = recent.add({ name: 'b.json', text: 'b'.repeat(200) }, at(2));
    expect(list.map((entry) => entry.text?.length)).to.deep.equal([200, undefined]);
    expect(recent.list()).to.deep.equal(list);
  });

  it('ignores what it cannot read back, and clears', () => {
    const storage = new MemoryStorage();
    storage.setItem(RECENT_STORAGE_KEY, '{not json');
    const recent = new RecentFiles(storage);
    expect(recent.list()).to.deep.equal([]);
    storage.setItem(RECENT_STORAGE_KEY, JSON.stringify([{ name: 'ok.json', size: 2, openedAt: 'x', text: '[]' }, { name: 5 }, null, 'x']));
    expect(recent.list().map((entry) => entry.name)).to.deep.equal(['ok.json']);
    recent.clear();
    expect(storage.getItem(RECENT_STORAGE_KEY)).to.equal(null);
    expect(recent.list()).to.deep.equal([]);
  });

  it('uses localStorage by default', () => {
    const key = 'display-kit-viewer:test-recent';
    const recent = new RecentFiles(undefined, key);
    try {
      recent.add({ name: 'a.json', text: '[]' }, at(1));
      expect(JSON.parse(localStorage.getItem(key)!)[0].name).to.equal('a.json');
    } finally {
      recent.clear();
    }
    expect(localStorage.getItem(key)).to.equal(null);
  });
});
