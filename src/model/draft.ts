import { isPlainObject, readId, readKey, readString } from './guards.js';
import { claimKey } from './keys.js';
import { normalizeItem, withKey } from './normalize.js';
import type { DisplayItem } from './types.js';

/** A tool call's `execution_status` while it streams, as the row status it will become. */
const EXECUTION_STATUS = new Map([
  ['identified', 'pending'],
  ['executing', 'executing'],
  ['completed', 'completed'],
  ['failed', 'failed'],
  ['interrupted', 'interrupted'],
]);

/**
 * The in-flight message (docs/display-items.md#in-flight-message) as display items: text and
 * thinking so far, then the tool calls. Accepts `{thinking, text, tool_calls, stop_reason,
 * message_type}` or an array of display items. Keys are stable while the draft grows, so the same
 * elements keep streaming.
 */
export function draftItems(draft: unknown): DisplayItem[] {
  if (draft === null || draft === undefined || draft === false) return [];
  if (Array.isArray(draft)) return draft.map((raw, index) => withKey(normalizeItem(raw, index), `draft:${index}`));
  if (!isPlainObject(draft)) return [withKey(normalizeItem(draft), 'draft:0')];
  const role = readString(draft, 'message_type') ?? 'assistant';
  const items: DisplayItem[] = [];
  const thinking = readString(draft, 'thinking') ?? readString(draft, 'reasoning_content');
  if (thinking) items.push(withKey(normalizeItem({ type: 'thinking', message_type: role, content: { text: thinking } }), 'draft:thinking'));
  const text = readString(draft, 'text') ?? readString(draft, 'content');
  if (text) items.push(withKey(normalizeItem({ type: 'text', message_type: role, content: { text } }), 'draft:text'));
  const calls = readKey(draft, 'tool_calls');
  // Two calls with one call id are two calls: each keeps a key of its own.
  const taken = new Map<string, number>();
  if (Array.isArray(calls)) calls.forEach((call, index) => items.push(draftCall(call, index, role, taken)));
  if (!readKey(draft, 'stop_reason')) return items;
  // A reply stopped before it said anything still ends in its mark: on an empty text of its own.
  const last = items.pop() ?? withKey(normalizeItem({ type: 'text', message_type: role, content: { text: '' } }), 'draft:text');
  items.push(withStop(last, draft));
  return items;
}

/**
 * The role of a draft object that holds nothing to show yet (`{}`, or one whose fields are all
 * still empty; a stopped one shows its mark): a response has begun and its first words have not
 * arrived. Null for any other draft. `items` are the draft's own (`draftItems`).
 */
export function waitingRole(draft: unknown, items: readonly DisplayItem[]): string | null {
  if (items.length > 0 || !isPlainObject(draft)) return null;
  return readString(draft, 'message_type') ?? 'assistant';
}

function draftCall(call: unknown, index: number, role: string, taken: Map<string, number>): DisplayItem {
  const callId = readId(call, 'call_id') ?? readId(call, 'id') ?? `draft-${index}`;
  const status = EXECUTION_STATUS.get(readString(call, 'execution_status') ?? 'identified') ?? readString(call, 'execution_status');
  const item = normalizeItem({
    type: 'tool_call',
    message_type: role,
    status,
    tool_call_id: callId,
    metadata: isPlainObject(readKey(call, 'metadata')) ? readKey(call, 'metadata') : {},
    content: {
      call_id: callId,
      name: readKey(call, 'name'),
      arguments: readKey(call, 'arguments'),
      display_text: readKey(call, 'display_text') ?? null,
    },
  });
  return withKey(item, claimKey(taken, `draft:call:${callId}`));
}

function withStop(item: DisplayItem, draft: Record<string, unknown>): DisplayItem {
  const raw = item.raw as Record<string, unknown>;
  const content = { ...(raw.content as Record<string, unknown>), stop_reason: draft.stop_reason, stop_details: draft.stop_details };
  return withKey(normalizeItem({ ...raw, content }), item.key);
}

/** Call ids of the draft that saved rows already hold: those show once, as rows. */
export function savedCallIds(items: readonly DisplayItem[]): Set<string> {
  const ids = new Set<string>();
  for (const item of items) if (item.kind === 'tool_call' && item.toolCallId) ids.add(item.toolCallId);
  return ids;
}
