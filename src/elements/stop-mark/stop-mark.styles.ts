import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    /* Holds its text kept for screen readers (see item.styles.ts). */
    position: relative;
  }

  /*
   * Icon, wording and the action on the first line; the category, explanation and disclosure
   * under the wording. The action comes last for assistive technology but stays on the first line.
   */
  .mark {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: baseline;
    gap: 0.25em 0.5em;
    margin: 0;
    padding: calc(var(--_space) * 0.75) var(--_space);
    border-radius: calc(var(--_radius) / 2);
    color: var(--_fg);
    font-family: var(--_font);
    font-size: var(--_font-size-small);
    line-height: 1.4;
    border-inline-start: 3px solid var(--_color);
    background: var(--dk-stop-mark-background, var(--_background));
  }

  /*
   * Each severity's colour and background: --dk-stop-mark-* for every mark, else the severity's
   * own token, else the kit's.
   */
  /* The reader's own cancel: one muted line, no box; they know what they did. */
  .quiet {
    --_color: var(--dk-stop-mark-color, var(--dk-stop-quiet-color, var(--_fg-muted)));
    --_background: var(--dk-stop-quiet-background, none);
    padding-inline: 0;
    border-inline-start: 0;
    color: var(--_fg-muted);
  }

  .notice {
    --_color: var(--dk-stop-mark-color, var(--dk-stop-notice-color, var(--_warning)));
    --_background: var(--dk-stop-notice-background, var(--_warning-bg));
  }

  .error {
    --_color: var(--dk-stop-mark-color, var(--dk-stop-error-color, var(--_danger)));
    --_background: var(--dk-stop-error-background, var(--_danger-bg));
  }

  /* A refusal is no fault of the reader's or the app's: neutral, set apart by its border and shield. */
  .refusal {
    --_color: var(--dk-stop-mark-color, var(--dk-stop-refusal-color, var(--_fg)));
    --_background: var(--dk-stop-refusal-background, var(--_surface-raised));
    border: 1px solid var(--_border);
    border-inline-start: 3px solid var(--_color);
  }

  /* Beside the wording's first line (line height 1.4), however many lines the wording takes. */
  .icon {
    grid-area: 1 / 1;
    width: 1em;
    height: 1em;
    align-self: flex-start;
    margin-block-start: 0.2em;
    color: var(--_color);
  }

  /* Wraps in its own column beside the icon, rather than dropping under it on a narrow page. */
  .label {
    grid-area: 1 / 2;
    font-weight: 600;
  }

  .quiet .label {
    font-weight: normal;
  }

  .details,
  .more {
    grid-column: 2 / -1;
  }

  .details {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25em 0.5em;
  }

  .category {
    font-weight: 600;
  }

  .refusal .category {
    font-weight: normal;
    padding: 0 0.5em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
  }

  .explanation {
    overflow-wrap: anywhere;
  }

  .refusal .explanation {
    font-style: italic;
  }

  .action {
    grid-area: 1 / 3;
    align-self: center;
    font: inherit;
    font-weight: 600;
    color: var(--_fg);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    padding: 0.1em 0.75em;
    cursor: pointer;
  }

  .action:hover {
    border-color: var(--_color);
  }

  .action[aria-disabled='true'] {
    cursor: default;
    opacity: 0.6;
  }

  .more summary {
    width: fit-content;
    cursor: pointer;
    color: var(--_fg-muted);
  }

  .more dl {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 0.25em 0.75em;
    margin: 0.25em 0 0;
  }

  .more dt {
    color: var(--_fg-muted);
  }

  .more dd {
    margin: 0;
    min-width: 0;
  }

  .more code,
  .more pre {
    font-family: var(--_font-mono);
    overflow-wrap: anywhere;
  }

  .more pre {
    margin: 0;
    white-space: pre-wrap;
    direction: ltr;
    text-align: start;
  }

  /* System colours: the severity still shows in the icon (and the box), never in a fixed hue. */
  @media (forced-colors: active) {
    .mark {
      border-color: CanvasText;
    }

    .icon {
      color: CanvasText;
    }

    .action {
      color: ButtonText;
      background: ButtonFace;
      border-color: ButtonText;
    }
  }
`;
