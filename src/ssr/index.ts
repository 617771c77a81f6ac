/**
 * Server-side rendering: a conversation as an HTML string with declarative shadow DOM, for Node.
 *
 * Markdown bodies (text and reasoning) are sanitized with DOMPurify, which needs a real DOM: on
 * the server they stay empty containers, and the browser fills them when the elements hydrate.
 * Everything else (roles, tool calls and their status, results, stop marks, notices) is in the HTML.
 * To hydrate, the page loads `@lit-labs/ssr-client/lit-element-hydrate-support.js` before the tags.
 */
import { render } from '@lit-labs/ssr';
import { collectResult } from '@lit-labs/ssr/lib/render-result.js';
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import '../elements/message-list/define.js';
import type { ToolDisplay } from '../elements/message-list/message-list.js';

export interface RenderConversationOptions {
  /** `tool-display` of the list: `full` (default), `compact` or `hidden`. */
  toolDisplay?: ToolDisplay;
  /** `light` or `dark` forces a theme; unset follows the reader's preference. */
  theme?: 'light' | 'dark';
  /** `image-origins` of the list: origins whose images in model output load without a click. */
  imageOrigins?: string;
  /** `link-target` of the list (default `_blank`). */
  linkTarget?: string;
}

/**
 * Renders `<message-list>` with `items` (display items or rows, untrusted) as HTML: the list and
 * its items as declarative shadow roots, and the items as a child `<script type="application/json">`
 * that the element reads in the browser before it hydrates.
 */
export async function renderConversation(items: readonly unknown[], options: RenderConversationOptions = {}): Promise<string> {
  return collectResult(render(conversationTemplate(items, options)));
}

function conversationTemplate(items: readonly unknown[], options: RenderConversationOptions): TemplateResult {
  return html`<message-list
    .items=${items}
    tool-display=${ifDefined(options.toolDisplay)}
    theme=${ifDefined(options.theme)}
    image-origins=${ifDefined(options.imageOrigins)}
    link-target=${ifDefined(options.linkTarget)}
    >${unsafeHTML(jsonScript(items))}</message-list
  >`;
}

/** JSON in a script element: `<` escaped, so no text inside the data can end the element. */
function jsonScript(value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c');
  return `<script type="application/json">${json}</script>`;
}
