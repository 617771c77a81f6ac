import { safeLink, setLink, type RenderPolicy } from './sanitize.js';

/**
 * Citation markers inside rendered Markdown. The text's owner inserts a token where each marker
 * goes (`markerToken`); the tokens go through Markdown and sanitizing as plain text, and the view
 * then turns each into a marker element. Tokens use private-use characters, so no Markdown
 * construct reads them, and the owner's space before one keeps emphasis just before it closed.
 */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const TOKEN = /\s?\uE000(\d{1,6})\uE001/g;

/** One marker: what its number stands for, as the owner describes it. */
export interface CitationMarker {
  number: number;
  /** The accessible name: "Source 1: Title (host)". */
  label: string;
  /** What hovering or focusing it shows: title, host, cited passage. */
  tip: string;
  url: string | null;
}

/**
 * The markers of one text, by token id, and what puts them in place of their tokens. The view
 * calls it and imports none of it, so this code loads only once a text cites. One object for as
 * long as the markers read the same: the view renders whole when it changes.
 */
export class CitationMarkers {
  constructor(readonly list: readonly CitationMarker[]) {}

  /** Turns every token in `root` into its marker element; tokens that reached an attribute are removed. */
  place(root: DocumentFragment | Element, policy: RenderPolicy): void {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const holders: Text[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.nodeValue?.includes(OPEN)) holders.push(node as Text);
    }
    for (const text of holders) replaceTokens(text, this.list, policy);
    stripFromAttributes(root);
  }
}

export function markerToken(id: number): string {
  return ` ${OPEN}${id}${CLOSE}`;
}

/** Inside these a marker would read as code, nest a link in a link, or be drawn as math: it goes after them. */
const HOSTILE_PARENTS = 'pre, code, a, .math, .code-block';

function replaceTokens(text: Text, markers: readonly CitationMarker[], policy: RenderPolicy): void {
  const value = text.nodeValue ?? '';
  const outside = outermost(text, HOSTILE_PARENTS);
  const pieces: Array<string | Node> = [];
  const moved: Node[] = [];
  let from = 0;
  for (const match of value.matchAll(TOKEN)) {
    pieces.push(value.slice(from, match.index));
    from = match.index + match[0].length;
    const marker = markers[Number(match[1])];
    if (!marker) continue;
    const element = markerElement(marker, Number(match[1]), policy);
    if (outside) moved.push(element);
    else pieces.push(element);
  }
  pieces.push(value.slice(from));
  text.replaceWith(...pieces.filter((piece) => piece !== ''));
  outside?.after(...moved);
}

/** The outermost ancestor of `node` matching `selector` (a code block, not the code inside it). */
function outermost(node: Node, selector: string): Element | null {
  let found: Element | null = null;
  for (let element = node.parentElement; element; element = element.parentElement) {
    if (element.matches(selector)) found = element;
  }
  return found;
}

function stripFromAttributes(root: DocumentFragment | Element): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      if (attribute.value.includes(OPEN)) element.setAttribute(attribute.name, attribute.value.replace(TOKEN, ''));
    }
  }
}

/**
 * A small numbered marker: a link to the source when its address passes the URL policy, else a
 * focusable note; named "Source 1: …" (its number is its visible text), described by its tip,
 * which shows beside it on hover and focus.
 */
function markerElement(marker: CitationMarker, id: number, policy: RenderPolicy): HTMLElement {
  const link = marker.url !== null ? safeLink(marker.url, policy) : null;
  const wrapper = document.createElement('span');
  wrapper.className = 'cite';
  wrapper.setAttribute('part', 'citation');
  const target = document.createElement(link ? 'a' : 'span');
  target.className = 'cite-number';
  target.textContent = String(marker.number);
  target.setAttribute('aria-label', marker.label);
  target.setAttribute('aria-describedby', `dk-cite-${id}`);
  if (link) {
    setLink(target, link);
  } else {
    target.tabIndex = 0;
    target.setAttribute('role', 'note');
  }
  const tip = document.createElement('span');
  tip.className = 'cite-tip';
  tip.id = `dk-cite-${id}`;
  tip.setAttribute('role', 'tooltip');
  tip.textContent = marker.tip;
  wrapper.append(target, tip);
  return wrapper;
}
