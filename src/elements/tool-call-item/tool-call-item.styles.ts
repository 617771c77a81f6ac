import { css } from 'lit';

export const styles = css`
  .call {
    border: 1px solid var(--dk-tool-call-border, var(--_border));
    border-radius: var(--_radius);
    font-size: var(--_font-size-small);
  }

  .call.failed {
    border-color: var(--_danger);
  }

  /* The call's own summary only: the JSON tree's toggles and a fallback's disclosure have their own. */
  .call > summary {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.5em;
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
    font-weight: 600;
  }

  .status {
    display: inline-flex;
    align-items: center;
    gap: 0.3em;
    color: var(--_fg-muted);
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

  /* Left to right as code reads, and aligned as the page reads. */
  .args-summary {
    direction: ltr;
    unicode-bidi: isolate;
    flex: 1 1 12rem;
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: var(--_fg-muted);
    font-size: 0.9em;
  }

  .args-summary:dir(rtl) {
    text-align: right;
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

  .status-note {
    color: var(--_warning);
    font-style: italic;
  }

  .body {
    padding: 0 var(--_space) var(--_space);
  }

  .body > * + * {
    margin-top: var(--_space);
  }

  .tool-name {
    margin: 0;
    color: var(--_fg-muted);
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

  .section.error {
    color: var(--_danger);
  }

  .error-text {
    margin: 0;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }

  .subagent-badge {
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
