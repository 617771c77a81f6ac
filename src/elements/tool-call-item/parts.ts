import { html, nothing, type TemplateResult } from 'lit';
import { readAskUser, type ToolCallView } from '../../model/tools.js';
import type { DisplayKitStrings } from '../../i18n/strings.js';
import { icon } from '../support/icons.js';

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
