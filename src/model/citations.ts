import { isPlainObject, readKey, readObject, readString, readText, type PlainObject } from './guards.js';

/**
 * Citations on a text (DOM-free). A host may send them in `content.citations` in the kit's own
 * shape (LangChain's `Citation`, serialized):
 *
 * ```json
 * {"cited_text": "…", "start_index": 4, "end_index": 9,
 *  "source": {"type": "web", "title": "…", "url": "https://…", "document_id": "…"}}
 * ```
 *
 * or as a provider wrote them: Anthropic's `char_location`, `page_location`,
 * `content_block_location`, `web_search_result_location` and `search_result_location`; OpenAI's
 * `url_citation` (nested, as Chat Completions sends it, or flat, as the Responses API does) and
 * `file_citation`; LangChain.js's `citation` annotations (`startIndex`, `citedText`). Nothing in
 * them is trusted: a URL is checked when it is shown, and an offset outside the text counts as
 * unknown.
 */
export interface Citation {
  /** Where the cited span of this text begins and ends (end exclusive), when the source said. */
  start: number | null;
  end: number | null;
  url: string | null;
  title: string | null;
  /** The passage of the source that backs the span. */
  citedText: string | null;
  /** Pages of a cited document (`end` inclusive). */
  pages: { start: number; end: number } | null;
}

/**
 * One source a text cites, however many of its spans cite it: numbered from 1 in the order a
 * reader meets them.
 */
export interface CitedSource {
  number: number;
  url: string | null;
  title: string | null;
  /** The passages cited from it, each once. */
  passages: string[];
  pages: Citation['pages'][];
}

/**
 * Every citation in `value` that names a source or a passage, with offsets checked against
 * `text` (an adapter that does not know the text yet leaves them to be checked later).
 */
export function readCitations(value: unknown, text?: string): Citation[] {
  if (!Array.isArray(value)) return [];
  const citations: Citation[] = [];
  for (const raw of value) {
    const citation = readCitation(raw, text?.length ?? Infinity);
    if (citation) citations.push(citation);
  }
  return citations;
}

function readCitation(raw: unknown, length: number): Citation | null {
  if (!isPlainObject(raw)) return null;
  // OpenAI's Chat Completions nests the fields under `url_citation`; everyone else keeps them flat.
  const fields = readObject(raw, 'url_citation') ?? raw;
  const source = readObject(fields, 'source') ?? {};
  const url = firstString(fields, ['url']) ?? firstString(source, ['url']) ?? httpSource(readString(fields, 'source'));
  const title =
    firstString(fields, ['title', 'document_title', 'filename']) ??
    firstString(source, ['title', 'document_id']) ??
    readString(fields, 'source');
  const citedText = firstString(fields, ['cited_text', 'citedText', 'text']);
  if (url === null && title === null && citedText === null) return null;
  const span = readSpan(fields, length);
  return { ...span, url, title, citedText, pages: readPages(fields, readObject(source, 'metadata')) };
}

/**
 * The cited span in this text. Anthropic's `start_char_index` counts in the cited document, not
 * in the answer, so only the answer-side names count. A point (`index`) marks where a span ends.
 */
function readSpan(fields: PlainObject, length: number): { start: number | null; end: number | null } {
  const start = readOffset(fields, ['start_index', 'startIndex']);
  const end = readOffset(fields, ['end_index', 'endIndex']) ?? readOffset(fields, ['index']);
  if (end === null || end > length || (start !== null && start > end)) return { start: null, end: null };
  return { start: start ?? end, end };
}

function readOffset(fields: PlainObject, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = readKey(fields, key);
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return null;
}

/** Anthropic's page numbers: `end_page_number` is exclusive. */
function readPages(fields: PlainObject, metadata: PlainObject | null): Citation['pages'] {
  const from = readKey(fields, 'start_page_number') ?? readKey(metadata, 'start_page_number');
  const to = readKey(fields, 'end_page_number') ?? readKey(metadata, 'end_page_number');
  if (typeof from !== 'number' || !Number.isInteger(from) || from < 1) return null;
  const end = typeof to === 'number' && Number.isInteger(to) && to > from ? to - 1 : from;
  return { start: from, end };
}

