import { css } from 'lit';

export const jsonTreeStyles = css`
  .json-tree {
    /* Containers that keep a text's line breaks (a tool result) must not show the template's. */
    white-space: normal;
    /* Left to right in any page, as JSON reads (see .json). */
    direction: ltr;
    font-family: var(--_font-mono);
    font-size: 0.9em;
    line-height: 1.5;
    background: var(--dk-json-background, var(--_surface-raised));
    border-radius: calc(var(--_radius) / 2);
    padding: var(--_space);
    /*
     * Every line starts after a gutter as wide as a toggle: a fold's toggle sits in it, at the
     * start of the line it opens, and the entries under it are indented by one step.
     */
    --_j-gutter: 1.2em;
    padding-inline-start: calc(var(--_space) + var(--_j-gutter));
    overflow-x: auto;
    max-height: 28rem;
    overflow-y: auto;
  }

  .j-line {
    display: block;
  }

  .j-node > summary {
    display: block;
    cursor: pointer;
    list-style: none;
    border-radius: 0.2em;
  }

  .j-node > summary::-webkit-details-marker {
    display: none;
  }

  .j-node > summary:hover {
    background: color-mix(in srgb, currentColor 6%, transparent);
  }

  .j-node > summary::before {
    content: '▸';
    display: inline-block;
    width: var(--_j-gutter);
    margin-inline-start: calc(-1 * var(--_j-gutter));
    text-align: center;
    color: var(--_fg-muted);
  }

  .j-node[open] > summary::before {
    content: '▾';
  }

  /* Folded, the opening line says what it holds and closes; open, the lines under it do. */
  .j-node[open] > summary > .j-fold {
    display: none;
  }

  .j-count {
    color: var(--_fg-muted);
    font-family: var(--_font);
    font-style: italic;
  }

  .j-children {
    list-style: none;
    margin: 0;
    padding-inline-start: var(--_j-gutter);
  }

  .j-key {
    color: var(--dk-json-key-color, var(--_fg));
    font-weight: 600;
  }

  .j-string {
    color: var(--dk-json-string-color, light-dark(#0a3069, #a5d6ff));
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .j-number {
    color: var(--dk-json-number-color, light-dark(#0550ae, #79c0ff));
  }

  .j-boolean {
    color: var(--dk-json-boolean-color, light-dark(#8250df, #d2a8ff));
  }

  .j-null {
    color: var(--_fg-muted);
    font-style: italic;
  }

  .j-punct {
    color: var(--_fg-muted);
  }

  .more,
  .action {
    font: inherit;
    font-family: var(--_font);
    font-size: var(--_font-size-small);
    color: var(--_accent);
    background: none;
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    padding: 0 0.5em;
    cursor: pointer;
  }
`;
