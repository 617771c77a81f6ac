import { css } from 'lit';

/** Layout and chrome common to the item elements (fallback, disclosure summaries). */
export const itemStyles = css`
  :host {
    display: block;
    /*
     * Holds what the item positions absolutely (text kept for screen readers, tips). Placed
     * against an ancestor outside the host's own scroller, a code block's hidden status
     * stretched the page by that scroller's whole height.
     */
    position: relative;
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: var(--_line-height);
    color: var(--_fg);
  }

  /* The items' small bordered buttons: copy code, load an image, a call's approval choices. */
  :is(.copy-code, .image-placeholder, .choice) {
    font: inherit;
    font-size: var(--_font-size-small);
    color: var(--_fg);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    padding: 0.1em 0.6em;
    cursor: pointer;
  }

  .icon {
    flex: none;
    width: 1em;
    height: 1em;
    vertical-align: -0.15em;
  }

  /* One quiet line that says an item could not be shown; what went wrong and what came behind it. */
  .fallback {
    border-inline-start: 3px solid var(--_warning);
    padding: 0.2em var(--_space);
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
  }

  .fallback summary {
    width: fit-content;
  }

  .fallback-icon {
    margin-inline-end: 0.4em;
    color: var(--_warning);
  }

  @media (forced-colors: active) {
    .fallback-icon {
      color: inherit;
    }
  }

  .fallback-body {
    padding-block: calc(var(--_space) / 2);
    color: var(--_fg);
  }

  .fallback p {
    margin: 0 0 calc(var(--_space) / 2);
    overflow-wrap: anywhere;
  }

  .fallback-received {
    color: var(--_fg-muted);
  }

  .fallback pre,
  .json {
    /* JSON reads left to right in any page: in a right-to-left one its braces came out mirrored. */
    direction: ltr;
    margin: var(--_space) 0 0;
    max-height: 20rem;
    overflow: auto;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    background: var(--dk-json-background, var(--_surface-raised));
    border-radius: calc(var(--_radius) / 2);
    padding: var(--_space);
  }

  .duplicate-note {
    display: flex;
    gap: var(--_space);
    align-items: center;
    margin: calc(var(--_space) / 2) 0 0;
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
  }

  summary {
    cursor: pointer;
  }

  .stop-mark {
    margin-top: var(--_space);
  }
`;
