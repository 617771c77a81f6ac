import { css } from 'lit';

/**
 * What the list draws around its messages: a turn's header, a message's footer (actions, time,
 * usage), the day separators, the export toolbar, "Jump to latest" and the input error.
 */
export const chromeStyles = css`
  /*
   * Floats over the log's foot, centred (clear of the scrollbar, which sits at its inline end:
   * LogFit), in the page's own colours with a shadow that lifts it off what
   * it passes over, as chat apps draw it.
   */
  .jump {
    position: absolute;
    inset-inline: 0 var(--_bar, 0px);
    bottom: calc(var(--_space) * 1.5);
    width: max-content;
    margin-inline: auto;
    display: inline-flex;
    align-items: center;
    gap: 0.35em;
    font: inherit;
    font-size: var(--_font-size-small);
    color: var(--_fg);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: 999px;
    padding: 0.35em 0.9em 0.35em 0.7em;
    cursor: pointer;
    box-shadow: 0 4px 14px rgb(0 0 0 / 0.14), 0 1px 3px rgb(0 0 0 / 0.1);
  }

  .jump:hover {
    border-color: var(--_fg-muted);
  }

  /* Forced colours drop its background and shadow: a border keeps it a button. */
  @media (forced-colors: active) {
    .jump {
      border: 1px solid ButtonText;
    }
  }

  .input-error {
    margin: 0 0 var(--_space);
    padding: var(--_space);
    border: 1px solid var(--_danger);
    border-radius: var(--_radius);
    background: var(--_danger-bg);
    color: var(--_fg);
  }

  /* A message that continues its turn follows the one before it as its next item would (its footer is the gap). */
  .block > .message[data-continues],
  .list > .message[data-continues] {
    margin-top: 0;
  }

  .header {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) / 2) var(--_space);
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
  }

  .message.user .header {
    flex-direction: row-reverse;
  }

  .role {
    margin: 0;
    font-weight: 600;
  }

  .avatar {
    width: var(--dk-avatar-size, 1.5rem);
    height: var(--dk-avatar-size, 1.5rem);
    border-radius: 50%;
    object-fit: cover;
  }

  /*
   * Under the message: its actions, its time and usage. Quiet until the reader points at the
   * message or moves into it; the last answer's actions stay, as do all of them where nothing can
   * point (touch), and the times where the host asks for them on every message.
   */
  .footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_space) / 2);
    min-height: 1.75rem;
    margin-top: calc(var(--_space) / -4);
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
  }

  .message.user .footer {
    flex-direction: row-reverse;
  }

  .actions,
  .meta {
    display: flex;
    align-items: center;
    gap: calc(var(--_space) / 2);
    opacity: 0;
    transition: opacity 120ms ease;
  }

  .actions:empty {
    display: none;
  }

  .message:is(:hover, :focus-within) .footer > *,
  .block[data-last] > .message.assistant:last-child .actions,
  :host([timestamps='always']) .meta {
    opacity: 1;
  }

  @media (hover: none) {
    .actions {
      opacity: 1;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .actions,
    .meta {
      transition: none;
    }
  }

  /* Its own direction: "1,884 tokens" in right-to-left text would otherwise read "tokens 1,884". */
  .usage {
    font-variant-numeric: tabular-nums;
    unicode-bidi: plaintext;
  }

  .time {
    position: relative;
    border-radius: 0.2em;
  }

  /* The full timestamp on hover and on keyboard focus (a title alone never shows on focus). */
  .time:is(:hover, :focus-visible)::after {
    content: attr(data-full);
    position: absolute;
    inset-block-end: 100%;
    inset-inline-start: 0;
    z-index: 1;
    margin-bottom: 0.25em;
    padding: 0.2em 0.5em;
    white-space: nowrap;
    color: var(--_surface);
    background: var(--_fg);
    border-radius: 0.3em;
    box-shadow: 0 2px 8px rgb(0 0 0 / 0.2);
  }

  /* A reader's own time sits at the inline end: its tip opens toward the start. */
  .message.user .time::after {
    inset-inline-start: auto;
    inset-inline-end: 0;
  }

  /*
   * In a narrow list a tip beside the time ran past the log's edge and gave it a sideways
   * scrollbar: there it hangs from the footer's edge instead and wraps within it. Script tells a
   * narrow log (the follow controller): a container query made the log a size container, and
   * the list 0 px wide in a box sized by its content.
   */
  .log[data-narrow] .footer {
    position: relative;
  }

  .log[data-narrow] .time {
    position: static;
  }

  .log[data-narrow] .time:is(:hover, :focus-visible)::after {
    box-sizing: border-box;
    width: max-content;
    max-width: 100%;
    white-space: normal;
  }

  .action {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    font: inherit;
    color: var(--_fg-muted);
    background: none;
    border: 1px solid transparent;
    border-radius: calc(var(--_radius) / 2);
    padding: 0.05em 0.5em;
    cursor: pointer;
  }

  /* An icon button: a square target of 28 px (WCAG's 24 px with room), its icon 16 px. */
  .action.iconic {
    width: 1.75rem;
    height: 1.75rem;
    padding: 0;
  }

  .action:hover,
  .action:focus-visible {
    color: var(--_fg);
    background: var(--_surface-subtle, transparent);
    border-color: var(--_border);
  }

  .day {
    display: flex;
    align-items: center;
    gap: var(--_space);
    margin: 0;
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
  }

  .day::before,
  .day::after {
    content: '';
    flex: 1;
    border-top: 1px solid var(--_border);
  }

  .toolbar {
    display: flex;
    justify-content: flex-end;
    gap: var(--_space);
    padding-bottom: var(--_space);
  }
`;
