import { groupMessages } from './group.js';
import { pairToolResults } from './tools.js';
import type { DisplayItem, Message, ToolResultDisplayItem } from './types.js';

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
    const parent = parentCallId(item);
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
  return { items, messages, nested, messageOf: messageIndices(items.length, messages, topLevelIndices), ...pairToolResults(items) };
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
    if (item.kind === 'tool_result' && item.toolCallId && resultsByCall.get(item.toolCallId) === old) {
      const call = callMessage(model, item.toolCallId);
      if (call < 0) return null;
      touched.add(call);
      if (resultsByCall === model.resultsByCall) resultsByCall = new Map(resultsByCall);
      resultsByCall.set(item.toolCallId, item);
    }
  }
  if (!messages) return { model: { ...model, items }, messages: [] };
  return { model: { ...model, items, messages, resultsByCall }, messages: [...touched] };
}

/** The message holding the call with this id (-1 inside a sub-agent): it shows the result. */
function callMessage(model: ListModel, callId: string): number {
  const index = model.items.findIndex((item) => item.kind === 'tool_call' && item.toolCallId === callId);
  return index < 0 ? -1 : model.messageOf[index];
}

/** Everything grouping, pairing and nesting read is the same. */
function sameShape(a: DisplayItem, b: DisplayItem): boolean {
  return (
    a.key === b.key && a.kind === b.kind && a.role === b.role && a.messageId === b.messageId &&
    a.sequence === b.sequence && a.toolCallId === b.toolCallId && a.insertedAt === b.insertedAt &&
    parentCallId(a) === parentCallId(b)
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

function parentCallId(item: DisplayItem): string | null {
  const parent = item.metadata.parent_call_id;
  return typeof parent === 'string' && parent !== '' ? parent : null;
}
