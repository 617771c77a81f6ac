import DOMPurify from 'dompurify';
import type { KatexOptions } from 'katex';
import { addRenderHook, type RenderContext } from '../markdown/extensions.js';
import { extendMarkdown } from '../markdown/parse.js';
import { setRepairSyntax } from '../markdown/repair/index.js';
import { mathExtension, mathRepairSyntax } from './syntax.js';
import { adoptInto, mathSheets } from './styles.js';
import { applyCarriedStyles, carryStyles } from '../markdown/carried-styles.js';

/**
 * Optional math with KaTeX (`display-kit/math`). The core never imports this entry; a host that
 * wants formulas calls `useKatex()` once, and KaTeX is loaded on that call. From then on, text
 * rendered by the kit's elements typesets `$$…$$`, `\[…\]`, `\(…\)` and `$…$` (prices stay
 * text). Chosen over MathJax: KaTeX typesets synchronously (a streaming answer's formulas never
 * flash), with no global state, and writes MathML beside its HTML for assistive technology.
 */
export interface UseKatexOptions {
  /**
   * KaTeX's stylesheet (`katex/dist/katex.min.css`) as text, or `cssUrl` to fetch it (its
   * fonts then resolve from there). With it, formulas are drawn by KaTeX's HTML, with MathML
   * beside it for assistive technology; without it, as MathML, which every current browser
   * draws itself.
   */
  css?: string;
  cssUrl?: string | URL;
  /** KaTeX macros, e.g. `{'\\RR': '\\mathbb{R}'}`. */
  macros?: Record<string, string>;
}

type Katex = typeof import('katex').default;

let removeHook: (() => void) | null = null;
let syntaxAdded = false;

/** Loads KaTeX (and its stylesheet, if given) and typesets math in Markdown rendered from now on. */
export async function useKatex(options: UseKatexOptions = {}): Promise<void> {
  const [{ default: katex }, css] = await Promise.all([import('katex'), stylesheetText(options)]);
  const typesetter = new Typesetter(katex, css !== null, options.macros ?? {});
  const sheets = mathSheets(css, options.cssUrl);
  if (!syntaxAdded) extendMarkdown(mathExtension);
  syntaxAdded = true;
  setRepairSyntax(mathRepairSyntax);
  removeHook?.();
  removeHook = addRenderHook((nodes, context) => {
    const formulas = Array.from(nodes.querySelectorAll<HTMLElement>('.math'));
    if (formulas.length === 0) return;
    adoptInto(context.container, sheets);
    for (const formula of formulas) typesetter.typeset(formula, context);
  });
}

async function stylesheetText(options: UseKatexOptions): Promise<string | null> {
  if (options.css !== undefined) return options.css;
  if (options.cssUrl === undefined) return null;
  const response = await fetch(options.cssUrl);
  if (!response.ok) throw new Error(`KaTeX's stylesheet could not be loaded (${response.status}).`);
  return response.text();
}

/** The last typeset formulas, by mode and TeX: a streaming tail typesets the same ones every frame. */
const CACHE_SIZE = 500;

class Typesetter {
  private readonly cache = new Map<string, DocumentFragment | Error>();
  private readonly purifier = DOMPurify(window);

  constructor(
    private readonly katex: Katex,
    private readonly withHtml: boolean,
    private readonly macros: Record<string, string>,
  ) {}

  typeset(formula: HTMLElement, context: RenderContext): void {
    if (formula.classList.contains('math-pending')) return;
    const tex = formula.textContent ?? '';
    const display = formula.classList.contains('math-display');
    formula.dataset.tex = tex;
    const result = this.render(tex, display);
    if (result instanceof Error) {
      showError(formula, tex, display, (context.labels.mathError ?? mathError)(result.message));
      return;
    }
    formula.replaceChildren(applyCarriedStyles(result.cloneNode(true) as DocumentFragment));
    // A display formula wider than the text scrolls in its own box: the keyboard must reach it.
    if (display) formula.tabIndex = 0;
  }

  private render(tex: string, display: boolean): DocumentFragment | Error {
    const key = `${display ? 'D' : 'I'}${tex}`;
    const known = this.cache.get(key);
    if (known !== undefined) return known;
    let result: DocumentFragment | Error;
    try {
      result = this.sanitize(this.katex.renderToString(tex, this.options(display)));
    } catch (error) {
      result = error instanceof Error ? error : new Error(String(error));
    }
    if (this.cache.size >= CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    this.cache.set(key, result);
    return result;
  }

  private options(displayMode: boolean): KatexOptions {
    return {
      displayMode,
      output: this.withHtml ? 'htmlAndMathml' : 'mathml',
      throwOnError: true,
      // Model output: no \href, \url, \htmlClass… and no way to blow up the page.
      trust: false,
      strict: 'ignore',
      maxSize: 50,
      maxExpand: 1000,
      macros: { ...this.macros },
    };
  }

  /**
   * KaTeX's own output, from untrusted TeX: sanitized with MathML and SVG allowed (the
   * Markdown sanitizer refuses both), and nothing that can load or run anything. Parsed into
   * nodes, never written as a string (a page that requires Trusted Types allows no such sink),
   * with KaTeX's inline styles carried past the parser (carried-styles.ts). Cached as parsed;
   * each formula gets a copy with its styles set.
   */
  private sanitize(html: string): DocumentFragment {
    return this.purifier.sanitize(carryStyles(html), {
      USE_PROFILES: { html: true, mathMl: true, svg: true },
      ADD_TAGS: ['semantics', 'annotation'],
      ADD_ATTR: ['encoding'],
      FORBID_TAGS: ['a', 'img', 'image', 'use', 'foreignObject', 'style', 'annotation-xml'],
      FORBID_ATTR: ['href', 'xlink:href', 'src', 'action', 'style'],
      RETURN_DOM_FRAGMENT: true,
    });
  }
}

const mathError = (detail: string) => `This formula could not be typeset: ${detail}`;

/** A formula that cannot be typeset shows as its source, with a marker that says why. */
function showError(formula: HTMLElement, tex: string, display: boolean, message: string): void {
  formula.classList.add('math-error');
  formula.setAttribute('part', 'math-error');
  const source = document.createElement('code');
  source.className = 'math-source';
  source.textContent = display ? `$$${tex}$$` : `$${tex}$`;
  const mark = document.createElement('span');
  mark.className = 'math-error-mark';
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', message);
  mark.title = message;
  mark.textContent = '!';
  formula.replaceChildren(source, mark);
}

export { mathSpanAt } from './syntax.js';
