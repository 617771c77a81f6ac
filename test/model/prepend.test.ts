import { expect } from '@open-wc/testing';
import { BlockPlan, type Block } from '../../src/model/blocks.js';
import { ListRows } from '../../src/model/rows.js';
import { normalizeItem } from '../../src/model/normalize.js';
import { seededRandom } from '../markdown/generate.js';

const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ key: `r${from + i}` }));
const layout = (blocks: Block<{ key: string }>[]) => blocks.map((block) => [block.id, block.rows.map((row) => row.key).join(' ')]);

describe('BlockPlan.prepend', () => {
  it('places rows mounted above as blocks() would, looking at them alone', () => {
    const random = seededRandom(5);
    for (let trial = 0; trial < 50; trial++) {
      const size = 1 + Math.floor(random() * 6);
      let from = 199 - Math.floor(random() * 20);
      const sliced = new BlockPlan(size);
      const whole = new BlockPlan(size);
      let blocks = sliced.blocks(rows(from, 200));
      whole.blocks(rows(from, 200));
      while (from > 0) {
        const next = Math.max(0, from - Math.floor(random() * 2 * size));
        const result = sliced.prepend(rows(next, from), blocks);
        const expected = whole.blocks(rows(next, 200));
        expect(layout(result.blocks), `size ${size}, from ${next}`).to.deep.equal(layout(expected));
        // Blocks no row joined are the same objects; the others are said to have changed.
        for (const block of result.blocks) expect(blocks.includes(block) !== result.changed.includes(block)).to.equal(true);
        blocks = result.blocks;
        from = next;
      }
      expect(sliced.blockOf('r0')).to.equal(whole.blockOf('r0'));
    }
  });
});

describe('ListRows, mounting older messages a slice at a time', () => {
  const text = (i: number) => ({ id: `m${i}`, message_type: i % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0, inserted_at: `2026-08-${String(10 + Math.floor(i / 40)).padStart(2, '0')}T10:00:00Z`, content: { text: `m${i}` } });
  const items = Array.from({ length: 200 }, (_, i) => normalizeItem(text(i), i));
  const keys = (list: ListRows) => list.blocks.map((block) => [block.id, block.rows.map((row) => row.key)]);
  /** The rows of the 200 items, in UTC and English. */
  const listRows = () => {
    const list = new ListRows();
    list.setTimeOptions({ timeZone: 'UTC', locale: 'en-US' });
    list.setItems(items);
    return list;
  };

  it('ends with the rows and blocks of mounting them all at once, re-stamping only the blocks that changed', () => {
    const sliced = listRows();
    sliced.mountFrom(190);
    for (let from = 183; from > 0; from -= 7) {
      const stamps = new Map(sliced.blocks.map((block) => [block.id, sliced.stampOf(block.id)]));
      const untouched = sliced.blocks.slice(1).map((block) => block.id);
      expect(sliced.mountFrom(from)).to.equal(true);
      for (const id of untouched) expect(sliced.stampOf(id), `block ${id} keeps its stamp`).to.equal(stamps.get(id));
    }
    sliced.mountFrom(0);
    const whole = listRows();
    whole.mountFrom(190);
    whole.mountFrom(0);
    expect(keys(sliced)).to.deep.equal(keys(whole));
    expect(sliced.blocks.flatMap((block) => block.rows)).to.have.length(205);
  });

  it('mounting newer messages below, a slice at a time, ends with the rows and blocks of mounting them at once', () => {
    const sliced = listRows();
    sliced.mountFrom(0, 10);
    for (let to = 17; to < 200; to += 7) {
      const stamps = new Map(sliced.blocks.map((block) => [block.id, sliced.stampOf(block.id)]));
      const untouched = sliced.blocks.slice(0, -1).map((block) => block.id);
      expect(sliced.mountFrom(0, to)).to.equal(true);
      for (const id of untouched) expect(sliced.stampOf(id), `block ${id} keeps its stamp`).to.equal(stamps.get(id));
    }
    sliced.mountFrom(0);
    const whole = listRows();
    whole.mountFrom(0);
    expect(keys(sliced)).to.deep.equal(keys(whole));
    expect(sliced.blocks.flatMap((block) => block.rows)).to.have.length(205);
  });
});
