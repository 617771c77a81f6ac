import { html, nothing, type TemplateResult } from 'lit';
import type { DisplayKitStrings } from '../../i18n/strings.js';
import type { SafeLink } from '../../markdown/sanitize.js';

/** One source under a text that cites, as the citations code describes it (`./citations.ts`). */
export interface SourceLine {
  number: number;
  name: string;
  /** Its address's host, when the name does not already say it. */
  host: string | null;
  /** Pages and cited passages: shown on hover and focus, and describing the name. */
  detail: string;
  /** Where the name links, when the URL policy allows the address. */
  link: SafeLink | null;
  /** It has an address the URL policy refused. */
  blocked: boolean;
}

/**
 * The sources a text cites, compact: number, title (linked when the URL policy allows its
 * address), host; pages and cited passages show on hover and focus and describe the link.
 */
export function renderSources(sources: readonly SourceLine[], text: DisplayKitStrings): TemplateResult {
  return html`<div part="sources" class="sources" role="group" aria-label=${text.sources}>
    <span class="sources-label" aria-hidden="true">${text.sources}</span>
    <ol class="source-list">
      ${sources.map((source) => renderSource(source, text))}
    </ol>
  </div>`;
}

function renderSource(source: SourceLine, text: DisplayKitStrings): TemplateResult {
  const { number, name, host, detail, link } = source;
  const tipId = detail ? `dk-source-${number}` : null;
  const title = link
    ? html`<a
        class="source-name"
        href=${link.href}
        target=${link.target ?? nothing}
        rel=${link.rel ?? nothing}
        aria-describedby=${tipId ?? nothing}
      >${name}</a>`
    : html`<span class="source-name" tabindex=${tipId ? '0' : nothing} aria-describedby=${tipId ?? nothing}>${name}</span>${source.blocked
          ? html` <small class="blocked-note" part="blocked">${text.blockedLink}</small>`
          : nothing}`;
  return html`<li part="source" class="source" value=${number}>
    <span class="source-number" aria-hidden="true">${number}</span>
    ${title} ${host ? html`<span class="source-host">${host}</span>` : nothing}
    ${tipId ? html`<span class="cite-tip" id=${tipId} role="tooltip">${detail}</span>` : nothing}
  </li>`;
}
