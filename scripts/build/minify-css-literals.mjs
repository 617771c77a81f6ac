/**
 * A build plugin that minifies the CSS inside Lit's `css` tagged templates (the element
 * styles): comments go, white space collapses, and none is kept next to `{ } ; , >`. Bundlers
 * minify JavaScript but leave template text as written, and the styles are about a tenth of
 * the kit. A space after a colon goes too (never meaningful: a selector's pseudo-class has none
 * after its colon). Quoted strings and `${…}` interpolations are kept exactly as they are.
 */
/** A `css` template to its closing backquote: one escaped in it (a comment's \`code\`) does not close it. */
const CSS_LITERAL = /\bcss`((?:[^`\\]|\\.)*)`/g;
/** What is kept as written: a quoted string or an interpolation. */
const KEPT_SOURCE = String.raw`'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|\$\{[^}]*\}`;
const KEPT = new RegExp(`(${KEPT_SOURCE})`);
/**
 * Comments are found in the same scan as what is kept, so that an apostrophe in a comment ("the
 * reader's") does not open a string, and comment markers inside a string stay.
 */
const COMMENT_OR_KEPT = new RegExp(String.raw`/\*[\s\S]*?\*/|${KEPT_SOURCE}`, 'g');

export function minifyCss(text) {
  const uncommented = text.replace(COMMENT_OR_KEPT, (piece) => (piece.startsWith('/*') ? ' ' : piece));
  // Splitting on a capturing pattern leaves the kept pieces at the odd indices.
  return uncommented
    .split(KEPT)
    .map((piece, index) => (index % 2 ? piece : squeeze(piece)))
    .join('')
    .trim();
}

function squeeze(css) {
  return css
    .replace(/\s+/g, ' ')
    .replace(/ ?([{};,>]) ?/g, '$1')
    .replace(/: /g, ':')
    .replace(/;}/g, '}');
}

export function minifyCssLiterals() {
  return {
    name: 'minify-css-literals',
    transform(code, id) {
      if (!/\.styles\.ts$/.test(id)) return null;
      return { code: code.replace(CSS_LITERAL, (_, body) => `css\`${minifyCss(body)}\``), map: null };
    },
  };
}
