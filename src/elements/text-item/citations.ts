/**
 * Citations as a text shows them: markers in the Markdown, what the list of sources under it
 * says (`./sources.ts` draws it), and their tips. A text-item loads this the first time it shows
 * a text that cites (`./citations-code.ts`): a conversation without citations never fetches it.
 *
 * It imports no Lit. A chunk that did made Vite 8's bundler (rolldown 1.2) split Lit out of an
 * app's main bundle into a file of its own that the page loads at once (rolldown issues 9963 and
 * 10731): a request more for every page. The no-build bundle's test and the SSR example catch it.
 */
import { citationLayout, hostOf, insertMarkers, type CitedSource } from '../../model/citations.js';
import type { DisplayItemOf } from '../../model/types.js';
import type { DisplayKitStrings } from '../../i18n/strings.js';
import { CitationMarkers, markerToken, type CitationMarker } from '../../markdown/citations.js';
import { safeLink, type RenderPolicy } from '../../markdown/sanitize.js';
import type { SourceLine } from './sources.js';
import type { ViewOptions } from '../../markdown/view.js';

export { keepTipInView } from '../support/tip-placement.js';

/** A cited text as it renders: the source with marker tokens, and the options that turn them into markers. */
export interface CitedText {
  item: DisplayItemOf<'text'>;
  /** The options the item rendered with before its markers were added. */
  base: ViewOptions;
  source: string;
  options: ViewOptions;
  /** The list of sources under the text, one line each. */
  sources: SourceLine[];
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
    sources: layout.sources.map((source) => sourceLine(source, text, base.policy)),
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

/** What the list of sources says of one: number, name (linked when the URL policy allows its address), host, pages and passages. */
function sourceLine(source: CitedSource, text: DisplayKitStrings, policy: RenderPolicy): SourceLine {
  const name = sourceName(source, text);
  const host = hostOf(source.url);
  const link = source.url !== null ? safeLink(source.url, policy) : null;
  return {
    number: source.number,
    name,
    host: host && host !== name ? host : null,
    detail: detailOf(source, text),
    link,
    blocked: source.url !== null && link === null,
  };
}