/** Anthropic's search results name their source as a string, often a URL. */
function httpSource(source: string | null): string | null {
  return source !== null && /^https?:\/\//i.test(source) ? source : null;
}

function firstString(source: PlainObject, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = readText(source, key);
    if (value !== null) return value;
  }
  return null;
}

/** The kit's own shape of a citation, as adapters write it into `content.citations`. */
export function citationJson(citation: Citation): PlainObject {
  const json: PlainObject = {};
  if (citation.citedText !== null) json.cited_text = citation.citedText;
  if (citation.start !== null && citation.end !== null) {
    json.start_index = citation.start;
    json.end_index = citation.end;
  }
  const source: PlainObject = { type: citation.url !== null ? 'web' : 'document' };
  if (citation.title !== null) source.title = citation.title;
  if (citation.url !== null) source.url = citation.url;
  json.source = source;
  if (citation.pages) {
    json.start_page_number = citation.pages.start;
    json.end_page_number = citation.pages.end + 1;
  }
  return json;
}

/** The sources a text cites, numbered, and for each citation the number of its source. */
export function citedSources(citations: readonly Citation[]): { sources: CitedSource[]; numbers: number[] } {
  const byKey = new Map<string, CitedSource>();
  const numbers = citations.map((citation) => {
    const key = sourceKey(citation);
    let source = byKey.get(key);
    if (!source) {
      source = { number: byKey.size + 1, url: citation.url, title: citation.title, passages: [], pages: [] };
      byKey.set(key, source);
    }
    if (citation.citedText !== null && !source.passages.includes(citation.citedText)) source.passages.push(citation.citedText);
    if (citation.pages) source.pages.push(citation.pages);
    return source.number;
  });
  return { sources: [...byKey.values()], numbers };
}

function sourceKey(citation: Citation): string {
  if (citation.url !== null) return `url:${citation.url}`;
  return citation.title !== null ? `title:${citation.title}` : `passage:${citation.citedText ?? ''}`;
}

/** The host part of a source's address, for the sources list ("example.com"). */
export function hostOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    const host = new URL(url).hostname;
    return host === '' ? null : host.replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** Where one marker goes in a text, and which source it stands for. */
export interface MarkerPlace {
  /** Offset in the text, before which the marker is inserted. */
  at: number;
  number: number;
}

/**
 * Where the markers of cited spans go: each at the end of its span, moved to the end of the
 * word (or construct) it falls in, so that inserted text never splits a word, a link, an
 * emphasis run or an address. A span ending on a line that only draws a block (a closing
 * fence, a rule, a table's delimiter row) puts its marker on the line above, inside the block.
 * Spans whose place is unknown are not placed: their markers go after the text.
 */
export function markerPlaces(text: string, citations: readonly Citation[], numbers: readonly number[]): MarkerPlace[] {
  const places: MarkerPlace[] = [];
  const seen = new Set<string>();
  citations.forEach((citation, index) => {
    if (citation.end === null) return;
    const at = insertionPoint(text, citation.end);
    const key = `${at}:${numbers[index]}`;
    // One marker per source at one place: two spans of one source ending together read as one.
    if (seen.has(key)) return;
    seen.add(key);
    places.push({ at, number: numbers[index] });
  });
  return places.sort((a, b) => a.at - b.at || a.number - b.number);
}

