import DOMPurify from 'dompurify';
import type { MermaidConfig } from 'mermaid';
import { addRenderHook, type RenderContext } from '../markdown/extensions.js';
import type { RichLabels } from '../markdown/labels.js';
import { adoptSheets } from '../markdown/adopt.js';
import { diagramSheet } from './styles.js';
import { applyCarriedStyles, carryStyles, REMOTE_CSS } from '../markdown/carried-styles.js';

/**
 * Optional diagrams with Mermaid (`display-kit/mermaid`). The core never imports this entry; a
 * host calls `useMermaid()` once, and Mermaid is loaded on that call. From then on a fenced
 * `mermaid` code block is drawn as a diagram once its fence has closed (while it streams, its
 * source shows as code). Mermaid runs at its `strict` security level, and the SVG it returns is
 * sanitized again here; a diagram that cannot be drawn shows why, with its source.
 */
export interface UseMermaidOptions {
  /**
   * Mermaid's settings (its `MermaidConfig`); the kit's security settings (`securityLevel`, no
   * HTML labels) always win. Typed loosely: Mermaid's own types pull in type-fest, which fails
   * an app's type-check with TypeScript 7 unless it skips library checks.
   */
  config?: Record<string, unknown>;
}

type Mermaid = typeof import('mermaid').default;

let removeHook: (() => void) | null = null;
let drawer: Drawer | null = null;

export async function useMermaid(options: UseMermaidOptions = {}): Promise<void> {
  const { default: mermaid } = await import('mermaid');
  removeHook?.();
  drawer = new Drawer(mermaid, options.config ?? {});
  const current = drawer;
  removeHook = addRenderHook((nodes, context) => current.mark(nodes, context));
}

/** Resolves once every diagram asked for so far has been drawn or has failed. */
export async function diagramsSettled(): Promise<void> {
  await drawer?.settled();
}

const DIAGRAM_LANGUAGE = 'mermaid';

/** Mermaid's own list of settings a diagram may not change. */
const SECURE_KEYS = ['secure', 'securityLevel', 'startOnLoad', 'maxTextSize', 'suppressErrorRendering', 'maxEdges'];

interface Pending {
  block: HTMLElement;
  context: RenderContext;
}

class Drawer {
  private queue: Promise<void> = Promise.resolve();
  private count = 0;
  /** Drawn diagrams, redrawn when the reader's colour scheme changes. */
  private readonly drawn = new Set<Drawing>();

  constructor(
    private readonly mermaid: Mermaid,
    private readonly config: MermaidConfig,
  ) {
    matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => this.redraw());
  }

  /**
   * Marks the finished `mermaid` code blocks among `nodes` and draws them once they are in the
   * page. A streaming tail's block may still grow: it stays code. (The mark also makes a
   * finished block's HTML differ from the tail's, so the view puts the marked one in.)
   */
  mark(nodes: DocumentFragment, context: RenderContext): void {
    if (context.live) return;
    const pending: Pending[] = [];
    for (const pre of Array.from(nodes.querySelectorAll<HTMLElement>(`.code-block > pre[data-language="${DIAGRAM_LANGUAGE}"]`))) {
      const block = pre.parentElement!;
      block.dataset.diagram = 'pending';
      pending.push({ block, context });
    }
    if (pending.length === 0) return;
    adoptSheets(context.container, [diagramSheet()]);
    // Nodes the view threw away (it kept an equal one already drawn) are not drawn.
    queueMicrotask(() => {
      for (const { block, context: at } of pending) if (block.isConnected) this.enqueue(() => this.draw(block, at));
    });
  }

  settled(): Promise<void> {
    return this.queue;
  }

  /** Mermaid keeps global settings: diagrams are drawn one at a time, each with its own theme. */
  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task, task);
  }

  private async draw(block: HTMLElement, context: RenderContext): Promise<void> {
    const source = block.querySelector('code')?.textContent ?? '';
    const dark = prefersDark(context.container);
    const figure = document.createElement('figure');
    figure.className = 'diagram';
    figure.setAttribute('part', 'diagram');
    const words = wordsOf(context.labels);
    figure.setAttribute('aria-label', words.diagram);
    block.replaceWith(figure);
    block.hidden = true;
    const view = document.createElement('div');
    view.className = 'diagram-view';
    figure.append(view, toggle(view, block, words), block);
    const record: Drawing = { figure, source, dark, words, sheet: null };
    await this.paint(view, block, record);
    this.drawn.add(record);
  }

  private async paint(view: HTMLElement, block: HTMLElement, record: Drawing): Promise<void> {
    try {
      const { svg, css } = await this.svg(record.source, record.dark);
      record.sheet = diagramStyles(view, record.sheet, css);
      view.replaceChildren(svg);
      keepLegible(view, record.words.diagram);
      view.classList.remove('diagram-error');
    } catch (error) {
      view.classList.add('diagram-error');
      view.setAttribute('role', 'note');
      view.textContent = record.words.diagramError(errorText(error));
      // A diagram that failed shows its source; the reader may hide it again.
      block.hidden = false;
      view.parentElement?.querySelector('.diagram-toggle')?.remove();
    }
  }

  private async svg(source: string, dark: boolean): Promise<SanitizedSvg> {
    this.mermaid.initialize({
      startOnLoad: false,
      theme: dark ? 'dark' : 'default',
      ...this.config,
      securityLevel: 'strict',
      htmlLabels: false,
      flowchart: { ...this.config.flowchart, htmlLabels: false },
      suppressErrorRendering: true,
      // What a diagram's own `%%{init}%%` may not change: without HTML labels, none is laid out
      // as HTML in the page while Mermaid measures it.
      secure: [...SECURE_KEYS, 'htmlLabels', 'flowchart', 'theme', 'themeCSS', 'fontFamily', 'themeVariables'],
    });
    const { svg } = await this.mermaid.render(`dk-diagram-${++this.count}`, source);
    return sanitizeSvg(svg);
  }

  private redraw(): void {
    for (const record of this.drawn) {
      if (!record.figure.isConnected) {
        this.drawn.delete(record);
        continue;
      }
      const dark = prefersDark(record.figure);
      if (dark === record.dark) continue;
      record.dark = dark;
      const view = record.figure.querySelector<HTMLElement>('.diagram-view')!;
      const block = record.figure.querySelector<HTMLElement>('.code-block')!;
      this.enqueue(() => this.paint(view, block, record));
    }
  }
}

