import { css } from 'lit';

export const styles = css`
  :host {
    display: block;
  }

  .list {
    display: flex;
    flex-direction: column;
    gap: var(--dk-message-gap, calc(var(--_space) * 3));
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: var(--_line-height);
    color: var(--_fg);
    background: var(--_surface);
  }

  .message {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
  }

  .role {
    margin: 0;
    font-size: var(--_font-size-small);
    font-weight: 600;
    color: var(--_fg-muted);
  }

  .message.user .role {
    align-self: flex-end;
  }

  .items {
    display: flex;
    flex-direction: column;
    gap: var(--dk-item-gap, var(--_space));
  }

  .message[data-unfinished] .items {
    border-inline-start: 2px dashed var(--_warning);
    padding-inline-start: var(--_space);
  }

  .tool-group {
    border-inline-start: 2px solid var(--_border);
    padding-inline-start: var(--_space);
  }

  .tool-group > summary {
    cursor: pointer;
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
    padding: 0.2em 0;
  }

  .tool-group-items {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    margin-top: calc(var(--_space) / 2);
  }

  .tool-trace {
    margin: 0;
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
    font-style: italic;
  }
`;
