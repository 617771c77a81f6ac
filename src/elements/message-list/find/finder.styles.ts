import { css } from 'lit';

/** The search bar: adopted into the list's shadow root when find first loads. */
export const findStyles = css`
  .find {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    padding: calc(var(--_space) / 2) var(--_space);
    border-bottom: 1px solid var(--_border);
    font-size: var(--_font-size-small);
  }

  .find-input {
    flex: 1 1 8rem;
    min-width: 0;
    font: inherit;
    color: var(--_fg);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) / 2);
    padding: 0.2em 0.5em;
  }

  .find-count {
    color: var(--_fg-muted);
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }

  .find-button {
    display: inline-flex;
    font: inherit;
    color: var(--_fg);
    background: none;
    border: 1px solid transparent;
    border-radius: calc(var(--_radius) / 2);
    padding: 0.3em;
    cursor: pointer;
  }

  .find-button:hover:not(:disabled) {
    border-color: var(--_border);
  }

  .find-button:disabled {
    color: var(--_fg-muted);
    cursor: default;
  }

  .find-button .up {
    transform: rotate(-90deg);
  }

  .find-button .down {
    transform: rotate(90deg);
  }
`;
