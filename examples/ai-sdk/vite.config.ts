import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    // React, the AI SDK and its mock model in one chunk: past Vite's 500 kB hint, and fine for an example.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      // swr (under @ai-sdk/react) marks its modules 'use client', a directive for React Server Components that a page bundle ignores.
      onLog: (level, log, handler) => log.code !== 'MODULE_LEVEL_DIRECTIVE' && handler(level, log),
    },
  },
});
