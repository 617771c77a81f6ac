/**
 * Inline styles in markup the kit did not write (KaTeX's and Mermaid's output), kept working on
 * a page whose policy has no `'unsafe-inline'` in `style-src`. Such a policy refuses a style
 * attribute from markup or `setAttribute`, even in the parser DOMPurify uses, but not a style set
 * through CSSOM. So the attribute travels under another name through the parser and the
 * sanitizer, and is set through `element.style` once the nodes are built.
 */
const STYLE_CARRIER = 'data-dk-style';

/** CSS that could load something from elsewhere: `url()` other than a fragment of the same document, `@import`, `expression()`. */
export const REMOTE_CSS = /url\(\s*['"]?(?!#)|@import|expression\(/i;

/**
 * Renames the style attributes of `markup`'s tags. Only inside tags: serialized text escapes
 * `<`, so a tag is what runs from `<` to `>`, and a text that reads ` style="` stays as it is.
 */
export function carryStyles(markup: string): string {
  return markup.replace(/<[a-zA-Z][^<>]*>/g, (tag) => tag.replace(/\sstyle="/g, ` ${STYLE_CARRIER}="`));
}

/** Sets the carried styles through CSSOM, dropping any that could load from elsewhere. */
export function applyCarriedStyles<T extends ParentNode>(root: T): T {
  for (const element of Array.from(root.querySelectorAll<HTMLElement | SVGElement>(`[${STYLE_CARRIER}]`))) {
    const style = element.getAttribute(STYLE_CARRIER) ?? '';
    element.removeAttribute(STYLE_CARRIER);
    if (!REMOTE_CSS.test(style)) element.style.cssText = style;
  }
  return root;
}
