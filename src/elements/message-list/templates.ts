import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import { repeat } from 'lit/directives/repeat.js';
import { html as staticHtml } from 'lit/static-html.js';
import { ownValue } from '../../model/guards.js';
import { endedOf, showsSomething, type ListModel } from '../../model/list-model.js';
import { isNarration, segmentsOf, type MessageTimes, type MessageTime } from '../../model/rows.js';
import { dayKey, formatClockTime, formatDay, formatFullTime } from '../../model/time.js';
import { summarizeGroup, toolCallStatus } from '../../model/tools.js';
import { humanizeCode, humanizeToolName } from '../../model/humanize.js';
import { thinkingDuration } from '../../model/timing.js';
import { messageUsage } from '../../model/usage.js';
import type { DisplayItem, Message } from '../../model/types.js';
import { kindOf, type ItemElementName } from '../../model/kinds/index.js';
import { roleName, type DisplayKitStrings } from '../../i18n/strings.js';
import { checkHostImage } from '../../markdown/url-policy.js';
import { hasIcon, icon } from '../support/icons.js';
import { renderStopMark } from '../base/item-element.js';
import { tagOf } from '../support/registry.js';
import { TEXT_EXPORTS, THINKING_EXPORTS, TOOL_CALL_EXPORTS, TOOL_RESULT_EXPORTS } from '../support/part-names.js';
import { TextItem } from '../text-item/text-item.js';
import { ThinkingItem } from '../thinking-item/thinking-item.js';
import { toolViewFor } from '../support/tool-views.js';
import { viewSlot } from './controllers/shown-calls.js';
import type { ListOptions, MessageAction, Participants } from './list-options.js';

/** What the list's templates read: its options, its model, and what the reader can do. */
export interface ListContext {
  options: ListOptions;
  model: ListModel;
  times: MessageTimes;
  /** The message whose Copy button says "Copied" now. */
  copiedKey: string | null;
  copyMessage(message: Message): void;
  chooseAction(action: MessageAction, message: Message): void;
  /** Starts loading the tool elements' code (`options.tools` is null until it is there). */
  requestTools(): void;
}

interface ItemOptions {
  inGroup?: boolean;
  streaming?: boolean;
  lazy?: boolean;
  /** Why the message's run is over, when it is. */
  ended?: string | null;
  /** How long the reasoning that opens the message took. */
  duration?: number | null;
}

/** A participant's entry: own keys only, so a role named `constructor` is just a role. */
export function participant(participants: Participants, role: string): { name?: string; avatar?: string } | undefined {
  return ownValue(participants, role);
}

export function renderMessage(context: ListContext, message: Message, streaming = false, lazy = false, continues = context.model.continues.has(message.key)): TemplateResult | typeof nothing {
  const hideNarration = context.options.narration === 'hidden';
  // The draft of a response that has begun with nothing to show yet (`{}`).
  const waiting = streaming && message.items.length === 0;
  const items = message.items.filter((item) => !context.model.pairedResultKeys.has(item.key) && !(hideNarration && isNarration(item)));
  if (items.length === 0 && !waiting) return nothing;
  const ended = endedOf(context.model, message);
  const opening = items[0]?.kind === 'thinking' ? thinkingDuration(items[0], context.model.previousAt.get(message.key)) : null;
  const unfinished = message.stop !== null;
  const role = roleName(context.options.text, message.role);
  const parts = `message message-${message.role}${unfinished ? ' message-unfinished' : ''}${streaming ? ' message-streaming' : ''}${waiting ? ' message-waiting' : ''}`;
  return html`<article
    part=${parts}
    class="message ${message.role}"
    data-key=${message.key}
    data-role=${message.role}
    ?data-continues=${continues}
    ?data-unfinished=${unfinished}
    ?data-streaming=${streaming}
    aria-label=${context.options.text.message(participant(context.options.participants, message.role)?.name ?? role, unfinished)}
  >
    ${continues ? nothing : renderHeader(context, message, role)}
    <div part="items" class="items">
      ${waiting
        ? renderWaiting(context.options.text)
        : repeat(
            segmentsOf(items),
            (segment) => segment.key,
            (segment) =>
              'item' in segment
                ? renderItem(context, segment.item, { streaming, lazy, duration: segment.item === items[0] ? opening : null })
                : renderActivity(context, segment.tools, segment.intro, { streaming, lazy, ended }),
          )}
    </div>
    ${streaming ? nothing : renderFooter(context, message)}
  </article>`;
}

