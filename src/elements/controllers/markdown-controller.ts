import type { ReactiveController, ReactiveElement } from 'lit';
import { ContentCopyEvent } from '../../events.js';
import { MarkdownView, type ViewOptions } from '../../markdown/view.js';
import { showCopied } from '../../markdown/code-blocks.js';
import { CopyController } from './copy-controller.js';

/** What the host wants shown in its Markdown container after this update. */
interface Wanted {
  source: string;
  options: ViewOptions;
  /** More text is coming: render at most once a frame, with a caret. */
  streaming: boolean;
  /** Not parsed yet (the host is dormant): the source as plain, findable text. */
  plain: boolean;
}

/**
 * Renders Markdown into a container the host's template leaves empty (found by `selector` in
 * its render root): the view owns that container's children, so no Lit binding may live inside
 * it. Code blocks copy through the host's clipboard controller, so their "Copied" feedback ends
 * with the host.
 */
export class MarkdownController implements ReactiveController {
  private view: MarkdownView | null = null;
  private wanted: Wanted | null = null;
  /** The code block the reader copied last, and the one whose button says "Copied" now. */
  private copiedButton: HTMLButtonElement | null = null;
  private shownButton: HTMLButtonElement | null = null;

  constructor(
    private readonly host: ReactiveElement,
    private readonly clipboard: CopyController,
    private readonly selector = '.markdown',
  ) {
    host.addController(this);
  }

  /** Call while rendering the container; it is filled once the update is done. */
  show(source: string, options: ViewOptions, { streaming = false, plain = false } = {}): void {
    this.wanted = { source, options, streaming: streaming && !plain, plain };
  }

  hostUpdated(): void {
    const wanted = this.wanted;
    const container = wanted && this.host.renderRoot.querySelector<HTMLElement>(this.selector);
    this.wanted = null;
    if (container && wanted) this.render(container, wanted);
    this.syncCopied();
  }

  /**
   * Resolves once the text is drawn: a text handed over again is drawn in a frame of its own. (A
   * hidden page draws no frames: there it resolves at once, and the text is drawn on return.)
   */
  drawn(): Promise<void> {
    if (!this.view || document.visibilityState === 'hidden') return Promise.resolve();
    return this.view.whenDrawn();
  }

  hostDisconnected(): void {
    // No frame stays booked for a host that left: what was scheduled is drawn now.
    this.view?.flush();
  }

  private render(container: HTMLElement, wanted: Wanted): void {
    // A server's plain copy of the text stands beside the container until the browser draws it.
    if (!this.view) container.parentElement?.querySelector(':scope > .server-text')?.remove();
    if (wanted.plain) {
      renderPlainText(container, wanted.source);
      return;
    }
    if (!this.view || !this.view.owns(container)) {
      container.replaceChildren();
      container.classList.remove('plain-source');
      this.view = new MarkdownView(container, (code, button) => this.copy(code, button));
    }
    // The first text is drawn with the element, in the frame that shows it. A text drawn once and
    // handed over again is being written, streaming flag or not: it is drawn at most once a
    // frame, whatever a host hands over in between.
    const stream = { streaming: wanted.streaming };
    if (this.view.drawn) this.view.schedule(wanted.source, wanted.options, stream);
    else this.view.update(wanted.source, wanted.options, stream);
  }

  private copy(code: string, button: HTMLButtonElement): void {
    void this.clipboard.copy(code, () => {
      this.copiedButton = button;
      return new ContentCopyEvent('code', code);
    }, CODE);
  }

  private syncCopied(): void {
    const button = this.clipboard.copiedKey === CODE ? this.copiedButton : null;
    const labels = this.view?.labels;
    if (button === this.shownButton || !labels) return;
    if (this.shownButton) showCopied(this.shownButton, false, labels);
    if (button) showCopied(button, true, labels);
    this.shownButton = button;
  }
}

const CODE = 'code';

/** Markdown source shown as it is, until it is parsed: readable and findable, never run. */
function renderPlainText(container: HTMLElement, source: string): void {
  if (container.textContent === source) return;
  container.textContent = source;
  container.classList.add('plain-source');
}
