import type { StorybookConfig } from '@storybook/web-components-vite';
import { mergeConfig } from 'vite';

/**
 * Lit, marked and DOMPurify are pre-bundled once, so that the kit, the stories and Storybook's
 * web-components renderer share one copy (else: "Multiple versions of Lit loaded").
 */
export const OPTIMIZED_DEPS = [
  'lit',
  'lit/decorators.js',
  'lit/directive.js',
  'lit/directive-helpers.js',
  'lit/static-html.js',
  ...['class-map', 'guard', 'if-defined', 'keyed', 'live', 'ref', 'repeat', 'style-map', 'unsafe-html', 'until', 'when'].map(
    (name) => `lit/directives/${name}.js`,
  ),
  'marked',
  'dompurify',
  // The a11y addon imports axe lazily; pre-bundled, it is not transformed again on every run.
  'axe-core',
  // The optional renderers' peers, which the rich-content stories load: found late, they would
  // make Vite re-bundle (and reload the page) in the middle of a story test run.
  'katex',
  'mermaid',
];

const config: StorybookConfig = {
  stories: ['../stories/**/*.mdx', '../stories/**/*.stories.ts'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/web-components-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      optimizeDeps: { include: OPTIMIZED_DEPS },
      // Storybook's own manager and docs chunks are large by nature; the kit's size is checked elsewhere.
      build: { chunkSizeWarningLimit: 2000 },
      // The library build (vite.config.ts) is not Storybook's: only the dev server settings carry over.
      server: { host: '127.0.0.1' },
    });
  },
};

export default config;
