/**
 * Test-server command `media-features` (`{ 'forced-colors': 'active', 'prefers-color-scheme':
 * 'dark', … }`): emulates CSS media features for the test's page over the Chrome DevTools
 * Protocol (`Emulation.setEmulatedMedia`), forced colours included, which
 * `@web/test-runner-commands`' `emulateMedia` does not pass to Chromium. A feature set to `''`
 * ends its emulation. Chromium only: resolves to false in the other engines, whose tests skip
 * (without the stack trace a failed `emulateMedia` prints).
 */
export function mediaFeaturesPlugin() {
  // One session a page, kept open: the emulation ends with the session that set it.
  const sessions = new Map();
  return {
    name: 'display-kit-media-features',
    async executeCommand({ command, payload, session }) {
      if (command !== 'media-features') return undefined;
      if (session.browser.type !== 'puppeteer' || session.browser.name !== 'Chromium') return false;
      let state = sessions.get(session.id);
      if (!state) {
        state = { client: await session.browser.getPage(session.id).createCDPSession(), features: {} };
        sessions.set(session.id, state);
      }
      // The protocol replaces every emulated feature at once: the ones set before are sent again.
      Object.assign(state.features, payload ?? {});
      const features = Object.entries(state.features).map(([name, value]) => ({ name, value }));
      await state.client.send('Emulation.setEmulatedMedia', { features });
      return true;
    },
  };
}
