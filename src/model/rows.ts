import { BlockPlan, type Block } from './blocks.js';
import { buildModel, patchModel, type ListModel } from './list-model.js';
import { dayKey, parseTimestamp, type TimeOptions } from './time.js';
import type { DisplayItem, Message } from './types.js';

/** A message's time (its first item's `inserted_at`), worked out once per timestamp. */
export interface MessageTime {
  date: Date;
  /** The local day it falls on (`2026-08-20`), in the list's zone. */
  day: string;
  /** The header's text and the full timestamp, formatted when first shown. */
  label?: string;
  full?: string;
}

/** A message in the order the list renders it; `index` is its place among messages. */
export interface MessageRow {
  key: string;
  message: Message;
  index: number;
}

/** The date shown before the first message of a day. */
export interface DayRow {
  key: string;
  day: Date;
}

/** What the list renders in order: a message, or the day it starts when the date changes. */
export type Row = MessageRow | DayRow;

/**
 * A stretch of a message: one item, or consecutive tool activity shown (or hidden) together,
 * with the narration that introduces it ("I'll check the logs first.") when one comes just before.
 */
export type Segment = { key: string; item: DisplayItem } | { key: string; tools: DisplayItem[]; intro: DisplayItem | null };

/** What changed when items were set. */
export interface ItemsChange {
  /** The model was built again (rows added, removed or regrouped), not patched in place. */
  rebuilt: boolean;
  /** The messages before the change. */
  previous: readonly Message[];
}

/**
 * Rows live in blocks of this many, so a change in one message diffs and lays out its block
 * and the list of blocks, not every message of a long history.
 */
const BLOCK_SIZE = 24;

/**
 * Times by `inserted_at` text, for one locale and zone: a message whose first item was replaced
 * in place keeps its formatted time, and a conversation asks Intl once per timestamp.
 */
export class MessageTimes {
  private times = new Map<string, MessageTime>();
  private zone: string | null = null;
  private options: TimeOptions | null = {};

  /** Times for these options (`null`: no timestamps); true when they differ from the last. */
  configure(options: TimeOptions | null): boolean {
    const zone = options ? `${options.locale ?? ''}|${options.timeZone ?? ''}` : null;
    if (zone === this.zone && (options === null) === (this.options === null)) return false;
    this.zone = zone;
    this.options = options;
    this.times = new Map();
    return true;
  }

  get timeOptions(): TimeOptions {
    return this.options ?? {};
  }

  /** The time of a message, or null when it has none (or timestamps are off). */
  of(message: Message): MessageTime | null {
    const at = message.items[0]?.insertedAt;
    if (!at || !this.options) return null;
    let time = this.times.get(at);
    if (!time) {
      const date = parseTimestamp(at);
      if (!date) return null;
      time = { date, day: dayKey(date, this.options) };
      this.times.set(at, time);
    }
    return time;
  }

  /** Forgets every formatted time, so that each is formatted again (as the reader's, after a server's). */
  forget(): void {
    this.times = new Map();
  }

  /** Forgets the times of messages no longer listed (called when rows are built again). */
  keepOnly(messages: readonly Message[]): void {
    const kept = new Map<string, MessageTime>();
    for (const message of messages) {
      const at = message.items[0]?.insertedAt;
      const time = at ? this.times.get(at) : undefined;
      if (at && time) kept.set(at, time);
    }
    this.times = kept;
  }
}

/**
 * Everything a message list derives from its items, DOM-free: the model (messages, pairing,
 * nesting), the rows it renders (messages and day separators), the blocks they live in, and a
 * stamp per block that changes whenever what its rows read does. Updates in place (a tool
 * call's status) patch the model and re-stamp only the blocks they touch.
 */
export class ListRows {
  model: ListModel = buildModel([]);
  rows: Row[] = [];
  blocks: Block<Row>[] = [];
  readonly times = new MessageTimes();
  private messageRows: MessageRow[] = [];
  private readonly plan = new BlockPlan(BLOCK_SIZE);
  private stamps = new Map<number, { deps: unknown[]; stamp: object }>();
  private rowsStale = true;
  private blocksFrom = -1;
  private blocksTo = Infinity;

  /** Times in these options (`null`: no timestamps): rows are built again when they change. */
  setTimeOptions(options: TimeOptions | null): void {
    if (this.times.configure(options)) this.rowsStale = true;
  }

  /**
   * New items: rows replaced in place (a tool call's status, an edited text) patch the model
   * and hand their rows the new message; anything else builds the model and rows again.
   */
  setItems(items: readonly DisplayItem[]): ItemsChange {
    const previous = this.model.messages;
    if (items === this.model.items) return { rebuilt: false, previous };
    const patch = patchModel(this.model, items);
    if (!patch) {
      this.model = buildModel(items);
      this.rowsStale = true;
      return { rebuilt: true, previous };
    }
    this.model = patch.model;
    // Rows are this object's own: the blocks holding them see the new message too.
    for (const at of patch.messages) this.messageRows[at].message = patch.model.messages[at];
    const touched = new Set(patch.messages.map((at) => this.plan.blockOf(this.messageRows[at].key)));
    this.stampBlocks(this.blocks.filter((block) => touched.has(block.id)));
    return { rebuilt: false, previous };
  }

  /**
   * The blocks of the rows of messages `from` to `to` (older and newer ones are not mounted
   * yet). Returns whether the blocks changed.
   */
  mountFrom(from: number, to = Infinity): boolean {
    if (this.rowsStale) this.buildRows();
    else if (from === this.blocksFrom && to === this.blocksTo) return false;
    else if (from < this.blocksFrom && to === this.blocksTo && this.blocks.length > 0) return this.mountAbove(from);
    else if (from === this.blocksFrom && to > this.blocksTo && this.blocks.length > 0) return this.mountBelow(to);
    this.blocksFrom = from;
    this.blocksTo = to;
    this.blocks = this.plan.blocks(mountedRows(this.rows, from, to));
    this.stampBlocks(this.blocks);
    return true;
  }