/**
 * Three dots that rise in turn while a response has not said anything yet, named "Responding…"
 * for a reader who comes across them (the list announces it once, too).
 */
function renderWaiting(text: DisplayKitStrings): TemplateResult {
  return html`<p part="waiting" class="waiting" role="img" aria-label=${text.responding}><span></span><span class="second"></span><span class="third"></span></p>`;
}

/**
 * Who speaks, once per turn (the message's own label names its role for assistive technology).
 * The reader's own bubble needs no "You" above it: it shows a name or avatar the host gave.
 */
function renderHeader(context: ListContext, message: Message, role: string): TemplateResult | typeof nothing {
  const who = participant(context.options.participants, message.role);
  if (message.role === 'user' && !who?.name && !who?.avatar) return nothing;
  const avatar = who?.avatar ? checkHostImage(who.avatar) : null;
  return html`<div part="header" class="header">
    ${avatar?.action === 'load' ? html`<img part="avatar" class="avatar" src=${avatar.src} alt="" />` : nothing}
    <p part="role" class="role" aria-hidden="true">${who?.name ?? role}</p>
  </div>`;
}

/**
 * Under the message: its actions, then when it was sent and what it cost. Quiet until the reader
 * points at or moves into the message (the styles say when each shows).
 */
function renderFooter(context: ListContext, message: Message): TemplateResult {
  const time = context.times.of(message);
  return html`<div part="footer" class="footer">
    ${renderActions(context, message)}
    <span class="meta">${time ? renderTime(context, time) : nothing}${renderUsage(context, message)}</span>
  </div>`;
}

/** The tokens (and cost) a message used, where storage kept them; what they are made of in its title. */
function renderUsage(context: ListContext, message: Message): TemplateResult | typeof nothing {
  const usage = messageUsage(message);
  if (!usage) return nothing;
  const { text } = context.options;
  const spent = [usage.total !== null ? text.tokens(usage.total) : '', usage.cost !== null ? text.cost(usage.cost, usage.currency ?? 'USD') : '']
    .filter(Boolean)
    .join(' · ');
  const details = text.usageDetails(usage);
  return html`<span part="usage" class="usage" title=${details || nothing}>${spent}${details
      ? html`<span class="visually-hidden"> (${details})</span>`
      : nothing}</span>`;
}

/** The time of day (the day separator above says the date); the full date and time on hover and focus. */
function renderTime(context: ListContext, time: MessageTime): unknown {
  const options = context.times.timeOptions;
  time.full ??= formatFullTime(time.date, options);
  time.label ??= formatClockTime(time.date, options);
  return keyed(context.options.drawn, html`<time part="time" class="time" datetime=${time.date.toISOString()} title=${time.full} data-full=${time.full}
    tabindex="0" aria-label=${context.options.text.sentAt(time.full)}>${time.label}</time>`);
}

/**
 * Copy and the host's actions as icon buttons, named by their labels: no words of their own join
 * the log when an answer completes. A host's action without an icon shows its label.
 */
function renderActions(context: ListContext, message: Message): TemplateResult {
  const actions = context.options.messageActions.filter((action) => !action.roles || action.roles.includes(message.role));
  const copyable = message.items.some((item) => item.kind === 'text');
  const { text } = context.options;
  const copied = context.copiedKey === message.key;
  // The handlers outlive this render (a message renders again only when it changes): they hold
  // the host's own functions, never the context, which holds the whole model of its render.
  const { copyMessage, chooseAction } = context;
  return html`<div part="actions" class="actions" role="group" aria-label=${text.messageActions}>
    ${copyable
      ? actionButton(copied ? text.copied : text.copyMessage, copied ? 'check' : 'copy', () => copyMessage(message))
      : nothing}
    ${actions.map((action) => actionButton(action.label, action.icon, () => chooseAction(action, message), action.id))}
  </div>`;
}

