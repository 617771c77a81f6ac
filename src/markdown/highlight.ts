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

const running = new Set<Promise<void>>();

/** Colours one `<code>` element in place, if a highlighter is registered and knows the language. */
export function highlightCode(code: HTMLElement, language: string): Promise<void> {
  const run = colour(code, language);
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
