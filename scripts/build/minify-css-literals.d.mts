import type { Plugin } from 'vite';

export function minifyCssLiterals(): Plugin;
