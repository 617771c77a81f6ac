import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

const KIT_TAGS = ['message-list', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark'];

export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => KIT_TAGS.includes(tag) } } })],
});