  /** Changes whenever what a block's rows read from the model does. */
  stampOf(blockId: number): object | undefined {
    return this.stamps.get(blockId)?.stamp;
  }

  /**
   * Older messages mount above the blocks: only their rows are placed and only the blocks they
   * join are stamped, so that a slice costs the same however much is mounted below it.
   */
  private mountAbove(from: number): boolean {
    const rows = this.rows.slice(mountedStart(this.rows, from), mountedStart(this.rows, this.blocksFrom));
    this.blocksFrom = from;
    const { blocks, changed } = this.plan.prepend(rows, this.blocks);
    this.blocks = blocks;
    this.stampBlocks(changed);
    return true;
  }

  /** Newer messages mount below the blocks (a history shown from its top), as older ones mount above. */
  private mountBelow(to: number): boolean {
    const rows = this.rows.slice(mountedStart(this.rows, this.blocksTo), mountedStart(this.rows, to));
    this.blocksTo = to;
    const { blocks, changed } = this.plan.append(rows, this.blocks);
    this.blocks = blocks;
    this.stampBlocks(changed);
    return true;
  }

  private buildRows(): void {
    this.rowsStale = false;
    this.times.keepOnly(this.model.messages);
    const built = buildRows(this.model.messages, (message) => this.times.of(message));
    this.rows = built.rows;
    this.messageRows = built.messageRows;
  }

  /** A block keeps its stamp while what its rows read stays the same. */
  private stampBlocks(blocks: readonly Block<Row>[]): void {
    const all = blocks === this.blocks;
    const stamps = all ? new Map<number, { deps: unknown[]; stamp: object }>() : this.stamps;
    for (const block of blocks) {
      const deps = blockDeps(block, this.model);
      const known = this.stamps.get(block.id);
      stamps.set(block.id, known && sameDeps(known.deps, deps) ? known : { deps, stamp: {} });
    }
    this.stamps = stamps;
  }
}

/**
 * Messages in order, each day's first message preceded by its day. A day row is keyed by its
 * date and the message it introduces: a day that comes back later (rows out of order) never
 * repeats a key, and a message whose time moved to another day gets its new date drawn.
 */
export function buildRows(
  messages: readonly Message[],
  timeOf: (message: Message) => MessageTime | null,
): { rows: Row[]; messageRows: MessageRow[] } {
  const rows: Row[] = [];
  const messageRows: MessageRow[] = [];
  let lastDay: string | null = null;
  messages.forEach((message, index) => {
    const time = timeOf(message);
    if (time && time.day !== lastDay) rows.push({ key: `day:${time.day}:${message.key}`, day: time.date });
    if (time) lastDay = time.day;
    const row: MessageRow = { key: message.key, message, index };
    rows.push(row);
    messageRows.push(row);
  });
  return { rows, messageRows };
}

/** The rows of messages `from` to `to` (not included), with the day that starts them. */
export function mountedRows(rows: Row[], from: number, to = Infinity): Row[] {
  return from === 0 && to === Infinity ? rows : rows.slice(mountedStart(rows, from), mountedStart(rows, to));
}

/** Where the rows from message `from` on begin, with the day that starts them. */
function mountedStart(rows: readonly Row[], from: number): number {
  const first = rows.findIndex((row) => 'message' in row && row.index >= from);
  if (first < 0) return rows.length;
  return first > 0 && !('message' in rows[first - 1]) ? first - 1 : first;
}

/** Adds what a message's rendering reads from the model: its items, their results, nested turns, whether its run is over, when its turn began. */
export function messageDeps(deps: unknown[], message: Message, model: ListModel): unknown[] {
  deps.push(model.ended.get(message.key), model.previousAt.get(message.key), model.continues.has(message.key));
  for (const item of message.items) {
    deps.push(item, model.pairedResultKeys.has(item.key));
    if (item.kind !== 'tool_call' || !item.toolCallId) continue;
    deps.push(model.resultsByCall.get(item.toolCallId));
    for (const nested of model.nested.get(item.toolCallId) ?? []) messageDeps(deps, nested, model);
  }
  return deps;
}

/** What a block's rows read from the model. */
function blockDeps(block: Block<Row>, model: ListModel): unknown[] {
  const deps: unknown[] = [];
  for (const row of block.rows) {
    deps.push(row.key);
    if ('message' in row) messageDeps(deps, row.message, model);
  }
  return deps;
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((dep, i) => dep === b[i]);
}

const isToolActivity = (item: DisplayItem) => item.kind === 'tool_call' || item.kind === 'tool_result';

export const isNarration = (item: DisplayItem): boolean => item.kind === 'text' && item.utterance === 'narration';

/**
 * A message's items as the list shows them: tool activity in runs (each with the narration just
 * before it), everything else one by one.
 */
export function segmentsOf(items: readonly DisplayItem[]): Segment[] {
  const segments: Segment[] = [];
  for (const item of items) {
    const previous = segments[segments.length - 1];
    if (!isToolActivity(item)) {
      segments.push({ key: item.key, item });
    } else if (previous && 'tools' in previous) {
      previous.tools.push(item);
    } else {
      const intro = previous && 'item' in previous && isNarration(previous.item) ? previous.item : null;
      if (intro) segments.pop();
      segments.push({ key: `tools:${item.key}`, tools: [item], intro });
    }
  }
  return segments;
}
