/**
 * Keys that are unique by construction. Lit's `repeat` needs one key per row, and a host may
 * send two rows with one `id` (or a draft two calls with one call id): the first keeps its key,
 * each later one takes the next of `key#2`, `key#3`, …, so every row shows and none is merged.
 */
export function claimKey(taken: Map<string, number>, base: string): string {
  const count = (taken.get(base) ?? 0) + 1;
  taken.set(base, count);
  return count === 1 ? base : `${base}#${count}`;
}
