import { startsNewMessage } from './group.js';
import { readParentCallId, rowCallId } from './normalize.js';
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
  for (let at = position; at > 0; at--) {
    const before = itemAt(at - 1);
    const after = itemAt(at);
    if (!readParentCallId(before.metadata) && !readParentCallId(after.metadata) && startsNewMessage(before, after)) return at;
  }
  return 0;
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
}
