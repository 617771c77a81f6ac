/** A run of consecutive rows that share one block of the DOM. */
export interface Block<T> {
  id: number;
  rows: T[];
}

/**
 * Groups a long list's rows into blocks of about `size`, so that a change in one row lays out
 * and diffs one block and the list of blocks instead of every row. A row keeps its block for
 * as long as it stays in the list (moving it would re-create its DOM and lose its state):
 * rows appended fill the last block, then open new ones after it; rows prepended fill the
 * first block, then open new ones before it; rows inserted in between join the block of the
 * row before them. Block ids grow with position, so blocks stay in order.
 */
export class BlockPlan {
  private placed = new Map<string, number>();

  constructor(private readonly size: number) {}

  /** The id of the block a row was last placed in. */
  blockOf(key: string): number | undefined {
    return this.placed.get(key);
  }

  blocks<T extends { key: string }>(rows: readonly T[]): Block<T>[] {
    const ids = this.keptPlacements(rows);
    const first = ids.findIndex((id) => id !== undefined);
    if (first < 0) {
      rows.forEach((_, index) => (ids[index] = Math.floor(index / this.size)));
    } else {
      const counts = countMembers(ids);
      this.placeBefore(ids, first, counts);
      this.placeAfter(ids, first, counts);
    }
    this.placed = new Map(rows.map((row, index) => [row.key, ids[index]!]));
    return groupRuns(rows, ids as number[]);
  }

  /**
   * `blocks` (as this plan made them last, at least one) with `rows` prepended, placed as
   * `blocks()` would place them: they fill the first block, then open blocks before it. Only the
   * new rows are looked at (older messages mounting above a long list, a slice at a time).
   * Returns all the blocks, and those that changed: the first one when rows joined it, and the
   * ones opened.
   */
  prepend<T extends { key: string }>(rows: readonly T[], blocks: readonly Block<T>[]): { blocks: Block<T>[]; changed: Block<T>[] } {
    const first = blocks[0];
    // The newest of the rows join the first block while it has room; the others fill blocks before it.
    const split = Math.max(0, rows.length - Math.max(0, this.size - first.rows.length));
    const changed: Block<T>[] = [];
    for (let end = split, id = first.id - 1; end > 0; end -= this.size, id--) changed.unshift({ id, rows: rows.slice(Math.max(0, end - this.size), end) });
    const joined = split < rows.length;
    if (joined) changed.push({ id: first.id, rows: [...rows.slice(split), ...first.rows] });
    for (const block of changed) for (const row of block.rows) this.placed.set(row.key, block.id);
    return { blocks: [...changed, ...(joined ? blocks.slice(1) : blocks)], changed };
  }

  /**
   * `blocks` (as this plan made them last, at least one) with `rows` appended, placed as
   * `blocks()` would place them: they fill the last block, then open blocks after it. Only the new
   * rows are looked at (newer messages mounting below a history shown from its top, a slice at a
   * time). Returns all the blocks, and those that changed: the last one when rows joined it, and
   * the ones opened.
   */
  append<T extends { key: string }>(rows: readonly T[], blocks: readonly Block<T>[]): { blocks: Block<T>[]; changed: Block<T>[] } {
    const last = blocks[blocks.length - 1];
    const room = Math.min(rows.length, Math.max(0, this.size - last.rows.length));
    const changed: Block<T>[] = room > 0 ? [{ id: last.id, rows: [...last.rows, ...rows.slice(0, room)] }] : [];
    for (let start = room, id = last.id + 1; start < rows.length; start += this.size, id++) changed.push({ id, rows: rows.slice(start, start + this.size) });
    for (const block of changed) for (const row of block.rows) this.placed.set(row.key, block.id);
    return { blocks: [...(room > 0 ? blocks.slice(0, -1) : blocks), ...changed], changed };
  }

  /**
   * Placements of rows still in the list; a row whose block now lies before an earlier row's
   * (it moved) is placed again.
   */
  private keptPlacements(rows: readonly { key: string }[]): (number | undefined)[] {
    let last = -Infinity;
    return rows.map((row) => {
      const id = this.placed.get(row.key);
      if (id === undefined || id < last) return undefined;
      last = id;
      return id;
    });
  }

  /** Rows before the first placed one were prepended: fill its block, then open blocks before it. */
  private placeBefore(ids: (number | undefined)[], first: number, counts: Map<number, number>): void {
    let id = ids[first]!;
    for (let index = first - 1; index >= 0; index--) {
      if ((counts.get(id) ?? 0) >= this.size) id--;
      ids[index] = id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }

  /** Later unplaced rows join the block before them; at the end, a full block opens the next. */
  private placeAfter(ids: (number | undefined)[], first: number, counts: Map<number, number>): void {
    let lastPlaced = ids.length - 1;
    while (ids[lastPlaced] === undefined) lastPlaced--;
    for (let index = first + 1; index < ids.length; index++) {
      if (ids[index] !== undefined) continue;
      let id = ids[index - 1]!;
      if (index > lastPlaced && (counts.get(id) ?? 0) >= this.size) id++;
      ids[index] = id;
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
}

function countMembers(ids: readonly (number | undefined)[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const id of ids) if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

function groupRuns<T>(rows: readonly T[], ids: readonly number[]): Block<T>[] {
  const blocks: Block<T>[] = [];
  rows.forEach((row, index) => {
    const current = blocks[blocks.length - 1];
    if (current && current.id === ids[index]) current.rows.push(row);
    else blocks.push({ id: ids[index], rows: [row] });
  });
  return blocks;
}
