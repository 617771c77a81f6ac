import type { Plugin } from 'vite';

const HINT = '//# allFunctionsCalledOnLoad\n';

const inKit = (id: string) => id.includes('/node_modules/display-kit/');

/**
 * Opens each built chunk that holds display-kit (or what `holds` picks) with V8's compile hint,
 * so that Chromium compiles its functions while the file loads, on a background thread. V8 reads
 * the hint on a file's first line only: it goes in after Vite has written its own first lines,
 * and the source maps move one line down with the code.
 */
export function compileHint(holds: (moduleId: string) => boolean = inKit): Plugin {
  return {
    name: 'display-kit-compile-hint',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.moduleIds.some(holds)) continue;
          chunk.code = HINT + chunk.code;
          if (!chunk.map) continue;
          chunk.map.mappings = `;${chunk.map.mappings}`;
          const map = bundle[`${chunk.fileName}.map`];
          if (map?.type === 'asset') map.source = chunk.map.toString();
        }
      },
    },
  };
}
