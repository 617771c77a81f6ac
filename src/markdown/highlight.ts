import DOMPurify from 'dompurify';
import type { Highlight } from '../highlight/highlight-js.js';

/**
 * The code-highlighting hook: a function that turns code and a language into HTML of
 * `<span class>` tokens. The kit's own (highlight.js, see ../highlight/) colours code out of the
 * box; a host may register another, or none. Its output is untrusted too: only spans with classes
 * survive, and it is used only when its text is exactly the code's text, so a highlighter can
 * colour code but never change what it says.
 */
export type CodeHighlighter = (code: string, language: string) => string | null | Promise<string | null>;

/** The built-in highlighter once its chunk has loaded. */
let loaded: Highlight | null = null;
let loading: Promise<Highlight> | null = null;

/**
 * The kit's highlighter until a host chooses: its first call loads highlight.js (one chunk, so a
 * page that shows no code with a language loads none of it); once loaded it colours at once, so a
 * block redrawn while it streams is never shown plain in between.
 */
const builtIn: CodeHighlighter = (code, language) =>
  loaded ? loaded(code, language) : loadBuiltIn().then((highlight) => highlight(code, language));

function loadBuiltIn(): Promise<Highlight> {
  loading ??= import('../highlight/highlight-js.js').then(
    (module) => (loaded = module.builtInHighlighter()),
    (error: unknown) => {
      loading = null; // a chunk that failed to load is asked for again by the next block
      throw error;
    },
  );
  return loading;
}

let highlighter: CodeHighlighter | null = builtIn;

/**
 * Registers the highlighter for code rendered from now on (register before rendering); `null`
 * leaves code plain.
 */
export function setCodeHighlighter(next: CodeHighlighter | null): void {
  highlighter = next;
}

export function hasHighlighter(): boolean {
  return highlighter !== null;
}

/** Rendering `html` (marked's) colours code: it holds a fenced block with a language, and a highlighter is on. */
export function coloursCode(html: string): boolean {
  return highlighter !== null && html.includes('<code class="language-');
}

const running = new Set<Promise<void>>();

/** Colours one `<code>` element in place, if a highlighter is registered and knows the language. */
export function highlightCode(code: HTMLElement, language: string): Promise<void> {
  return tracked(colour(code, language));
}

/** A colouring to come (or under way): `highlightsSettled` waits for it too. */
export function tracked(run: Promise<void>): Promise<void> {
  running.add(run);
  void run.finally(() => running.delete(run));
  return run;
}

/** Resolves once every colouring started so far has been applied or refused. */
export async function highlightsSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running]);
}

async function colour(code: HTMLElement, language: string): Promise<void> {
  if (!highlighter || !language) return;
  // The view shows the nodes it builds in the same task; a block still in its fragment after
  // that was built only to be compared (a whole render keeps the node shown): not coloured.
  await Promise.resolve();
  if (unshown(code)) return;
  const source = code.textContent ?? '';
  let html: string | null;
  try {
    html = await highlighter(source, language);
  } catch {
    return; // a failing highlighter leaves the code plain
  }
  if (!html || code.textContent !== source) return;
  const tokens = DOMPurify.sanitize(html, { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'], RETURN_DOM_FRAGMENT: true });
  if (tokens.textContent !== source) return;
  code.replaceChildren(tokens);
}

function unshown(node: Node): boolean {
  const root = node.getRootNode();
  return root instanceof DocumentFragment && !(root instanceof ShadowRoot);
}
