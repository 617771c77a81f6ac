import { startsNewMessage } from './group.js';
import { movesOnItem } from './list-model.js';
import { readParentCallId, rowCallId, rowParentCallId } from './normalize.js';
import type { DisplayItem } from './types.js';

/**
 * Where the newest rows of a history begin that hold at least `messages` messages and show as
 * they do among all the rows, so that a long history can show them before it reads the rest: a
 * message starts there, and the calls these rows answer (a result, a sub-agent's turns) are made
 * among them when they are made at all. `itemAt` gives the normalized item of the row at a
 * position; it is asked for the rows from the returned start on, the one before it, and older
 * rows naming a call answered but not made (older rows are otherwise read as far back as such
 * calls, for their call alone). 0 when the history is that short.
 *
 * Two things only all the rows tell, and the newest show once the rest is read: a newest row
 * sharing its id with an older one (it takes the next key, `id:x#2`), and an older row answering
 * a call made among the newest (a result saved before its call).
 */
export function newestStart(rows: readonly unknown[], messages: number, itemAt: (position: number) => DisplayItem): number {
  let start = rows.length;
  for (let found = 0; found < messages && start > 0; found++) start = cutAtOrBefore(start - 1, itemAt);
  const calls = new OpenCalls();
  calls.add(itemAt, start, rows.length);
  for (let at = start - 1; at >= 0 && calls.open > 0; at--) {
    if (!calls.madeBy(rowCallId(rows[at]), () => itemAt(at))) continue;
    // The call is made here: it shows with what answers it, and so does all in between.
    const cut = cutAtOrBefore(at, itemAt);
    calls.add(itemAt, cut, start);
    start = cut;
    at = cut;
  }
  return start;
}

/**
 * The last place at or before `position` where the rows can be cut: a message starts there,
 * and neither row beside the cut belongs to a sub-agent (whose turns group apart from the rest).
 */
function cutAtOrBefore(position: number, itemAt: (position: number) => DisplayItem): number {
  for (let at = position; at > 0; at--) if (canCut(at, itemAt)) return at;
  return 0;
}

/** Whether the rows can be cut before `at`: a message starts there, and neither row beside the cut is a sub-agent's turn. */
function canCut(at: number, itemAt: (position: number) => DisplayItem): boolean {
  const before = itemAt(at - 1);
  const after = itemAt(at);
  return !readParentCallId(before.metadata) && !readParentCallId(after.metadata) && startsNewMessage(before, after);
}

/**
 * Where the oldest rows of a history end that hold at least `messages` messages and show as they
 * do among all the rows (`newestStart`'s mirror), so that a history shown from its top can show
 * them before it reads the rest: a message starts there, what answers the calls these rows make
 * (a result, a sub-agent's turns), or makes the calls they answer, is among them when it is
 * anywhere, and their last message moves the conversation on (a turn, a notification, an error),
 * which tells that the run of each before it is over. `itemAt` is asked for the rows before the
 * returned end, the one at it, and newer rows naming such a call (newer rows are otherwise looked
 * at only for the call they name). The rows' length when the history is that short.
 *
 * Only all the rows tell whether the run of their last message is over: a host shows it once the
 * rest is read.
 */
export function oldestEnd(rows: readonly unknown[], messages: number, itemAt: (position: number) => DisplayItem): number {
  let end = 0;
  for (let found = 0; found < messages && end < rows.length; found++) end = cutAtOrAfter(end + 1, rows.length, itemAt);
  const calls = new OpenCalls();
  calls.add(itemAt, 0, end);
  for (let at = end; at < rows.length; at++) {
    const extend = (at === end && !endsMovingOn(end, itemAt)) || calls.namedBy(rows[at], () => itemAt(at));
    if (!extend) continue;
    const cut = cutAtOrAfter(Math.max(at, end) + 1, rows.length, itemAt);
    calls.add(itemAt, end, cut);
    end = cut;
    at = cut - 1;
  }
  return end;
}

/**
 * Whether the last message before `end` (sub-agents' turns aside) moves the conversation on: the
 * run of each message before it is then over or not as all the rows tell.
 */
function endsMovingOn(end: number, itemAt: (position: number) => DisplayItem): boolean {
  let next: DisplayItem | null = null;
  for (let at = end - 1; at >= 0; at--) {
    const item = itemAt(at);
    if (readParentCallId(item.metadata)) continue;
    if (next && startsNewMessage(item, next)) return false;
    if (movesOnItem(item)) return true;
    next = item;
  }
  return false;
}

/** The first place at or after `position` where the rows can be cut (see `cutAtOrBefore`), or their end. */
function cutAtOrAfter(position: number, length: number, itemAt: (position: number) => DisplayItem): number {
  for (let at = position; at < length; at++) if (canCut(at, itemAt)) return at;
  return length;
}

/** The calls some rows make, and those they answer: a result pairs with its call, a sub-agent's turn nests in the call that started it. */
class OpenCalls {
  private readonly made = new Set<string>();
  private readonly answered = new Set<string>();
  /** How many calls are answered and not made. */
  open = 0;

  add(itemAt: (position: number) => DisplayItem, from: number, to: number): void {
    for (let at = from; at < to; at++) {
      const item = itemAt(at);
      if (item.kind === 'tool_call' && item.toolCallId) this.made.add(item.toolCallId);
      if (item.kind === 'tool_result' && item.toolCallId) this.answered.add(item.toolCallId);
      const parent = readParentCallId(item.metadata);
      if (parent) this.answered.add(parent);
    }
    this.open = [...this.answered].filter((call) => !this.made.has(call)).length;
  }

  /** Whether a row naming `call` makes one answered and not made yet (its item is only read then). */
  madeBy(call: string | null, item: () => DisplayItem): boolean {
    if (call === null || !this.answered.has(call) || this.made.has(call)) return false;
    const made = item();
    return made.kind === 'tool_call' && made.toolCallId === call;
  }

  /**
   * Whether a newer row names a call these rows make or answer (for `oldestEnd`): a result of one
   * they make (the last one shows), a turn of a sub-agent one of them started, a call they answer
   * or make again (its item is only read then).
   */
  namedBy(raw: unknown, item: () => DisplayItem): boolean {
    const call = rowCallId(raw);
    const parent = rowParentCallId(raw);
    const named = (parent !== null && this.made.has(parent)) || (call !== null && (this.made.has(call) || this.answered.has(call)));
    if (!named) return false;
    const read = item();
    if (parent !== null && readParentCallId(read.metadata) === parent) return true;
    if (call === null || read.toolCallId !== call) return false;
    return read.kind === 'tool_call' || (read.kind === 'tool_result' && this.made.has(call));
  }
}
