import { css } from 'lit';

/**
 * What the URL policy held back, wherever model or tool output shows it: a remote image behind
 * its placeholder (its alt text and "Load image"), a refused link or image marked blocked.
 */
export const blockedStyles = css`
  .image-placeholder {
    display: inline-flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.2em;
    padding: var(--_space);
    border-style: dashed;
  }

  .image-action {
    color: var(--_fg-muted);
  }

  /* Longhands: WebKit drops a text-decoration shorthand that names more than the line. */
  .blocked {
    text-decoration-line: underline;
    text-decoration-style: dotted;
    text-decoration-color: var(--_danger);
  }

  .blocked-note {
    color: var(--_danger);
    font-size: var(--_font-size-small);
  }
`;
