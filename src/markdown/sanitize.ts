import DOMPurify, { type Config } from 'dompurify';
import { checkLink, checkModelImage, DEFAULT_LINK_SCHEMES } from './url-policy.js';

/** The words markdown output needs; they come from the strings table. */
export interface MarkdownLabels {
  blockedLink: string;
  blockedImage: string;
  /** Beside an image that could not be loaded (its address is wrong, or the host is down). */
  brokenImage: string;
  loadImage: (host: string) => string;
  taskDone: string;
  taskOpen: string;
}

export interface RenderPolicy {
  /** Link schemes that may be followed (default: http, https, mailto, tel; relative always). */
  linkSchemes?: readonly string[];
  /** `target` for external links (default `_blank`). */
  linkTarget?: string;
  /** Origins whose images load without a click; `'*'` for all. */
  imageOrigins?: readonly string[] | '*';
}

const FORBIDDEN_TAGS = [
  'style', 'form', 'button', 'select', 'textarea', 'option', 'audio', 'video', 'source', 'track',
  'picture', 'iframe', 'frame', 'object', 'embed', 'base', 'meta', 'link', 'template', 'dialog',
  'svg', 'math', 'area', 'map',
];

/**
 * A refused link's address, swapped in while DOMPurify runs: DOMPurify would drop the href
 * silently, and the reader should see that a link was there and was blocked.
 */
const BLOCKED_HREF = '#dk-blocked-link';

/**
 * Top-level blocks take their direction from their own text (`dir="auto"`), unless the HTML gave
 * one: an answer in Arabic in an English page reads right to left, and so does a quote in Hebrew
 * in an English answer. Lists, quotes and tables as a whole, so that their markers, bars and
 * columns follow; not the paragraphs in them, whose own `dir` would hide their text from the
 * list's or quote's choice.
 */
const OWN_DIRECTION = /^(P|H[1-6]|UL|OL|DL|BLOCKQUOTE|TABLE)$/;

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: ['style', 'srcset', 'ping', 'action', 'formaction', 'background', 'poster'],
  ALLOW_DATA_ATTR: false,
  ADD_URI_SAFE_ATTR: ['href'],
  RETURN_DOM_FRAGMENT: true,
};

/** Where an image's address waits until the reader (or an allowlist) lets it load. */
export const PENDING_SRC = 'data-dk-src';

let purifier: ReturnType<typeof DOMPurify> | null = null;
/** The `href` of the anchor whose attributes DOMPurify is sanitizing, as it came in (calls are synchronous). */
let hrefBefore: string | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // Parsed once: a config passed to every sanitize() call is parsed again each time, which
  // costs more than sanitizing a streaming tail.
  purifier.setConfig(CONFIG);
  // Our URL policy is the one authority on links (`applyUrlPolicy`): it keeps what it allows
  // (custom schemes included) and marks what it refuses, instead of DOMPurify's silent removal.
  // So `href` is URI-safe to DOMPurify, whose other checks of a value still apply: a link they
  // take the address from is marked blocked here. (An `uponSanitizeAttribute` hook would make
  // DOMPurify copy its whole attribute allowlist on every call, a sixth of its time.)
  purifier.addHook('beforeSanitizeAttributes', (node) => {
    hrefBefore = node.nodeName === 'A' ? node.getAttribute('href') : null;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    // DOMPurify parses into a body: its children are the top-level blocks.
    if (node.parentNode?.nodeName === 'BODY' && OWN_DIRECTION.test(node.nodeName) && !node.hasAttribute('dir')) {
      node.setAttribute('dir', 'auto');
    }
    if (node.nodeName !== 'A') node.removeAttribute('href');
    else if (hrefBefore !== null && !node.hasAttribute('href')) node.setAttribute('href', BLOCKED_HREF);
    if (node.nodeName === 'IMG') {
      // Runs inside DOMPurify's inert document: an image never gets a live `src` before our policy.
      const src = node.getAttribute('src');
      node.removeAttribute('src');
      if (src !== null) node.setAttribute(PENDING_SRC, src);
    }
  });
  return purifier;
}

/** Sanitized HTML as a fragment of live nodes, parsed once (no string round trip). */
export function sanitizeHtml(html: string, policy: RenderPolicy, labels: MarkdownLabels): DocumentFragment {
  const fragment = getPurifier().sanitize(html) as unknown as DocumentFragment;
  applyUrlPolicy(fragment, policy, labels);
  return fragment;
}

function applyUrlPolicy(root: DocumentFragment, policy: RenderPolicy, labels: MarkdownLabels): void {
  for (const anchor of Array.from(root.querySelectorAll('a'))) secureLink(anchor, policy, labels);
  for (const image of Array.from(root.querySelectorAll('img'))) secureImage(image, policy, labels);
  for (const box of Array.from(root.querySelectorAll('input'))) {
    if (box.type === 'checkbox') box.replaceWith(taskMarker(box.checked, labels));
    else box.remove();
  }
}

