import type { ReactiveControllerHost } from 'lit';
import type { DisplayKitStrings } from '../../i18n/strings.js';
import type { JsonTreeState } from '../support/json-tree.js';

/**
 * Which long values of an element's JSON trees the reader chose to see whole, by tree: a tree's
 * expanded paths survive re-renders of the element (a status change, an upsert) until it leaves.
 */
export class JsonTreeController {
  private readonly expanded = new Map<string, ReadonlySet<string>>();

  constructor(private readonly host: ReactiveControllerHost) {}

  /** The state of the tree named `tree` (an element may show several: arguments, result). */
  state(tree: string, text: DisplayKitStrings): JsonTreeState {
    return {
      expanded: this.expanded.get(tree) ?? EMPTY,
      expand: (path) => {
        this.expanded.set(tree, new Set([...(this.expanded.get(tree) ?? EMPTY), path]));
        this.host.requestUpdate();
      },
      labels: { showMore: text.showMore, items: text.jsonItems, keys: text.jsonKeys },
    };
  }
}

const EMPTY: ReadonlySet<string> = new Set();
