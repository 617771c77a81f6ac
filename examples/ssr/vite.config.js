import { defineConfig } from 'vite';

// The browser's part: one module, dist/client.js, that the server links from its pages.
export default defineConfig({
  build: { rollupOptions: { input: 'src/client.js', output: { entryFileNames: 'client.js' } } },
});
