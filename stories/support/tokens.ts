/**
 * The global theme tokens of `src/elements/styles/tokens.styles.ts`, documented. The Theming
 * page renders this table, and the `TokenReference` story fails when a token in that file is
 * missing here (or listed here but gone from it).
 */
export interface TokenDoc {
  name: string;
  /** Default in the light scheme (or the only default). */
  light: string;
  /** Default in the dark scheme, when it differs. */
  dark?: string;
  use: string;
}

export const GLOBAL_TOKENS: TokenDoc[] = [
  { name: '--dk-color-scheme', light: 'light dark (follows the system)', use: '`light` or `dark` forces a scheme for the element and everything inside it; what the `theme` attribute sets' },
  { name: '--dk-color-text', light: '#1f2328', dark: '#ececec', use: 'Body text' },
  { name: '--dk-color-text-muted', light: '#57606a', dark: '#a8a8a8', use: 'Role labels, secondary text, reasoning' },
  { name: '--dk-color-surface', light: 'none (the page shows through)', use: 'Background of the list, when set (tips and popovers assume #ffffff / #1e1e1e)' },
  { name: '--dk-color-surface-raised', light: 'rgb(31 35 40 / 0.04)', dark: 'rgb(255 255 255 / 0.06)', use: 'Code, JSON, tool results, disclosures' },
  { name: '--dk-color-border', light: '#d0d7de', dark: 'rgb(255 255 255 / 0.16)', use: 'Borders and rules' },
  { name: '--dk-color-accent', light: '#0969da', dark: '#58a6ff', use: 'Links, buttons, focus ring (by default)' },
  { name: '--dk-color-user-bubble', light: '#ddf4ff', dark: 'rgb(255 255 255 / 0.1)', use: "Background of the user's text" },
  { name: '--dk-color-user-text', light: '= --dk-color-text', use: "Text colour of the user's bubble" },
  { name: '--dk-color-danger', light: '#cf222e', dark: '#ff7b72', use: 'Failed calls, errors' },
  { name: '--dk-color-danger-surface', light: '#ffebe9', dark: 'rgb(255 123 114 / 0.12)', use: 'Background of errors' },
  { name: '--dk-color-warning', light: '#9a6700', dark: '#d29922', use: 'Stop marks, waiting calls, fallbacks' },
  { name: '--dk-color-warning-surface', light: '#fff8c5', dark: 'rgb(210 153 34 / 0.14)', use: 'Background of stop marks and fallbacks' },
  { name: '--dk-color-success', light: '#1a7f37', dark: '#3fb950', use: 'Completed calls, approvals' },
  { name: '--dk-color-info', light: '#0969da', dark: '#4493f8', use: 'Notifications, running calls' },
  { name: '--dk-color-find', light: 'Mark (the system colour)', use: 'Background of find matches' },
  { name: '--dk-color-find-text', light: 'MarkText', use: 'Text of find matches' },
  { name: '--dk-color-find-current', light: '#0969da', dark: '#4493f8', use: 'Background of the match find shows' },
  { name: '--dk-color-find-current-text', light: '#ffffff', dark: '#0d1117', use: 'Text of the match find shows' },
  { name: '--dk-font-family', light: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif", use: 'Text' },
  { name: '--dk-font-family-mono', light: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', use: 'Code, arguments, results' },
  { name: '--dk-font-size', light: '1rem', use: 'Base text size' },
  { name: '--dk-font-size-small', light: 'calc(--dk-font-size × 0.875)', use: 'Labels, statuses, summaries, tool calls, stop marks (follows the body size unless set)' },
  { name: '--dk-line-height', light: '1.55', use: 'Line height of text' },
  { name: '--dk-radius', light: '0.5rem', use: 'Corner radius of bubbles, cards, code' },
  { name: '--dk-space', light: '0.5rem', use: 'The spacing unit every gap and padding derives from' },
  { name: '--dk-density', light: '1', use: 'Multiplies the spacing unit: 0.75 compact, 1 regular, 1.25 roomy' },
  { name: '--dk-focus-ring-color', light: '= --dk-color-accent', use: 'Colour of the keyboard focus outline' },
];

/** The `--dk-*` names a stylesheet's text mentions. */
export function tokenNames(cssText: string): string[] {
  return [...new Set(cssText.match(/--dk-[a-z0-9-]+/g) ?? [])].sort();
}
