import { css } from 'lit';
import { codeStyles } from './code.styles.js';
import { blockedStyles } from './blocked.styles.js';

/** Rendered Markdown: prose, tables, code blocks, task lists, blocked links and images. */
export const markdownStyles = css`
  .markdown {
    overflow-wrap: anywhere;
  }

  /* Each line takes its direction from its own text, as the blocks rendered later do (sanitize.ts). */
  .markdown.plain-source {
    white-space: pre-wrap;
    unicode-bidi: plaintext;
  }

  /* Code reads left to right in any page and any paragraph; inline, it is a unit of its own. */
  .markdown :is(pre, code) {
    direction: ltr;
    unicode-bidi: isolate;
  }

  /* A run of a long answer's blocks (see markdown/runs.ts): a paint layer of its own. */
  .markdown > .run {
    position: relative;
  }

  .markdown :is(p, ul, ol, blockquote, table, .code-block, h1, h2, h3, h4, h5, h6) {
    margin: 0 0 calc(var(--_space) * 1.5);
  }

  /*
   * After the blocks' margins, which match as specifically (":is()" takes its class): the text's
   * edges sit on its box's padding, not 12 px inside it.
   */
  .markdown > :first-child {
    margin-top: 0;
  }

  .markdown > :last-child,
  .markdown > .run:last-child > :last-child {
    margin-bottom: 0;
  }

  .markdown :is(h1, h2, h3, h4, h5, h6) {
    line-height: 1.25;
  }

  .markdown h1 { font-size: 1.5em; }
  .markdown h2 { font-size: 1.3em; }
  .markdown h3 { font-size: 1.15em; }
  .markdown :is(h4, h5, h6) { font-size: 1em; }

  .markdown a {
    color: var(--_accent);
  }

  .markdown :not(pre) > code {
    background: var(--_surface-raised);
    border: 1px solid var(--_border);
    border-radius: 0.3em;
    padding: 0.05em 0.3em;
  }

  .markdown blockquote {
    border-inline-start: 0.25em solid var(--_border);
    padding-inline-start: calc(var(--_space) * 1.5);
    color: var(--_fg-muted);
  }

  /* At its natural width (see markdown/wide.ts): a dense table scrolls, it does not squeeze. */
  .markdown table {
    border-collapse: collapse;
    width: max-content;
  }

  /* Inside: a box as wide as the list would have its ring cut off by the list's scroll edge. */
  .table-scroll:focus-visible {
    outline-offset: -2px;
  }

  .markdown :is(th, td) {
    border: 1px solid var(--_border);
    padding: 0.3em 0.6em;
    /* Words stay whole; a cell of prose wraps at a readable measure instead of running on. */
    overflow-wrap: normal;
    max-width: 20em;
  }

  .markdown th {
    background: var(--_surface-raised);
  }

  .markdown li:has(> .task) {
    list-style: none;
  }

  .task {
    display: inline-block;
    width: 0.9em;
    height: 0.9em;
    margin-inline: -1.3em 0.4em;
    vertical-align: -0.1em;
    border: 1.5px solid var(--_fg-muted);
    border-radius: 0.2em;
    box-sizing: border-box;
  }

  /* A tick in the box, not a filled square (which read as a stop icon). */
  .task.done {
    position: relative;
    background: var(--_success);
    border-color: var(--_success);
  }

  .task.done::after {
    content: '';
    position: absolute;
    inset: 8% 32% 26%;
    border: solid var(--_surface);
    border-width: 0 0.13em 0.13em 0;
    transform: rotate(45deg);
  }

  .markdown img {
    max-width: 100%;
    height: auto;
  }

  .markdown hr {
    border: 0;
    border-top: 1px solid var(--_border);
  }

  .code-block {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--dk-code-background, var(--_surface-raised));
    /* Clips to the rounded corners without being a scroll container (each one costs every frame). */
    overflow: clip;
  }

  .code-header {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    padding: calc(var(--_space) / 2) var(--_space);
    border-bottom: 1px solid var(--_border);
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
  }

  .code-block pre {
    margin: 0;
    padding: var(--_space);
  }

  .copy-status {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }

  ${blockedStyles}

  /* An image that could not be loaded is no danger: a quiet frame where it would have been. */
  .broken-image {
    display: inline-block;
    text-decoration: none;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    padding: calc(var(--_space) * 0.5) var(--_space);
  }

  .broken-image .blocked-note {
    color: var(--_fg-muted);
  }

  /* A citation marker: a small raised number; its tip shows on hover and focus. */
  .cite {
    position: relative;
    display: inline-block;
    margin-inline: 0.1em;
    vertical-align: super;
    line-height: 1;
    font-size: 0.72em;
  }

  .cite-number {
    color: var(--_accent);
    text-decoration: none;
    display: inline-block;
    min-width: 1.3em;
    padding: 0.12em 0.25em;
    box-sizing: border-box;
    text-align: center;
    border-radius: 0.6em;
    background: var(--_surface-raised);
    border: 1px solid var(--_border);
  }

  .cite-number:is(:hover, :focus-visible) {
    border-color: currentColor;
  }

  /*
   * Over its own border, not around it: the marker sits between words a few pixels apart, and the
   * usual ring, 2px out, covered the full stop before it.
   */
  .cite-number:focus-visible {
    outline-offset: -1px;
  }

  /* Below its marker, clear of the message's label; above only where there is no room (tip-placement.ts). */
  .cite-tip {
    display: none;
    position: absolute;
    z-index: 2;
    inset-block-start: calc(100% + 0.4em);
    inset-inline-start: 0;
    width: max-content;
    max-width: min(22rem, 70vw);
    padding: calc(var(--_space) * 0.75) var(--_space);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface);
    color: var(--_fg);
    box-shadow:
      0 0.1em 0.25em light-dark(rgb(0 0 0 / 0.12), rgb(0 0 0 / 0.5)),
      0 0.4em 1.2em light-dark(rgb(0 0 0 / 0.18), rgb(0 0 0 / 0.6));
    font-size: var(--_font-size-small);
    line-height: var(--_line-height);
    text-align: start;
    white-space: normal;
    vertical-align: baseline;
  }

  .cite-tip[data-above] {
    inset-block: auto calc(100% + 0.4em);
  }

  :is(.cite, .source):is(:hover, :focus-within) > .cite-tip {
    display: block;
  }

  /*
   * The caret while text streams in: a soft block that blinks unless motion is reduced. Like a
   * text cursor while one types, it holds still while text arrives and blinks once the text has
   * stood still a second (the view marks its container data-still then): a blinking caret is
   * restyled on every frame.
   */
  .caret {
    display: inline-block;
    width: 0.5em;
    height: 1em;
    margin-inline-start: 0.1em;
    vertical-align: -0.15em;
    border-radius: 0.1em;
    background: var(--dk-caret-color, var(--_accent));
  }

  @media (prefers-reduced-motion: no-preference) {
    [data-still] .caret {
      animation: dk-blink 1s step-end infinite;
    }
  }

  /*
   * Dimmed, never hidden: a still of a streaming text (a screenshot, a glance) shows where it
   * ends in either phase, and a paused blink (at its start) shows it whole.
   */
  @keyframes dk-blink {
    50% {
      opacity: 0.4;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .caret {
      opacity: 0.6;
    }
  }

  /* Forced colours drop backgrounds: the caret keeps its block in the text colour. */
  @media (forced-colors: active) {
    .caret {
      forced-color-adjust: none;
      background: CanvasText;
    }
  }

  ${codeStyles}
`;
