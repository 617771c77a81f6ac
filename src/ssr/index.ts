/**
 * Server-side rendering: a conversation as an HTML string with declarative shadow DOM, for Node.
 *
 * Markdown bodies (text and reasoning) are sanitized with DOMPurify, which needs a real DOM: on
 * the server they go out as plain text, and the browser renders the Markdown in their place when
 * the elements hydrate. Everything else (roles, tool calls and their status, results, stop marks,
 * notices, times) is in the HTML; times are drawn again in the reader's zone and language once
 * the page hydrates. To hydrate, the page loads
 * `@lit-labs/ssr-client/lit-element-hydrate-support.js` before the tags.
 */
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import '../elements/message-list/define.js';
// The browser loads the tool tags and the citations on first use; the server draws them at once.
import '../elements/tool-call-item/define.js';
import * as citations from '../elements/text-item/citations.js';
import { provideCitations } from '../elements/text-item/citations-code.js';
import type { ApprovalAction, MessageAction, Participants, ToolDisplay } from '../elements/message-list/message-list.js';
import type { OPTION_KEYS } from '../elements/message-list/list-options.js';
import type { NarrationDisplay } from '../model/types.js';
import { SERVER_OPTIONS, type ServerOptions } from '../elements/message-list/server-options.js';
import type { DisplayKitStrings } from '../i18n/strings.js';

provideCitations(citations);

/** Every option `<message-list>` takes, as the server renders it (and the browser hydrates it). */
export interface RenderConversationOptions {
  /** `tool-display` of the list: `full` (default), `compact` or `hidden`. */
  toolDisplay?: ToolDisplay;
  /** `light` or `dark` forces a theme; unset follows the page and the reader's preference. */
  theme?: 'light' | 'dark';
  /** `image-origins` of the list: origins whose images in model output load without a click. */
  imageOrigins?: string;
  /** `link-target` of the list (default `_blank`). */
  linkTarget?: string;
  /** Link schemes that may be followed in Markdown. */
  linkSchemes?: readonly string[];
  /** Locale for times and numbers on the server; the browser draws times again in its reader's. */
  locale?: string;
  /** Time zone for times and day separators on the server (likewise drawn again in the browser). */
  timeZone?: string;
  /** Hide message times and day separators. */
  noTimestamps?: boolean;
  /** Buttons that download the conversation as Markdown or JSON. */
  exportable?: boolean;
  /** The host's own per-message actions (`message-action` events fire in the browser). */
  messageActions?: readonly MessageAction[];
  /** Display names and avatars per role. */
  participants?: Participants;
  /** Replacement text for this list and its items. */
  strings?: Partial<DisplayKitStrings>;
  /** `narration` of the list: `shown` (default) or `hidden`. */
  narration?: NarrationDisplay;
  /** Reasoning shown open, not collapsed. */
  thinkingOpen?: boolean;
  /** Approve and Decline on calls waiting for a person (`tool-approval` fires in the browser). */
  approvals?: boolean;
  /** The host's own choices beside Approve and Decline. */
  approvalActions?: readonly ApprovalAction[];
  /** `stop-actions` of the list: `continue`, `retry`, space-separated (`stop-action` fires in the browser). */
  stopActions?: string;
  /** `developer` of the list: "Details" with the whole row on a failed or declined call. */
  developer?: boolean;
}

/**
 * Every option of the list the server can draw is one of these (a host's tool views are
 * functions and views of the page: they render in the browser). When the list gains an option
 * this renderer does not take, the template's signature asks for it by name and this file fails
 * to compile.
 */
type NotRendered = Exclude<(typeof OPTION_KEYS)[number], keyof RenderConversationOptions | 'toolViews'>;
type EveryOptionRendered = [NotRendered] extends [never] ? object : { notRendered: NotRendered };

/**
 * Renders `<message-list>` with `items` (display items or rows, untrusted) as HTML: the list and
 * its items as declarative shadow roots, the items as a child `<script type="application/json">`
 * that the element reads in the browser before it hydrates, and the options that are not
 * attributes beside them, so that the browser's first render matches the server's.
 */
export async function renderConversation(items: readonly unknown[], options: RenderConversationOptions = {}): Promise<string> {
  return collectResult(render(conversationTemplate(items, options)));
}

function conversationTemplate(items: readonly unknown[], options: RenderConversationOptions & EveryOptionRendered): TemplateResult {
  const serverOptions: ServerOptions = {
    messageActions: options.messageActions,
    participants: options.participants,
    strings: options.strings,
    linkSchemes: options.linkSchemes,
    approvalActions: options.approvalActions,
  };
  return html`<message-list
    .items=${items}
    .messageActions=${options.messageActions ?? []}
    .participants=${options.participants ?? {}}
    .strings=${options.strings}
    .linkSchemes=${options.linkSchemes}
    .approvalActions=${options.approvalActions ?? []}
    tool-display=${ifDefined(options.toolDisplay)}
    theme=${ifDefined(options.theme)}
    image-origins=${ifDefined(options.imageOrigins)}
    link-target=${ifDefined(options.linkTarget)}
    locale=${ifDefined(options.locale)}
    time-zone=${ifDefined(options.timeZone)}
    ?no-timestamps=${options.noTimestamps ?? false}
    ?exportable=${options.exportable ?? false}
    narration=${ifDefined(options.narration)}
    ?thinking-open=${options.thinkingOpen ?? false}
    ?approvals=${options.approvals ?? false}
    ?developer=${options.developer ?? false}
    stop-actions=${ifDefined(options.stopActions)}
    >${unsafeHTML(jsonScript(items))}${unsafeHTML(jsonScript(serverOptions, SERVER_OPTIONS))}</message-list
  >`;
}

/** JSON in a script element: `<` escaped, so no text inside the data can end the element. */
function jsonScript(value: unknown, marker = ''): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json"${marker ? ` ${marker}` : ''}>${json}</script>`;
}
