/** Room kept between a tip and the edge of what shows it, in CSS pixels. */
const EDGE = 8;

/**
 * Keeps a citation's tip inside the viewport, and inside the list that scrolls it, when it shows.
 * A tip is anchored at its marker's start, so a marker near the end of a line on a narrow page
 * would push it past the edge (and out of reach: the page cannot scroll to a tip that shows on
 * hover). Tips show on hover and focus, so this listens to `pointerover` and `focusin`; it moves
 * the tip by a `translate` (and narrows it) through the CSSOM, which a strict `style-src` allows.
 */
export function keepTipInView(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const tip = target.closest('.cite, .source')?.querySelector(':scope > .cite-tip');
  if (!(tip instanceof HTMLElement)) return;
  tip.style.removeProperty('translate');
  tip.style.removeProperty('max-width');
  // An engine may match `:hover` only after the event: then the tip shows by the next frame.
  if (!place(tip)) requestAnimationFrame(() => place(tip));
}

/** Moves a shown tip into view, narrowed to fit where it must; false while it does not show. */
function place(tip: HTMLElement): boolean {
  let box = tip.getBoundingClientRect();
  if (box.width === 0) return false;
  const span = visibleSpan(tip);
  const room = span[1] - span[0] - 2 * EDGE;
  if (box.width > room) {
    const frame = box.width - parseFloat(getComputedStyle(tip).width);
    tip.style.setProperty('max-width', `${Math.max(room - frame, 0)}px`);
    box = tip.getBoundingClientRect();
  }
  const shift = shiftIntoView(box.left, box.right, span);
  if (shift !== 0) tip.style.setProperty('translate', `${shift}px 0`);
  return true;
}

/**
 * The part of the viewport's width that the tip's scrolling ancestors leave visible: in a list,
 * its log cuts off what overflows it (across shadow roots, up to the page).
 */
function visibleSpan(tip: Element): [number, number] {
  let left = 0;
  let right = document.documentElement.clientWidth;
  for (let node: Element | undefined = tip; (node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host); ) {
    if (getComputedStyle(node).overflowX === 'visible') continue;
    const start = node.getBoundingClientRect().left + node.clientLeft;
    left = Math.max(left, start);
    right = Math.min(right, start + node.clientWidth);
  }
  return [left, right];
}

/** How far a box spanning `left`–`right` must move to sit within `span` (a tip is narrower). */
function shiftIntoView(left: number, right: number, [start, end]: [number, number]): number {
  if (left < start + EDGE) return start + EDGE - left;
  return Math.min(0, end - EDGE - right);
}
