/**
 * What every adapter returns: display items in the extracted-item shape
 * (docs/display-items.md#items) plus the row fields that make grouping exact (`message_id`,
 * `sequence`), and what could not be converted.
 */

/** One display item as plain JSON, ready for `normalizeItems`. */
export interface DisplayItemJSON {
  /** Stable, position-derived key (`<message_id>:<sequence>`), so live updates have something to key on. */
  id: string;
  type: string;
  message_type: string;
  /** Every item of one source message carries the same id, so grouping never guesses. */
  message_id: string;
  /** 0..n-1 inside the message. */
  sequence: number;
  content: Record<string, unknown>;
  /** Row-like tool status, only where the source format says it (AI SDK tool parts). */
  status?: string;
  metadata?: Record<string, unknown>;
}

/**
 * Something the adapter could not convert, or converted with a loss. `line` is 1-based (JSONL);
 * `index` is the 0-based position of the message in the input array.
 */
export interface AdapterProblem {
  line?: number;
  index?: number;
  message: string;
}

export interface AdapterResult {
  items: DisplayItemJSON[];
  problems: AdapterProblem[];
}
