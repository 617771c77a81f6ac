import { css } from 'lit';

/** The viewer's own look: three columns on wide screens (sources, conversation, details), one on narrow. */
export const viewerStyles = css`
  :host {
    display: block;
    box-sizing: border-box;
    min-height: 100%;
    padding: 1rem 1.5rem 2rem;
    font-family: system-ui, sans-serif;
    color-scheme: light dark;
    color: CanvasText;
    background: Canvas;
  }

  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }

  h2 {
    font-size: 1.05rem;
    margin: 0 0 0.5rem;
  }

  h3 {
    font-size: 0.95rem;
    margin: 1rem 0 0.4rem;
  }

  h4 {
    font-size: 0.9rem;
    margin: 0 0 0.3rem;
  }

  .layout {
    display: grid;
    grid-template-columns: minmax(14rem, 17rem) minmax(0, 1fr) minmax(14rem, 19rem);
    gap: 1.5rem;
    align-items: start;
  }

  @media (max-width: 64rem) {
    .layout {
      grid-template-columns: minmax(0, 1fr);
    }
  }

  /* minmax(0, …): a long file name or a wide <select> must wrap or shrink, not spill into the next column. */
  .panel {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 1rem;
    min-width: 0;
  }

  .drop-zone {
    border: 2px dashed #8888;
    border-radius: 0.5rem;
    padding: 0.75rem;
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.5rem;
  }

  :host([dragging]) .drop-zone {
    border-color: Highlight;
    background: color-mix(in srgb, Highlight 12%, transparent);
  }

  .drop-zone p {
    margin: 0;
  }

  .hint,
  .meta {
    font-size: 0.85rem;
  }

  label {
    font-weight: 600;
  }

  input[type='file'] {
    max-width: 100%;
    font: inherit;
  }

  textarea {
    width: 100%;
    min-height: 7rem;
    font: 0.85rem ui-monospace, monospace;
    resize: vertical;
  }

  select,
  button {
    font: inherit;
    max-width: 100%;
  }

  .paste {
    display: grid;
    gap: 0.4rem;
  }

  .paste summary {
    cursor: pointer;
    font-weight: 600;
  }

  .field {
    display: grid;
    grid-template-columns: minmax(0, 1fr);
    gap: 0.3rem;
  }

  ul,
  ol {
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .recent-list {
    display: grid;
    gap: 0.4rem;
    margin-bottom: 0.5rem;
  }

  .recent-list button {
    text-align: start;
    overflow-wrap: anywhere;
  }

  .recent-list .meta {
    display: block;
  }

  .conversation {
    display: grid;
    gap: 0.6rem;
    min-width: 0;
  }

  .conversation h2 {
    overflow-wrap: anywhere;
  }

  .status {
    margin: 0;
  }

  .tool-display {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    border: 1px solid #8886;
    border-radius: 0.4rem;
    padding: 0.3rem 0.75rem 0.5rem;
    margin: 0;
  }

  .tool-display label {
    font-weight: normal;
  }

  .list-controls {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem 1rem;
    margin-bottom: 0.5rem;
  }

  .list-controls .tool-views {
    font-weight: normal;
  }

  /* The viewer's own tool views (tool-views.ts): the list shows them in its light DOM, so these rules reach them. */
  .demo-view {
    margin: 0;
    padding: 0.5rem 0.75rem;
    border-inline-start: 3px solid #0969da;
    border-radius: 0.25rem;
    background: #8881;
  }

  .demo-view-title {
    margin: 0 0 0.25rem;
    font-weight: 600;
  }

  .demo-files {
    margin: 0;
    padding-inline-start: 1.25rem;
    columns: 2 12rem;
  }

  .demo-todos {
    list-style: none;
  }

  .demo-todo-status {
    opacity: 0.75;
  }

  /*
   * A height makes the list's log scroll (its own display: flex must stay). The space inside is
   * the list's own padding: the list paints its surface, which padding on the element would frame.
   */
  message-list {
    height: min(75vh, 60rem);
    min-height: 18rem;
    border: 1px solid #8886;
    border-radius: 0.5rem;
    overflow: clip;
    --dk-list-padding: 0.5rem;
  }

  .empty {
    border: 1px dashed #8888;
    border-radius: 0.5rem;
    padding: 2rem 1rem;
    text-align: center;
  }

  .problems li,
  .runs > li {
    border-inline-start: 3px solid #8888;
    padding: 0.2rem 0 0.2rem 0.6rem;
    margin-bottom: 0.4rem;
    overflow-wrap: anywhere;
  }

  .problems li {
    border-inline-start-color: #c0392b;
  }

  .problems .where {
    font-weight: 600;
  }

  .runs > li.subagent {
    border-inline-start-style: dotted;
    margin-inline-start: 0.75rem;
  }

  .runs > li.stopped {
    border-inline-start-color: #b8860b;
  }

  dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: 0.1rem 0.6rem;
    margin: 0;
    font-size: 0.88rem;
  }

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }

  .badge {
    display: inline-block;
    font-size: 0.75rem;
    font-weight: 600;
    padding: 0 0.35rem;
    border: 1px solid currentColor;
    border-radius: 0.6rem;
    margin-inline-start: 0.3rem;
  }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
