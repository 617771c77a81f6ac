import { executeServerCommand } from '@web/test-runner-commands';

/**
 * Skips the test or suite whose `this` is `context`, and has the run's summary say why, in one
 * line beside its file and engine (scripts/test/summary-reporter.mjs).
 */
export async function skipBecause(context: Mocha.Context, reason: string): Promise<never> {
  await executeServerCommand('skip-reason', { reason });
  context.skip();
}

/**
 * Why two tests of keeping the reader's place run in Chromium only for now: in Firefox and WebKit
 * they failed on a loaded machine (CI) after issue 30's slices landed, the place lost by a few
 * messages, and the cause is not found yet.
 */
export const PLACE_LOST = "in Firefox and WebKit on a loaded machine the list can lose the reader's place by a few messages here (issue 30, stop 30's note): a known defect, asserted in Chromium";
