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
  stopped: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><rect x="5.75" y="5.75" width="4.5" height="4.5" rx=".75" fill="currentColor"/>`,
  limit: svg`<path d="M2 8h8.5M7.5 5l3 3-3 3" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/><path d="M13.5 3v10" stroke="currentColor" stroke-width="1.75" stroke-linecap="round"/>`,
  alert: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M8 4.6v4.2" stroke="currentColor" stroke-width="1.75" stroke-linecap="round"/><circle cx="8" cy="11.2" r="1" fill="currentColor"/>`,
  clock: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M8 4.5V8l2.5 1.6" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`,
  shield: svg`<path d="M8 1.7l5.3 2v4c0 3.2-2.2 5.6-5.3 6.6-3.1-1-5.3-3.4-5.3-6.6v-4z" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/><path d="M5.6 8h4.8" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>`,
  warning: svg`<path d="M8 1.8l6.5 11.6H1.5z" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/><path d="M8 6v3.4" stroke="currentColor" stroke-width="1.5" stroke-linecap="round"/><circle cx="8" cy="11.5" r=".9" fill="currentColor"/>`,
  info: svg`<circle cx="8" cy="8" r="6.25" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M8 7.2v4" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/><circle cx="8" cy="4.9" r=".9" fill="currentColor"/>`,
  file: svg`<path d="M4 1.8h5l3 3v9.4H4z" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linejoin="round"/><path d="M9 1.8v3h3" fill="none" stroke="currentColor" stroke-width="1.4"/>`,
  thinking: svg`<path d="M8 2.2a4.3 4.3 0 0 0-2.6 7.7c.5.4.8 1 .8 1.6v.6h3.6v-.6c0-.6.3-1.2.8-1.6A4.3 4.3 0 0 0 8 2.2zM6.4 14h3.2" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/>`,
  tool: svg`<path d="M10.3 2.2a3.2 3.2 0 0 0-3.9 4.2L2.3 10.5a1.3 1.3 0 0 0 1.9 1.9l4.1-4.1a3.2 3.2 0 0 0 4.2-3.9l-2 2-1.6-.5-.5-1.6z" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linejoin="round"/>`,
  copy: svg`<rect x="5.5" y="5.5" width="8" height="8" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.4"/><path d="M10.5 3.6V3.5a1.5 1.5 0 0 0-1.5-1.5H4a1.5 1.5 0 0 0-1.5 1.5V9A1.5 1.5 0 0 0 4 10.5h.1" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/>`,
  'arrow-down': svg`<path d="M8 2.5v10.5M3.8 8.8L8 13l4.2-4.2" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`,
  check: svg`<path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`,
  retry: svg`<path d="M13.2 8.6A5.2 5.2 0 1 1 11.6 4" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/><path d="M12.2 1.8v2.9H9.3" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"/>`,
  edit: svg`<path d="M10.6 2.4l3 3L5.8 13.2H2.8v-3z" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linejoin="round"/>`,
  share: svg`<path d="M8 10V2.2M5.2 5L8 2.2 10.8 5M3 8.5v5h10v-5" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round" stroke-linejoin="round"/>`,
  'thumbs-up': svg`<path d="M5 7.2l2.4-5c1 0 1.9.8 1.7 1.9l-.5 2.4h3.6a1.4 1.4 0 0 1 1.4 1.7l-1 4.6a1.4 1.4 0 0 1-1.4 1.1H5zM2 7.2h3v6.8H2z" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linejoin="round"/>`,
  'thumbs-down': svg`<g transform="rotate(180 8 8)"><path d="M5 7.2l2.4-5c1 0 1.9.8 1.7 1.9l-.5 2.4h3.6a1.4 1.4 0 0 1 1.4 1.7l-1 4.6a1.4 1.4 0 0 1-1.4 1.1H5zM2 7.2h3v6.8H2z" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linejoin="round"/></g>`,
  chevron: svg`<path d="M6 4l4 4-4 4" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/>`,
};

/** Whether the kit draws an icon by this name (a host's action names one, or shows its label). */
export function hasIcon(name: string): boolean {
  return ownValue(paths, name) !== undefined;
}

export function icon(name: string, className = 'icon'): TemplateResult {
  return html`<svg class=${className} part="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">${ownValue(paths, name) ?? paths.unknown}</svg>`;
}
