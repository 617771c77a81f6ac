import { css } from 'lit';

export const styles = css`
  .result {
    font-size: var(--_font-size-small);
  }

  .header {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.4em;
    margin: 0 0 calc(var(--_space) / 2);
    color: var(--_fg-muted);
  }

  .copy {
    margin-inline-start: auto;
  }

  .name {
    font-weight: 600;
    color: var(--_fg);
  }

  .badge {
    border: 1px solid currentColor;
    border-radius: 999px;
    padding: 0 0.5em;
    font-size: 0.85em;
  }

  .badge.error,
  .badge.declined {
    color: var(--_danger);
  }

  .badge.waiting {
    color: var(--_warning);
  }

  .badge.approved {
    color: var(--_success);
  }

  .content {
    margin: 0;
    padding: var(--_space);
    max-height: 24rem;
    overflow: auto;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
    /* A text result's lines each take their direction from their own text (a log, a quote in Arabic). */
    unicode-bidi: plaintext;
    background: var(--dk-tool-result-background, var(--_surface-raised));
    border-radius: calc(var(--_radius) / 2);
  }

  .empty {
    margin: 0;
    color: var(--_fg-muted);
    font-size: var(--_font-size-small);
  }

  .content.tree {
    padding: 0;
    background: none;
    max-height: none;
    overflow: visible;
  }

  /* A JSON result is a tree in the result's box: the result's token paints it, else the trees' own. */
  .content.tree > .json-tree {
    background: var(--dk-tool-result-background, var(--dk-json-background, var(--_surface-raised)));
  }

  .content + .action {
    margin-top: calc(var(--_space) / 2);
  }

  .result.error .content {
    background: var(--_danger-bg);
    border-inline-start: 3px solid var(--_danger);
  }

  .result.error .header .icon {
    color: var(--_danger);
  }

  .result.waiting .content {
    border-inline-start: 3px solid var(--_warning);
    font-style: italic;
  }

  @media (forced-colors: active) {
    .result:is(.error, .waiting, .ok) .header > .icon,
    .result .header > .badge {
      color: inherit;
    }
  }
`;
