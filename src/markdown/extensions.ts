import type { ViewLabels } from './labels.js';

/**
 * Hooks for optional renderers (`display-kit/math`, `display-kit/mermaid`). The core ships none:
 * an optional entry adds syntax to the kit's Markdown (`extendMarkdown` in `./parse.ts`) and a
 * hook that finishes the nodes that syntax rendered to, after sanitizing. Whatever a hook adds
 * is its own responsibility to make safe.
 */
export interface RenderContext {
  /** The container the nodes go into: its root is where a hook adopts the styles it needs. */
  container: HTMLElement;
  labels: ViewLabels;
  /**
   * The nodes show a streaming text's unfinished tail: they are replaced at the next update,
   * and a construct at their end may not be complete yet.
   */
  live: boolean;
}

export type RenderHook = (nodes: DocumentFragment, context: RenderContext) => void;

const hooks = new Set<RenderHook>();

/** Registers a hook for Markdown rendered from now on; returns its removal. */
export function addRenderHook(hook: RenderHook): () => void {
  hooks.add(hook);
  return () => hooks.delete(hook);
}

/** Whether any hook may have touched (or may still touch) the nodes it was given. */
export function hasRenderHooks(): boolean {
  return hooks.size > 0;
}

/** Runs every hook; a failing hook leaves the nodes as the core rendered them. */
export function runRenderHooks(nodes: DocumentFragment, context: RenderContext): void {
  for (const hook of hooks) {
    try {
      hook(nodes, context);
    } catch {
      /* the core's rendering stands */
    }
  }
}
