import { executeServerCommand } from '@web/test-runner-commands';

/** The page's heap after forced garbage collection (bytes) and its DOM counters (Chromium, over CDP). */
export interface Memory {
  heap: number;
  nodes: number;
  /** Event listeners on every node, window and document included. */
  listeners: number;
  documents: number;
}

export function measureMemory(): Promise<Memory> {
  return executeServerCommand<Memory, undefined>('memory');
}
