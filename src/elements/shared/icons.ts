import { html, svg, type SVGTemplateResult, type TemplateResult } from 'lit';
import { ownValue } from '../../model/guards.js';

/** Inline icons (decorative: the text beside each one carries the meaning). */
const paths: Record<string, SVGTemplateResult> = {
  pending: svg`<circle cx="8" cy="8" r="6" fill="none" stroke="currentColor" stroke-width="1.5" stroke-dasharray="2 2"/>`,
  executing: svg`<path d="M8 2a6 6 0 1 0 6 6" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round"/>`,
  completed: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M5 8.2l2 2 4-4.4" fill="none" stroke="currentColor" stroke-width="1.75" stroke-linecap="round" stroke-linejoin="round"/>`,
  failed: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M5.5 5.5l5 5M10.5 5.5l-5 5" stroke="currentColor" stroke-width="1.75" stroke-linecap="round"/>`,
  interrupted: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M6.5 5.5v5M9.5 5.5v5" stroke="currentColor" stroke-width="1.75" stroke-linecap="round"/>`,
  cancelled: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M5 8h6" stroke="currentColor" stroke-width="1.75" stroke-linecap="round"/>`,
  incomplete: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5" stroke-dasharray="3.2 2.4"/><path d="M5.5 8h5" stroke="currentColor" stroke-width="1.75" stroke-linecap="round"/>`,
  declined: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M3.6 12.4l8.8-8.8" stroke="currentColor" stroke-width="1.5"/>`,
  unknown: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M6.3 6.3a1.8 1.8 0 1 1 2.4 1.7c-.5.2-.7.6-.7 1.1v.4" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/><circle cx="8" cy="11.6" r=".9" fill="currentColor"/>`,
  stop: svg`<rect x="2.5" y="2.5" width="11" height="11" rx="2" fill="none" stroke="currentColor" stroke-width="1.5"/><rect x="6" y="6" width="4" height="4" rx=".5" fill="currentColor"/>`,
  warning: svg`<path d="M8 1.8l6.5 11.6H1.5z" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/><path d="M8 6v3.4" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/><circle cx="8" cy="11.5" r=".9" fill="currentColor"/>`,
  info: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M8 7.2v4" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/><circle cx="8" cy="4.9" r=".9" fill="currentColor"/>`,
  file: svg`<path d="M4 1.8h5l3 3v9.4H4z" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linejoin="round"/><path d="M9 1.8v3h3" fill="none" stroke="currentColor" stroke-width="1.4"/>`,
  thinking: svg`<path d="M8 2.2a4.3 4.3 0 0 0-2.6 7.7c.5.4.8 1 .8 1.6v.6h3.6v-.6c0-.6.3-1.2.8-1.6A4.3 4.3 0 0 0 8 2.2zM6.4 14h3.2" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/>`,
  tool: svg`<path d="M10.3 2.2a3.2 3.2 0 0 0-3.9 4.2L2.3 10.5a1.3 1.3 0 0 0 1.9 1.9l4.1-4.1a3.2 3.2 0 0 0 4.2-3.9l-2 2-1.6-.5-.5-1.6z" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linejoin="round"/>`,
  chevron: svg`<path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`,
};

export function icon(name: string, className = 'icon'): TemplateResult {
  return html`<svg class=${className} part="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">${ownValue(paths, name) ?? paths.unknown}</svg>`;
}
