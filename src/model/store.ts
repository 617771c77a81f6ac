import { readId, readKey, readString } from './guards.js';
import { claimKey } from './keys.js';
import { newestStart, oldestEnd } from './newest.js';
import { normalizeItem } from './normalize.js';
import type { DisplayItem } from './types.js';

/**
 * How far along its lifecycle a tool call row is (docs/display-items.md#tool-lifecycle); a row
 * never moves back. A map: a status named `constructor` has no rank.
 */
const STATUS_RANK = new Map([
  ['pending', 0],
  ['executing', 1],
  ['interrupted', 2],
  ['completed', 3],
  ['failed', 3],
  ['cancelled', 3],
]);

/** A row's normalized item, and the key it had before a duplicate id gave it another. */
interface Normalized {
  position: number;
  item: DisplayItem;
  base: string;
}

export interface UpsertReport {
  inserted: number;
  updated: number;
  /** Same id, older content: ignored, and nothing moved. */
  stale: number;
}

/**
 * The rows of one conversation in load order, keyed by row `id`
 * (docs/display-items.md#live-updates): inserts land in `(inserted_at, sequence)` order, updates
 * replace in place and never reorder, and rows that did not change keep their normalized item
 * (so the list re-renders only what changed). Rows that share an id all stay, each under a key
 * of its own (an upsert replaces the last of them).
 */
export class ConversationStore {
  private rows: unknown[] = [];
  /** Where each id is, made when first looked up: a history shown once and never changed needs none. */
  private positions: Map<string, number> | null = null;
  private cache = new WeakMap<object, Normalized>();
  private snapshot: DisplayItem[] | null = null;
  /** How many items of the snapshot have each key (before `#n`): the next row with one takes `key#n`. */
  private taken = new Map<string, number>();
  /** Rows before this one may not be read (normalized) yet: `readAhead` goes on from here. */
  private readTo = 0;

  get items(): unknown[] {
    return this.rows;
  }

  replace(rows: unknown): void {
    const next = Array.isArray(rows) ? [...(rows as unknown[])] : rows === undefined || rows === null ? [] : [rows];
    // A host on framework state hands over the rows it had and a changed tail (the answer that
    // streams): the items of the rows before the first that differs stay, so a chunk costs the
    // same after a long history as after a short one.
    const kept = this.snapshot ? sharedStart(this.rows, next) : 0;
    this.adoptEqual(next, kept);
    const previous = this.rows;
    this.rows = next;
    if (kept > 0) this.keepStart(previous, kept);
    else this.reindex();
  }

  /** The snapshot of the first `kept` rows stays; the rows after them are read (again). */
  private keepStart(previous: readonly unknown[], kept: number): void {
    this.readTo = 0;
    if (kept === previous.length && kept === this.rows.length) return;
    const snapshot = this.snapshot!;
    for (let at = kept; at < previous.length; at++) this.forget(previous[at], snapshot[at], at);
    const items = snapshot.slice(0, kept);
    for (let at = kept; at < this.rows.length; at++) {
      items.push(this.itemAt(this.rows[at], at));
      const id = readId(this.rows[at], 'id');
      if (id !== null) this.positions?.set(id, at);
    }
    this.snapshot = items;
  }

  /** A row no longer at `at`: its key and its id are free again. */
  private forget(row: unknown, item: DisplayItem, at: number): void {
    const base = this.normalizeCached(row, at).base;
    const count = (this.taken.get(base) ?? 0) - 1;
    if (count > 0) this.taken.set(base, count);
    else this.taken.delete(base);
    const id = readId(row, 'id');
    // Another row has its id: where that one is must be looked up again.
    if (item.duplicate) this.positions = null;
    else if (id !== null && this.positions?.get(id) === at) this.positions.delete(id);
  }

  /**
   * A host that builds its rows anew on every change (an adapter run over framework state) hands
   * over new objects for rows that did not change: one with a known id and equal content keeps
   * that row's item, so only what changed renders again.
   */
  private adoptEqual(next: readonly unknown[], from: number): void {
    if (this.rows.length === 0) return;
    for (const row of next.slice(from)) {
      if (typeof row !== 'object' || row === null || this.cache.has(row)) continue;
      const id = readId(row, 'id');
      const at = id === null ? undefined : this.positionOf(this.rows, id);
      const old = at === undefined ? undefined : this.rows[at];
      const known = typeof old === 'object' && old !== null ? this.cache.get(old) : undefined;
      if (known && sameValue(old, row, 0)) this.cache.set(row, known);
    }
  }

