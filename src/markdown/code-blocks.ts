/**
 * A rendered code block's chrome: the language label and copy button around its `<pre>`, the
 * copy button's feedback, and the colouring a registered highlighter gives it.
 */
import { highlightCode } from './highlight.js';
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
export function highlightBlocks(root: DocumentFragment): void {
  for (const pre of Array.from(root.querySelectorAll<HTMLElement>('pre[data-language]'))) {
    const code = pre.querySelector('code');
    if (code) void highlightCode(code, pre.dataset.language ?? '');
  }
}
