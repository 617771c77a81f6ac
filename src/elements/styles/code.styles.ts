import { css } from 'lit';

/** Part of the Markdown styles (./markdown.styles.ts): wide content's scroll box and edges, and code's colours. */
export const codeStyles = css`
  /*
   * Wide content (a table, a code block's lines, a diagram, a formula) scrolls sideways in a box
   * of its own, with a shadow on each edge where more of it continues. Where the scroll position
   * can drive an animation (Chromium, WebKit) it sizes the shadows, on any page; elsewhere covers
   * that scroll with the content hide each shadow at its end (the "scroll shadows" of
   * background-attachment: local), painted in the page colour the kit assumes (--dk-color-surface)
   * with the box's own tint over it.
   */
  :is(.table-scroll, .code-block pre, .diagram-view, .math-display) {
    --_shade: color-mix(in srgb, var(--_fg) 35%, transparent);
    --_tint: transparent;
    overflow-x: auto;
    background:
      linear-gradient(to right, var(--_tint) 50%, transparent) left / 2em 100% no-repeat local,
      linear-gradient(to left, var(--_tint) 50%, transparent) right / 2em 100% no-repeat local,
      linear-gradient(to right, var(--_surface) 50%, transparent) left / 2em 100% no-repeat local,
      linear-gradient(to left, var(--_surface) 50%, transparent) right / 2em 100% no-repeat local,
      radial-gradient(farthest-side at 0 50%, var(--_shade), transparent) left / 1em 100% no-repeat,
      radial-gradient(farthest-side at 100% 50%, var(--_shade), transparent) right / 1em 100% no-repeat;
  }

  .code-block pre {
    --_tint: var(--dk-code-background, var(--_surface-raised));
  }

  @supports (animation-timeline: scroll()) {
    :is(.table-scroll, .code-block pre, .diagram-view, .math-display) {
      background:
        radial-gradient(farthest-side at 0 50%, var(--_shade), transparent) left / 0 100% no-repeat,
        radial-gradient(farthest-side at 100% 50%, var(--_shade), transparent) right / 0 100% no-repeat;
      animation: dk-scroll-edges linear both;
      animation-timeline: scroll(self inline);
    }

    /* Right to left, a box's scroll starts at its right edge. */
    :is(.table-scroll, .diagram-view, .math-display):dir(rtl) {
      animation-direction: reverse;
    }
  }

  /* Not scrollable: the timeline is inactive and no shadow shows. */
  @keyframes dk-scroll-edges {
    from { background-size: 0 100%, 1em 100%; }
    3%, 97% { background-size: 1em 100%, 1em 100%; }
    to { background-size: 1em 100%, 0 100%; }
  }

  /*
   * Code colours (highlight.js's class names), one token a role, each with a light and a dark
   * default that keeps 4.5:1 on the code block's background (GitHub's palette).
   */
  .code-block :is(.hljs-keyword, .hljs-selector-tag, .hljs-meta .hljs-keyword, .hljs-variable.language_) {
    color: var(--dk-code-keyword-color, light-dark(#cf222e, #ff7b72));
  }

  .code-block :is(.hljs-string, .hljs-regexp, .hljs-meta .hljs-string) {
    color: var(--dk-code-string-color, light-dark(#0a3069, #a5d6ff));
  }

  .code-block :is(.hljs-number, .hljs-literal, .hljs-symbol, .hljs-variable, .hljs-template-variable, .hljs-attr, .hljs-attribute, .hljs-property, .hljs-selector-attr, .hljs-selector-class, .hljs-selector-id) {
    color: var(--dk-code-number-color, light-dark(#0550ae, #79c0ff));
  }

  .code-block :is(.hljs-title, .hljs-section, .hljs-selector-pseudo) {
    color: var(--dk-code-title-color, light-dark(#8250df, #d2a8ff));
  }

  .code-block :is(.hljs-type, .hljs-built_in, .hljs-title.class_, .hljs-meta) {
    color: var(--dk-code-type-color, light-dark(#953800, #ffa657));
  }

  .code-block :is(.hljs-name, .hljs-tag, .hljs-addition, .hljs-bullet) {
    color: var(--dk-code-inserted-color, light-dark(#116329, #7ee787));
  }

  .code-block .hljs-deletion {
    color: var(--dk-code-deleted-color, light-dark(#82071e, #ffa198));
  }

  .code-block :is(.hljs-comment, .hljs-quote, .hljs-doctag) {
    color: var(--dk-code-comment-color, var(--_fg-muted));
    font-style: italic;
  }

  /* Forced colours: code is plain text in the system's colour (the italics of comments stay). */
  @media (forced-colors: active) {
    .code-block [class*='hljs-'] {
      color: CanvasText;
    }
  }
`;