const SPACE = /\s/;
/** Lines that draw a block rather than hold text: a fence, a rule, a setext underline, a delimiter row. */
const STRUCTURAL_LINE = /^(?:[ \t]*>)*[ \t]*(?:`{3,}|~{3,}|(?:[-*_=][ \t]*){3,}$|\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$)/;

function insertionPoint(text: string, end: number): number {
  let at = Math.min(Math.max(end, 0), text.length);
  while (at > 0 && SPACE.test(text[at - 1])) at--;
  at = wordEnd(text, at);
  for (let guard = 0; guard < 8; guard++) {
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const lineEnd = text.indexOf('\n', at);
    const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
    if (lineStart === 0 || !STRUCTURAL_LINE.test(line)) break;
    at = lineStart - 1;
  }
  return at;
}

/** The end of the word at `at`, or of the code span or link it falls in. */
function wordEnd(text: string, from: number): number {
  let at = from;
  for (let guard = 0; guard < 8; guard++) {
    while (at < text.length && !SPACE.test(text[at])) at++;
    const after = constructEnd(text, at);
    if (after <= at) return at;
    at = after;
  }
  return at;
}

/**
 * Where the code span or link text that is open at `at` (on its line) ends, or `at` when none
 * is: a marker inside one would show as code or break the link.
 */
function constructEnd(text: string, at: number): number {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let code = 0;
  const brackets: number[] = [];
  for (let i = lineStart; i < at; i++) {
    const char = text[i];
    if (char === '\\') i++;
    else if (char === '`') {
      const run = runOf(text, i, '`');
      code = code === 0 ? run : code === run ? 0 : code;
      i += run - 1;
    } else if (code === 0 && char === '[') brackets.push(i);
    else if (code === 0 && char === ']') brackets.pop();
  }
  if (code > 0) {
    const close = text.indexOf('`'.repeat(code), at);
    return close < 0 ? at : close + code;
  }
  return brackets.length > 0 ? linkEnd(text, at) : at;
}

function runOf(text: string, i: number, char: string): number {
  let end = i;
  while (text[end] === char) end++;
  return end - i;
}

/** After `[text](destination)` or `[text][label]` whose text is open at `at`. */
function linkEnd(text: string, at: number): number {
  const close = text.indexOf(']', at);
  if (close < 0) return at;
  const opener = text[close + 1];
  const closer = opener === '(' ? ')' : opener === '[' ? ']' : null;
  if (closer === null) return close + 1;
  const end = text.indexOf(closer, close + 2);
  return end < 0 ? close + 1 : end + 1;
}

/** `text` with `marker(number)` inserted at each place (places in order, as `markerPlaces` gives them). */
export function insertMarkers(text: string, places: readonly MarkerPlace[], marker: (number: number, index: number) => string): string {
  let out = '';
  let from = 0;
  for (const [index, place] of places.entries()) {
    out += text.slice(from, place.at) + marker(place.number, index);
    from = place.at;
  }
  return out + text.slice(from);
}

/** How a cited text shows: its sources, numbered, and where each marker goes. */
export interface CitationLayout {
  sources: CitedSource[];
  /**
   * Markers in text order: at the cited spans, then one after the text for each source no
   * span of which is known.
   */
  places: MarkerPlace[];
}

export function citationLayout(text: string, citations: readonly Citation[]): CitationLayout {
  const { sources, numbers } = citedSources(citations);
  const places = markerPlaces(text, citations, numbers);
  const placed = new Set(places.map((place) => place.number));
  const end = insertionPoint(text, text.length);
  for (const source of sources) if (!placed.has(source.number)) places.push({ at: end, number: source.number });
  return { sources, places: places.sort((a, b) => a.at - b.at) };
}

/**
 * A cited text as Markdown for copy and export: footnote references at the cited spans (or
 * after the text) and a footnote per source, its title linked when `safeUrl` allows the address.
 */
export function citedMarkdown(text: string, citations: readonly Citation[], safeUrl: (url: string) => boolean): string {
  if (citations.length === 0) return text;
  const { sources, places } = citationLayout(text, citations);
  const body = insertMarkers(text, places, (number) => `[^${number}]`);
  return `${body}\n\n${sources.map((source) => footnote(source, safeUrl)).join('\n')}`;
}

function footnote(source: CitedSource, safeUrl: (url: string) => boolean): string {
  const name = escapeInline(source.title ?? hostOf(source.url) ?? source.url ?? '');
  const linked = source.url !== null && safeUrl(source.url) ? `[${name || source.url}](<${source.url.replace(/[<>\s]/g, encodeURIComponent)}>)` : name;
  const passages = source.passages.map((passage) => ` “${escapeInline(passage.replace(/\s+/g, ' ').trim())}”`).join('');
  return `[^${source.number}]: ${linked}${passages}`.trimEnd();
}

/** Text that stays text inside a footnote line: no markup, no line breaks. */
function escapeInline(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/([\\`*_[\]<>#|~])/g, '\\$1');
}
