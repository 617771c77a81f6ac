/**
 * The words a Markdown view renders with. Apart from `./view.ts` so that `./extensions.ts`
 * (which hands them to the optional renderers) needs nothing from the view that runs its hooks.
 */
import type { MarkdownLabels } from './sanitize.js';

export interface CodeLabels {
  copyCode: string;
  copied: string;
  code: string;
  /** Names the box a wide table scrolls sideways in. */
  table: string;
}

/** Words the optional renderers show (math and diagrams); they bring English defaults. */
export interface RichLabels {
  mathError?: (detail: string) => string;
  diagram?: string;
  diagramError?: (detail: string) => string;
  showDiagramSource?: string;
  showDiagram?: string;
}

export type ViewLabels = MarkdownLabels & CodeLabels & RichLabels;
