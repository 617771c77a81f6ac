/** Styles for drawn diagrams, adopted by a shadow root only once a diagram shows in it. */
const RULES = `
.diagram { margin: 0 0 calc(var(--_space, 0.5rem) * 1.5); padding: var(--_space, 0.5rem); border: 1px solid var(--_border, #d0d7de); border-radius: var(--_radius, 0.5rem); }
.markdown > .diagram:last-child, .markdown > .run:last-child > .diagram:last-child { margin-bottom: 0; }
.diagram-view { overflow-x: auto; text-align: center; }
.diagram-view svg { max-width: 100%; height: auto; }
.diagram-error { text-align: start; color: var(--_danger, #cf222e); font-size: var(--_font-size-small, 0.875rem); margin-bottom: var(--_space, 0.5rem); }
.diagram-toggle { display: block; margin-inline-start: auto; font: inherit; font-size: var(--_font-size-small, 0.875rem); color: inherit; background: var(--_surface-raised, #f6f8fa); border: 1px solid var(--_border, #d0d7de); border-radius: calc(var(--_radius, 0.5rem) / 2); padding: 0.1em 0.6em; cursor: pointer; }
.diagram > .code-block { margin: var(--_space, 0.5rem) 0 0; }
`;

let sheet: CSSStyleSheet | null = null;

export function diagramSheet(): CSSStyleSheet {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(RULES);
  }
  return sheet;
}
