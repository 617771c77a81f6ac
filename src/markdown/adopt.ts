/**
 * Adopts style sheets into the root a rendered container sits in (its shadow root, or the
 * document), once: how optional renderers bring their styles only where they draw something.
 */
export function adoptSheets(container: Node, sheets: readonly CSSStyleSheet[]): void {
  const root = container.getRootNode();
  if (!(root instanceof ShadowRoot || root instanceof Document)) return;
  const missing = sheets.filter((sheet) => !root.adoptedStyleSheets.includes(sheet));
  if (missing.length > 0) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}
