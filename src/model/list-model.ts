import { groupMessages } from './group.js';
import { readParentCallId } from './normalize.js';
import { kindOf } from './kinds/index.js';
import { pairToolResults } from './tools.js';
import type { DisplayItem, Message, ToolCallDisplayItem, ToolResultDisplayItem } from './types.js';

/** What a message list shows, derived from its items. */
export interface ListModel {
  /** The items the model was derived from. */
  items: readonly DisplayItem[];
  messages: Message[];
  resultsByCall: Map<string, ToolResultDisplayItem>;
  pairedResultKeys: Set<string>;
  /** A sub-agent's messages, by the call that started it (`metadata.parent_call_id`). */
  nested: Map<string, Message[]>;
  /** For each item, the index of its top-level message; -1 for an item inside a sub-agent. */
  messageOf: Int32Array;
  /**
   * Messages whose run is over, by message key, with why (see `endedReasons`): calls in them that
   * storage keeps `pending` or `executing` will never finish.
   */
  ended: Map<string, string>;
  /** By message key: when the message before it was saved (its last item's `inserted_at`). */
  previousAt: Map<string, string>;
  /** Keys of the messages that continue the turn before them: one header serves the turn (see `continuedTurns`). */
  continues: Set<string>;
}

export interface ModelPatch {
  model: ListModel;
  /** Indices of the messages to render again: those holding a replaced item, or the call a replaced result answers. */
  messages: number[];
}

export function buildModel(items: readonly DisplayItem[]): ListModel {
  const callIds = new Set(items.filter((item) => item.kind === 'tool_call' && item.toolCallId).map((item) => item.toolCallId!));
  const byParent = new Map<string, DisplayItem[]>();
  const topLevel: DisplayItem[] = [];
  const topLevelIndices: number[] = [];
  items.forEach((item, index) => {
    const parent = readParentCallId(item.metadata);
    // An item whose parent call is not in the list stays at the top level: nothing is dropped.
    if (parent && callIds.has(parent) && parent !== item.toolCallId) {
      const siblings = byParent.get(parent) ?? [];
      siblings.push(item);
      byParent.set(parent, siblings);
    } else {
      topLevel.push(item);
      topLevelIndices.push(index);
    }
  });
  const messages = groupMessages(topLevel);
  const nested = new Map([...byParent].map(([call, children]) => [call, groupMessages(children)]));
  const pairing = pairToolResults(items);
  return {
    items,
    messages,
    nested,
    messageOf: messageIndices(items.length, messages, topLevelIndices),
    ...pairing,
    ended: endedReasons(messages, nested, pairing.resultsByCall),
    previousAt: previousTimes(messages, nested),
    continues: continuedTurns(messages, nested, pairing.pairedResultKeys),
  };
}

/** Where a row shows: its top-level message, and the calls to open to show it, outermost first. */
export interface RowPlace {
  message: number;
  calls: ToolCallDisplayItem[];
}

/**
 * Where the row with this `id`, or the first row whose `message_id` it is, shows (null when no
 * row has it). A result paired with its call shows inside the call, and a sub-agent's row inside
 * the call that started it: the message is that call's, up through sub-agents within sub-agents,
 * and those calls are to be opened.
 */
export function whereShown(model: ListModel, id: string): RowPlace | null {
  let at = model.items.findIndex((item) => item.id === id || item.messageId === id);
  const calls: ToolCallDisplayItem[] = [];
  // Each step goes up to a call; parent ids that make a cycle (malformed rows) end the walk.
  for (let steps = 0; at >= 0 && steps <= model.items.length; steps++) {
    const item = model.items[at];
    const paired = model.pairedResultKeys.has(item.key);
    if (!paired && model.messageOf[at] >= 0) return { message: model.messageOf[at], calls };
    const call = paired ? item.toolCallId : readParentCallId(item.metadata);
    at = callIndex(model, call);
    if (at >= 0) calls.unshift(model.items[at] as ToolCallDisplayItem);
  }
  return null;
}

