import { css } from 'lit';

export const styles = css`
  .call {
    border: 1px solid var(--dk-tool-call-border, var(--_border));
    border-radius: var(--_radius);
    background: var(--dk-tool-call-background, transparent);
    font-size: var(--_font-size-small);
    /* The header's layout follows the call's own width, not the page's. */
    container: tool-call / inline-size;
  }

  .call.failed {
    border-color: var(--_danger);
  }

  /* The call's own summary only: the JSON tree's toggles and a fallback's disclosure have their own. */
  /*
   * One line at every width: the label gives way first (cut with an ellipsis), then the
   * preview; the chevron and the status's icon never do.
   */
  .call > summary {
    display: flex;
    flex-wrap: nowrap;
    align-items: center;
    gap: 0.25em 0.5em;
    min-width: 0;
    padding: calc(var(--_space) * 0.75) var(--_space);
    list-style: none;
    border-radius: var(--_radius);
  }

  .call > summary::-webkit-details-marker {
    display: none;
  }

  .chevron {
    color: var(--_fg-muted);
  }

  .label {
    flex: 0 1 auto;
    min-width: 4em;
    font-weight: 600;
  }

  .label,
  .status-text,
  .args-summary,
  .subagent-badge {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  /* After the label and its preview, at the end of the line, where a group's statuses line up. */
  .status {
    display: inline-flex;
    /* Whole beside a label cut to its first letters; only a waiting call's long words are cut. */
    flex: none;
    max-width: 70%;
    min-width: 1em;
    align-items: center;
    gap: 0.3em;
    margin-inline-start: auto;
    color: var(--_fg-muted);
  }

  .status-text {
    min-width: 0;
  }

  .duration,
  .decision {
    flex: none;
    white-space: nowrap;
  }

  /* Set on the icon itself: a colour inherited from the whole call would restyle its body too. */
  .status-icon { color: var(--dk-tool-status-color, var(--_fg-muted)); }
  .status-icon.completed { color: var(--dk-tool-status-color, var(--_success)); }
  .status-icon.failed,
  .status-icon.declined { color: var(--dk-tool-status-color, var(--_danger)); }
  .status-icon.interrupted { color: var(--dk-tool-status-color, var(--_warning)); }
  .status-icon.executing { color: var(--dk-tool-status-color, var(--_info)); }
  .status-icon.incomplete { color: var(--dk-tool-status-color, var(--_warning)); }

  /* Its own direction: "0.3 s" in right-to-left text would otherwise read "s 0.3". */
  .duration {
    color: var(--_fg-muted);
    font-variant-numeric: tabular-nums;
    unicode-bidi: plaintext;
  }

  .decision {
    border: 1px solid currentColor;
    border-radius: 999px;
    padding: 0 0.5em;
    font-size: 0.85em;
  }

  .decision.approved { color: var(--_success); }
  .decision.declined { color: var(--_danger); }

  .approval {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_space);
    margin-top: calc(var(--_space) / 2);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 3px solid var(--_warning);
    background: var(--_surface-raised);
    border-radius: calc(var(--_radius) / 2);
  }

  .choice {
    padding: 0.2em 0.9em;
  }

  .choice.approve-button {
    color: var(--_surface);
    background: var(--_success);
    border-color: var(--_success);
  }

  .choice[aria-disabled='true'] {
    cursor: default;
    opacity: 0.6;
  }

  .sent {
    color: var(--_fg-muted);
  }

  .view {
    /* The host's view is the page's content: only inherited text styles reach it from here. */
    display: block;
  }

  .view + .action {
    margin-top: var(--_space);
  }

  .status-icon.executing {
    animation: spin 1s linear infinite;
  }

  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .status-icon.executing {
      animation: none;
    }
  }

  /* The icon's shape tells the status apart; its colour is its words' system colour. */
  @media (forced-colors: active) {
    .status > .status-icon,
    .head > .decision {
      color: inherit;
    }
  }

  /* What the call is about, quieter than its label: between it and the status, in the room left. */
  .args-summary {
    order: 1;
    flex: 1 1 0;
    min-width: 0;
    color: var(--_fg-muted);
  }

  /* Wide, the head's parts are the line's own, and the preview sits between label and status. */
  .head {
    display: contents;
  }

  .head > :not(.label) {
    order: 2;
  }

  /*
   * A narrow call keeps its header line for chevron, label and status: the preview moves to a
   * line of its own under the label.
   */
  @container tool-call (max-width: 30rem) {
    .call > summary {
      flex-wrap: wrap;
    }

    .head {
      display: flex;
      flex: 1 1 0;
      min-width: 0;
      align-items: center;
      gap: 0.5em;
    }

    .args-summary {
      flex-basis: 100%;
      padding-inline-start: 1.5em;
    }
  }

  .section-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_space);
    margin-bottom: calc(var(--_space) / 2);
  }

  .question {
    margin-top: calc(var(--_space) / 2);
    padding: var(--_space) calc(var(--_space) * 1.5);
    border-inline-start: 3px solid var(--_accent);
    background: var(--_surface-raised);
    border-radius: calc(var(--_radius) / 2);
  }

  .question-text {
    margin: 0;
    font-weight: 600;
  }

  .options {
    margin: calc(var(--_space) / 2) 0 0;
    padding-inline-start: 1.25em;
  }

  .option-description {
    color: var(--_fg-muted);
  }

  .body {
    padding: 0 var(--_space) var(--_space);
  }

  .body > * + * {
    margin-top: var(--_space);
  }

  .section-title {
    margin: 0;
    font-size: 1em;
    font-weight: 600;
    color: var(--_fg-muted);
  }

  .empty {
    margin: 0;
    color: var(--_fg-muted);
  }

  .arriving {
    color: var(--_fg-muted);
    font-size: var(--_font-size-small);
    font-style: italic;
  }

  /* The open arguments box: its own token, else the JSON trees' one. */
  [part~='arguments'] > .json-tree,
  pre[part~='arguments'] {
    background: var(--dk-tool-arguments-background, var(--dk-json-background, var(--_surface-raised)));
  }

  .section.error {
    color: var(--_danger);
  }

  .error-text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .subagent-badge {
    flex: 0 1 auto;
    min-width: 0;
    border: 1px solid var(--_accent);
    color: var(--_accent);
    border-radius: 999px;
    padding: 0 0.5em;
    font-size: 0.85em;
  }

  .section.subagent {
    border-inline-start: 3px solid var(--_accent);
    padding-inline-start: var(--_space);
  }
`;
