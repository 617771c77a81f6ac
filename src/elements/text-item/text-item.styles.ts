import { css } from 'lit';

export const styles = css`
  .text.user {
    background: var(--dk-user-bubble-background, var(--_user-bg));
    color: var(--_user-fg);
    border-radius: var(--dk-user-bubble-radius, var(--_radius));
    padding: var(--_space) calc(var(--_space) * 1.5);
    width: fit-content;
    max-width: 100%;
    margin-inline-start: auto;
    box-sizing: border-box;
  }

  .text.system,
  .notice {
    display: flex;
    gap: var(--_space);
    align-items: baseline;
    color: var(--_fg-muted);
    font-size: var(--_font-size-small);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space) calc(var(--_space) * 1.5);
  }

  .text.system {
    display: block;
  }

  .notice p {
    margin: 0;
  }

  .notice .icon {
    align-self: center;
  }

  .notice.error {
    color: var(--_fg);
    border-color: var(--_danger);
    background: var(--_danger-bg);
  }

  .notice.error .icon {
    color: var(--_danger);
  }

  .error-type {
    margin-inline-start: 0.5em;
    color: var(--_fg-muted);
  }

  .todos,
  .data,
  .unknown,
  .file {
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space) calc(var(--_space) * 1.5);
    font-size: var(--_font-size-small);
  }

  .todo-progress {
    display: flex;
    gap: var(--_space);
    align-items: center;
    margin: 0 0 var(--_space);
    color: var(--_fg-muted);
  }

  .todo-list {
    list-style: none;
    margin: 0;
    padding: 0;
  }

  .todo {
    display: flex;
    gap: var(--_space);
    align-items: baseline;
  }

  .todo .icon {
    align-self: center;
  }

  .todo.completed .todo-text {
    text-decoration: line-through;
    color: var(--_fg-muted);
  }

  .todo.completed .icon {
    color: var(--_success);
  }

  .todo.in_progress .icon {
    color: var(--_info);
  }

  .todo-status {
    margin-inline-start: auto;
    color: var(--_fg-muted);
  }

  .file {
    display: flex;
    gap: var(--_space);
    align-items: center;
    flex-wrap: wrap;
  }

  .file-path {
    color: var(--_fg-muted);
    overflow-wrap: anywhere;
  }

  .data-label {
    margin: 0;
    color: var(--_fg-muted);
  }

  .plain {
    margin: var(--_space) 0 0;
    white-space: pre-wrap;
  }

  .image {
    margin: 0;
  }

  .image img {
    max-width: 100%;
    height: auto;
    border-radius: var(--_radius);
  }

  .image figcaption {
    color: var(--_fg-muted);
    font-size: var(--_font-size-small);
  }

  .image .blocked {
    color: var(--_danger);
  }
`;
