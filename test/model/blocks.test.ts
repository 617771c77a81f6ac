import { expect } from '@open-wc/testing';
import { BlockPlan, type Block } from '../../src/model/blocks.js';
import { seededRandom } from '../markdown/generate.js';

const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => ({ key: `r${from + i}` }));
const shape = (blocks: Block<{ key: string }>[]) => blocks.map((block) => [block.id, block.rows.length]);
const placement = (blocks: Block<{ key: string }>[]) =>
  new Map(blocks.flatMap((block) => block.rows.map((row) => [row.key, block.id] as const)));

describe('BlockPlan', () => {
  it('cuts a fresh list into full blocks from the start', () => {
    const plan = new BlockPlan(4);
    expect(shape(plan.blocks(rows(0, 10)))).to.deep.equal([[0, 4], [1, 4], [2, 2]]);
    expect(plan.blocks([])).to.deep.equal([]);
  });

  it('says which block a row was placed in', () => {
    const plan = new BlockPlan(4);
    plan.blocks(rows(0, 10));
    expect([plan.blockOf('r0'), plan.blockOf('r5'), plan.blockOf('r9'), plan.blockOf('nope')]).to.deep.equal([0, 1, 2, undefined]);
  });

  it('fills the last block with appended rows, then opens new ones after it', () => {
    const plan = new BlockPlan(4);
    plan.blocks(rows(0, 6));
    expect(shape(plan.blocks(rows(0, 7)))).to.deep.equal([[0, 4], [1, 3]]);
    expect(shape(plan.blocks(rows(0, 12)))).to.deep.equal([[0, 4], [1, 4], [2, 4]]);
  });

  it('fills the first block with prepended rows, then opens new ones before it', () => {
    const plan = new BlockPlan(4);
    plan.blocks(rows(10, 13));
    const blocks = plan.blocks(rows(4, 13));
    expect(shape(blocks)).to.deep.equal([[-2, 1], [-1, 4], [0, 4]]);
    expect(blocks.flatMap((block) => block.rows.map((row) => row.key))).to.deep.equal(rows(4, 13).map((row) => row.key));
  });

  it('puts rows inserted in between into the block of the row before them', () => {
    const plan = new BlockPlan(2);
    plan.blocks([{ key: 'a' }, { key: 'b' }, { key: 'd' }]);
    const blocks = plan.blocks([{ key: 'a' }, { key: 'b' }, { key: 'c' }, { key: 'd' }]);
    expect(blocks.map((block) => block.rows.map((row) => row.key))).to.deep.equal([['a', 'b', 'c'], ['d']]);
  });

  it('drops emptied blocks and places a row that moved again, keeping blocks in order', () => {
    const plan = new BlockPlan(2);
    plan.blocks(rows(0, 6));
    expect(shape(plan.blocks([{ key: 'r4' }, { key: 'r5' }]))).to.deep.equal([[2, 2]]);
    const moved = plan.blocks([{ key: 'r5' }, { key: 'r4' }]);
    expect(moved.map((block) => block.id)).to.deep.equal([2]);
    expect(moved[0].rows.map((row) => row.key)).to.deep.equal(['r5', 'r4']);
  });

  it('starts afresh when no row is known any more', () => {
    const plan = new BlockPlan(3);
    plan.blocks(rows(5, 8));
    expect(shape(plan.blocks(rows(10, 18)))).to.deep.equal([[0, 3], [1, 3], [2, 2]]);
  });

  it('never moves a row that stays, through random appends, prepends, inserts and removals', () => {
    const random = seededRandom(7);
    const plan = new BlockPlan(5);
    let keys = rows(100, 120).map((row) => row.key);
    let next = 1000;
    let before = placement(plan.blocks(keys.map((key) => ({ key }))));
    for (let step = 0; step < 300; step++) {
      const pick = random();
      const fresh = Array.from({ length: 1 + Math.floor(random() * 8) }, () => `n${next++}`);
      if (pick < 0.3) keys = [...keys, ...fresh];
      else if (pick < 0.55) keys = [...fresh, ...keys];
      else if (pick < 0.75) {
        const at = Math.floor(random() * keys.length);
        keys = [...keys.slice(0, at), ...fresh, ...keys.slice(at)];
      } else keys = keys.filter(() => random() > 0.15);
      const blocks = plan.blocks(keys.map((key) => ({ key })));
      expect(blocks.flatMap((block) => block.rows.map((row) => row.key))).to.deep.equal(keys);
      const ids = blocks.map((block) => block.id);
      expect(ids).to.deep.equal([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).to.equal(ids.length);
      const after = placement(blocks);
      for (const [key, id] of before) if (after.has(key)) expect(after.get(key), key).to.equal(id);
      before = after;
    }
  });
});
