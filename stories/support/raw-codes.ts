/**
 * What a reader must never see: a snake_case code (a stop reason, a tool status, a provider's
 * error code) in the visible text of a story. Data the kit shows as data is left out: code, a
 * call's arguments and results, JSON, a row's raw dump, file names, form fields, and what a host
 * draws in its own tool views (slotted into a call). Every story runs this after
 * its play function (preview.ts); one that shows such codes on purpose says why in
 * `parameters.rawCodes`.
 */
const CODE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;
const DATA = 'code, pre, kbd, samp, textarea, input, [part~="arguments"], [part~="arguments-summary"], [part~="result"], [part~="json"], [class~="json"], [class~="raw"], .file-name, .file-path, [slot^="dk-view:"]';

export function visibleCodes(root: Element): string[] {
  const found = new Set<string>();
  const walk = (node: Node): void => {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (parent && !parent.closest(DATA) && shown(parent)) for (const [code] of (node.textContent ?? '').matchAll(CODE)) found.add(code);
      return;
    }
    const element = node as Element;
    if (element.shadowRoot) walk(element.shadowRoot);
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return [...found];
}

/** Drawn, and not faded out (a footer waiting for the pointer), nor inside a closed disclosure. */
function shown(element: Element): boolean {
  return element.checkVisibility({ opacityProperty: true, visibilityProperty: true });
}