  upsert(rows: unknown): UpsertReport {
    const report: UpsertReport = { inserted: 0, updated: 0, stale: 0 };
    const incoming = Array.isArray(rows) ? rows : [rows];
    let next = this.rows;
    const replaced: number[] = [];
    let shifted = false;
    for (const row of incoming) {
      const id = readId(row, 'id');
      const at = id === null ? undefined : this.positionOf(next, id);
      if (at === undefined) {
        next = next === this.rows ? [...next] : next;
        const index = insertInLoadOrder(next, row);
        report.inserted++;
        // At the end (the common case) no other row moved; before it, every later one did.
        if (index < next.length - 1) {
          shifted = true;
          this.positions = null;
        } else if (id !== null) {
          this.positions?.set(id, index);
        }
      } else if (isStale(next[at], row)) {
        report.stale++;
      } else {
        next = next === this.rows ? [...next] : next;
        next[at] = row;
        replaced.push(at);
        report.updated++;
      }
    }
    if (next === this.rows) return report;
    const snapshot = this.snapshot;
    this.rows = next;
    if (shifted || !snapshot) this.reindex();
    else this.snapshot = this.patched(snapshot, replaced);
    return report;
  }

  /**
   * Rows replaced in place or added at the end leave every other row where it was: only they
   * are normalized again.
   */
  private patched(snapshot: DisplayItem[], positions: readonly number[]): DisplayItem[] {
    const items = [...snapshot];
    // A row replaced in place has its predecessor's id, so it takes its predecessor's key.
    // (One appended and replaced in the same batch is an appended row.)
    for (const at of positions) if (at < snapshot.length) items[at] = this.keyed(this.rows[at], at, snapshot[at].key);
    for (let at = snapshot.length; at < this.rows.length; at++) items[at] = this.itemAt(this.rows[at], at);
    return items;
  }

  remove(ids: readonly string[]): number {
    const gone = new Set(ids);
    const kept = this.rows.filter((row) => {
      const id = readId(row, 'id');
      return id === null || !gone.has(id);
    });
    const removed = this.rows.length - kept.length;
    if (removed > 0) {
      this.rows = kept;
      this.reindex();
    }
    return removed;
  }

  /** Normalized items, reusing the ones whose row object did not change. */
  displayItems(): DisplayItem[] {
    if (this.snapshot) return this.snapshot;
    this.taken = new Map();
    this.snapshot = this.rows.map((row, position) => this.itemAt(row, position));
    return this.snapshot;
  }

  /**
   * The items of a long history's newest rows, enough for `messages` messages, as
   * `displayItems()` gives them (the same objects, under the same keys), reading only those rows
   * (see `newestStart`). All the items when the history is that short.
   */
  newestItems(messages: number): DisplayItem[] {
    const start = newestStart(this.rows, messages, (position) => this.normalizeCached(this.rows[position], position).item);
    if (start === 0) return this.displayItems();
    // No older row shares an id with these: they claim their keys as they do after all the others.
    const taken = new Map<string, number>();
    return this.rows.slice(start).map((row, index) => this.itemAt(row, start + index, taken));
  }

  /**
   * The items of a long history's oldest rows, enough for `messages` messages, as
   * `displayItems()` gives them (the same objects, under the same keys: they claim them first),
   * reading only those rows (see `oldestEnd`). All the items when the history is that short.
   */
  oldestItems(messages: number): DisplayItem[] {
    const end = oldestEnd(this.rows, messages, (position) => this.normalizeCached(this.rows[position], position).item);
    if (end === this.rows.length) return this.displayItems();
    const taken = new Map<string, number>();
    return this.rows.slice(0, end).map((row, index) => this.itemAt(row, index, taken));
  }

  /** Reads rows not read yet, newest first, while `more()` holds; true once every row is read. */
  readAhead(more: () => boolean): boolean {
    while (this.readTo > 0) {
      if (!more()) return false;
      this.readTo--;
      this.normalizeCached(this.rows[this.readTo], this.readTo);
    }
    return true;
  }

  /** The item of the row at `position`, under the first key no earlier row took. */
  private itemAt(row: unknown, position: number, taken = this.taken): DisplayItem {
    const { base } = this.normalizeCached(row, position);
    return this.keyed(row, position, claimKey(taken, base));
  }

  /** The row's item under `key`: the cached one when it has that key, else a new one. */
  private keyed(row: unknown, position: number, key: string): DisplayItem {
    const cached = this.normalizeCached(row, position);
    if (cached.item.key === key) return cached.item;
    // A new object, never the cached one changed: the list tells changed items by identity.
    const item = normalizeItem(row, position);
    item.key = key;
    if (key !== cached.base) item.duplicate = true;
    if (typeof row === 'object' && row !== null) this.cache.set(row, { position, item, base: cached.base });
    return item;
  }

