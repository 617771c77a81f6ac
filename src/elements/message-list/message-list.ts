import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { normalizeItems } from '../../model/normalize.js';
import { groupMessages } from '../../model/group.js';
import { describeToolCall, pairToolResults, summarizeGroup } from '../../model/tools.js';
import type { DisplayItem, Message } from '../../model/types.js';
import { resolveStrings, roleName, type DisplayKitStrings } from '../../i18n/strings.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { KitElement } from '../shared/kit-element.js';
import { styles } from './message-list.styles.js';

export type ToolDisplay = 'full' | 'compact' | 'hidden';

/** A stretch of a message: one item, or consecutive tool activity shown (or hidden) together. */
type Segment = { key: string; item: DisplayItem } | { key: string; tools: DisplayItem[] };

interface ListModel {
  messages: Message[];
  resultsByCall: Map<string, DisplayItem>;
  pairedResultKeys: Set<string>;
}

/**
 * @summary A conversation: display items grouped into messages, each item rendered by its element.
 *
 * Accepts extracted items and persisted rows alike. Items are keyed by row `id` (else position),
 * so a new array re-renders only what changed. A message whose last item carries a truthy
 * `stop_reason` is marked unfinished. Tool results are shown inside the call they answer.
 *
 * @csspart base - The conversation container.
 * @csspart message - Every message group.
 * @csspart message-user - A user message (also `message-assistant`, `message-tool`, `message-system`).
 * @csspart message-unfinished - A message that stopped early.
 * @csspart role - The role label of a message.
 * @csspart items - The items of a message.
 * @csspart tool-group - Consecutive tool calls of one message, collapsible as a whole.
 * @csspart tool-group-summary - The group's summary line ("3 tool calls · 1 failed").
 * @csspart tool-trace - The one-line trace left by tool activity when `tool-display="hidden"`.
 *
 * @cssprop [--dk-message-gap=calc(var(--dk-space) * 3)] - Space between messages.
 * @cssprop [--dk-item-gap=var(--dk-space)] - Space between the items of a message.
 */
export class MessageList extends KitElement {
  static override styles = [tokenStyles, styles];

  /** The conversation: display items or rows (either shape), in load order. Untrusted. */
  @property({ attribute: false }) items: unknown[] = [];

  /** Origins whose images in model output load without a click (`*` for all). */
  @property({ attribute: 'image-origins' }) imageOrigins = '';

  /** Link schemes that may be followed in Markdown. */
  @property({ attribute: false }) linkSchemes?: readonly string[];

  /** `target` for external links. */
  @property({ attribute: 'link-target' }) linkTarget = '_blank';

  /**
   * How tool activity shows: `full` (default), `compact` (one line per call; click to expand),
   * or `hidden` (a one-line trace stands in for it, so nothing vanishes silently).
   */
  @property({ attribute: 'tool-display', reflect: true }) toolDisplay: ToolDisplay = 'full';

  private model: ListModel = { messages: [], resultsByCall: new Map(), pairedResultKeys: new Set() };
  private text!: DisplayKitStrings;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('items')) this.model = buildModel(this.items);
    if (changed.has('strings') || !this.text) this.text = resolveStrings(this.strings);
  }

  protected override render(): TemplateResult {
    return html`<div part="base" class="list">
      ${repeat(
        this.model.messages,
        (message) => message.key,
        (message) => this.renderMessage(message),
      )}
    </div>`;
  }

  private renderMessage(message: Message): TemplateResult | typeof nothing {
    const items = message.items.filter((item) => !this.model.pairedResultKeys.has(item.key));
    if (items.length === 0) return nothing;
    const unfinished = message.stop !== null;
    const role = roleName(this.text, message.role);
    const parts = `message message-${message.role}${unfinished ? ' message-unfinished' : ''}`;
    return html`<article
      part=${parts}
      class="message ${message.role}"
      data-role=${message.role}
      ?data-unfinished=${unfinished}
      aria-label=${this.text.message(role, unfinished)}
    >
      <p part="role" class="role" aria-hidden="true">${role}</p>
      <div part="items" class="items">
        ${repeat(
          segmentsOf(items),
          (segment) => segment.key,
          (segment) => ('item' in segment ? this.renderItem(segment.item) : this.renderTools(segment.tools)),
        )}
      </div>
    </article>`;
  }

  private renderTools(tools: DisplayItem[]): TemplateResult {
    const last = tools[tools.length - 1];
    const stop = last.stop
      ? html`<stop-mark part="stop-mark" reason=${last.stop.reason} .details=${last.stop.details} .strings=${this.strings}></stop-mark>`
      : nothing;
    if (this.toolDisplay === 'hidden') {
      return html`<p part="tool-trace" class="tool-trace">${this.text.toolsHidden(tools.length)}</p>${stop}`;
    }
    if (tools.length === 1) return this.renderItem(last);
    return html`<details part="tool-group" class="tool-group" open>
        <summary part="tool-group-summary">${this.groupSummary(tools)}</summary>
        <div class="tool-group-items">${repeat(tools, (item) => item.key, (item) => this.renderItem(item, true))}</div>
      </details>
      ${stop}`;
  }

  private groupSummary(tools: DisplayItem[]): string {
    const calls = tools.filter((item) => item.kind === 'tool_call');
    const views = calls.map((call) => describeToolCall(call, call.toolCallId ? this.model.resultsByCall.get(call.toolCallId) : null));
    const counts = Object.entries(summarizeGroup(views).byStatus)
      .filter(([status]) => status !== 'completed')
      .map(([status, n]) => [(this.text.toolStatus as Record<string, string>)[status] ?? status, n] as [string, number]);
    return this.text.toolGroup(calls.length, counts);
  }

  private renderItem(item: DisplayItem, inGroup = false): TemplateResult {
    switch (item.kind) {
      case 'thinking':
        return html`<thinking-item .item=${item} .strings=${this.strings} image-origins=${this.imageOrigins} .linkSchemes=${this.linkSchemes} link-target=${this.linkTarget}></thinking-item>`;
      case 'tool_call':
        return html`<tool-call-item
          ?compact=${this.toolDisplay === 'compact'}
          ?no-stop-mark=${inGroup}
          .item=${item}
          .result=${item.toolCallId ? this.model.resultsByCall.get(item.toolCallId) : undefined}
          .strings=${this.strings}
          image-origins=${this.imageOrigins}
        ></tool-call-item>`;
      case 'tool_result':
        return html`<tool-result-item ?no-stop-mark=${inGroup} .item=${item} .strings=${this.strings}></tool-result-item>`;
      default:
        return html`<text-item .item=${item} .strings=${this.strings} image-origins=${this.imageOrigins} .linkSchemes=${this.linkSchemes} link-target=${this.linkTarget}></text-item>`;
    }
  }
}

const isToolActivity = (item: DisplayItem) => item.kind === 'tool_call' || item.kind === 'tool_result';

function segmentsOf(items: DisplayItem[]): Segment[] {
  const segments: Segment[] = [];
  for (const item of items) {
    const previous = segments[segments.length - 1];
    if (!isToolActivity(item)) segments.push({ key: item.key, item });
    else if (previous && 'tools' in previous) previous.tools.push(item);
    else segments.push({ key: `tools:${item.key}`, tools: [item] });
  }
  return segments;
}

function buildModel(items: unknown): ListModel {
  const normalized = normalizeItems(items);
  return { messages: groupMessages(normalized), ...pairToolResults(normalized) };
}
