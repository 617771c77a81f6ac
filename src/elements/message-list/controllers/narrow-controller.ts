import type { ReactiveController, ReactiveElement } from 'lit';

/** Under this width (rem) a log is narrow: its timestamps' tips hang from their header and wrap in it. */
export const NARROW_REM = 32;

/**
 * Whether the host's log is narrow: its content box under `NARROW_REM` wide (the host renders
 * again when that changes). A container query told this before, but it made the log a size
 * container, whose width never comes from its content: in any box sized by what it holds (a
 * dialog, an inline-block, a flex row, an absolutely placed box) the list was 0 px wide, a line
 * of text 1,600 px tall.
 */
export class NarrowController implements ReactiveController {
  narrow = false;
  private observer: ResizeObserver | null = null;

  constructor(
    private readonly host: ReactiveElement,
    private readonly selector: string,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.observe();
  }

  hostUpdated(): void {
    this.observe();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
    this.observer = null;
  }

  private observe(): void {
    if (this.observer || typeof ResizeObserver === 'undefined') return;
    const log = this.host.renderRoot?.querySelector(this.selector);
    if (!log) return;
    // Its callback comes after layout and before paint: the render it asks for is in that frame.
    this.observer = new ResizeObserver(([entry]) => {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
      const narrow = entry.contentRect.width < NARROW_REM * rem;
      if (narrow === this.narrow) return;
      this.narrow = narrow;
      this.host.requestUpdate();
    });
    this.observer.observe(log);
  }
}
