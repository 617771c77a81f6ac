import { Marked } from 'marked';

/** One Marked instance for the kit: GFM on, no global state shared with the host's `marked`. */
const parser = new Marked({ gfm: true, breaks: false, async: false });

/** Markdown → HTML text (DOM-free). The output is untrusted until sanitized. */
export function markdownToHtml(source: string): string {
  return parser.parse(source, { async: false }) as string;
}
