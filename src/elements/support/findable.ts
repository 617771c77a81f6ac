import type { FindField } from '../../model/find.js';

/**
 * What an item element offers the list's find. The list searches its model (every message,
 * mounted or not: `findInConversation`), then asks the element that shows a match where the
 * match's field shows and to show it. It never reads an item's shadow DOM by class names or
 * parts of its own: an item's template may change as it likes while these answers stay true.
 */
export interface Findable {
  /** The item the element shows: the list finds an entry's element by it. */
  readonly item: unknown;

  /**
   * Makes the item ready to be searched, and resolves once it has rendered so:
   * - a field: wakes the item (a lazy item's Markdown is plain text) and opens what hides the
   *   field (collapsed reasoning; a call's details, and its default body under a host's view);
   * - `'subagent'`: opens what hides the turns slotted into the item (a call's details), no more;
   * - nothing: wakes the item, no more (find highlights the matches around the current one).
   */
  prepareFind(what?: FindField | 'subagent'): Promise<void>;

  /**
   * Where `field` shows, in reading order; empty while it is not rendered (a closed call's
   * arguments) or when the element has no such field.
   */
  findRegions(field: FindField): readonly FindRegion[];

  /** Opens what hides `node` (inside one of the item's regions) in the item: a folded JSON node. */
  revealFind(node: Node): void;
}

/** Where a field shows: an element whose text find reads, less what in it is not the item's content. */
export interface FindRegion {
  /** Its text, through its descendants (not into shadow roots), is searched. */
  root: Element;
  /** A selector for what inside `root` is not searched: buttons, words only for screen readers, … */
  skip: string;
}

/** An element find can ask: one of the kit's items, or any element that answers as they do. */
export type FindableElement = HTMLElement & Findable;

/** Whether `node` is an element that answers find (`Findable`). */
export function isFindable(node: unknown): node is FindableElement {
  if (!(node instanceof HTMLElement)) return false;
  const { findRegions, prepareFind, revealFind } = node as Partial<Findable>;
  return typeof findRegions === 'function' && typeof prepareFind === 'function' && typeof revealFind === 'function';
}

/**
 * What is never an item's content: buttons, words only for screen readers, what assistive
 * technology skips, a folded JSON node's count ("3 keys").
 */
export const NOT_CONTENT = 'button, .visually-hidden, [aria-hidden="true"], style, script, .j-fold';

/** What is not an item's content in rendered Markdown: that, a code block's header, and the streaming caret. */
export const NOT_MARKDOWN_CONTENT = `${NOT_CONTENT}, .code-header, .caret`;

/** The elements under `root` matching `selector`, as regions that skip `skip`; none without a selector. */
export function regionsIn(root: ParentNode | null | undefined, selector: string | undefined, skip: string): FindRegion[] {
  return root && selector ? Array.from(root.querySelectorAll(selector), (element) => ({ root: element, skip })) : [];
}

/**
 * Opens every `<details>` from `node` up to `stop` (the item, for what the item renders), or up
 * to the document (a tool group around an item), through shadow roots.
 */
export function openDetailsUpTo(node: Node, stop: Node | null = null): void {
  for (let at: Node | null = node; at && at !== stop; at = at.parentNode ?? (at as ShadowRoot).host ?? null) {
    if (at instanceof HTMLDetailsElement && !at.open) at.open = true;
  }
}

/** The element in `article` (in its light DOM: a sub-agent's turns too) that shows `item`: the list hands each its item. */
export function itemElement(article: HTMLElement, item: unknown): FindableElement | null {
  const walker = document.createTreeWalker(article, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (isFindable(node) && node.item === item) return node;
  return null;
}

/**
 * Opens the calls in `article` that hold what is to be shown, outermost first: the details around
 * each, and what hides the turns slotted into it. Resolves to their elements, or null when one of
 * them is not shown.
 */
export async function openCalls(article: HTMLElement, calls: readonly unknown[]): Promise<FindableElement[] | null> {
  const opened: FindableElement[] = [];
  for (const call of calls) {
    const element = itemElement(article, call);
    if (!element) return null;
    openDetailsUpTo(element);
    await element.prepareFind('subagent');
    opened.push(element);
  }
  return opened;
}
