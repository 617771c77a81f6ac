/**
 * A rendered code block's chrome: the language label and copy button around its `<pre>`, the
 * copy button's feedback, and the colouring a registered highlighter gives it.
 */
import { highlightCode, tracked } from './highlight.js';
import type { CodeLabels } from './labels.js';

/** Called when the reader asks to copy a code block; the owner copies and shows that it did. */
export type CopyCode = (code: string, button: HTMLButtonElement) => void;

/** `<pre><code class="language-x">` becomes a block with a language label and a copy button. */
export function decorateCodeBlocks(root: DocumentFragment | Element, labels: CodeLabels): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    if (pre.parentElement?.classList.contains('code-block')) continue;
    const language = languageOf(pre.querySelector('code'));
    const block = document.createElement('div');
    block.className = 'code-block';
    block.setAttribute('part', 'code-block');
    pre.replaceWith(block);
    pre.tabIndex = 0;
    if (language) pre.setAttribute('data-language', language);
    block.append(codeHeader(language, labels), pre);
  }
}

function languageOf(code: HTMLElement | null): string {
  return /(?:^|\s)language-([\w+#.-]{1,40})/.exec(code?.className ?? '')?.[1] ?? '';
}

/** The language label, the copy button and the status line that tells assistive technology it copied. */
function codeHeader(language: string, labels: CodeLabels): HTMLElement {
  const header = document.createElement('div');
  header.className = 'code-header';
  const name = document.createElement('span');
  name.className = 'code-language';
  name.textContent = language || labels.code;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-code';
  button.setAttribute('part', 'copy-button');
  button.textContent = labels.copyCode;
  const status = document.createElement('span');
  status.className = 'copy-status';
  status.setAttribute('role', 'status');
  header.append(name, button, status);
  return header;
}

/** The copy button a click on `target` pressed, if any. */
export function copyButtonAt(target: Element | null): HTMLButtonElement | null {
  return target?.closest<HTMLButtonElement>('.copy-code') ?? null;
}

/** The code a copy button copies: its block's. */
export function codeOf(button: HTMLButtonElement): string {
  return button.closest('.code-block')?.querySelector('code')?.textContent ?? '';
}

/** A code block's copy button says whether it just copied (its status line tells assistive technology). */
export function showCopied(button: HTMLButtonElement, copied: boolean, labels: CodeLabels): void {
  const status = button.parentElement?.querySelector('.copy-status');
  button.textContent = copied ? labels.copied : labels.copyCode;
  if (status) status.textContent = copied ? labels.copied : '';
}

/** Colours every code block with a language, if a highlighter is registered (it applies a moment later). */
export function highlightBlocks(root: DocumentFragment | Element): void {
  const own = root instanceof HTMLElement && root.matches('pre[data-language]') ? [root] : [];
  for (const pre of [...own, ...Array.from(root.querySelectorAll<HTMLElement>('pre[data-language]'))]) {
    const code = pre.querySelector('code');
    if (code) void highlightCode(code, pre.dataset.language ?? '');
  }
}

/** How long a growing text stands still before the code at its end is coloured. */
const STILL_MS = 400;

/**
 * The code at the end of a text that grows without a streaming flag (a host re-sending a saved
 * row as it grows) is coloured once the text stands still: colouring the block being written at
 * every render rebuilt it at every render. Once coloured, that tail stays coloured (`coloured`)
 * until a new one begins, so it never turns plain again.
 */
export class StillColours {
  coloured = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private frame = 0;
  private done: (() => void) | null = null;

  constructor(private readonly tail: () => readonly ChildNode[]) {}

  /**
   * Whether the tail a render draws is coloured: never while it streams; without a streaming flag,
   * once the text stood still (a plain tail with code is coloured then). `newTail`: blocks settled.
   */
  forTail(streaming: boolean, newTail: boolean, code: boolean): boolean {
    if (newTail) this.reset();
    if (!streaming && !this.coloured && code) this.later();
    return !streaming && this.coloured;
  }

  /** The tail was drawn plain: colour it when no render follows for a moment. */
  private later(): void {
    clearTimeout(this.timer);
    cancelAnimationFrame(this.frame);
    if (!this.done) void tracked(new Promise<void>((resolve) => (this.done = resolve)));
    // In a frame's callbacks, with the text's own drawing: one change of the page per frame.
    this.timer = setTimeout(() => (this.frame = requestAnimationFrame(() => this.colour())), STILL_MS);
  }

  private colour(): void {
    this.coloured = true;
    for (const node of this.tail()) if (node instanceof Element) highlightBlocks(node);
    this.settle();
  }

  /** A new tail: nothing waits to be coloured, and its code will wait. */
  reset(coloured = false): void {
    clearTimeout(this.timer);
    cancelAnimationFrame(this.frame);
    this.coloured = coloured;
    this.settle();
  }

  private settle(): void {
    this.done?.();
    this.done = null;
  }
}
