/** Nodes a container holds itself before the rest go into runs; and how many nodes a run holds. */
const RUN_LENGTH = 32;

/** The class of a run's wrapper (styled in `markdown.styles.ts`). */
const RUN_CLASS = 'run';

/**
 * Places a rendered text's top-level nodes in its container: the first `RUN_LENGTH` as the
 * container's own children, every later `RUN_LENGTH` in a wrapper of their own (a run, which
 * the styles make a paint layer of its own).
 *
 * Why: when a streaming chunk changes the last block, Chromium recomputes the overflow and
 * repaints every box in the paint layer that block sits in, and lays out every sibling again.
 * With the blocks of a long answer in runs, that is a few dozen boxes instead of every block
 * (measured at the end of a 40 KB stream: compositing inputs 0.68 → 0.08 ms a chunk, paint
 * 0.50 → 0.29, layout 0.52 → 0.31). Short texts have no runs at all.
 *
 * A node's place depends only on its index, so appends, in-place replacements and removals
 * from the end always leave the DOM that appending the final nodes at once would.
 */
export class BlockRuns {
  private count: number;
  /** The wrappers this made (a sanitized block may be a `div` of the same class). */
  private readonly runs = new WeakSet<Node>();

  /** `root` must hold only nodes placed by a `BlockRuns` (or none). */
  constructor(private readonly root: HTMLElement) {
    this.count = this.nodes().length;
  }

  /** Every node in order, read through the runs. */
  nodes(): ChildNode[] {
    const nodes: ChildNode[] = [];
    for (const child of Array.from(this.root.childNodes)) {
      if (this.runs.has(child)) nodes.push(...Array.from(child.childNodes));
      else nodes.push(child);
    }
    return nodes;
  }

  append(nodes: Iterable<ChildNode>): void {
    for (const node of Array.from(nodes)) {
      const beyond = this.count - RUN_LENGTH;
      if (beyond < 0) this.root.append(node);
      else (beyond % RUN_LENGTH === 0 ? this.newRun() : (this.root.lastChild as HTMLElement)).append(node);
      this.count++;
    }
  }

  /**
   * Puts `fresh` in place of `old`, which must be the last nodes: each new node goes in before
   * an old one leaves, so no earlier node is ever the last one meanwhile. (An element that
   * becomes the last child, even for a moment, has its whole subtree restyled: the styles trim
   * the last block's margin.)
   */
  replaceLast(old: readonly ChildNode[], fresh: readonly ChildNode[]): void {
    const shared = Math.min(old.length, fresh.length);
    for (let i = 0; i < shared; i++) {
      old[i].before(fresh[i]);
      old[i].remove();
    }
    this.removeLast(old.slice(shared));
    this.append(fresh.slice(shared));
  }

  /** Removes `nodes`, which must be the last ones, and the runs they leave empty. */
  removeLast(nodes: readonly ChildNode[]): void {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const parent = nodes[i].parentNode;
      nodes[i].remove();
      this.count--;
      if (parent instanceof Element && this.runs.has(parent) && !parent.firstChild) parent.remove();
    }
  }

  private newRun(): HTMLElement {
    const run = document.createElement('div');
    run.className = RUN_CLASS;
    this.runs.add(run);
    this.root.append(run);
    return run;
  }
}
