import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
    /* Holds its text kept for screen readers (see item.styles.ts). */
    position: relative;
  }

  .mark {
    --_color: var(--dk-stop-mark-color, var(--_warning));
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25em 0.5em;
    margin: 0;
    padding: calc(var(--_space) * 0.75) var(--_space);
    border-inline-start: 3px solid var(--_color);
    border-radius: calc(var(--_radius) / 2);
    background: var(--dk-stop-mark-background, var(--_warning-bg));
    color: var(--_fg);
    font-family: var(--_font);
    font-size: var(--_font-size-small);
    line-height: 1.4;
  }

  /* Beside the wording's first line (line height 1.4), however many lines the wording takes. */
  .icon {
    flex: none;
    width: 1em;
    height: 1em;
    align-self: flex-start;
    margin-block-start: 0.2em;
    color: var(--_color);
  }

  /* Wraps in its own column beside the icon, rather than dropping under it on a narrow page. */
  .label {
    flex: 1 1 0;
    font-weight: 600;
  }

  /* The provider's details on a line of their own, under the wording, not run on after it. */
  .details {
    flex-basis: 100%;
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25em 0.5em;
    padding-inline-start: 1.5em;
    color: var(--_fg);
  }

  .category {
    font-weight: 600;
    padding: 0 0.4em;
    border: 1px solid var(--_color);
    border-radius: 999px;
  }

  .explanation {
    font-style: italic;
  }

  .details code {
    font-family: var(--_font-mono);
    overflow-wrap: anywhere;
  }
`;
