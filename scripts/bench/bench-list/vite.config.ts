import { defineConfig } from 'vite';
import { compileHint } from '../../../examples/vue/compile-hint.js';

// Built as docs/frameworks.md advises an app to: the chunks that hold the kit (here its sources,
// not the package) open with Chromium's compile hint.
export default defineConfig({ plugins: [compileHint((id) => id.includes('/src/'))] });
