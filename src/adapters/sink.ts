import { isSpokenKind, textEntry, type Entry } from './entries.js';
import type { AdapterProblem, AdapterResult, DisplayItemJSON } from './types.js';

/** Why a message did not finish; `reason` is already in the kit's words (see `mapStopReason`). */
export interface StopMark {
  reason: unknown;
  /** The provider's own map, carried verbatim. */
  details?: unknown;
}

/** Everything one source message turned into, before order and numbering are fixed. */
export interface MessageDraft {
  role: string;
  messageId: string;
  entries: Entry[];
  stop?: StopMark | null;
  /** Shared by every item of the message (model, usage, nesting). */
  metadata?: Record<string, unknown>;
}

export type ProblemPlace = Pick<AdapterProblem, 'line' | 'index'>;

/** A finished conversion as a later one starts from it: what it gave, and the message ids it took. */
export interface SinkState {
  items: readonly DisplayItemJSON[];
  problems: readonly AdapterProblem[];
  ids: ReadonlySet<string>;
}

/**
 * Collects the items and problems of one conversion. Placing items here, in one spot, is what
 * keeps every adapter to the extractor's rules: fixed order, 0..n-1 sequences, one message id,
 * and the stop mark on the last item only.
 */
export class ItemSink {
  readonly items: DisplayItemJSON[];
  readonly problems: AdapterProblem[];
  private readonly usedMessageIds = new Set<string>();
  private readonly earlierIds: ReadonlySet<string>;

  /** `earlier`: what another sink converted first (its `state()`), to go on from. */
  constructor(earlier?: SinkState) {
    this.items = earlier ? [...earlier.items] : [];
    this.problems = earlier ? [...earlier.problems] : [];
    this.earlierIds = earlier?.ids ?? new Set();
  }

  /** What this sink holds, for a later sink to go on from; read it once this sink is done. */
  state(): SinkState {
    return { items: this.items, problems: this.problems, ids: new Set([...this.earlierIds, ...this.usedMessageIds]) };
  }

  problem(message: string, place: ProblemPlace = {}): void {
    this.problems.push({ ...place, message });
  }

  emit(draft: MessageDraft): void {
    const stopped = Boolean(draft.stop?.reason);
    const entries = draft.role === 'tool' ? [...draft.entries] : orderEntries(draft.entries);
    // A message cut off before it said anything still stopped; an empty text keeps the mark visible.
    if (entries.length === 0 && stopped) entries.push(textEntry(''));
    if (entries.length === 0) return;
    const messageId = this.uniqueMessageId(draft.messageId);
    entries.forEach((entry, sequence) => {
      const isLast = sequence === entries.length - 1;
      this.items.push(buildItem(draft, entry, messageId, sequence, isLast && stopped ? draft.stop ?? null : null));
    });
  }

  /**
   * Takes one message's conversion made apart (and perhaps kept from an earlier call): its items
   * as they are, so unchanged input gives the same objects, unless an earlier message took its id.
   */
  adopt(converted: AdapterResult): void {
    // A message's items are contiguous (see `emit`): one id check per message, not per item.
    let from: string | null = null;
    let to = '';
    for (const item of converted.items) {
      if (item.message_id !== from) {
        from = item.message_id;
        to = this.uniqueMessageId(from);
      }
      this.items.push(to === from ? item : { ...item, id: `${to}:${item.sequence}`, message_id: to });
    }
    if (converted.problems.length > 0) this.problems.push(...converted.problems);
  }

  result(): AdapterResult {
    return { items: this.items, problems: this.problems };
  }

  /** Two source messages with one id would merge into one message in `groupMessages`. */
  private uniqueMessageId(wanted: string): string {
    let id = wanted;
    for (let n = 2; this.usedMessageIds.has(id) || this.earlierIds.has(id); n++) id = `${wanted}#${n}`;
    this.usedMessageIds.add(id);
    return id;
  }
}

/**
 * Text and thinking (and media) in part order, then tool calls, then tool results
 * (docs/display-items.md#messages). Tool messages keep their own order instead: an image a tool
 * returned belongs after its result.
 */
function orderEntries(entries: readonly Entry[]): Entry[] {
  return [
    ...entries.filter((entry) => isSpokenKind(entry.kind)),
    ...entries.filter((entry) => entry.kind === 'tool_call'),
    ...entries.filter((entry) => entry.kind === 'tool_result'),
  ];
}

function buildItem(
  draft: MessageDraft,
  entry: Entry,
  messageId: string,
  sequence: number,
  stop: StopMark | null,
): DisplayItemJSON {
  const content = { ...entry.content };
  if (stop) {
    content.stop_reason = stop.reason;
    if (stop.details !== undefined && stop.details !== null) content.stop_details = stop.details;
  }
  const item: DisplayItemJSON = {
    id: `${messageId}:${sequence}`,
    type: entry.kind,
    message_type: draft.role,
    message_id: messageId,
    sequence,
    content,
  };
  if (entry.status !== undefined) item.status = entry.status;
  const metadata = { ...draft.metadata, ...entry.metadata };
  if (Object.keys(metadata).length > 0) item.metadata = metadata;
  return item;
}

/**
 * Adapters promise never to throw. Input is read through guards, but a hostile value (a proxy,
 * a throwing getter inside an array) can still surprise; whatever was converted is kept.
 */
export function convertSafely(sink: ItemSink, convert: () => void): AdapterResult {
  try {
    convert();
  } catch (error) {
    sink.problem(`Conversion stopped early: ${describeError(error)}`);
  }
  return sink.result();
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return String(error);
  } catch {
    return 'unreadable error';
  }
}
