import assert from 'node:assert/strict';
import { test } from 'node:test';
import { minifyCss, minifyCssLiterals } from '../../scripts/build/minify-css-literals.mjs';

test('drops comments, even with an apostrophe in them', () => {
  const css = `
    /* the reader's own message */
    .user {
      color: red; /* it's the host's */
      margin: 0;
    }
  `;
  assert.equal(minifyCss(css), '.user{color:red;margin:0}');
});

test('keeps strings and interpolations as written, comment markers and all', () => {
  const css = `
    .a::before { content: ' /* not a comment */ '; }
    .b::after { content: "it's"; }
    \${unsafeCSS(x)} .c { font-family: 'A  B', sans-serif; }
  `;
  assert.equal(
    minifyCss(css),
    `.a::before{content:' /* not a comment */ '}.b::after{content:"it's"}\${unsafeCSS(x)} .c{font-family:'A  B',sans-serif}`,
  );
});

test('minifies a whole literal past a backquote escaped in its comment', () => {
  const source = "export const styles = css`\n  /* the host's \\`display: block\\` */\n  .frame {\n    height: 100%;\n  }\n  .log { margin: 0; }\n`;";
  const { code } = minifyCssLiterals().transform(source, 'list.styles.ts');
  assert.equal(code, 'export const styles = css`.frame{height:100%}.log{margin:0}`;');
});
