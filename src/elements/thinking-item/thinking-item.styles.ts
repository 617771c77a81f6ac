import { css } from 'lit';

export const styles = css`
  .thinking {
    color: var(--dk-thinking-color, var(--_fg-muted));
    font-size: var(--_font-size-small);
  }

  /* The disclosure's own summary only: a fallback's "What was received" keeps its marker. */
  .thinking > summary {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    list-style: none;
    border-radius: calc(var(--_radius) / 2);
    padding: 0.1em 0.3em;
    margin-inline-start: -0.3em;
  }

  .thinking > summary::-webkit-details-marker {
    display: none;
  }

  .thinking > summary:hover {
    color: var(--_fg);
  }

  .markdown {
    margin-top: var(--_space);
    padding-inline-start: calc(var(--_space) * 1.5);
    border-inline-start: 2px solid var(--_border);
  }
`;
