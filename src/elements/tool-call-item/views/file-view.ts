import { css, html, nothing, type TemplateResult } from 'lit';
import { Directive, directive, PartType, type ElementPart, type PartInfo } from 'lit/directive.js';
import { highlightCode } from '../../../markdown/highlight.js';
import type { FileReadView } from '../../../model/tool-views/types.js';
import type { BuiltinViewContext } from './context.js';
import { wordsOf } from './words.js';
import { foldLines, splitLines } from './fold.js';

/**
 * Lines a tool read from a file: its path, then the lines with their numbers from `startLine`,
 * coloured by the file's language as the kit colours a fenced code block (the same highlighter,
 * loaded on first use, and the same token colours), long files folded.
 */
export function renderFileRead(view: FileReadView, context: BuiltinViewContext): TemplateResult {
  const { text } = context;
  const words = wordsOf(context);
  const { shown, button } = foldLines(view.text === '' ? [] : splitLines(view.text), context, 'file');
  const first = view.startLine;
  return html`${view.path !== null ? html`<p part="path" class="path file-path" dir="auto">${view.path}</p>` : nothing}
    ${shown.length === 0
      ? html`<p class="view-note">${text.noOutput}</p>`
      : html`<div part="lines" class="code-block lines" role="group" aria-label=${words.fileLines(first, first + shown.length - 1)}>
          <div class="gutter" aria-hidden="true">${shown.map((_, index) => `${first + index}\n`)}</div>
          <pre tabindex="0"><code ${colourCode(shown.join('\n'), view.language)}></code></pre>
        </div>`}
    ${button}`;
}

/** Code that ran (a code interpreter's), as a code block in its language. */
export function renderCode(code: string, language: string | null, label: string): TemplateResult {
  return html`<div part="command" class="code-block code" role="group" aria-label=${language ?? label}>
    <pre tabindex="0"><code ${colourCode(code, language)}></code></pre>
  </div>`;
}

/**
 * Fills a `<code>` with its text and has the kit's highlighter colour it (`highlightCode`
 * replaces the text with classed spans once it may, and only if they spell the same text). Lit
 * keeps nothing of its own inside, so the colouring cannot break its markers; the text is set
 * again only when it changes.
 */
class ColourCode extends Directive {
  private shown: string | null = null;
  private language: string | null = null;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('colourCode goes on an element');
  }

  // Lit takes the directive's arguments from `render`; on an element, `update` does the work.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  render(_code: string, _language: string | null): typeof nothing {
    return nothing;
  }

  override update(part: ElementPart, [code, language]: [string, string | null]): typeof nothing {
    if (code === this.shown && language === this.language) return nothing;
    this.shown = code;
    this.language = language;
    const element = part.element as HTMLElement;
    element.textContent = code;
    if (language) void highlightCode(element, language);
    return nothing;
  }
}

const colourCode = directive(ColourCode);

export const fileStyles = css`
  .lines {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    border-radius: calc(var(--_radius) / 2);
    background: var(--dk-code-background, var(--_surface-raised));
  }

  .code-block pre {
    margin: 0;
    padding: calc(var(--_space) * 0.75) var(--_space);
    font-family: var(--_font-mono);
    font-size: var(--_font-size-small);
    line-height: 1.45;
  }

  .code.code-block pre {
    border-radius: calc(var(--_radius) / 2);
  }

  .gutter {
    padding: calc(var(--_space) * 0.75) var(--_space);
    border-inline-end: 1px solid var(--_border);
    font-family: var(--_font-mono);
    font-size: var(--_font-size-small);
    line-height: 1.45;
    white-space: pre;
    text-align: end;
    color: var(--_fg-muted);
    user-select: none;
    font-variant-numeric: tabular-nums;
  }
`;
