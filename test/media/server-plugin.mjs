/**
 * Test-server command `forced-colors` (`{ active: boolean }`): turns Windows High Contrast's
 * forced colours on or off for the test's page, over the Chrome DevTools Protocol
 * (`Emulation.setEmulatedMedia`); `@web/test-runner-commands`' `emulateMedia` does not pass it to
 * Chromium. Chromium only: resolves to false in the other engines, whose tests skip.
 */
export function forcedColorsPlugin() {
  // One session a page, kept open: the emulation ends with the session that set it.
  const sessions = new Map();
  return {
    name: 'display-kit-forced-colors',
    async executeCommand({ command, payload, session }) {
      if (command !== 'forced-colors') return undefined;
      if (session.browser.type !== 'puppeteer' || session.browser.name !== 'Chromium') return false;
      let client = sessions.get(session.id);
      if (!client) {
        client = await session.browser.getPage(session.id).createCDPSession();
        sessions.set(session.id, client);
      }
      await client.send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: payload?.active ? 'active' : 'none' }] });
      return true;
    },
  };
}