  private normalizeCached(row: unknown, position: number): Normalized {
    const hit = typeof row === 'object' && row !== null ? this.cache.get(row) : undefined;
    // Rows without an id are keyed by position, so a cached item is only good where it was.
    if (hit && (hit.item.id !== null || hit.position === position)) return hit;
    const item = normalizeItem(row, position);
    const normalized = { position, item, base: item.key };
    if (typeof row === 'object' && row !== null) this.cache.set(row, normalized);
    return normalized;
  }

  private reindex(): void {
    this.snapshot = null;
    this.positions = null;
    this.readTo = this.rows.length;
  }

  /** Where the row with this id is in `rows` (the rows as they are now, or as an upsert is making them). */
  private positionOf(rows: readonly unknown[], id: string): number | undefined {
    this.positions ??= idPositions(rows);
    return this.positions.get(id);
  }
}

/** How many rows at the start of `a` and `b` are the same objects. */
function sharedStart(a: readonly unknown[], b: readonly unknown[]): number {
  const end = Math.min(a.length, b.length);
  let at = 0;
  while (at < end && a[at] === b[at]) at++;
  return at;
}

function idPositions(rows: readonly unknown[]): Map<string, number> {
  const positions = new Map<string, number>();
  rows.forEach((row, index) => {
    const id = readId(row, 'id');
    if (id !== null) positions.set(id, index);
  });
  return positions;
}

/** Equal as JSON would be, a few levels deep (a row is shallow); deeper or cyclic values count as different. */
function sameValue(a: unknown, b: unknown, depth: number): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || depth > 6) return false;
  try {
    const kind: unknown = Object.getPrototypeOf(a);
    // Plain data only: two Dates or Maps have no keys to tell them apart.
    if (kind !== Object.getPrototypeOf(b) || (kind !== Object.prototype && kind !== Array.prototype && kind !== null)) return false;
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => Object.hasOwn(b, key) && sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key], depth + 1));
  } catch {
    // A hostile getter or proxy: not provably the same.
    return false;
  }
}

/** How far back from the end a new row without a time looks for the rows of its message. */
const JOIN_WINDOW = 64;

/**
 * Rows arrive mostly at the end; walk back only past rows that load after this one. A row with no
 * time that names a message the last rows hold joins it: a step's second call, saved after the
 * first call's result (its own message), belongs before that result. Returns where it went.
 */
function insertInLoadOrder(rows: unknown[], row: unknown): number {
  const key = loadKey(row);
  let index = key ? rows.length : afterItsMessage(rows, readId(row, 'message_id'));
  if (key) {
    while (index > 0) {
      const before = loadKey(rows[index - 1]);
      if (!before || compareLoadKeys(before, key) <= 0) break;
      index--;
    }
  }
  rows.splice(index, 0, row);
  return index;
}

/** Just after the last row of `messageId` among the last `JOIN_WINDOW` rows; the end when none is there. */
function afterItsMessage(rows: readonly unknown[], messageId: string | null): number {
  if (messageId === null) return rows.length;
  const stop = Math.max(0, rows.length - JOIN_WINDOW);
  for (let at = rows.length - 1; at >= stop; at--) if (readId(rows[at], 'message_id') === messageId) return at + 1;
  return rows.length;
}

type LoadKey = [string, number];

function loadKey(row: unknown): LoadKey | null {
  const at = readString(row, 'inserted_at');
  if (!at) return null;
  const sequence = readKey(row, 'sequence');
  return [at, typeof sequence === 'number' ? sequence : 0];
}

/** ISO-8601 UTC timestamps of one precision compare as text. */
function compareLoadKeys(a: LoadKey, b: LoadKey): number {
  if (a[0] !== b[0]) return a[0] < b[0] ? -1 : 1;
  return a[1] - b[1];
}

/** An update is stale when it is older than what is shown: an earlier `updated_at`, or a status that moves back. */
export function isStale(current: unknown, incoming: unknown): boolean {
  const currentAt = readString(current, 'updated_at');
  const incomingAt = readString(incoming, 'updated_at');
  if (currentAt && incomingAt) return incomingAt < currentAt;
  const from = STATUS_RANK.get(readString(current, 'status') ?? '');
  const to = STATUS_RANK.get(readString(incoming, 'status') ?? '');
  return from !== undefined && to !== undefined && to < from;
}