type Words = Required<Omit<RichLabels, 'mathError'>>;

interface Drawing {
  figure: HTMLElement;
  source: string;
  dark: boolean;
  words: Words;
  /** The diagram's own CSS (Mermaid scopes it to the diagram's id), adopted where it shows. */
  sheet: CSSStyleSheet | null;
}

/** A diagram's CSS as a constructed sheet, which a strict page allows; a redraw replaces its rules. */
function diagramStyles(view: HTMLElement, sheet: CSSStyleSheet | null, css: string): CSSStyleSheet {
  const own = sheet ?? new CSSStyleSheet();
  own.replaceSync(css);
  adoptSheets(view, [own]);
  return own;
}

/** The strings table's words for diagrams, or English. */
function wordsOf(labels: RichLabels): Words {
  return {
    diagram: labels.diagram ?? 'Diagram',
    diagramError: labels.diagramError ?? ((detail) => `This diagram could not be drawn: ${detail}`),
    showDiagramSource: labels.showDiagramSource ?? 'Show source',
    showDiagram: labels.showDiagram ?? 'Show diagram',
  };
}

/** The button that swaps the diagram for its source and back. */
function toggle(view: HTMLElement, block: HTMLElement, words: Words): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'diagram-toggle';
  button.setAttribute('part', 'diagram-toggle');
  button.setAttribute('aria-pressed', 'false');
  button.textContent = words.showDiagramSource;
  button.addEventListener('click', () => {
    const showSource = block.hidden;
    block.hidden = !showSource;
    view.hidden = showSource;
    button.setAttribute('aria-pressed', String(showSource));
    button.textContent = showSource ? words.showDiagram : words.showDiagramSource;
  });
  return button;
}

/** The colour scheme in force where the diagram shows: the element's theme, else the reader's. */
function prefersDark(element: Element): boolean {
  const scheme = getComputedStyle(element).colorScheme;
  const light = /\blight\b/.test(scheme);
  const dark = /\bdark\b/.test(scheme);
  if (dark !== light) return dark;
  return matchMedia('(prefers-color-scheme: dark)').matches;
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

/** A sanitized diagram: its nodes, and the CSS of its `<style>`, for a constructed style sheet. */
export interface SanitizedSvg {
  svg: DocumentFragment;
  css: string;
}

/**
 * Mermaid's SVG, though drawn at its strict level, came from untrusted source: sanitized as SVG
 * with nothing that links, embeds or runs, and no style that loads anything but its own markers.
 * Its `<style>` comes out as CSS, and its style attributes are set through CSSOM
 * (carried-styles.ts): a strict page refuses both as markup.
 */
export function sanitizeSvg(svg: string): SanitizedSvg {
  purifier ??= DOMPurify(window);
  let css = '';
  const markup = carryStyles(svg.replace(/<style[^>]*>([\s\S]*?)<\/style>/gi, (_, rules: string) => ((css += rules), '')));
  const fragment = purifier.sanitize(markup, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['a', 'image', 'use', 'foreignObject', 'script', 'iframe', 'object', 'embed', 'style'],
    FORBID_ATTR: ['href', 'xlink:href', 'src', 'action', 'formaction', 'style'],
    RETURN_DOM_FRAGMENT: true,
  });
  return { svg: applyCarriedStyles(fragment), css: REMOTE_CSS.test(css) ? css.replace(REMOTE_CSS_GLOBAL, '') : css };
}

/** `url(…)` that is not a fragment of the SVG itself (`url(#arrowhead)`), and `@import`. */
const REMOTE_CSS_GLOBAL = /url\(\s*['"]?(?!#)[^)]*\)|@import[^;]*;?|expression\([^)]*\)/gi;

/** The least a diagram is drawn at, against its own size: its labels stay readable (16 px text at 12). */
const LEAST_SCALE = 0.75;

/**
 * Mermaid draws a diagram to fit its box: on a phone a wide flowchart's labels shrank to a few
 * pixels. It shrinks to LEAST_SCALE of its size at most, and past that its view scrolls sideways,
 * a named stop for the keyboard as a wide table is (a focusable box with no name reads as nothing).
 */
function keepLegible(view: HTMLElement, name: string): void {
  const svg = view.querySelector('svg');
  const width = svg?.viewBox.baseVal?.width;
  if (!svg || !width) return;
  svg.style.setProperty('min-width', `${Math.round(width * LEAST_SCALE)}px`);
  // Drawn again (a theme change, after an error), the view loses what the last drawing gave it.
  for (const attribute of ['tabindex', 'role', 'aria-label']) view.removeAttribute(attribute);
  if (view.scrollWidth <= view.clientWidth) return;
  view.tabIndex = 0;
  view.setAttribute('role', 'region');
  view.setAttribute('aria-label', name);
}

function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // A parse error's "-----^" points at the line above it in a fixed-width block: in a sentence it
  // points at nothing. The source shows below the error.
  const lines = message.split('\n').filter((line) => !/^\s*-*\^\s*$/.test(line));
  return lines.slice(0, 3).join(' ').trim() || 'unknown error';
}