function actionButton(label: string, iconName: string | undefined, choose: () => void, id?: string): TemplateResult {
  const iconic = iconName !== undefined && hasIcon(iconName);
  return html`<button type="button" part="action-button" class="action ${iconic ? 'iconic' : ''}" data-action=${id ?? nothing}
    aria-label=${iconic ? label : nothing} title=${iconic ? label : nothing} @click=${choose}>${iconic ? icon(iconName) : label}</button>`;
}

/** Tool activity, after the narration that introduces it when there is one: they read as one step. */
function renderActivity(context: ListContext, tools: DisplayItem[], intro: DisplayItem | null, options: ItemOptions): TemplateResult {
  const { lazy = false, ended = null } = options;
  if (!intro) return renderTools(context, tools, lazy, ended);
  return html`<div part="activity" class="activity">
    ${renderItem(context, intro, { streaming: options.streaming, lazy })}${renderTools(context, tools, lazy, ended)}
  </div>`;
}

function renderTools(context: ListContext, tools: DisplayItem[], lazy: boolean, ended: string | null): TemplateResult {
  const last = tools[tools.length - 1];
  const stop = renderStopMark(last, context.options.strings, context.options.stopActions);
  if (context.options.toolDisplay === 'hidden') {
    return html`<p part="tool-trace" class="tool-trace">${context.options.text.toolsHidden(tools.length)}</p>${stop}`;
  }
  if (tools.length === 1) return renderItem(context, last, { lazy, ended });
  return html`<details part="tool-group" class="tool-group" open>
      <summary part="tool-group-summary">${icon('chevron', 'icon chevron')}<span class="tool-group-text">${groupSummary(context, tools, ended)}</span></summary>
      <div class="tool-group-items">${repeat(tools, (item) => item.key, (item) => renderItem(context, item, { inGroup: true, lazy, ended }))}</div>
    </details>
    ${stop}`;
}

function groupSummary(context: ListContext, tools: DisplayItem[], ended: string | null): string {
  const views = tools.flatMap((call) =>
    call.kind === 'tool_call' ? [{ status: toolCallStatus(call, call.toolCallId ? context.model.resultsByCall.get(call.toolCallId) : null, ended) }] : [],
  );
  // The total and what needs the reader's eye (failed, waiting, running): one line, not every status.
  const { text } = context.options;
  const counts = summarizeGroup(views).notable.map(([status, n]) => [text.toolStatus[status], n] as [string, number]);
  return text.toolGroup(views.length, counts);
}

function renderItem(context: ListContext, item: DisplayItem, options: ItemOptions): TemplateResult {
  // By the element that draws the kind, so a new kind drawn by an existing element needs nothing here.
  return ELEMENT_TEMPLATES[kindOf(item).element](context, item, options);
}

type ItemTemplate = (context: ListContext, item: DisplayItem, options: ItemOptions) => TemplateResult;

function renderCall(context: ListContext, item: DisplayItem, { inGroup = false, lazy = false, ended = null }: ItemOptions): TemplateResult {
  const tags = context.options.tools;
  if (!tags || item.kind !== 'tool_call') return renderToolPlaceholder(context, item, ended, inGroup);
  const nested = item.toolCallId ? context.model.nested.get(item.toolCallId) : undefined;
  const tag = tags.call;
  // A host's view lives in the list's light DOM, in the page; this slot carries it into the call.
  const view = toolViewFor(item.name, context.options.toolViews) ? html`<slot name=${viewSlot(item)} slot="view"></slot>` : nothing;
  return staticHtml`<${tag}
    exportparts=${TOOL_CALL_EXPORTS}
    ?compact=${context.options.toolDisplay === 'compact'}
    ?no-stop-mark=${inGroup}
    .stopActions=${context.options.stopActions}
    ?lazy=${lazy}
    ?approvals=${context.options.approvals}
    ?developer=${context.options.developer}
    ended=${ended ?? nothing}
    .item=${item}
    .result=${item.toolCallId ? context.model.resultsByCall.get(item.toolCallId) : undefined}
    .subagentMessages=${nested ? shownMessages(context.model, nested) : 0}
    .approvalActions=${context.options.approvalActions}
    .toolViews=${context.options.toolViews}
    .strings=${context.options.strings}
    image-origins=${context.options.imageOrigins}
    .linkSchemes=${context.options.linkSchemes}
    link-target=${context.options.linkTarget}
  >${view}${nested ? renderNested(context, nested) : nothing}</${tag}>`;
}

