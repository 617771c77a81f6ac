import { isPlainObject, readId, readKey, readObject, readString } from './guards.js';
import { classifyStop } from './stop.js';
import type { DisplayItem } from './types.js';

/** Items this module produced, so elements handed one do not normalize it twice. */
const NORMALIZED = new WeakSet<object>();

/** A map, not an object: a kind named `toString` or `__proto__` must not find a role on Object.prototype. */
const ROLE_BY_KIND = new Map([
  ['tool_result', 'tool'],
  ['notification', 'system'],
  ['error', 'system'],
  ['todo_snapshot', 'system'],
]);

/**
 * Turns either shape (extracted item or persisted row) into one `DisplayItem`. Total: any input,
 * however broken, yields an item; what is wrong is listed in `problems` so it renders a fallback.
 */
export function normalizeItem(raw: unknown, position = 0): DisplayItem {
  let item: DisplayItem;
  try {
    item = isPlainObject(raw) ? fromObject(raw, position) : invalidItem(raw, position, describeNonObject(raw));
  } catch {
    item = invalidItem(raw, position, 'The item could not be read.');
  }
  NORMALIZED.add(item);
  return item;
}

export function normalizeItems(raws: unknown): DisplayItem[] {
  if (!Array.isArray(raws)) return raws === undefined || raws === null ? [] : [normalizeItem(raws, 0)];
  return raws.map((raw, index) => normalizeItem(raw, index));
}

function fromObject(raw: Record<string, unknown>, position: number): DisplayItem {
  const problems: string[] = [];
  const kind = readString(raw, 'type') ?? readString(raw, 'content_type');
  if (kind === null) problems.push('The item has no kind (`type` or `content_type`).');
  const contentValue = readKey(raw, 'content');
  const content = isPlainObject(contentValue) ? contentValue : {};
  if (!isPlainObject(contentValue)) problems.push(contentProblem(contentValue));
  const resolvedKind = kind ?? 'unknown';
  problems.push(...kindProblems(resolvedKind, content, isPlainObject(contentValue)));
  const id = readId(raw, 'id');
  const sequence = readKey(raw, 'sequence');
  return {
    key: id !== null ? `id:${id}` : `pos:${position}`,
    id,
    kind: resolvedKind,
    role: readString(raw, 'message_type') ?? ROLE_BY_KIND.get(resolvedKind) ?? 'assistant',
    content,
    sequence: typeof sequence === 'number' && Number.isFinite(sequence) ? sequence : null,
    status: readString(raw, 'status'),
    toolCallId:
      readId(raw, 'tool_call_id') ?? readId(content, 'call_id') ?? readId(content, 'tool_call_id'),
    metadata: readObject(raw, 'metadata') ?? {},
    insertedAt: readString(raw, 'inserted_at'),
    messageId: readId(raw, 'message_id'),
    stop: classifyStop(content),
    problems,
    raw,
  };
}

/** Only what makes an item unreadable as its kind; odd-but-usable fields render as they are. */
function kindProblems(kind: string, content: Record<string, unknown>, hasContent: boolean): string[] {
  if (!hasContent) return [];
  if ((kind === 'text' || kind === 'thinking' || kind === 'notification' || kind === 'error') &&
    typeof readKey(content, 'text') !== 'string') {
    return ['The item has no text.'];
  }
  if (kind === 'todo_snapshot' && !Array.isArray(readKey(content, 'todos'))) {
    return ['The todo snapshot has no list of todos.'];
  }
  return [];
}

function contentProblem(value: unknown): string {
  if (value === undefined) return 'The item has no content.';
  return `The item's content is ${describeValue(value)}, not an object.`;
}

function describeNonObject(raw: unknown): string {
  return `The item is ${describeValue(raw)}, not an object.`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return `a ${typeof value}`;
}

function invalidItem(raw: unknown, position: number, problem: string): DisplayItem {
  return {
    key: `pos:${position}`,
    id: null,
    kind: 'invalid',
    role: 'assistant',
    content: {},
    sequence: null,
    status: null,
    toolCallId: null,
    metadata: {},
    insertedAt: null,
    messageId: null,
    stop: null,
    problems: [problem],
    raw,
  };
}

/** Elements accept a raw item or an already normalized one (message-list passes the latter). */
export function asDisplayItem(value: unknown): DisplayItem {
  return isDisplayItem(value) ? value : normalizeItem(value);
}

function isDisplayItem(value: unknown): value is DisplayItem {
  return typeof value === 'object' && value !== null && NORMALIZED.has(value);
}
