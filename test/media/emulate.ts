import { executeServerCommand } from '@web/test-runner-commands';

/**
 * Emulates CSS media features for the test's page (`{ 'forced-colors': 'active' }`; `''` ends a
 * feature's emulation), through the test server's `media-features` command (server-plugin.mjs).
 * Resolves to false where the engine cannot (every engine but Chromium): the test skips there.
 */
export function emulateMedia(features: Record<string, string>): Promise<boolean> {
  return executeServerCommand<boolean, Record<string, string>>('media-features', features);
}
