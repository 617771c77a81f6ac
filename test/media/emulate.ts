import { executeServerCommand } from '@web/test-runner-commands';
import { skipBecause } from '../skip.js';

/**
 * Emulates CSS media features for the test's page (`{ 'forced-colors': 'active' }`; `''` ends a
 * feature's emulation), through the test server's `media-features` command (server-plugin.mjs).
 * Resolves to false where the engine cannot (every engine but Chromium): the test skips there.
 */
export function emulateMedia(features: Record<string, string>): Promise<boolean> {
  return executeServerCommand<boolean, Record<string, string>>('media-features', features);
}

/**
 * For the suite it is called in: emulates `features` before its tests and ends their emulation
 * after them; where the engine cannot, skips the suite and says `reason`.
 */
export function emulateMediaInSuite(features: Record<string, string>, reason: string): void {
  before(async function () {
    if (!(await emulateMedia(features))) await skipBecause(this, reason);
  });
  after(async () => {
    await emulateMedia(Object.fromEntries(Object.keys(features).map((name) => [name, ''])));
  });
}
