/**
 * The two ways a streamed tail's new text goes into the nodes already shown instead of replacing
 * them; the view tries them in this order.
 *
 * `growLastText` compares marked's HTML, before any sanitizing: it costs no sanitized fragment,
 * and takes the usual chunk (characters added to the last text). `patchTail` compares sanitized
 * nodes, so it costs a fragment, and takes the rest: a text with citation markers, a source tail
 * holding `<` or another character reference, characters added to a text that was blank (the
 * space after `**bold** `), a chunk that leaves the HTML as it was, the first update after a whole
 * render (no HTML recorded to compare with), and a chunk that adds or changes elements inside the
 * last block (a new list item, an inline `code`).
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
 * Turns the shown tail into `fresh` (the same tail, sanitized anew) by changing only what
 * differs: texts change in place, an element with the same name and attributes is kept and its
 * children are gone through the same way, and only the nodes that differ are replaced, added or
 * removed. A new item at the end of a long list then adds one item, not the list again: the
 * browser lays out and paints that item, and a reader's selection in the others stays. Returns
 * false, untouched, when the top-level nodes differ (another block, an attribute of one): the
 * view replaces those itself, in its runs.
 */
export function patchTail(shown: readonly ChildNode[], fresh: DocumentFragment): boolean {
  const next = Array.from(fresh.childNodes);
  if (shown.length !== next.length || !shown.every((node, i) => sameNode(node, next[i]))) return false;
  shown.forEach((node, i) => patchNode(node, next[i]));
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

/** Same kind of node; for elements, the same name and attributes (their children may differ). */
function sameNode(a: Node, b: Node): boolean {
  if (a.nodeType !== b.nodeType || a.nodeName !== b.nodeName) return false;
  if (!(a instanceof Element)) return true;
  const other = b as Element;
  if (a.attributes.length !== other.attributes.length) return false;
  for (const { name, value } of a.attributes) if (other.getAttribute(name) !== value) return false;
  return true;
}

/** `shown` made equal to `fresh`, which `sameNode` matched to it; `fresh`'s children that differ move over. */
function patchNode(shown: Node, fresh: Node): void {
  if (shown instanceof CharacterData) {
    if (shown.data !== (fresh as CharacterData).data) shown.data = (fresh as CharacterData).data;
    return;
  }
  const old = Array.from(shown.childNodes);
  const next = Array.from(fresh.childNodes);
  next.forEach((node, i) => {
    const current = old[i];
    if (!current) shown.appendChild(node);
    else if (sameNode(current, node)) patchNode(current, node);
    else current.replaceWith(node);
  });
  for (const extra of old.slice(next.length)) extra.remove();
}
