import { findTexts } from './kinds/find-texts.js';
import type { ListModel } from './list-model.js';
import type { DisplayItem, Message, ToolCallDisplayItem } from './types.js';

/**
 * Find in a conversation, DOM-free: every message, mounted or not, with what collapsed
 * reasoning and tool details hold. Counts are of what a reader reads — Markdown without its
 * syntax, a call's label, question, error, arguments and result — with case and runs of white
 * space ignored. The list then mounts, opens and highlights what holds the match it jumps to.
 */

/** Where in an item a match is: what the reader sees of it, in the order they see it. */
export type FindField = 'text' | 'label' | 'question' | 'error' | 'arguments' | 'result';

/** A stretch of matches: `count` of them in one field of one item, starting at match number `first`. */
export interface FindEntry {
  /** The top-level message that shows it (a sub-agent's turns show inside their call's message). */
  message: number;
  item: DisplayItem;
  field: FindField;
  /** The calls (outermost first) whose sub-agent turns hold the item: each must open to show it. */
  path: readonly ToolCallDisplayItem[];
  count: number;
  first: number;
}

export interface FindResults {
  query: string;
  count: number;
  /** In reading order. */
  entries: FindEntry[];
}

/** Text folded for matching: lower case, white space runs as one space. */
export function foldText(text: string): string {
  const collapsed = text.replace(/\s+/g, ' ');
  const lower = collapsed.toLowerCase();
  // A character whose lower case is longer ("İ") would shift every offset after it: it stays as it is.
  return lower.length === collapsed.length ? lower : Array.from(collapsed, foldChar).join('');
}

/** One character (code point) folded as `foldText` folds it. */
export function foldChar(char: string): string {
  const lower = char.toLowerCase();
  return lower.length === char.length ? lower : char;
}

/** Occurrences of `needle` in `haystack` (both folded), not overlapping. */
export function countIn(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
}

type Fields = Array<[FindField, string]>;

/** Folded fields per item: a conversation is searched often, its items change rarely. */
const folded = new WeakMap<DisplayItem, Fields>();

function fieldsOf(item: DisplayItem): Fields {
  let fields = folded.get(item);
  if (!fields) {
    fields = findTexts(item).flatMap(([field, text]) => (text ? [[field, foldText(text)] as [FindField, string]] : []));
    folded.set(item, fields);
  }
  return fields;
}

export interface FindOptions {
  /** Tool activity shows (false when a list hides it): calls, results and sub-agents are searched. */
  tools?: boolean;
}

/**
 * Every match of `query` in the saved conversation, in reading order: message by message, item
 * by item, a call's label, question, error and arguments, then its sub-agent's turns, then its
 * result (shown inside the call).
 */
export function findInConversation(model: ListModel, query: string, { tools = true }: FindOptions = {}): FindResults {
  const needle = foldText(query.trim());
  const results: FindResults = { query, count: 0, entries: [] };
  if (!needle) return results;
  const add = (message: number, item: DisplayItem, fields: Fields, path: readonly ToolCallDisplayItem[], owner = item) => {
    for (const [field, text] of fields) {
      const count = countIn(text, needle);
      if (count === 0) continue;
      results.entries.push({ message, item: owner, field, path, count, first: results.count });
      results.count += count;
    }
  };
  const visit = (message: Message, index: number, path: readonly ToolCallDisplayItem[], seen: Set<string>) => {
    for (const item of message.items) {
      if (model.pairedResultKeys.has(item.key) || (!tools && (item.kind === 'tool_call' || item.kind === 'tool_result'))) continue;
      add(index, item, fieldsOf(item), path);
      if (item.kind !== 'tool_call' || !item.toolCallId) continue;
      const nested = seen.has(item.toolCallId) ? undefined : model.nested.get(item.toolCallId);
      if (nested) {
        seen.add(item.toolCallId);
        for (const turn of nested) visit(turn, index, [...path, item], seen);
      }
      const result = model.resultsByCall.get(item.toolCallId);
      if (result) add(index, result, fieldsOf(result), path, item);
    }
  };
  model.messages.forEach((message, index) => visit(message, index, [], new Set()));
  return results;
}

/** The entry holding match number `match`, and which of its matches it is. */
export function entryOf(results: FindResults, match: number): { entry: FindEntry; occurrence: number } | null {
  const { entries } = results;
  let low = 0;
  let high = entries.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const entry = entries[middle];
    if (match < entry.first) high = middle - 1;
    else if (match >= entry.first + entry.count) low = middle + 1;
    else return { entry, occurrence: match - entry.first };
  }
  return null;
}

/**
 * Where find starts from the reader's place: the first match in message `message` or after it;
 * with none after, the last one before (in a conversation read from its end, the nearest above).
 * -1 when there is none.
 */
export function firstMatchFrom(results: FindResults, message: number): number {
  const entry = results.entries.find((each) => each.message >= message);
  if (entry) return entry.first;
  const last = results.entries.at(-1);
  return last ? last.first + last.count - 1 : -1;
}
