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
    background: var(--_surface-raised);
    border-radius: calc(var(--_radius) / 2);
    padding: var(--_space);
    overflow-x: auto;
    max-height: 28rem;
    overflow-y: auto;
  }

  .j-node {
    display: inline;
  }

  .j-node > summary {
    display: inline;
    cursor: pointer;
    list-style: none;
    border-radius: 0.2em;
  }

  .j-node > summary::-webkit-details-marker {
    display: none;
  }

  .j-node > summary::before {
    content: '▸';
    display: inline-block;
    width: 1em;
    color: var(--_fg-muted);
  }

  .j-node[open] > summary::before {
    content: '▾';
  }

  .j-count {
    color: var(--_fg-muted);
    font-style: italic;
    margin-inline-start: 0.3em;
  }

  .j-node[open] > summary :is(.j-count, .j-end) {
    display: none;
  }

  .j-children {
    list-style: none;
    margin: 0;
    padding-inline-start: 1.5em;
  }

  /* The root's closing brace under its opening one, past the toggle's 1em (a nested one closes under its key). */
  .json-tree > .j-node > .j-close {
    padding-inline-start: 1em;
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
