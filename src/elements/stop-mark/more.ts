import { html, nothing, type TemplateResult } from 'lit';
import { safeJson } from '../../model/safe-json.js';
import type { StopDetails } from '../../model/types.js';
import type { DisplayKitStrings } from '../../i18n/strings.js';

/** Details types the mark's wording already says. */
const WORDED_TYPES: ReadonlySet<string> = new Set(['refusal', 'error']);

/**
 * What a stop holds beyond its words, for whoever wants it and out of the reader's line: the raw
 * reason the kit does not know, an unknown details `type`, the provider's other fields, each
 * value as text or indented JSON. Nothing when there is none.
 */
export function renderMore(text: DisplayKitStrings, unknownReason: string | null, details: StopDetails | null): TemplateResult | typeof nothing {
  const rows: Array<[string, unknown]> = [];
  if (unknownReason) rows.push([text.stopReason, unknownReason]);
  if (details?.type && !WORDED_TYPES.has(details.type.toLowerCase())) rows.push(['type', details.type]);
  if (details) rows.push(...Object.entries(details.extra));
  if (rows.length === 0) return nothing;
  return html`<details part="more" class="more">
    <summary>${text.stopDetails}</summary>
    <dl>${rows.map(([name, value]) => html`<dt>${name}</dt><dd>${renderValue(value)}</dd>`)}</dl>
  </details>`;
}

function renderValue(value: unknown): TemplateResult {
  if (typeof value === 'string') return html`<code dir="auto">${value}</code>`;
  if (value === null || typeof value !== 'object') return html`<code>${String(value)}</code>`;
  return html`<pre>${safeJson(value, { indent: 2, maxLength: 4000 })}</pre>`;
}
