import { isPlainObject, readKey, readString } from '../guards.js';
import { argumentsOf, errorText, firstText, listOf, resultData, resultFailed, resultText, stringsOf, type ToolViewReader } from './read.js';
import type { FetchView, SearchResult, SearchView } from './types.js';

/**
 * Web searches: Anthropic's `web_search` (a list of `web_search_result`, or a
 * `web_search_tool_result_error`), OpenAI's `web_search_call` as the adapter names it
 * (`web_search`, its `action` as arguments, its sources as the result), and search tools whose
 * result is a list of `{title, url, snippet}` or `{results: [...]}`.
 */
export const readSearch: ToolViewReader = (call, result) => {
  const args = argumentsOf(call);
  const action = readString(args, 'type');
  // OpenAI's search also opens pages and finds in them: an opened page reads as a fetch.
  if (action === 'open_page') return openedPage(readString(args, 'url'));
  if (action !== null && action !== 'search') return null;
  const query = queryOf(args);
  if (result === null) return query === null ? null : searchView(query, [], null);
  const data = resultData(result);
  const error = searchError(data) ?? (resultFailed(result) ? errorText(resultText(result)) : null);
  if (error !== null) return searchView(query, [], error);
  const hits = hitList(data);
  if (hits === null) return null;
  return searchView(query, hits.map(readHit).filter((hit) => hit !== null), null);
};

function searchView(query: string | null, results: SearchResult[], error: string | null): SearchView {
  return { kind: 'search', query, results, error };
}

function openedPage(url: string | null): FetchView | null {
  return url === null ? null : { kind: 'fetch', url, title: null, text: null, retrievedAt: null, error: null };
}

function queryOf(args: unknown): string | null {
  const query = firstText(args, ['query', 'q', 'search_query', 'search_term', 'searchTerm']);
  if (query !== null) return query;
  const queries = stringsOf(readKey(args, 'queries'));
  return queries.length > 0 ? queries.join('; ') : null;
}

/** `web_search_tool_result_error` {error_code}, as a list's only entry or the whole result. */
function searchError(data: unknown): string | null {
  const error = Array.isArray(data) && data.length === 1 ? (data[0] as unknown) : data;
  const type = readString(error, 'type');
  if (type !== null && type.endsWith('_error')) return errorText(error) ?? type;
  return isPlainObject(error) && readString(error, 'error_code') !== null ? errorText(error) : null;
}

/** The list of hits: the result itself, or its `results` / `sources` / `items` / `organic_results`. */
function hitList(data: unknown): unknown[] | null {
  if (Array.isArray(data)) return allHits(listOf(data));
  for (const key of ['results', 'sources', 'items', 'organic_results', 'web']) {
    const value = readKey(data, key);
    const list = isPlainObject(value) ? readKey(value, 'results') : value;
    if (Array.isArray(list)) return allHits(listOf(list));
  }
  return null;
}

function allHits(list: unknown[]): unknown[] | null {
  return list.every(isHit) ? list : null;
}

function isHit(value: unknown): boolean {
  return isPlainObject(value) && urlOf(value) !== null;
}

function urlOf(hit: unknown): string | null {
  return firstText(hit, ['url', 'link', 'href']);
}

/** Snippets past this length are cut: some tools send a page's whole text as its snippet. */
const MAX_SNIPPET = 1000;

function readHit(hit: unknown): SearchResult | null {
  const url = urlOf(hit);
  if (url === null) return null;
  return {
    title: firstText(hit, ['title', 'name']),
    url,
    pageAge: firstText(hit, ['page_age', 'pageAge', 'age', 'published_date', 'publishedDate', 'date']),
    snippet: cut(firstText(hit, ['snippet', 'description', 'content', 'text', 'summary'])),
  };
}

function cut(text: string | null): string | null {
  return text !== null && text.length > MAX_SNIPPET ? `${text.slice(0, MAX_SNIPPET)}…` : text;
}

/**
 * A fetched page: Anthropic's `web_fetch` (`web_fetch_result` {url, retrieved_at, content: a
 * document}, or `web_fetch_tool_error`), and fetch tools with a `url` argument and a text result.
 */
export const readFetch: ToolViewReader = (call, result) => {
  const args = argumentsOf(call);
  const url = firstText(args, ['url', 'uri', 'href']);
  if (result === null) return url === null ? null : fetchView(url, null, null, null);
  const data = resultData(result);
  const type = readString(data, 'type');
  if (type !== null && type.endsWith('_error')) return { ...fetchView(url, null, null, null), error: errorText(data) ?? type };
  if (type === 'web_fetch_result') return fetchedDocument(data, url);
  const text = resultText(result);
  if (url === null || text === null) return null;
  return resultFailed(result) ? { ...fetchView(url, null, null, null), error: errorText(text) } : fetchView(url, null, text, null);
};

function fetchView(url: string | null, title: string | null, text: string | null, retrievedAt: string | null): FetchView {
  return { kind: 'fetch', url, title, text, retrievedAt, error: null };
}

/** The document's text when its source is text; a PDF (base64) shows its title and URL alone. */
function fetchedDocument(data: unknown, url: string | null): FetchView {
  const document = readKey(data, 'content');
  const source = readKey(document, 'source');
  const text = readString(source, 'type') === 'text' ? readString(source, 'data') : null;
  return fetchView(readString(data, 'url') ?? url, readString(document, 'title'), text, readString(data, 'retrieved_at'));
}

