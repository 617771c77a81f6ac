import type { Plugin } from 'vite';

export function minifyCss(text: string): string;
export function minifyCssLiterals(): Plugin;
