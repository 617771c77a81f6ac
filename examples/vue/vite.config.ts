import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';
import { compileHint } from './compile-hint';

// The kit's tags, and the tool view registered as a custom element in main.ts.
const KIT_TAGS = ['message-list', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark', 'file-list-view'];

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => KIT_TAGS.includes(tag) } } }), compileHint()],
});
