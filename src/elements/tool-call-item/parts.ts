import { html, nothing, type TemplateResult } from 'lit';
import { argumentValue, isEmptyArguments, readAskUser, type ToolCallView } from '../../model/tools.js';
import type { DisplayKitStrings } from '../../i18n/strings.js';
import { icon } from '../support/icons.js';
import { renderJsonTree, type JsonTreeState } from '../support/json-tree.js';

/** Pieces of a call's template that depend on its view and the words alone. */

/**
 * The header line's label and status (with a decision, the time it ran, a sub-agent's badge).
 * The status is said once: a waiting call's own words ("Task awaiting approval") stand in for
 * the kit's, an unknown status reads as words.
 */
export function renderHead(view: ToolCallView, subagentMessages: number, text: DisplayKitStrings): TemplateResult {
  const label = view.label || text.toolCall;
  const status = view.statusWords ?? text.toolStatus[view.status];
  return html`<span class="head">
    <span part="label" class="label" dir="auto" title=${label}>${label}</span>
    <span part="status" class="status" title=${status}>
      ${icon(view.status, `icon status-icon ${view.status}`)}
      <span class="status-text">${status}</span>
    </span>
    ${renderDecision(view, text)}
    ${view.duration !== null ? renderDuration(view.duration, text) : nothing}
    ${subagentMessages > 0 ? html`<span part="subagent-badge" class="subagent-badge">${text.subagent(subagentMessages)}</span>` : nothing}
  </span>`;
}

/** A stored decision the status does not already say ("Declined" is a status of its own). */
function renderDecision(view: ToolCallView, text: DisplayKitStrings): TemplateResult | typeof nothing {
  const decision = view.hitlDecision;
  if (decision === 'approved') return html`<span part="decision" class="decision approved">${text.approved}</span>`;
  if (decision === 'rejected' && view.status !== 'declined') return html`<span part="decision" class="decision declined">${text.declined}</span>`;
  return nothing;
}

/** How long the call ran, said whole to assistive technology. */
function renderDuration(ms: number, text: DisplayKitStrings): TemplateResult {
  const duration = text.duration(ms);
  return html`<span part="duration" class="duration"><span class="visually-hidden">${text.took(duration)}</span><span aria-hidden="true">${duration}</span></span>`;
}

/** An `ask_user` call's question and its options. */
export function renderQuestion(view: ToolCallView, text: DisplayKitStrings): TemplateResult | typeof nothing {
  const ask = readAskUser(view);
  if (!ask) return nothing;
  return html`<div part="question" class="question">
    <p class="question-text"><span class="visually-hidden">${text.question}: </span><span dir="auto">${ask.question}</span></p>
    ${ask.options.length
      ? html`<ul class="options">
          ${ask.options.map(
            (option) => html`<li><span class="option-label" dir="auto">${option.label}</span>${option.description
              ? html` <span class="option-description">— <span dir="auto">${option.description}</span></span>`
              : nothing}</li>`,
          )}
        </ul>`
      : nothing}
  </div>`;
}

/** A choice a host adds beside Approve and Decline; choosing it fires `tool-approval` with its `id`. */
export interface ApprovalAction {
  id: string;
  label: string;
}

/** Approve, Decline and the host's own choices of a call waiting for a person; after a choice, what was sent. */
export function renderApproval(
  view: ToolCallView,
  sent: string | null,
  actions: readonly ApprovalAction[],
  text: DisplayKitStrings,
  choose: (choice: string) => void,
): TemplateResult {
  const choices: Array<[string, string, string]> = [
    ['approved', text.approve, 'approve-button'],
    ['rejected', text.decline, 'decline-button'],
    ...actions.map((action): [string, string, string] => [action.id, action.label, 'approval-action']),
  ];
  const sentLabel = choices.find(([id]) => id === sent)?.[1] ?? sent;
  return html`<div part="approval" class="approval" role="group" aria-label=${text.approvalNeeded(view.label || text.toolCall)}>
    ${choices.map(
      ([id, label, part]) => html`<button type="button" part=${part} class="choice ${part}" data-choice=${id}
        aria-disabled=${sent !== null ? 'true' : 'false'} @click=${() => choose(id)}>${label}</button>`,
    )}
    <span class="sent" role="status">${sentLabel !== null ? text.decisionSent(sentLabel) : ''}</span>
  </div>`;
}

/** The failure message. */
export function renderError(error: string, text: DisplayKitStrings): TemplateResult {
  return html`<section class="section error" part="error">
    <p class="section-title">${text.error}</p>
    <p class="error-text" dir="auto">${error}</p>
  </section>`;
}

/** The arguments: a JSON tree, or the text that came. */
export function renderArguments(args: unknown, text: DisplayKitStrings, tree: () => JsonTreeState): TemplateResult {
  if (isEmptyArguments(args)) return html`<p class="empty">${text.noArguments}</p>`;
  const value = argumentValue(args);
  return value.json
    ? html`<div part="arguments">${renderJsonTree(value.value, tree())}</div>`
    : html`<pre part="arguments" class="json" tabindex="0">${value.text}</pre>`;
}
