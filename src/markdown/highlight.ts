import DOMPurify from 'dompurify';

/**
 * The code-highlighting hook. The core ships no highlighter: a host (or the optional
 * `display-kit/highlight` entry) registers one that turns code and a language into HTML of
 * `<span class>` tokens. Its output is untrusted too: only spans with classes survive, and it is
 * used only when its text is exactly the code's text, so a highlighter can colour code but never
 * change what it says.
 */
export type CodeHighlighter = (code: string, language: string) => string | null | Promise<string | null>;

let highlighter: CodeHighlighter | null = null;

/** Registers the highlighter for code rendered from now on (register before rendering). */
export function setCodeHighlighter(next: CodeHighlighter | null): void {
  highlighter = next;
}

export function hasHighlighter(): boolean {
  return highlighter !== null;
}

/** Colours one `<code>` element in place, if a highlighter is registered and knows the language. */
export async function highlightCode(code: HTMLElement, language: string): Promise<void> {
  if (!highlighter || !language) return;
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
