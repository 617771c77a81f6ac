import { expect } from '@open-wc/testing';
import type { DisplayItemJSON } from '../../src/adapters/index.js';

/** Items of one message, by message_id, in output order. */
export function byMessage(items: readonly DisplayItemJSON[]): Map<string, DisplayItemJSON[]> {
  const messages = new Map<string, DisplayItemJSON[]>();
  for (const item of items) messages.set(item.message_id, [...(messages.get(item.message_id) ?? []), item]);
  return messages;
}

const RANK: Record<string, number> = { tool_call: 1, tool_result: 2 };

/**
 * The extractor's rules every adapter must keep: a message's items are contiguous, numbered
 * 0..n-1, ordered said → calls → results, results only in tool messages, one role, and the stop mark
 * (with its details) only on the last item.
 */
export function expectWellFormed(items: readonly DisplayItemJSON[]): void {
  const seen = new Set<string>();
  let previous: string | null = null;
  for (const item of items) {
    if (item.message_id !== previous) {
      expect(seen.has(item.message_id), `message ${item.message_id} is split`).to.equal(false);
      seen.add(item.message_id);
      previous = item.message_id;
    }
  }
  for (const [id, message] of byMessage(items)) {
    expect(message.map((item) => item.sequence), `sequence of ${id}`).to.deep.equal(message.map((_, i) => i));
    // Tool messages are exempt: media a tool returned follows its result.
    const ranks = message.map((item) => RANK[item.type] ?? 0);
    if (message[0].message_type !== 'tool') expect(ranks, `order of ${id}`).to.deep.equal([...ranks].sort((a, b) => a - b));
    expect(new Set(message.map((item) => item.message_type)).size, `roles of ${id}`).to.equal(1);
    for (const item of message) {
      if (item.type === 'tool_result') expect(item.message_type, `result in ${id}`).to.equal('tool');
      if (item !== message[message.length - 1]) {
        expect(item.content, `stop inside ${id}`).not.to.have.property('stop_reason');
        expect(item.content, `stop details inside ${id}`).not.to.have.property('stop_details');
      } else if ('stop_reason' in item.content) {
        expect(item.content.stop_reason, `falsy stop in ${id}`).to.be.ok;
      }
    }
  }
}
