import { executeServerCommand } from '@web/test-runner-commands';

/**
 * Skips the test or suite whose `this` is `context`, and has the run's summary say why, in one
 * line beside its file and engine (scripts/test/summary-reporter.mjs).
 */
export async function skipBecause(context: Mocha.Context, reason: string): Promise<never> {
  await executeServerCommand('skip-reason', { reason });
  context.skip();
}
