import { executeServerCommand } from '@web/test-runner-commands';
import { skipBecause } from '../skip.js';

/** The page's heap after forced garbage collection (bytes) and its DOM counters (Chromium, over CDP). */
export interface Memory {
  heap: number;
  nodes: number;
  /** Event listeners on every node, window and document included. */
  listeners: number;
  documents: number;
}

/** Null where the engine cannot tell (anything but Chromium). */
export async function measureMemory(): Promise<Memory> {
  return ((await executeServerCommand<Memory | false, undefined>('memory')) || null) as Memory;
}

/**
 * For a suite's `before`: skips the suite where the page's memory cannot be read. Heap after
 * forced garbage collection and the DOM counters come from the Chrome DevTools Protocol, which
 * Firefox and WebKit do not speak; what these tests prove holds for the kit's code in any engine.
 */
export async function skipWithoutMemory(suite: Mocha.Context): Promise<void> {
  if ((await measureMemory()) === null) await skipBecause(suite, 'the heap after garbage collection and the DOM counters come from the Chrome DevTools Protocol');
}