function renderResult(context: ListContext, item: DisplayItem, { inGroup = false, lazy = false, ended = null }: ItemOptions): TemplateResult {
  const tags = context.options.tools;
  if (!tags) return renderToolPlaceholder(context, item, ended, inGroup);
  return staticHtml`<${tags.result} exportparts=${TOOL_RESULT_EXPORTS} ?no-stop-mark=${inGroup} .stopActions=${context.options.stopActions} ?lazy=${lazy} .item=${item} .strings=${context.options.strings}></${tags.result}>`;
}

/** Text and reasoning take the same properties (reasoning also how long it took and whether it opens); only the element differs. */
function renderSaid(context: ListContext, item: DisplayItem, { streaming = false, lazy = false, duration = null }: ItemOptions, thinking = false): TemplateResult {
  const tag = thinking ? tagOf(ThinkingItem, 'thinking-item') : tagOf(TextItem, 'text-item');
  return staticHtml`<${tag}
    exportparts=${thinking ? THINKING_EXPORTS : TEXT_EXPORTS}
    .item=${item}
    .duration=${thinking ? duration : undefined}
    .open=${thinking ? context.options.thinkingOpen : undefined}
    .strings=${context.options.strings}
    .stopActions=${context.options.stopActions}
    ?streaming=${streaming}
    ?lazy=${lazy}
    narration=${context.options.narration}
    image-origins=${context.options.imageOrigins}
    .linkSchemes=${context.options.linkSchemes}
    link-target=${context.options.linkTarget}
  ></${tag}>`;
}

const ELEMENT_TEMPLATES: Readonly<Record<ItemElementName, ItemTemplate>> = {
  'tool-call-item': renderCall,
  'tool-result-item': renderResult,
  'text-item': renderSaid,
  'thinking-item': (context, item, options) => renderSaid(context, item, options, true),
};

/**
 * A tool call or result while the tool elements' code loads: its label and status, as its
 * element's summary line shows them, so nothing jumps when the element takes its place.
 */
function renderToolPlaceholder(context: ListContext, item: DisplayItem, ended: string | null, inGroup: boolean): TemplateResult {
  context.requestTools();
  const { text } = context.options;
  const stop = inGroup ? nothing : renderStopMark(item, context.options.strings, context.options.stopActions);
  if (item.kind !== 'tool_call') return html`<p part="tool-placeholder" class="tool-placeholder">${text.toolResult}</p>${stop}`;
  const result = item.toolCallId ? context.model.resultsByCall.get(item.toolCallId) : undefined;
  const status = toolCallStatus(item, result, ended);
  const label = item.displayText ?? (humanizeToolName(item.name) || item.name || text.toolCall);
  return html`<p part="tool-placeholder" class="tool-placeholder ${status}">
      <span class="label" dir="auto">${label}</span> <span class="status">${(status === 'unknown' && humanizeCode(item.status)) || text.toolStatus[status]}</span>
    </p>${stop}`;
}

/** Messages that show something: a tool message whose results all sit inside their calls does not. */
function shownMessages(model: ListModel, messages: Message[]): number {
  return messages.filter((message) => showsSomething(message, model.pairedResultKeys)).length;
}

/** A sub-agent's turns, inside the call that started it (slotted, so the call can collapse them). */
function renderNested(context: ListContext, messages: Message[]): TemplateResult {
  return html`<div slot="subagent" part="subagent" class="subagent">
    ${repeat(messages, (message) => message.key, (message) => renderMessage(context, message))}
  </div>`;
}

export function renderDay(context: ListContext, day: Date): unknown {
  const options = context.times.timeOptions;
  return keyed(context.options.drawn, html`<p part="day-separator" class="day"><time datetime=${dayKey(day, options)}>${formatDay(day, options)}</time></p>`);
}

export function renderToolbar(text: DisplayKitStrings, download: (format: 'markdown' | 'json') => void): TemplateResult {
  return html`<div part="toolbar" class="toolbar">
    <button type="button" part="action-button" class="action" @click=${() => download('markdown')}>${text.exportMarkdown}</button>
    <button type="button" part="action-button" class="action" @click=${() => download('json')}>${text.exportJSON}</button>
  </div>`;
}
