import { asObject, isPlainObject, readId, readKey, readObject, readString, type PlainObject } from './guards.js';
import { namedKind } from './kinds/index.js';
import { classifyStop } from './stop.js';
import type { DisplayItem, ItemBase, ItemKind } from './types.js';

/** Items this module produced, so elements handed one do not normalize it twice. */
const NORMALIZED = new WeakSet<object>();

/**
 * Turns either shape (extracted item or persisted row) into one `DisplayItem`. Total: any input,
 * however broken, yields an item; what is wrong is listed in `problems` (on an `invalid` item) so
 * it renders a fallback.
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

function fromObject(raw: PlainObject, position: number): DisplayItem {
  const kindName = readString(raw, 'type') ?? readString(raw, 'content_type');
  const contentValue = readKey(raw, 'content');
  const content = isPlainObject(contentValue) ? contentValue : {};
  const base = baseOf(raw, position, kindName, content);
  const problems: string[] = [];
  if (kindName === null) problems.push('The item has no kind (no "type" or "content_type").');
  if (!isPlainObject(contentValue)) problems.push(contentProblem(contentValue));
  // The base is a new object: filled in place. Spread into yet another, it took most of the time
  // a long history spent normalizing (some 9 µs a row against 1), and made items slower to read.
  if (problems.length > 0 || kindName === null) return Object.assign(base, { kind: 'invalid' as const, kindName, problems });
  const descriptor = namedKind(kindName);
  if (!descriptor) return Object.assign(base, { kind: 'other' as const, kindName, text: readString(content, 'text') });
  const fields = descriptor.read(content);
  if (typeof fields === 'string') return Object.assign(base, { kind: 'invalid' as const, kindName, problems: [fields] });
  return Object.assign(base, fields as Partial<DisplayItem>, { kind: kindName as ItemKind }) as DisplayItem;
}

function baseOf(raw: PlainObject, position: number, kindName: string | null, content: PlainObject): ItemBase {
  const id = readId(raw, 'id');
  const sequence = readKey(raw, 'sequence');
  return {
    key: id !== null ? `id:${id}` : `pos:${position}`,
    id,
    role: readString(raw, 'message_type') ?? (kindName !== null ? namedKind(kindName)?.role : undefined) ?? 'assistant',
    content,
    sequence: typeof sequence === 'number' && Number.isFinite(sequence) ? sequence : null,
    status: readString(raw, 'status'),
    toolCallId: readToolCallId(raw, content),
    metadata: readObject(raw, 'metadata') ?? {},
    insertedAt: readString(raw, 'inserted_at'),
    messageId: readId(raw, 'message_id'),
    stop: classifyStop(content),
    problems: [],
    raw,
  };
}

/** The call a row makes or answers: its own column, else what its content names. */
function readToolCallId(raw: PlainObject, content: PlainObject): string | null {
  return readId(raw, 'tool_call_id') ?? readId(content, 'call_id') ?? readId(content, 'tool_call_id');
}

/** The call that started the sub-agent whose turn an item is (`metadata.parent_call_id`). */
export function readParentCallId(metadata: PlainObject): string | null {
  const parent = readKey(metadata, 'parent_call_id');
  return typeof parent === 'string' && parent !== '' ? parent : null;
}

/** The call a row makes or answers, read without normalizing the rest of it. */
export function rowCallId(raw: unknown): string | null {
  return isPlainObject(raw) ? readToolCallId(raw, asObject(readKey(raw, 'content'))) : null;
}

/** The call whose sub-agent a row's turn is, read without normalizing the rest of it. */
export function rowParentCallId(raw: unknown): string | null {
  return readParentCallId(asObject(readKey(raw, 'metadata')));
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
    kindName: null,
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

export function isDisplayItem(value: unknown): value is DisplayItem {
  return typeof value === 'object' && value !== null && NORMALIZED.has(value);
}

/** A normalized copy of an item under another key (the draft keys its items by place). */
export function withKey<T extends DisplayItem>(item: T, key: string): T {
  const keyed = { ...item, key };
  NORMALIZED.add(keyed);
  return keyed;
}
