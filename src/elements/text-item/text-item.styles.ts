import { css } from 'lit';

export const styles = css`
  .text.user {
    background: var(--dk-user-bubble-background, var(--_user-bg));
    color: var(--dk-user-bubble-color, var(--_user-fg));
    border-radius: var(--dk-user-bubble-radius, var(--_radius));
    padding: var(--_space) calc(var(--_space) * 1.5);
    width: fit-content;
    max-width: 100%;
    margin-inline-start: auto;
    box-sizing: border-box;
  }

  /* Forced colours drop the bubble's background: a border keeps the user's words apart. */
  @media (forced-colors: active) {
    .text.user {
      border: 1px solid CanvasText;
    }
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

  /* What a notice holds beyond its line, under it: the icon stays beside the first line. */
  .notice:has(details) {
    flex-wrap: wrap;
  }

  .notice:has(details) .icon {
    align-self: start;
    margin-top: 0.2em;
  }

  .notice details {
    flex: 1 0 100%;
    padding-inline-start: calc(1em + var(--_space));
  }

  .notice .markdown {
    color: var(--_fg);
  }

  /* A summary inside a notice: its headings read as headings of the notice, not of the page. */
  .notice :is(h1, h2, h3) {
    font-size: 1em;
  }

  .notice.error {
    color: var(--_fg);
    border-color: var(--_danger);
    background: var(--_danger-bg);
  }

  .notice.error .icon {
    color: var(--_danger);
  }

  /*
   * The space before it in the text sets it apart on the line; a margin would stay when it wraps
   * and start the next line a few pixels in from the text above.
   */
  .error-type {
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

  /*
   * Drawn from the theme, not the platform's: Firefox draws a native bar light whatever the
   * color-scheme (a near-white track in the dark theme). Forced colours draw it in system colours.
   */
  .todo-progress progress {
    appearance: none;
    inline-size: 9em;
    block-size: 0.5em;
    border: 0;
    border-radius: 0.25em;
    overflow: hidden;
    background: var(--_border);
  }

  .todo-progress progress::-webkit-progress-bar {
    background: var(--_border);
  }

  .todo-progress progress::-webkit-progress-value {
    background: var(--_accent);
  }

  .todo-progress progress::-moz-progress-bar {
    background: var(--_accent);
  }

  @media (forced-colors: active) {
    .todo-progress progress {
      forced-color-adjust: none;
      border: 1px solid CanvasText;
      background: Canvas;
    }

    .todo-progress progress::-webkit-progress-bar {
      background: Canvas;
    }

    .todo-progress progress::-webkit-progress-value {
      background: Highlight;
    }

    .todo-progress progress::-moz-progress-bar {
      background: Highlight;
    }
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

  .data-tree {
    margin-top: var(--_space);
  }

  .plain {
    margin: var(--_space) 0 0;
    white-space: pre-wrap;
    unicode-bidi: plaintext;
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

  .image p.blocked {
    color: var(--_danger);
  }

  .broken-image a {
    color: var(--_accent);
  }

  /*
   * Narration: the model saying what it is about to do. Quieter than an answer and drawn like a
   * status line, so the answer stands out.
   */
  .text.narration {
    color: var(--_fg-muted);
    font-size: var(--_font-size-small);
    border-inline-start: 2px solid var(--_border);
    padding-inline-start: var(--_space);
  }

  .text.narration .markdown :is(p, ul, ol) {
    margin-block-end: calc(var(--_space) / 2);
  }

  /* The sources a text cites: one compact, wrapping line under it. */
  .sources {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: calc(var(--_space) / 2) var(--_space);
    margin-block-start: var(--_space);
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
  }

  .sources-label {
    font-weight: 600;
  }

  .source-list {
    display: contents;
    list-style: none;
  }

  .source {
    position: relative;
    display: inline-flex;
    align-items: baseline;
    gap: 0.35em;
    max-width: 100%;
    padding: 0.1em 0.5em 0.1em 0.15em;
    border: 1px solid var(--_border);
    border-radius: 1em;
    background: var(--_surface-raised);
  }

  .source-number {
    min-width: 1.3em;
    text-align: center;
    border-radius: 1em;
    background: var(--_surface);
    color: var(--_fg);
  }

  .source-name {
    display: inline-block;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    max-width: 18rem;
    color: var(--_fg);
  }

  a.source-name {
    color: var(--_accent);
  }

  .source-host {
    white-space: nowrap;
  }
`;
