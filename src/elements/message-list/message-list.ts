import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import { normalizeItems } from '../../model/normalize.js';
import { groupMessages } from '../../model/group.js';
import { pairToolResults } from '../../model/tools.js';
import type { DisplayItem, Message } from '../../model/types.js';
import { resolveStrings, roleName, type DisplayKitStrings } from '../../i18n/strings.js';
import { tokenStyles } from '../shared/tokens.styles.js';
import { styles } from './message-list.styles.js';

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
 *
 * @cssprop [--dk-message-gap=calc(var(--dk-space) * 3)] - Space between messages.
 * @cssprop [--dk-item-gap=var(--dk-space)] - Space between the items of a message.
 */
export class MessageList extends LitElement {
  static override styles = [tokenStyles, styles];

  /** The conversation: display items or rows (either shape), in load order. Untrusted. */
  @property({ attribute: false }) items: unknown[] = [];

  /** Replacement text for this list and every item in it. */
  @property({ attribute: false }) strings?: Partial<DisplayKitStrings>;

  /** Origins whose images in model output load without a click (`*` for all). */
  @property({ attribute: 'image-origins' }) imageOrigins = '';

  /** Link schemes that may be followed in Markdown. */
  @property({ attribute: false }) linkSchemes?: readonly string[];

  /** `target` for external links. */
  @property({ attribute: 'link-target' }) linkTarget = '_blank';

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
          items,
          (item) => item.key,
          (item) => this.renderItem(item),
        )}
      </div>
    </article>`;
  }

  private renderItem(item: DisplayItem): TemplateResult {
    switch (item.kind) {
      case 'thinking':
        return html`<thinking-item .item=${item} .strings=${this.strings} image-origins=${this.imageOrigins} .linkSchemes=${this.linkSchemes} link-target=${this.linkTarget}></thinking-item>`;
      case 'tool_call':
        return html`<tool-call-item
          .item=${item}
          .result=${item.toolCallId ? this.model.resultsByCall.get(item.toolCallId) : undefined}
          .strings=${this.strings}
          image-origins=${this.imageOrigins}
        ></tool-call-item>`;
      case 'tool_result':
        return html`<tool-result-item .item=${item} .strings=${this.strings}></tool-result-item>`;
      default:
        return html`<text-item .item=${item} .strings=${this.strings} image-origins=${this.imageOrigins} .linkSchemes=${this.linkSchemes} link-target=${this.linkTarget}></text-item>`;
    }
  }
}

function buildModel(items: unknown): ListModel {
  const normalized = normalizeItems(items);
  return { messages: groupMessages(normalized), ...pairToolResults(normalized) };
}