/**
 * The model after rows were replaced in place, reusing everything the replacements did not
 * touch (a tool call's status changing is the common case). Null when an item was added,
 * removed, or changed what grouping, pairing or nesting read: then the model is built again.
 */
export function patchModel(model: ListModel, items: readonly DisplayItem[]): ModelPatch | null {
  const before = model.items;
  if (before.length !== items.length) return null;
  let messages: Message[] | null = null;
  let resultsByCall = model.resultsByCall;
  let stopsMoved = false;
  const touched = new Set<number>();
  for (let index = 0; index < items.length; index++) {
    const old = before[index];
    const item = items[index];
    if (old === item) continue;
    const at = model.messageOf[index];
    if (at < 0 || !sameShape(old, item)) return null;
    messages ??= [...model.messages];
    messages[at] = withItem(messages[at], old, item);
    touched.add(at);
    stopsMoved ||= old.stop?.reason !== item.stop?.reason;
    if (item.kind === 'tool_result' && item.toolCallId && resultsByCall.get(item.toolCallId) === old) {
      const call = callMessage(model, item.toolCallId);
      if (call < 0) return null;
      touched.add(call);
      if (resultsByCall === model.resultsByCall) resultsByCall = new Map(resultsByCall);
      resultsByCall.set(item.toolCallId, item);
    }
  }
  if (!messages) return { model: { ...model, items }, messages: [] };
  if (!stopsMoved) return { model: { ...model, items, messages, resultsByCall }, messages: [...touched] };
  // Which runs are over follows from the stops: every message they decide renders again.
  const ended = endedReasons(messages, model.nested, resultsByCall);
  messages.forEach((message, at) => {
    if (ended.get(message.key) !== model.ended.get(message.key)) touched.add(at);
  });
  return { model: { ...model, items, messages, resultsByCall, ended }, messages: [...touched] };
}

/**
 * A saved message still being written: the source marks an item `status: "streaming"` (as the
 * draft does), and its run is not over. It renders as the draft does, with the tail repaired.
 */
export function isStreaming(model: ListModel, message: Message): boolean {
  return !model.ended.has(message.key) && message.items.some((item) => item.status === 'streaming');
}

/** Why a message's run is over, when it is: `endedOf` for one message, the draft included. */
export function endedOf(model: ListModel, message: Message): string | null {
  return model.ended.get(message.key) ?? message.stop?.reason ?? null;
}

/**
 * For each message whose run is over, why: its own stop reason; else, when the next message
 * that moved the conversation on is a system notification that stopped ("Agent execution
 * cancelled."), its reason; else '' once any later message moved the conversation on (a user or assistant turn, a notification, an error). Tool results
 * and todo snapshots arrive mid-run and move nothing on. A sub-agent's turns end with the call
 * that started them: when it got its result, or when its own message's run is over.
 */
function endedReasons(
  messages: readonly Message[],
  nested: ReadonlyMap<string, Message[]>,
  resultsByCall: ReadonlyMap<string, unknown>,
): Map<string, string> {
  const ended = new Map<string, string>();
  const visited = new Set<string>();
  const mark = (list: readonly Message[], inherited: string | null): void => {
    let later = inherited;
    for (let at = list.length - 1; at >= 0; at--) {
      const message = list[at];
      const reason = message.stop?.reason ?? later;
      if (reason !== null) ended.set(message.key, reason);
      if (movesOn(message)) later = message.role === 'system' && message.stop ? message.stop.reason : '';
      for (const item of message.items) {
        const children = item.kind === 'tool_call' && item.toolCallId ? nested.get(item.toolCallId) : undefined;
        if (!children || visited.has(item.toolCallId!)) continue;
        visited.add(item.toolCallId!);
        mark(children, resultsByCall.has(item.toolCallId!) ? '' : reason);
      }
    }
  };
  mark(messages, null);
  return ended;
}

/** A later message of these kinds means the run before it is over. */
function movesOn(message: Message): boolean {
  return message.items.some(movesOnItem);
}

