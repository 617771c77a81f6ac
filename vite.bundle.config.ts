import { defineConfig, type Plugin } from 'vite';
import { minifyCssLiterals } from './scripts/build/minify-css-literals.mjs';

/**
 * The bundle registers every tag (`src/define.ts`), so the list's `import()` of the tool elements
 * (`tool-loader.ts`) has nothing to load: it resolves at once here. Left as an import() of code
 * the bundle already holds, it can trip Rolldown's chunking (rolldown/rolldown#10731, #9154): with
 * a lazy chunk below it Lit, the guards and the URL policy moved to two chunks the bundle imported
 * at once, where they must stay in the one file.
 */
function toolsAlreadyHere(): Plugin {
  return {
    name: 'tools-already-here',
    transform(code, id) {
      if (!id.endsWith('/message-list/controllers/tool-loader.ts')) return null;
      const loaded = code.replace(/\(\) => import\((['"])\.\.\/\.\.\/tool-call-item\/define\.js\1\)/, '() => Promise.resolve()');
      if (loaded === code) this.error('tool-loader.ts no longer imports ../../tool-call-item/define.js as the bundle expects');
      return { code: loaded, map: null };
    },
  };
}

/** Chromium's magic comment (Chrome 136): it must be the file's first line; other engines ignore it. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * `dist/display-kit.bundle.js`: one minified ESM file with lit, marked and DOMPurify inlined,
 * for a page without a build step (`npm run build` runs it after the per-module build). What the
 * kit loads on first use (find, the host's tool views, citations) is a chunk beside it,
 * `display-kit.bundle-<name>.js`, which the bundle imports by a URL relative to its own: one
 * script tag still loads the kit.
 */
export default defineConfig({
  plugins: [minifyCssLiterals(), toolsAlreadyHere()],
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    minify: true,
    target: 'es2022',
    // A chunk's URL is relative to the bundle (plain `import('./…')`), wherever the page serves it from.
    modulePreload: false,
    // Not lib mode: Vite keeps whitespace in lib-mode ES output.
    rollupOptions: {
      input: 'src/bundle.ts',
      // What find shares with the bundle stays in the bundle, exported to the chunk, not in a third file.
      preserveEntrySignatures: 'allow-extension',
      // The bundle exports the tool elements' classes, so the list's import() of them is already in it: as meant.
      onwarn(warning, warn) {
        if (warning.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') warn(warning);
      },
      output: {
        format: 'es',
        entryFileNames: 'display-kit.bundle.js',
        chunkFileNames: 'display-kit.bundle-[name].js',
        // V8's explicit compile hint: compile every function while the file streams in, on a
        // background thread, not each on the main thread at its first call. A page runs most of the
        // bundle's code for its first list, and a chunk's as it loads it (docs/benchmarks.md). After
        // minifying (`postBanner`): the minifier drops a `banner`'s comment.
        postBanner: COMPILE_HINT,
      },
    },
  },
});
