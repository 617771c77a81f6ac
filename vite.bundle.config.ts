import { defineConfig } from 'vite';
import { minifyCssLiterals } from './scripts/build/minify-css-literals.mjs';

/**
 * `dist/display-kit.bundle.js`: one minified ESM file with lit, marked and DOMPurify inlined,
 * for a page without a build step (`npm run build` runs it after the per-module build).
 */
export default defineConfig({
  plugins: [minifyCssLiterals()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    minify: true,
    target: 'es2022',
    // Not lib mode: Vite keeps whitespace in lib-mode ES output.
    rollupOptions: {
      input: 'src/bundle.ts',
      preserveEntrySignatures: 'strict',
      // One file, find included: a page without a build step loads nothing else.
      output: { format: 'es', entryFileNames: 'display-kit.bundle.js', codeSplitting: false },
    },
  },
});
