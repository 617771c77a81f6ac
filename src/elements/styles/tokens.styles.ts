import { css } from 'lit';

/**
 * The private values every element reads, each from a global `--dk-*` theme token with a
 * light/dark default. Hosts theme with the `--dk-*` tokens; `--_*` values stay internal.
 */
export const tokenStyles = css`
  :host([theme='light']) {
    --dk-color-scheme: light;
  }

  :host([theme='dark']) {
    --dk-color-scheme: dark;
  }

  :host {
    /*
     * The page's scheme, inherited: a page that declares none stays light, one that declares
     * "light dark" follows the reader's system. The theme attribute (or --dk-color-scheme on
     * an ancestor) forces one; unset, this declaration falls back to inheriting.
     */
    color-scheme: var(--dk-color-scheme);
    /*
     * What a page sets on its text and the kit never means to inherit: a centred starter page
     * must not centre an answer, its arguments or its results. Font and colour do come from the page.
     */
    text-align: start;
    text-indent: 0;
    text-transform: none;
    letter-spacing: normal;
    word-spacing: normal;
    white-space: normal;
    font-style: normal;
    font-weight: normal;
    --_fg: var(--dk-color-text, light-dark(#1f2328, #ececec));
    --_fg-muted: var(--dk-color-text-muted, light-dark(#57606a, #a8a8a8));
    /*
     * The page's colour as the kit assumes it, for what must be opaque (tips, popovers, a button's
     * text on the accent). The list itself paints no surface unless --dk-color-surface is set.
     */
    --_surface: var(--dk-color-surface, light-dark(#ffffff, #1e1e1e));
    /* Tints, not colours: a card or a code block sits on whatever the page paints. */
    --_surface-raised: var(--dk-color-surface-raised, light-dark(rgb(31 35 40 / 0.04), rgb(255 255 255 / 0.06)));
    --_border: var(--dk-color-border, light-dark(#d0d7de, rgb(255 255 255 / 0.16)));
    --_accent: var(--dk-color-accent, light-dark(#0969da, #58a6ff));
    --_user-bg: var(--dk-color-user-bubble, light-dark(#ddf4ff, rgb(255 255 255 / 0.1)));
    --_user-fg: var(--dk-color-user-text, var(--_fg));
    --_danger: var(--dk-color-danger, light-dark(#cf222e, #ff7b72));
    --_danger-bg: var(--dk-color-danger-surface, light-dark(#ffebe9, rgb(255 123 114 / 0.12)));
    --_warning: var(--dk-color-warning, light-dark(#9a6700, #d29922));
    --_warning-bg: var(--dk-color-warning-surface, light-dark(#fff8c5, rgb(210 153 34 / 0.14)));
    --_success: var(--dk-color-success, light-dark(#1a7f37, #3fb950));
    --_info: var(--dk-color-info, light-dark(#0969da, #4493f8));
    --_font: var(--dk-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_font-mono: var(--dk-font-family-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    --_font-size: var(--dk-font-size, 1rem);
    /* Follows the body size unless set: 16px text has 14px labels, 20px text 17.5px ones. */
    --_font-size-small: var(--dk-font-size-small, calc(var(--_font-size) * 0.875));
    --_line-height: var(--dk-line-height, 1.55);
    --_radius: var(--dk-radius, 0.5rem);
    /* One spacing unit, scaled by density: 0.75 compact, 1 (default) regular, 1.25 roomy. */
    --_space: calc(var(--dk-space, 0.5rem) * var(--dk-density, 1));
    --_focus-ring: var(--dk-focus-ring-color, var(--_accent));
  }

  :host([hidden]) {
    display: none !important;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }

  :focus-visible {
    outline: 2px solid var(--_focus-ring);
    outline-offset: 2px;
  }

  /* Find in the conversation (the list's search): every match, and the one shown. */
  ::highlight(dk-find) {
    color: var(--dk-color-find-text, MarkText);
    background-color: var(--dk-color-find, Mark);
  }

  /*
   * The theme's accent, not the system's Highlight: Firefox's in a dark theme is a pale green
   * under which the muted text of reasoning was unreadable.
   */
  ::highlight(dk-find-current) {
    color: var(--dk-color-find-current-text, light-dark(#ffffff, #0d1117));
    background-color: var(--dk-color-find-current, light-dark(#0969da, #4493f8));
  }

  /*
   * Forced colours paint every highlight in Highlight (Chromium), the current match included:
   * lines above and below set the current one apart. (Longhands: Chromium drops the shorthand
   * with a thickness in a highlight.)
   */
  @media (forced-colors: active) {
    ::highlight(dk-find-current) {
      text-decoration-line: underline overline;
      text-decoration-thickness: 2px;
    }
  }

  pre,
  code {
    font-family: var(--_font-mono);
    font-size: 0.9em;
  }
`;
