/**
 * Citations as a text shows them: markers in the Markdown, the list of sources under it, and
 * their tips. A text-item loads this the first time it shows a text that cites
 * (`./citations-code.ts`): a conversation without citations never fetches it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { citationLayout, hostOf, insertMarkers, type CitationLayout, type CitedSource } from '../../model/citations.js';
import type { DisplayItemOf } from '../../model/types.js';
import type { DisplayKitStrings } from '../../i18n/strings.js';
import { CitationMarkers, markerToken, type CitationMarker } from '../../markdown/citations.js';
import { safeLink, type RenderPolicy } from '../../markdown/sanitize.js';
import type { ViewOptions } from '../../markdown/view.js';

export { keepTipInView } from '../shared/tip-placement.js';

/** A cited text as it renders: the source with marker tokens, and the options that turn them into markers. */
export interface CitedText {
  item: DisplayItemOf<'text'>;
  /** The options the item rendered with before its markers were added. */
  base: ViewOptions;
  source: string;
  options: ViewOptions;
  layout: CitationLayout;
}

export function citedText(item: DisplayItemOf<'text'>, base: ViewOptions, text: DisplayKitStrings, previous: CitedText | null = null): CitedText {
  const layout = citationLayout(item.text, item.citations);
  const bySource = new Map(layout.sources.map((source) => [source.number, source]));
  const markers = layout.places.map((place) => marker(bySource.get(place.number)!, text));
  // Options the view rendered with stay the same object while the markers read the same: a host
  // that hands over a fresh copy of the item, or the same text grown, then costs no whole render.
  const same = previous?.base === base && JSON.stringify(previous.options.markers?.list) === JSON.stringify(markers);
  return {
    item,
    base,
    source: insertMarkers(item.text, layout.places, (_, index) => markerToken(index)),
    options: same ? previous.options : { ...base, markers: new CitationMarkers(markers) },
    layout,
  };
}

function marker(source: CitedSource, text: DisplayKitStrings): CitationMarker {
  const name = sourceName(source, text);
  const host = hostOf(source.url);
  return {
    number: source.number,
    label: text.citation(source.number, host && host !== name ? `${name} (${host})` : name),
    tip: [name, host !== name ? host : null, detailOf(source, text)].filter(Boolean).join(' · '),
    url: source.url,
  };
}

function sourceName(source: CitedSource, text: DisplayKitStrings): string {
  return source.title ?? hostOf(source.url) ?? source.url ?? text.untitledSource;
}

/** Pages and cited passages: what hovering or focusing a source shows. */
function detailOf(source: CitedSource, text: DisplayKitStrings): string {
  const pages = source.pages.map((range) => text.citationPages(range!.start, range!.end));
  const passages = source.passages.map((passage) => `“${passage.replace(/\s+/g, ' ').trim()}”`);
  return [...new Set(pages), ...passages].join(' · ');
}

/**
 * The sources a text cites, compact: number, title (linked when the URL policy allows its
 * address), host; pages and cited passages show on hover and focus and describe the link.
 */
export function renderSources(sources: readonly CitedSource[], text: DisplayKitStrings, policy: RenderPolicy): TemplateResult {
  return html`<div part="sources" class="sources" role="group" aria-label=${text.sources}>
    <span class="sources-label" aria-hidden="true">${text.sources}</span>
    <ol class="source-list">
      ${sources.map((source) => renderSource(source, text, policy))}
    </ol>
  </div>`;
}

function renderSource(source: CitedSource, text: DisplayKitStrings, policy: RenderPolicy): TemplateResult {
  const name = sourceName(source, text);
  const host = hostOf(source.url);
  const detail = detailOf(source, text);
  const tipId = detail ? `dk-source-${source.number}` : null;
  const link = source.url !== null ? safeLink(source.url, policy) : null;
  const title = link
    ? html`<a
        class="source-name"
        href=${link.href}
        target=${link.target ?? nothing}
        rel=${link.rel ?? nothing}
        aria-describedby=${tipId ?? nothing}
      >${name}</a>`
    : html`<span class="source-name" tabindex=${tipId ? '0' : nothing} aria-describedby=${tipId ?? nothing}>${name}</span>${source.url !== null
          ? html` <small class="blocked-note" part="blocked">${text.blockedLink}</small>`
          : nothing}`;
  return html`<li part="source" class="source" value=${source.number}>
    <span class="source-number" aria-hidden="true">${source.number}</span>
    ${title} ${host && host !== name ? html`<span class="source-host">${host}</span>` : nothing}
    ${tipId ? html`<span class="cite-tip" id=${tipId} role="tooltip">${detail}</span>` : nothing}
  </li>`;
}
