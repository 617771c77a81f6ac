/** Elements a caret cannot sit inside of (or should not: a placeholder's button). */
const ATOMIC = new Set(['BR', 'HR', 'IMG', 'INPUT', 'WBR', 'BUTTON']);

/** The caret goes at the end of the last text: inside the last paragraph, item, cell or code. */
export function appendCaret(fragment: DocumentFragment): void {
  caretHolder(fragment).append(caret());
}

/** The caret a streaming text's unfinished tail ends in (it is drawn by the styles, not read out). */
function caret(): HTMLElement {
  const caret = document.createElement('span');
  caret.className = 'caret';
  caret.setAttribute('part', 'caret');
  caret.setAttribute('aria-hidden', 'true');
  return caret;
}

/** The innermost last element of `fragment` that a caret may sit in (the fragment itself if none). */
function caretHolder(fragment: DocumentFragment): ParentNode {
  let container: ParentNode = fragment;
  for (;;) {
    let last = container.lastChild;
    // Skip the newlines marked puts between tags.
    while (last?.nodeType === Node.TEXT_NODE && !last.textContent?.trim()) last = last.previousSibling;
    if (!(last instanceof Element) || ATOMIC.has(last.tagName)) break;
    container = last;
  }
  return container;
}

/**
 * A fresh caret where the shown one was, once text grew in place before it: a caret that moved
 * counts as a layout shift (a page's CLS grew with every chunk), a new one does not.
 */
export function renewCaret(nodes: readonly ChildNode[]): void {
  // Inside a block only: a caret that is a block of its own does not move, and is the view's to replace.
  const blocks = nodes.filter((node): node is Element => node instanceof Element);
  blocks[blocks.length - 1]?.querySelector('.caret')?.replaceWith(caret());
}
