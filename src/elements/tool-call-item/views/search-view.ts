import { css, html, nothing, type TemplateResult } from 'lit';
import { hostOf } from '../../../model/citations.js';
import { safeLink } from '../../../markdown/sanitize.js';
import type { FetchView, SearchResult, SearchView } from '../../../model/tool-views/types.js';
import type { BuiltinViewContext } from './context.js';
import { wordsOf } from './words.js';
import { foldLines, renderViewError, splitLines } from './fold.js';

/**
 * A web search: what was searched for, then each result as a link (when the URL policy allows its
 * address; else its title as text marked blocked, as Markdown shows a refused link), its site, the
 * page's age and the snippet. Nothing is fetched for it: no favicon, no preview.
 */
export function renderSearch(view: SearchView, context: BuiltinViewContext): TemplateResult {
  const words = wordsOf(context);
  const done = context.status !== 'executing' && context.status !== 'pending';
  return html`${view.query !== null ? html`<p class="query" dir="auto">${words.searchedFor(view.query)}</p>` : nothing}
    ${view.error !== null ? renderViewError(view.error, context) : nothing}
    ${view.results.length > 0
      ? html`<ol part="search-results" class="results" aria-label=${words.searchResults}>
          ${view.results.map((result) => renderResult(result, context))}
        </ol>`
      : done && view.error === null
        ? html`<p class="view-note">${words.noResults}</p>`
        : nothing}`;
}

function renderResult(result: SearchResult, context: BuiltinViewContext): TemplateResult {
  const site = hostOf(result.url);
  return html`<li class="result">
    ${renderLink(result.url, result.title ?? site ?? result.url, context, 'title')}
    <span class="meta">${site !== null ? html`<span class="site">${site}</span>` : nothing}${result.pageAge !== null
      ? html`<span class="age" dir="auto">${result.pageAge}</span>`
      : nothing}</span>
    ${result.snippet !== null ? html`<p class="snippet" dir="auto">${result.snippet}</p>` : nothing}
  </li>`;
}

/** `label` linking to `url` as the element's URL policy allows, else as text marked blocked. */
function renderLink(url: string, label: string, context: BuiltinViewContext, className: string): TemplateResult {
  const link = safeLink(url, { linkSchemes: context.linkSchemes, linkTarget: context.linkTarget });
  if (!link) {
    return html`<span part="blocked" class="blocked ${className}" dir="auto">${label} <small class="blocked-note">${context.text.blockedLink}</small></span>`;
  }
  return html`<a class=${className} href=${link.href} rel=${link.rel ?? nothing} target=${link.target ?? nothing} dir="auto">${label}</a>`;
}

/** A page the agent fetched: its address as a link, its title, and the text it read, folded when long. */
export function renderFetch(view: FetchView, context: BuiltinViewContext): TemplateResult {
  const words = wordsOf(context);
  const lines = view.text === null || view.text === '' ? [] : splitLines(view.text);
  const { shown, button } = foldLines(lines, context, 'page');
  return html`${view.url !== null ? html`<p class="fetched">${renderLink(view.url, view.url, context, 'url')}</p>` : nothing}
    ${view.title !== null ? html`<p class="page-title" dir="auto">${view.title}</p>` : nothing}
    ${view.retrievedAt !== null ? html`<p class="view-note" dir="auto">${view.retrievedAt}</p>` : nothing}
    ${view.error !== null ? renderViewError(view.error, context) : nothing}
    ${shown.length > 0
      ? html`<pre part="page-text" class="page-text" role="group" aria-label=${words.pageText} tabindex="0" dir="auto">${shown.join('\n')}</pre>${button}`
      : nothing}`;
}

export const searchStyles = css`
  .query,
  .fetched,
  .page-title {
    margin: 0;
  }

  .query,
  .page-title {
    font-weight: 600;
  }

  .url {
    overflow-wrap: anywhere;
  }

  .results {
    display: grid;
    gap: var(--_space);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .result {
    display: grid;
    gap: 0.1em;
    min-width: 0;
  }

  .result .title {
    font-weight: 600;
    overflow-wrap: anywhere;
  }

  a {
    color: var(--_accent);
  }

  .meta {
    display: flex;
    flex-wrap: wrap;
    gap: 0 0.75em;
    color: var(--_fg-muted);
    font-size: var(--_font-size-small);
  }

  .snippet {
    margin: 0;
    overflow-wrap: anywhere;
  }

  .page-text {
    margin: 0;
    font: inherit;
    max-height: 24em;
    overflow: auto;
    padding: var(--_space);
    border-radius: calc(var(--_radius) / 2);
    background: var(--_surface-raised);
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;