/** Where a link from model output may go: its address, and for an external one `rel` and `target`. */
export interface SafeLink {
  href: string;
  rel: string | null;
  target: string | null;
}

/** The link `url` makes under `policy`, or null when the policy refuses it. */
export function safeLink(url: string, policy: RenderPolicy): SafeLink | null {
  const verdict = checkLink(url, policy.linkSchemes ?? DEFAULT_LINK_SCHEMES);
  if (!verdict.safe) return null;
  return verdict.external
    ? { href: verdict.href, rel: 'noopener noreferrer', target: policy.linkTarget ?? '_blank' }
    : { href: verdict.href, rel: null, target: null };
}

/** Points `anchor` where `link` goes, with the `rel` and `target` an external link needs. */
export function setLink(anchor: HTMLElement, link: SafeLink): void {
  anchor.setAttribute('href', link.href);
  if (link.rel !== null && link.target !== null) {
    anchor.setAttribute('rel', link.rel);
    anchor.setAttribute('target', link.target);
  } else {
    anchor.removeAttribute('target');
  }
}

function secureLink(anchor: HTMLAnchorElement, policy: RenderPolicy, labels: MarkdownLabels): void {
  const href = anchor.getAttribute('href');
  if (href === null) return;
  const link = href === BLOCKED_HREF ? null : safeLink(href, policy);
  if (link) setLink(anchor, link);
  else anchor.replaceWith(blockedMarker(Array.from(anchor.childNodes), labels.blockedLink));
}

/** A task-list box as a read-only marker: a form control here would be unlabelled and inert. */
function taskMarker(checked: boolean, labels: MarkdownLabels): HTMLElement {
  const marker = document.createElement('span');
  marker.className = checked ? 'task done' : 'task';
  marker.setAttribute('role', 'img');
  marker.setAttribute('aria-label', checked ? labels.taskDone : labels.taskOpen);
  return marker;
}

/** What stays of a refused link or image: its text, plainly, and a small visible note. */
function blockedMarker(content: Array<Node | string>, note: string): HTMLElement {
  const span = document.createElement('span');
  span.className = 'blocked';
  span.setAttribute('part', 'blocked');
  span.append(...content);
  const marker = document.createElement('small');
  marker.className = 'blocked-note';
  marker.textContent = note;
  span.append(' ', marker);
  return span;
}

function secureImage(image: HTMLImageElement, policy: RenderPolicy, labels: MarkdownLabels): void {
  const verdict = checkModelImage(image.getAttribute(PENDING_SRC), policy.imageOrigins ?? []);
  const alt = image.getAttribute('alt') ?? '';
  if (verdict.action === 'load') {
    image.removeAttribute(PENDING_SRC);
    image.setAttribute('loading', 'lazy');
    image.setAttribute('referrerpolicy', 'no-referrer');
    image.setAttribute('src', verdict.src);
    return;
  }
  image.replaceWith(
    verdict.action === 'ask'
      ? imagePlaceholder(alt, verdict.src, labels.loadImage(verdict.host))
      : blockedMarker([alt], labels.blockedImage),
  );
}

function imagePlaceholder(alt: string, src: string, action: string): HTMLElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'image-placeholder';
  button.setAttribute('part', 'image-placeholder');
  button.setAttribute(PENDING_SRC, src);
  button.setAttribute('data-dk-alt', alt);
  const label = document.createElement('span');
  label.className = 'image-alt';
  label.textContent = alt;
  const note = document.createElement('span');
  note.className = 'image-action';
  note.textContent = action;
  button.append(label, note);
  return button;
}

/**
 * What stays of an image that could not be loaded: its alt text, as a link to the image where
 * the link policy allows one (a reader can try it), and a small note, instead of a blank gap.
 */
export function brokenImageMarker(image: HTMLImageElement, policy: RenderPolicy, labels: MarkdownLabels): HTMLElement {
  const alt = image.getAttribute('alt') ?? '';
  const src = image.getAttribute('src') ?? '';
  // Inline data is no address to follow: the link policy refuses it.
  const link = safeLink(src, policy);
  let shown: Node | string = alt;
  if (link) {
    const anchor = document.createElement('a');
    setLink(anchor, link);
    anchor.textContent = alt || link.href;
    shown = anchor;
  }
  const marker = blockedMarker([shown], labels.brokenImage);
  marker.classList.add('broken-image');
  marker.setAttribute('part', 'broken-image');
  return marker;
}

/** Turns a clicked placeholder into the image it stands for. */
export function loadPlaceholder(button: HTMLElement): HTMLImageElement | null {
  const src = button.getAttribute(PENDING_SRC);
  if (!src) return null;
  const image = document.createElement('img');
  image.alt = button.getAttribute('data-dk-alt') ?? '';
  image.referrerPolicy = 'no-referrer';
  image.src = src;
  button.replaceWith(image);
  return image;
}
