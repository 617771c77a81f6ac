import { isPlainObject, readKey, readString, type PlainObject } from '../guards.js';
import { parseJsonText } from '../safe-json.js';
import type { ToolCallDisplayItem, ToolResultDisplayItem } from '../types.js';
import type { BuiltinToolView } from './types.js';

/**
 * What every reader shares: a reader takes a call and its result (null while it runs) and returns
 * its view, or null when their shape is not the one it knows. Readers read through these helpers
 * and the guards, so a hostile value reads as absent instead of throwing.
 */
export type ToolViewReader = (call: ToolCallDisplayItem, result: ToolResultDisplayItem | null) => BuiltinToolView | null;

/** The call's arguments as an object: sent as one, or as JSON text of one; else empty. */
export function argumentsOf(call: unknown): PlainObject {
  const args = readKey(call, 'arguments');
  if (isPlainObject(args)) return args;
  if (typeof args !== 'string') return {};
  const parsed = parseJsonText(args);
  return parsed.ok && isPlainObject(parsed.value) ? parsed.value : {};
}

/**
 * What a result returned as data, when it did: the provider's own result an adapter kept
 * (`content.structured_content`), a body that was not text (`content.content`), or output that
 * is JSON text of an object or a list. Undefined when the result is plain text or absent.
 */
export function resultData(result: unknown): unknown {
  const content = readKey(result, 'content');
  const structured = readKey(content, 'structured_content');
  if (structured !== undefined && structured !== null) return structured;
  const body = readKey(content, 'content');
  if (body !== undefined && body !== null && typeof body === 'object') return body;
  const output = resultText(result);
  return output === null ? undefined : parsedOutput(result as object, output);
}

/** Output parsed once per result: the named reader and the shape readers each ask for it. */
const PARSED = new WeakMap<object, unknown>();

function parsedOutput(result: object, output: string): unknown {
  if (PARSED.has(result)) return PARSED.get(result);
  const parsed = parseJsonText(output);
  const value = parsed.ok ? parsed.value : undefined;
  PARSED.set(result, value);
  return value;
}

/** The result's text output, or null when there is no result. */
export function resultText(result: unknown): string | null {
  return readString(result, 'output');
}

export function resultFailed(result: unknown): boolean {
  return readKey(result, 'isError') === true;
}

/** The first of `keys` that holds text in `source`. */
export function firstText(source: unknown, keys: readonly string[]): string | null {
  for (const key of keys) {
    const value = readString(source, key);
    if (value !== null && value.trim() !== '') return value;
  }
  return null;
}

/** The first of `keys` that holds a finite number, or a string of digits. */
export function firstNumber(source: unknown, keys: readonly string[]): number | null {
  for (const key of keys) {
    const value = readKey(source, key);
    if (typeof value === 'number' && Number.isFinite(value)) return value;
    if (typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim())) return Number(value);
  }
  return null;
}

export function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function stringsOf(value: unknown): string[] {
  return listOf(value).filter((entry): entry is string => typeof entry === 'string');
}

/** The call's name, or '' for a value that is not a call. */
export function nameOf(call: unknown): string {
  return readString(call, 'name') ?? '';
}

/** An argv list as a command line a reader could paste: words with spaces or quotes quoted. */
export function commandLine(argv: readonly string[]): string {
  return argv.map((word) => (word === '' || /[^\w@%+=:,./-]/.test(word) ? `'${word.replace(/'/g, `'\\''`)}'` : word)).join(' ');
}

/** A provider's error in words: an error code, a message, or the text of a failed result. */
export function errorText(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return firstText(value, ['error_code', 'message', 'error']);
}
