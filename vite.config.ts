import { defineConfig } from 'vite';
import { minifyCssLiterals } from './scripts/build/minify-css-literals.mjs';

const ELEMENTS = ['message-list', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark'];

/**
 * Dependencies stay external in the library build: the host's bundler dedupes them. The
 * framework entry points also leave their hosts (React, @lit/react, Lit SSR, highlight.js, KaTeX,
 * Mermaid) to the page.
 */
const external = (id: string) =>
  /^(lit|lit-html|lit-element|marked|dompurify|react|react-dom|katex|mermaid)(\/|$)|^@(lit|lit-labs|highlightjs)\//.test(id);

export default defineConfig({
  plugins: [minifyCssLiterals()],
  // The dev server (`npm start`) serves the demo page at the project root.
  server: { port: 5173, host: '127.0.0.1' },
  // Its dependencies are found from the demo alone: the examples import the built package
  // (`display-kit/bundle`…), which the scan cannot resolve, and have their own apps.
  optimizeDeps: { entries: ['index.html'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    minify: false,
    target: 'es2022',
    lib: {
      formats: ['es'],
      entry: {
        index: 'src/index.ts',
        define: 'src/define.ts',
        events: 'src/events.ts',
        'i18n/locales/de': 'src/i18n/locales/de.ts',
        'model/index': 'src/model/index.ts',
        'adapters/index': 'src/adapters/index.ts',
        'live/index': 'src/live/index.ts',
        'highlight/index': 'src/highlight/index.ts',
        'math/index': 'src/math/index.ts',
        'mermaid/index': 'src/mermaid/index.ts',
        'react/index': 'src/react/index.ts',
        'ssr/index': 'src/ssr/index.ts',
        'integrations/liveview': 'src/integrations/liveview.ts',
        ...Object.fromEntries(ELEMENTS.map((name) => [`elements/${name}/define`, `src/elements/${name}/define.ts`])),
      },
    },
    rollupOptions: {
      external,
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
        entryFileNames: '[name].js',
      },
    },
  },
});
