import { defineConfig } from 'vite';

export default defineConfig({
  // LangChain and LangGraph in one chunk: past Vite's 500 kB hint, and fine for an example.
  build: { chunkSizeWarningLimit: 1500 },
});
