/**
 * Builds a page (a folder with an index.html) with Vite for production and serves it on a free
 * loopback port: what the list benchmark and the soak run in.
 */
import { build, preview } from 'vite';

export async function serveBuiltPage(root, outDir) {
  await build({ root, logLevel: 'error', mode: 'production', build: { outDir, emptyOutDir: true, minify: true } });
  // Served from the built files alone: the source folder may be gone by then (a benchmark's baseline).
  const server = await preview({ root: outDir, configFile: false, logLevel: 'error', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
  return { url: server.resolvedUrls.local[0], close: () => server.close() };
}