/** An item of a message that moves the conversation on (see `movesOn`): a turn, or a kind that says so (a notice, an error). */
export function movesOnItem(item: DisplayItem): boolean {
  return item.role === 'user' || item.role === 'assistant' || kindOf(item).movesOn === true;
}

/** When the message before each one was saved: the start of its turn, for how long reasoning took. */
function previousTimes(messages: readonly Message[], nested: ReadonlyMap<string, Message[]>): Map<string, string> {
  const times = new Map<string, string>();
  for (const list of [messages, ...nested.values()]) {
    for (let at = 1; at < list.length; at++) {
      const before = list[at - 1].items.at(-1)?.insertedAt;
      if (before) times.set(list[at].key, before);
    }
  }
  return times;
}

/**
 * The messages that continue a turn: shown after a message of the same role with none of another
 * role shown between them (a tool message whose results all show inside their calls shows
 * nothing). A response that tool results split, or several rows saved for one answer, reads as
 * one turn under one header; a tool's own message shown inside an assistant's turn is part of it.
 */
function continuedTurns(messages: readonly Message[], nested: ReadonlyMap<string, Message[]>, paired: ReadonlySet<string>): Set<string> {
  const continues = new Set<string>();
  for (const list of [messages, ...nested.values()]) {
    let turn: string | null = null;
    for (const message of list) {
      if (!showsSomething(message, paired)) continue;
      if (continuesTurn(message.role, turn)) continues.add(message.key);
      else turn = message.role;
    }
  }
  return continues;
}

/** Whether a message shows anything: a tool message whose results all show inside their calls does not. */
export function showsSomething(message: Message, paired: ReadonlySet<string>): boolean {
  return message.items.some((item) => !paired.has(item.key));
}

/** A message of `role` after a turn of `turn` continues it: the same role, or a tool's own message in an assistant's turn. */
function continuesTurn(role: string, turn: string | null): boolean {
  return role === turn || (role === 'tool' && turn === 'assistant');
}

/** Whether a message of this role after the last one shown continues its turn (as the draft does). */
export function continuesLast(model: ListModel, role: string): boolean {
  let at = model.messages.length - 1;
  while (at >= 0 && !showsSomething(model.messages[at], model.pairedResultKeys)) at--;
  if (at < 0) return false;
  const last = model.messages[at];
  // A tool's message that continues a turn continues an assistant's.
  return continuesTurn(role, model.continues.has(last.key) && last.role === 'tool' ? 'assistant' : last.role);
}

/** The message holding the call with this id (-1 inside a sub-agent): it shows the result. */
function callMessage(model: ListModel, callId: string): number {
  const index = callIndex(model, callId);
  return index < 0 ? -1 : model.messageOf[index];
}

/** The index of the call with this id among the model's items (-1 when none has it). */
function callIndex(model: ListModel, callId: string | null | undefined): number {
  return model.items.findIndex((item) => item.kind === 'tool_call' && item.toolCallId === callId);
}

/** Everything grouping, pairing and nesting read is the same. */
function sameShape(a: DisplayItem, b: DisplayItem): boolean {
  return (
    a.key === b.key && a.kind === b.kind && a.role === b.role && a.messageId === b.messageId &&
    a.sequence === b.sequence && a.toolCallId === b.toolCallId && a.insertedAt === b.insertedAt &&
    readParentCallId(a.metadata) === readParentCallId(b.metadata)
  );
}

function withItem(message: Message, old: DisplayItem, item: DisplayItem): Message {
  const items = message.items.map((each) => (each === old ? item : each));
  return { ...message, items, stop: items[items.length - 1].stop };
}

/** Messages partition the top-level items in order, so one walk maps each item to its message. */
function messageIndices(count: number, messages: readonly Message[], topLevelIndices: readonly number[]): Int32Array {
  const messageOf = new Int32Array(count).fill(-1);
  let next = 0;
  messages.forEach((message, at) => {
    for (let i = 0; i < message.items.length; i++) messageOf[topLevelIndices[next++]] = at;
  });
  return messageOf;
}
