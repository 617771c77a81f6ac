/** Room kept between a tip and the viewport's edge, in CSS pixels. */
const EDGE = 8;

/**
 * Keeps a citation's tip inside the viewport when it shows. A tip is anchored at its marker's
 * start, so a marker near the end of a line on a narrow page would push it past the edge (and
 * out of reach: the page cannot scroll to a tip that shows on hover). Tips show on hover and
 * focus, so this listens to `pointerover` and `focusin`; it moves the tip by a `translate`
 * through the CSSOM, which a strict `style-src` allows.
 */
export function keepTipInView(event: Event): void {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const tip = target.closest('.cite, .source')?.querySelector(':scope > .cite-tip');
  if (!(tip instanceof HTMLElement)) return;
  tip.style.removeProperty('translate');
  // An engine may match `:hover` only after the event: then the tip shows by the next frame.
  if (!place(tip)) requestAnimationFrame(() => place(tip));
}

/** Moves a shown tip into view; false while it does not show. */
function place(tip: HTMLElement): boolean {
  const box = tip.getBoundingClientRect();
  if (box.width === 0) return false;
  const shift = shiftIntoView(box.left, box.right, document.documentElement.clientWidth);
  if (shift !== 0) tip.style.setProperty('translate', `${shift}px 0`);
  return true;
}

/** How far a box spanning `left`–`right` must move to sit within `width` (a tip is narrower). */
function shiftIntoView(left: number, right: number, width: number): number {
  if (left < EDGE) return EDGE - left;
  return Math.min(0, width - EDGE - right);
}
