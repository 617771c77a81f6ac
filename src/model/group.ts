import type { DisplayItem, Message } from './types.js';

/**
 * Groups items into messages (docs/display-items.md#messages). There is no message id column: a
 * message is a run of consecutive items with one `message_type` whose `sequence` keeps increasing.
 * A host-sent `message_id` decides when both sides carry one.
 */
export function groupMessages(items: readonly DisplayItem[]): Message[] {
  const messages: Message[] = [];
  let current: Message | null = null;
  let previous: DisplayItem | null = null;
  for (const item of items) {
    if (!current || !previous || startsNewMessage(previous, item)) {
      current = { key: messageKey(item), role: item.role, items: [], stop: null };
      messages.push(current);
    }
    current.items.push(item);
    current.stop = item.stop;
    previous = item;
  }
  return messages;
}

export function startsNewMessage(previous: DisplayItem, next: DisplayItem): boolean {
  if (previous.messageId !== null && next.messageId !== null) return previous.messageId !== next.messageId;
  if (previous.role !== next.role) return true;
  if (previous.sequence !== null && next.sequence !== null) return next.sequence <= previous.sequence;
  return false;
}

/**
 * A long list looks messages up by key on every update: one string per first item, made once,
 * keeps those lookups from re-hashing freshly joined text each time.
 */
const messageKeys = new WeakMap<DisplayItem, string>();

function messageKey(first: DisplayItem): string {
  let key = messageKeys.get(first);
  if (key === undefined) {
    key = `m:${first.key}`;
    messageKeys.set(first, key);
  }
  return key;
}
