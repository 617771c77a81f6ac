import { deepQueryAll, settle } from '../helpers.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';

/** What rendered input must never become, wherever it landed. */
const FORBIDDEN_TAGS = ['script', 'iframe', 'object', 'embed', 'form', 'meta', 'base', 'frame', 'portal', 'link', 'svg', 'math'];
const URL_ATTRIBUTES = ['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'srcset', 'ping'];
const DANGEROUS_URL = /^\s*(javascript|vbscript|data|file):/i;

/** Every payload calls `window.__xss(id)` if it ever runs. */
export const calls: unknown[] = [];
(window as unknown as { __xss: (id: unknown) => void }).__xss = (id) => calls.push(id);

/** Opens every disclosure so that every body renders too. */
export async function openEverything(el: MessageList): Promise<void> {
  for (let round = 0; round < 3; round++) {
    for (const node of deepQueryAll<HTMLElement & { open?: boolean }>(el, 'thinking-item, tool-call-item')) node.open = true;
    for (const details of deepQueryAll<HTMLDetailsElement>(el, 'details')) details.open = true;
    await settle(el);
  }
}

export function violations(el: Element): string[] {
  const found: string[] = [];
  for (const node of deepQueryAll(el, '*')) {
    const tag = node.localName;
    if (FORBIDDEN_TAGS.includes(tag) && !isKitIcon(node) && !isKitDrawing(node)) found.push(`<${tag}>`);
    for (const attr of Array.from(node.attributes)) {
      if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
      if (URL_ATTRIBUTES.includes(attr.name) && DANGEROUS_URL.test(attr.value) && !isHostRasterImage(node, attr)) {
        found.push(`${tag}[${attr.name}=${attr.value.slice(0, 40)}]`);
      }
      if (attr.name === 'style' && /url\(|expression/i.test(attr.value)) found.push(`${tag}[style]`);
    }
    if (tag === 'style' && /url\(\s*['"]?(?!#)|@import|expression/i.test(node.textContent ?? '')) found.push('<style> loading from elsewhere');
  }
  return found;
}

/** The kit's own inline icons are SVG; anything else SVG came from input. */
function isKitIcon(node: Element): boolean {
  return node.localName === 'svg' && node.getAttribute('part') === 'icon' && node.getAttribute('aria-hidden') === 'true';
}

/**
 * What the optional renderers drew from input, after their own sanitizing: KaTeX's MathML and
 * SVG inside a formula, Mermaid's SVG inside a diagram. Never a link or a foreign object.
 */
function isKitDrawing(node: Element): boolean {
  if (node.closest('foreignObject, a')) return false;
  return (node.localName === 'math' || node.localName === 'svg') && node.closest('.math, .diagram-view') !== null;
}

/** A host-written image row may be a raster data: URL; that is allowed, and only that. */
function isHostRasterImage(node: Element, attr: Attr): boolean {
  return node.localName === 'img' && attr.name === 'src' && /^data:image\/(png|jpeg|gif|webp)[;,]/i.test(attr.value);
}
