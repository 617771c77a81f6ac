/** Room kept between a tip and the edge of what shows it, in CSS pixels. */
const EDGE = 8;

/**
 * Keeps a citation's tip inside the viewport, and inside the list that scrolls it, when it shows.
 * A tip is anchored at its marker's start, so a marker near the end of a line on a narrow page
 * would push it past the edge (and out of reach: the page cannot scroll to a tip that shows on
 * hover). Tips show on hover and focus, so this listens to `pointerover` and `focusin`; it moves
 * the tip by a `translate` (and narrows it) through the CSSOM, which a strict `style-src` allows.
 * A tip shows below its marker, clear of the message's label above; only where there is no room
 * below and more above (the last line of a list) does it flip above (`data-above`).
 */
export function keepTipInView(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const tip = target.closest('.cite, .source')?.querySelector(':scope > .cite-tip');
  if (!(tip instanceof HTMLElement)) return;
  tip.style.removeProperty('translate');
  tip.style.removeProperty('max-width');
  tip.removeAttribute('data-above');
  // An engine may match `:hover` only after the event: then the tip shows by the next frame.
  if (!place(tip)) requestAnimationFrame(() => place(tip));
}

/** Moves a shown tip into view, narrowed to fit where it must; false while it does not show. */
function place(tip: HTMLElement): boolean {
  let box = tip.getBoundingClientRect();
  if (box.width === 0) return false;
  const visible = visibleBox(tip);
  const room = visible.right - visible.left - 2 * EDGE;
  if (box.width > room) {
    const frame = box.width - parseFloat(getComputedStyle(tip).width);
    tip.style.setProperty('max-width', `${Math.max(room - frame, 0)}px`);
    box = tip.getBoundingClientRect();
  }
  const shift = shiftIntoView(box.left, box.right, [visible.left, visible.right]);
  if (shift !== 0) tip.style.setProperty('translate', `${shift}px 0`);
  flipIfNoRoomBelow(tip, box, visible);
  return true;
}

/** Above its marker when the tip would end past the visible bottom and the marker has more room above. */
function flipIfNoRoomBelow(tip: HTMLElement, box: DOMRect, visible: Visible): void {
  if (box.bottom <= visible.bottom - EDGE) return;
  const marker = tip.parentElement!.getBoundingClientRect();
  if (marker.top - visible.top > visible.bottom - marker.bottom) tip.setAttribute('data-above', '');
}

interface Visible {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * The part of the viewport that the tip's scrolling ancestors leave visible: in a list, its log
 * cuts off what overflows it (across shadow roots, up to the page).
 */
function visibleBox(tip: Element): Visible {
  const visible = { left: 0, right: document.documentElement.clientWidth, top: 0, bottom: document.documentElement.clientHeight };
  for (let node: Element | undefined = tip; (node = node.parentElement ?? (node.getRootNode() as ShadowRoot).host); ) {
    const { overflowX, overflowY } = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    if (overflowX !== 'visible') {
      visible.left = Math.max(visible.left, box.left + node.clientLeft);
      visible.right = Math.min(visible.right, box.left + node.clientLeft + node.clientWidth);
    }
    if (overflowY !== 'visible') {
      visible.top = Math.max(visible.top, box.top + node.clientTop);
      visible.bottom = Math.min(visible.bottom, box.top + node.clientTop + node.clientHeight);
    }
  }
  return visible;
}

/** How far a box spanning `left`–`right` must move to sit within `span` (a tip is narrower). */
function shiftIntoView(left: number, right: number, [start, end]: [number, number]): number {
  if (left < start + EDGE) return start + EDGE - left;
  return Math.min(0, end - EDGE - right);
}
