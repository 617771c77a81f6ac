/**
 * A single-page app mounts and unmounts conversations all day: a `<message-list>` removed from
 * the page leaves nothing behind. Heap after forced garbage collection and DOM counters come
 * from Chromium over CDP; window/document listeners, pending timers, frames and idle callbacks,
 * and observed elements from registries that wrap those globals (see registries.ts).
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import { corpus } from '../../scripts/bench/bench-list/corpus.js';
import { settle } from '../dom.js';
import { fuzzSettings } from '../fuzz/property.js';
import { measureMemory, skipWithoutMemory } from './measure.js';
import { watchRegistries, type Registered } from './registries.js';

/** Only what the kit's own modules (served from /src/) register counts. */
const registered = watchRegistries(/\/src\//);

const ROWS = corpus(200);
const WARM_UP = 30;
const CYCLES = 300;

/**
 * Mounts the list, waits for its first render (and on full cycles for its older messages, which
 * mount in idle time), and removes it. In a function of its own: a list held in the test's own
 * frame would be counted as kept.
 */
async function mountAndRemove(full: boolean, during?: (counts: Registered) => void): Promise<void> {
  const list = document.createElement('message-list');
  list.items = ROWS;
  document.body.append(list);
  await settle(list);
  during?.(registered());
  if (full) await list.mountComplete;
  list.remove();
}

async function snapshot() {
  return { ...(await measureMemory()), ...registered() };
}

describe('memory: mounting and removing a list', function () {
  before(async function () {
    await skipWithoutMemory(this);
  });

  it(`${CYCLES} times leaves heap, nodes, listeners, timers and observers where they were`, async function () {
    const cycles = (await fuzzSettings()).runs ? CYCLES * 3 : CYCLES;
    this.timeout(cycles * 1000);
    // The registries see what the kit registers while a list is in the page (or they could not fail).
    await mountAndRemove(false, (during) => {
      expect(during.observed, 'elements observed while mounted').to.be.greaterThan(0);
      expect(during.timers, 'idle mounting pending while mounted').to.be.greaterThan(0);
    });
    // Caches (formatters, day keys, compiled templates) fill during the warm-up.
    for (let cycle = 0; cycle < WARM_UP; cycle++) await mountAndRemove(cycle % 2 === 0);
    const period = async () => {
      const start = await snapshot();
      // Half the lists go once every message is in the DOM, half while older ones still wait to mount.
      for (let cycle = 0; cycle < cycles; cycle++) await mountAndRemove(cycle % 2 === 0);
      return { before: start, after: await snapshot() };
    };
    let { before, after } = await period();
    // V8 grows some of its own tables in steps of a few hundred kilobytes, in about one run in
    // five (as often before the kit's latest changes as after): a leak grows again over the next
    // period of as many cycles, a step does not. Every check below reads the last period.
    if (after.heap - before.heap >= 2048 * cycles) ({ before, after } = await period());
    const report = `before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`;
    expect(after.globalListeners, `window and document listeners (${report})`).to.equal(before.globalListeners);
    expect(after.listeners - before.listeners, `event listeners anywhere (${report})`).to.be.at.most(10);
    expect(after.timers, `kit timers pending (${report})`).to.equal(0);
    expect(after.observed, `elements observed (${report})`).to.equal(0);
    expect(after.nodes - before.nodes, `DOM nodes (${report})`).to.be.at.most(50);
    expect(after.documents, `documents (${report})`).to.equal(before.documents);
    // One list kept is about a megabyte; compiled code and feedback still grow a few hundred bytes a cycle.
    expect(after.heap - before.heap, `heap growth in bytes (${report})`).to.be.lessThan(2048 * cycles);
  });
});
