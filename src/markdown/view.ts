import { markdownToHtml } from './parse.js';
import { loadPlaceholder, sanitizeHtml, type MarkdownLabels, type RenderPolicy } from './sanitize.js';

export interface CodeLabels {
  copyCode: string;
  copied: string;
  code: string;
}

export type ViewLabels = MarkdownLabels & CodeLabels;

export interface ViewOptions {
  policy: RenderPolicy;
  labels: ViewLabels;
}

/**
 * Owns the rendered Markdown inside one container: sanitized nodes, code-block chrome, and the
 * clicks that load a placeholder image or copy a code block.
 */
export class MarkdownView {
  private source: string | null = null;
  private options: ViewOptions | null = null;

  constructor(private readonly root: HTMLElement) {
    root.addEventListener('click', (event) => this.onClick(event));
  }

  owns(container: HTMLElement): boolean {
    return container === this.root;
  }

  update(source: string, options: ViewOptions): void {
    if (source === this.source && options === this.options) return;
    this.source = source;
    this.options = options;
    const fragment = sanitizeHtml(markdownToHtml(source), options.policy, options.labels);
    decorateCodeBlocks(fragment, options.labels);
    this.root.replaceChildren(fragment);
  }

  private onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target : null;
    const placeholder = target?.closest<HTMLElement>('.image-placeholder');
    if (placeholder && this.root.contains(placeholder)) {
      loadPlaceholder(placeholder);
      return;
    }
    const copy = target?.closest<HTMLButtonElement>('.copy-code');
    if (copy && this.root.contains(copy)) void this.copyCode(copy);
  }

  private async copyCode(button: HTMLButtonElement): Promise<void> {
    const code = button.closest('.code-block')?.querySelector('code')?.textContent ?? '';
    const labels = this.options?.labels;
    try {
      await navigator.clipboard.writeText(code);
      if (labels) showCopied(button, labels);
    } catch {
      /* clipboard refused (permissions, insecure context): the button simply stays as it was */
    }
  }
}

function showCopied(button: HTMLButtonElement, labels: CodeLabels): void {
  const status = button.parentElement?.querySelector('.copy-status');
  button.textContent = labels.copied;
  if (status) status.textContent = labels.copied;
  setTimeout(() => {
    button.textContent = labels.copyCode;
    if (status) status.textContent = '';
  }, 2000);
}

/** `<pre><code class="language-x">` becomes a block with a language label and a copy button. */
export function decorateCodeBlocks(root: DocumentFragment | Element, labels: CodeLabels): void {
  for (const pre of Array.from(root.querySelectorAll('pre'))) {
    if (pre.parentElement?.classList.contains('code-block')) continue;
    const code = pre.querySelector('code');
    const language = /(?:^|\s)language-([\w+#.-]{1,40})/.exec(code?.className ?? '')?.[1] ?? '';
    const block = document.createElement('div');
    block.className = 'code-block';
    block.setAttribute('part', 'code-block');
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
    pre.replaceWith(block);
    pre.tabIndex = 0;
    if (language) pre.setAttribute('data-language', language);
    block.append(header, pre);
  }
}
