import { Marked, type Links, type MarkedExtension, type MarkedOptions, type Token, type Tokens, type TokensList } from 'marked';

/** One Marked instance for the kit: GFM on, no global state shared with the host's `marked`. */
const parser = new Marked({ gfm: true, breaks: false, async: false });

export type { Links, Token, Tokens, TokensList };

/**
 * Options for one document. marked hangs a tokenizer on the options its lexer is given, pointing
 * back at that lexer and so at the whole token tree, and a renderer pointing at the parser:
 * handed the shared defaults, they would keep the last document alive until the next one.
 */
function documentOptions(): MarkedOptions {
  return { ...parser.defaults };
}

/** Adds syntax (a marked extension) to the kit's Markdown, for text rendered from now on. */
export function extendMarkdown(extension: MarkedExtension): void {
  parser.use(extension);
}

/** Markdown → HTML text (DOM-free). The output is untrusted until sanitized. */
export function markdownToHtml(source: string): string {
  return parser.parse(source, { async: false });
}

/**
 * Top-level block tokens of `source`, lexed with the same options as `markdownToHtml`.
 * `links` seeds the reference definitions of earlier text, so a slice lexed alone resolves
 * `[text][label]` exactly as it would inside the whole document (the first definition wins).
 */
export function lexBlocks(source: string, links: Links = {}): TokensList {
  const lexer = new parser.Lexer(documentOptions());
  Object.assign(lexer.tokens.links, links);
  return lexer.lex(source);
}

/** Block tokens → HTML text; the concatenation of the blocks' HTML, as `markdownToHtml` gives. */
export function renderBlocks(tokens: Token[]): string {
  return parser.parser(tokens, documentOptions());
}

/** Reference definitions by label, with no inherited keys. */
export function noLinks(): Links {
  return Object.create(null) as Links;
}

/** Adds the definitions in `tokens` (nested ones too) as the lexer registers them: first wins. */
export function collectDefinitions(tokens: Token[], links: Links): void {
  for (const token of tokens) {
    if (token.type === 'def') {
      const { tag, href, title } = token as Tokens.Def;
      links[tag] ??= { href, title };
    }
    else if (token.type === 'blockquote') collectDefinitions((token as Tokens.Blockquote).tokens, links);
    else if (token.type === 'list') for (const item of (token as Tokens.List).items) collectDefinitions(item.tokens, links);
  }
}

/** The same definitions, each to the same target with the same title. */
export function sameLinks(a: Links, b: Links): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] !== undefined && a[key].href === b[key].href && a[key].title === b[key].title);
}
