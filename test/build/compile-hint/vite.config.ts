import { defineConfig } from 'vite';
import { compileHint } from '../../../examples/vue/compile-hint.js';

// Every module here stands for the kit.
export default defineConfig({ plugins: [compileHint(() => true)] });
