import type { CodeLabels } from './labels.js';

/**
 * A table keeps its natural width, its columns as wide as their words: in a narrow text it
 * scrolls sideways in a box of its own (the styles draw a shadow on each edge where more of it
 * continues). The box is a named region the keyboard can reach, so that it can be scrolled
 * without a pointer.
 */
export function wrapTables(root: DocumentFragment, labels: CodeLabels): void {
  for (const table of Array.from(root.querySelectorAll('table'))) {
    const box = document.createElement('div');
    box.className = 'table-scroll';
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', labels.table);
    box.tabIndex = 0;
    table.replaceWith(box);
    box.append(table);
  }
}
