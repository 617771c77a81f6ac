import { css } from 'lit';

/** The height a message is guessed to have (in rem) until it is first laid out. */
export const ROW_ESTIMATE_REM = 8;

/**
 * Until a block of messages is first shown, its height is estimated from its rows. Set as the
 * property itself: an inherited custom property would restyle every row whenever the count
 * changes. Set through CSSOM (`.style`), not as an attribute: a strict policy (`style-src`
 * without `'unsafe-inline'`) refuses style attributes.
 */
export function blockEstimate(rows: number): string {
  return `contain-intrinsic-block-size: auto ${rows * ROW_ESTIMATE_REM}rem`;
}

export const styles = css`
  /* Layout only: a column whose log scrolls once the host is given a height or max-height. */
  :host {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }

  /* Wide content (code, tables) scrolls inside its item; it never widens the list. */
  .frame,
  .log,
  .list,
  .message,
  .items {
    min-width: 0;
  }

  .frame {
    position: relative;
    display: flex;
    flex-direction: column;
    flex: 1 1 auto;
    min-height: 0;
    /*
     * A page may set the host's display (display: block is a habit with custom elements): the
     * frame still fills the height the page gives the host, and stops at its max-height, so the
     * log scrolls inside it instead of spilling over what follows.
     */
    height: 100%;
    max-height: inherit;
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: var(--_line-height);
    color: var(--_fg);
    /* Transparent over the host page unless a theme paints one (the tokens' --_surface is a guess at the page). */
    background: var(--dk-color-surface, transparent);
  }

  /* A scheme forced against the page's (theme="dark" on a light page) brings its own surface to be read on. */
  :host([theme='light']) .frame,
  :host([theme='dark']) .frame {
    background: var(--_surface);
  }

  .log {
    /*
     * Holds what its messages position absolutely (text kept for screen readers, tips): placed
     * against the frame outside it, they stretched the page by the log's whole scroll height.
     */
    position: relative;
    flex: 1 1 auto;
    min-height: 0;
    overflow-y: auto;
    /* The list keeps the reader's place itself (prepends, growth below). */
    overflow-anchor: none;
    /*
     * Room between the messages and the list's edge: a themed surface (a dark list on a light
     * page) does not end at the words' edge, and the focus ring, drawn inside so that no
     * ancestor's overflow cuts it, does not cross them.
     */
    padding: var(--dk-list-padding, var(--_space));
  }

  .log:focus-visible {
    outline-offset: -2px;
  }

  /* Block flow, not flex: a change in one message relays out only what follows it. */
  .list {
    display: flow-root;
  }

  /*
   * Only edge and attribute selectors on the rows: in Firefox a sibling combinator ("* + *") or
   * ":first-of-type" restyled every mounted message whenever older ones mounted above them.
   * ":where()" keeps the specificity of the rule this was (a day separator's own margin wins).
   */
  .list > :where(:not(:first-child)),
  .block > :where(:not(:first-child)) {
    margin-top: var(--dk-message-gap, calc(var(--_space) * 3));
  }

  .message {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    background: var(--dk-message-background, transparent);
  }

  /*
   * A message has focus after a jump that asked for it (scrollToMessage). Its ring is drawn inside
   * it, as the log's edges cut off one drawn outside, and over its items: an outline is painted
   * under them (they are positioned), and a user's bubble hid half of it.
   */
  .message:focus-visible {
    position: relative;
    outline: none;
  }

  .message:focus-visible::after {
    content: '';
    position: absolute;
    inset: 0;
    z-index: 1;
    border: 2px solid var(--_focus-ring);
    border-radius: calc(var(--_radius) / 2);
    pointer-events: none;
  }

  /*
   * The newest messages are laid out at their own size at once. Where the estimate stood in
   * for a frame (Firefox and WebKit lay such content out a frame late), saved rows replacing a
   * long draft shrank the list for that frame: the browser pulled the scroll position up, and
   * it read as the reader leaving the bottom.
   */
  .block[data-last] {
    content-visibility: visible;
  }

  /*
   * So are the oldest once the whole history is in: a reader who scrolls up to them has no room
   * left above for the list to keep their place in when they turn out shorter than estimated
   * (Firefox and WebKit lay them out only as they come into view).
   */
  .list[data-start] > .block[data-first] {
    content-visibility: visible;
  }

  /* The block the reader's place is kept in is measured as shown (PlaceKeeper's hold). */
  .block[data-anchor] {
    content-visibility: visible;
  }

  /*
   * Blocks far from view are skipped whole (their estimated height is set per block), so the
   * browser tracks a few dozen blocks on every frame instead of every message of a long list.
   * Only blocks, never the messages in them: a browser finds what is near the view one level of
   * skipped content at a time, so messages that skipped their own content inside a block that
   * had just come near were drawn blank in view, for a frame in Chromium and for several in
   * WebKit, as the reader scrolled back up.
   */
  .block {
    content-visibility: auto;
  }

  .items {
    display: flex;
    flex-direction: column;
    gap: var(--dk-item-gap, var(--_space));
  }

  /* Narration and the tools it introduces read as one step: a smaller gap between them. */
  .activity {
    display: flex;
    flex-direction: column;
    gap: calc(var(--dk-item-gap, var(--_space)) / 2);
  }

  .tool-group {
    border-inline-start: 2px solid var(--_border);
    padding-inline-start: var(--_space);
  }

  /* The same chevron as a call's and reasoning's disclosures, not the platform's triangle. */
  .tool-group > summary {
    display: flex;
    align-items: center;
    gap: 0.4em;
    list-style: none;
    cursor: pointer;
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
    padding: 0.2em 0.25em;
  }

  .tool-group > summary::-webkit-details-marker {
    display: none;
  }

  /* Its turn is chevronStyles'; its size is the items' icons' (item.styles.ts), which the list has not. */
  .tool-group > summary > .chevron {
    flex: none;
    width: 1em;
    height: 1em;
  }

  /* One line at any width: the total and the few counts that matter, cut with an ellipsis. */
  .tool-group-text {
    min-width: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }

  /* Inside: the summary spans the list, whose scroll edge would cut off a ring drawn outside it. */
  .tool-group > summary:focus-visible {
    outline-offset: -2px;
  }

  .tool-group-items {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    margin-top: calc(var(--_space) / 2);
  }

  .tool-trace {
    margin: 0;
    font-size: var(--_font-size-small);
    color: var(--_fg-muted);
    font-style: italic;
  }

  /* A response begun with nothing to show yet: three dots in the caret's colour, rising in turn. */
  .waiting {
    display: flex;
    gap: 0.35em;
    margin: 0;
    padding-block: 0.6em;
  }

  .waiting span {
    width: 0.5em;
    height: 0.5em;
    border-radius: 50%;
    background: var(--dk-caret-color, var(--_accent));
    animation: dk-waiting 1.2s ease-in-out infinite;
  }

  /* Classes, not nth-child: no rule of the list depends on siblings (see the rows, above). */
  .waiting .second {
    animation-delay: 0.2s;
  }

  .waiting .third {
    animation-delay: 0.4s;
  }

  @keyframes dk-waiting {
    30% {
      transform: translateY(-0.3em);
    }

    60% {
      transform: none;
    }
  }

  @media (prefers-reduced-motion: reduce) {
    .waiting span {
      animation: none;
    }
  }

  /* Forced colours drop backgrounds: the dots keep theirs in the text colour. */
  @media (forced-colors: active) {
    .waiting span {
      forced-color-adjust: none;
      background: CanvasText;
    }
  }

  /* A call while the tool elements' code loads: the box and line of a closed call, where its chevron will be. */
  .tool-placeholder {
    margin: 0;
    padding: calc(var(--_space) * 0.75) var(--_space) calc(var(--_space) * 0.75) calc(var(--_space) + 1.5em);
    border: 1px solid var(--dk-tool-call-border, var(--_border));
    border-radius: var(--_radius);
    font-size: var(--_font-size-small);
  }

  .tool-placeholder.failed {
    border-color: var(--_danger);
  }

  .tool-placeholder .label {
    font-weight: 600;
  }

  .tool-placeholder .status {
    color: var(--_fg-muted);
  }

  /* A sub-agent's turns read as nested: tinted, and set off from the parent agent's. */
  .subagent {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) * 2);
    margin-top: calc(var(--_space) / 2);
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_surface-raised);
  }
`;
