import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

// Every page renders on request, in Node: `astro build`, then `node dist/server/entry.mjs`.
export default defineConfig({ output: 'server', adapter: node({ mode: 'standalone' }) });
