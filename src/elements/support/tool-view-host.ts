import { render } from 'lit';
import type { ToolView, ToolViewContext, ViewRequest } from './tool-views.js';

interface Shown {
  container: HTMLElement;
  view: ToolView;
  context: ToolViewContext | null;
}

/**
 * Shows host views in containers of `parent`'s light DOM (`<div slot="…">`), which the kit's
 * templates slot into the call. There they are the page's own content: none of the kit's styles
 * reach them, the page's stylesheets do (a React component's CSS, Tailwind), and they inherit
 * text colour, font and the `--dk-*` properties from where they show. A container lives as long
 * as its call is shown, so a view keeps its DOM (and its state) through status changes, upserts
 * and streaming; a function view is rendered again with Lit, which updates a template in place.
 */
export class ToolViewHost {
  private readonly shown = new Map<string, Shown>();

  constructor(
    private readonly parent: HTMLElement,
    private readonly failed: (detail: string) => string,
  ) {}

  /** Shows exactly these views; containers of calls no longer asked for are removed. */
  sync(requests: Iterable<ViewRequest>): void {
    const wanted = new Set<string>();
    for (const request of requests) {
      wanted.add(request.slot);
      this.show(request);
    }
    for (const [slot, shown] of this.shown) {
      if (wanted.has(slot)) continue;
      shown.container.remove();
      this.shown.delete(slot);
    }
  }

  private show({ slot, view, context }: ViewRequest): void {
    let shown = this.shown.get(slot);
    // A function made anew on each of the host's renders is still the same view: only a change
    // between a function and a tag starts the container afresh (a tag's element is swapped below).
    if (shown && typeof shown.view !== typeof view) {
      shown.container.remove();
      shown = undefined;
    }
    if (!shown) {
      const container = document.createElement('div');
      container.slot = slot;
      container.dataset.dkToolView = context.call.name;
      shown = { container, view, context: null };
      this.shown.set(slot, shown);
    }
    // A container put back in place keeps its DOM; one a framework took out comes back.
    if (shown.container.parentNode !== this.parent) this.parent.append(shown.container);
    if (shown.view === view && sameContext(shown.context, context)) return;
    shown.view = view;
    shown.context = context;
    try {
      if (typeof view === 'string') showElement(shown.container, view, context);
      else render(view(context), shown.container);
    } catch (error) {
      shown.context = null;
      render(this.failed(error instanceof Error ? error.message : String(error)), shown.container);
    }
  }
}

/** The custom element named `tag`, made once per call, given the call as it changes. */
function showElement(container: HTMLElement, tag: string, context: ToolViewContext): void {
  let element = container.firstElementChild as (HTMLElement & Partial<ToolViewContext>) | null;
  if (!element || element.localName !== tag.toLowerCase()) {
    element = document.createElement(tag);
    container.replaceChildren(element);
  }
  element.call = context.call;
  element.result = context.result;
  element.status = context.status;
}

function sameContext(a: ToolViewContext | null, b: ToolViewContext): boolean {
  return a !== null && a.call === b.call && a.result === b.result && a.status === b.status;
}
