import { adoptSheets } from '../markdown/adopt.js';

/**
 * Styles for typeset math, adopted by a shadow root only once a formula renders in it: the
 * kit's own rules for formulas, and KaTeX's stylesheet when the host gave one. Font faces
 * declared inside a shadow root are ignored by browsers, so KaTeX's go to the document.
 */
const KIT_RULES = `
.math-display { display: block; margin: 0 0 calc(var(--_space, 0.5rem) * 1.5); overflow-x: auto; overflow-y: hidden; text-align: center; }
.markdown > .math-display:last-child, .markdown > .run:last-child > .math-display:last-child { margin-bottom: 0; }
.math-display > math, .math-display .katex-display { margin: 0; }
.math-pending { white-space: pre-wrap; font-family: var(--_font-mono, monospace); font-size: 0.9em; color: var(--_fg-muted, GrayText); }
.math-error .math-source { color: var(--_danger, #cf222e); }
.math-error-mark { display: inline-block; min-width: 1.2em; margin-inline-start: 0.25em; border-radius: 0.6em; background: var(--_danger, #cf222e); color: var(--_surface, Canvas); font-size: 0.75em; font-weight: 700; text-align: center; cursor: help; }
`;

export interface MathSheets {
  /** For each shadow root that shows a formula. */
  shadow: CSSStyleSheet[];
  /** KaTeX's font faces, for the document. */
  fonts: CSSStyleSheet | null;
}

export function mathSheets(katexCss: string | null, cssUrl?: string | URL): MathSheets {
  const kit = new CSSStyleSheet();
  kit.replaceSync(KIT_RULES);
  if (katexCss === null) return { shadow: [kit], fonts: null };
  const base = cssUrl !== undefined ? new URL(cssUrl, document.baseURI).href : document.baseURI;
  const katex = new CSSStyleSheet();
  katex.replaceSync(absoluteUrls(katexCss, base));
  const fonts = new CSSStyleSheet();
  for (let i = katex.cssRules.length - 1; i >= 0; i--) {
    const rule = katex.cssRules[i];
    if (rule instanceof CSSFontFaceRule) {
      fonts.insertRule(rule.cssText, 0);
      katex.deleteRule(i);
    }
  }
  return { shadow: [katex, kit], fonts };
}

/**
 * KaTeX's fonts are named relative to its stylesheet; a constructed sheet would resolve them
 * against the page (not every engine takes a base URL for one), so they are made absolute.
 */
function absoluteUrls(css: string, base: string): string {
  return css.replace(/url\((['"]?)([^'")]+)\1\)/g, (whole, _quote: string, url: string) => {
    try {
      return `url(${JSON.stringify(new URL(url, base).href)})`;
    } catch {
      return whole;
    }
  });
}

/** Adopts the sheets into the root `container` sits in, and the fonts into its document, once. */
export function adoptInto(container: HTMLElement, sheets: MathSheets): void {
  if (sheets.fonts) adoptSheets(container.ownerDocument, [sheets.fonts]);
  adoptSheets(container, sheets.shadow);
}
