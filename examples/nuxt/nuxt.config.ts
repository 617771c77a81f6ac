// The kit's tags: Vue leaves them to the browser instead of resolving them as components.
const KIT_TAGS = ['message-list', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark'];

// `nuxt build`, then `node .output/server/index.mjs`: every page renders on request, in Node.
export default defineNuxtConfig({
  compatibilityDate: '2026-05-01',
  vue: { compilerOptions: { isCustomElement: (tag) => KIT_TAGS.includes(tag) } },
  telemetry: false,
  // The page bundles an agent client (@ag-ui/client) whole: a chunk over Vite's 500 kB advice is its, not the kit's.
  vite: { build: { chunkSizeWarningLimit: 4000 } },
});
