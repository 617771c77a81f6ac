/**
 * The two ways a streamed tail's new text goes into the nodes already shown instead of replacing
 * them; the view tries them in this order.
 *
 * `growLastText` compares marked's HTML, before any sanitizing: it costs no sanitized fragment,
 * and takes the usual chunk (characters added to the last text). `patchText` compares sanitized
 * nodes, so it costs a fragment, and takes what the first cannot see: a text with citation
 * markers, a source tail holding `<` or another character reference, characters added to a text
 * that was blank (the space after `**bold** `), a chunk that leaves the HTML as it was, and the
 * first update after a whole render (no HTML recorded to compare with).
 */

/**
 * Where `html` is `shownHtml` with characters added inside its last non-blank text, and `nodes`
 * show that text in their last non-blank text node, puts the new text there and returns true;
 * else returns false, untouched.
 */
export function growLastText(nodes: readonly ChildNode[], shownHtml: string, html: string): boolean {
  const grown = grownLastText(shownHtml, html);
  const node = grown && lastText(nodes);
  if (!grown || !node || node.data !== grown.before) return false;
  node.data = grown.after;
  return true;
}

/**
 * Where the new tail differs from the shown one only in its texts (the usual chunk: a few more
 * characters in the last paragraph or code block), changes those texts in place and returns
 * true: the browser then lays out and paints one line, not a rebuilt block. Anything else
 * (another element, attribute or child) returns false untouched, and the tail is replaced.
 */
export function patchText(shown: ChildNode[], fresh: DocumentFragment): boolean {
  const next = fresh.childNodes;
  if (shown.length !== next.length || !shown.every((node, i) => sameShape(node, next[i]))) return false;
  shown.forEach((node, i) => copyText(node, next[i]));
  return true;
}

/**
 * Where `next` is `previous` with characters added inside its last non-blank text (no tag among
 * them, and no character reference but the five marked writes), that text before and after;
 * else null. Markup written by marked alone (the source holds no `<`) has `<` and `>` only
 * around tags.
 */
function grownLastText(previous: string, next: string): { before: string; after: string } | null {
  const added = next.length - previous.length;
  if (added <= 0) return null;
  let at = 0;
  while (at < previous.length && previous.charCodeAt(at) === next.charCodeAt(at)) at++;
  if (previous.slice(at) !== next.slice(at + added)) return null;
  const start = previous.lastIndexOf('>', at - 1) + 1;
  if (previous.lastIndexOf('<', at - 1) >= start) return null;
  const tag = previous.indexOf('<', at);
  const end = tag === -1 ? previous.length : tag;
  const run = next.slice(start, end + added);
  if (/[<>\0]/.test(run) || next.slice(end + added).replace(/<[^>]*>/g, '').trim()) return null;
  const before = textOfRun(previous.slice(start, end));
  const after = textOfRun(run);
  return before?.trim() && after !== null ? { before, after } : null;
}

const ESCAPES = /&(?:amp|lt|gt|quot|#39);/g;
const ESCAPED: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The characters a run of HTML text shows, if its only references are marked's escapes. */
function textOfRun(run: string): string | null {
  if (run.replace(ESCAPES, '').includes('&')) return null;
  return run.replace(ESCAPES, (reference) => ESCAPED[reference]);
}

/** The last text node with more than white space in it. */
function lastText(nodes: readonly Node[]): Text | null {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const node = nodes[i];
    if (node instanceof Text) {
      if (node.data.trim()) return node;
    } else {
      const found = lastText(Array.from(node.childNodes));
      if (found) return found;
    }
  }
  return null;
}

function sameShape(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (!(a instanceof Element)) return true;
  const other = b as Element;
  if (a.attributes.length !== other.attributes.length) return false;
  for (const { name, value } of a.attributes) if (other.getAttribute(name) !== value) return false;
  const children = a.childNodes;
  const others = other.childNodes;
  if (children.length !== others.length) return false;
  for (let i = 0; i < children.length; i++) if (!sameShape(children[i], others[i])) return false;
  return true;
}

function copyText(shown: Node, fresh: Node): void {
  if (shown instanceof CharacterData) {
    if (shown.data !== (fresh as CharacterData).data) shown.data = (fresh as CharacterData).data;
    return;
  }
  const children = shown.childNodes;
  for (let i = 0; i < children.length; i++) copyText(children[i], fresh.childNodes[i]);
}
