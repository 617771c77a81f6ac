/**
 * A greedy shrinker for fuzz cases: given a failing value and the check that fails on it, it
 * tries ever smaller versions (chunks of lists removed, keys removed, children emptied or shrunk,
 * strings cut) and keeps each one that still fails, until none does or the budget runs out.
 * Lists of `Op`s shrink the same way, with each op keeping its `op` and shrinking its payload.
 * DOM-free; works on any value, cycles and throwing getters included (those stay as they are).
 */

export type Check<T> = (candidate: T) => boolean | Promise<boolean>;

export interface Shrunk<T> {
  value: T;
  /** How many candidates were tried. */
  tries: number;
}

export async function shrink<T>(value: T, fails: Check<T>, budget = 400): Promise<Shrunk<T>> {
  let current = value;
  let tries = 0;
  search: while (tries < budget) {
    for (const candidate of smaller(current, [])) {
      if (++tries > budget) break search;
      if (await fails(candidate as T)) {
        current = candidate as T;
        continue search;
      }
    }
    break;
  }
  return { value: current, tries };
}

/** Below this depth values are only emptied, never walked (deep nesting would exhaust the stack). */
const MAX_DEPTH = 12;

function* smaller(value: unknown, path: object[]): Generator<unknown> {
  if (typeof value === 'string') {
    if (value.length > 0) yield '';
    if (value.length > 1) {
      yield value.slice(0, value.length >> 1);
      yield value.slice(value.length >> 1);
    }
    return;
  }
  if (typeof value === 'number' && value !== 0) {
    yield 0;
    return;
  }
  if (value === null || typeof value !== 'object' || path.includes(value) || path.length > MAX_DEPTH) return;
  if (Array.isArray(value)) yield* smallerArray(value, [...path, value]);
  else if (isPlainData(value)) yield* smallerObject(value as Record<string, unknown>, [...path, value]);
}

function* smallerArray(array: unknown[], path: object[]): Generator<unknown[]> {
  for (let size = array.length >> 1 || 1; size >= 1; size >>= 1) {
    for (let start = 0; start + size <= array.length; start += size) {
      yield [...array.slice(0, start), ...array.slice(start + size)];
    }
    if (size === 1) break;
  }
  for (let index = 0; index < array.length; index++) {
    for (const child of smallerChild(array[index], path)) {
      const copy = [...array];
      copy[index] = child;
      yield copy;
    }
  }
}

/**
 * The case itself (the root) and an `Op` keep their keys, which are their structure; anything
 * else may lose any key.
 */
function* smallerObject(object: Record<string, unknown>, path: object[]): Generator<Record<string, unknown>> {
  const keys = Object.keys(object);
  const fixed = path.length === 1 || typeof object.op === 'string' ? new Set(keys) : new Set<string>();
  for (const key of keys) if (!fixed.has(key)) yield without(object, key);
  for (const key of keys) {
    if (key === 'op') continue;
    for (const child of smallerChild(object[key], path)) yield withValue(object, key, child);
  }
}

/** A child is first emptied whole (a list to `[]`, an object to `{}`), then shrunk in place. */
function* smallerChild(child: unknown, path: object[]): Generator<unknown> {
  if (Array.isArray(child) && child.length > 0) yield [];
  else if (isEmptiable(child)) yield {};
  yield* smaller(child, path);
}

function isEmptiable(child: unknown): boolean {
  if (child === null || typeof child !== 'object' || !isPlainData(child)) return false;
  const keys = Object.keys(child);
  return keys.length > 0 && !keys.includes('op');
}

/** An object whose own properties are plain data: safe to copy key by key. */
function isPlainData(object: object): boolean {
  try {
    const prototype = Object.getPrototypeOf(object);
    if (prototype !== Object.prototype && prototype !== null) return false;
    return Object.values(Object.getOwnPropertyDescriptors(object)).every((d) => 'value' in d);
  } catch {
    return false;
  }
}

function copyOf(object: Record<string, unknown>): Record<string, unknown> {
  return Object.defineProperties({}, Object.getOwnPropertyDescriptors(object));
}

function without(object: Record<string, unknown>, key: string): Record<string, unknown> {
  const copy = copyOf(object);
  delete copy[key];
  return copy;
}

function withValue(object: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  const copy = copyOf(object);
  Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/**
 * A case as readable text for a failure message: JSON where it can be, with markers for what
 * JSON cannot carry, and own `__proto__` keys kept (paste it into `JSON.parse` to replay it).
 */
export function describeCase(value: unknown): string {
  const seen = new WeakSet<object>();
  const replacer = (_key: string, v: unknown): unknown => {
    if (typeof v === 'bigint') return `[BigInt ${v}]`;
    if (typeof v === 'function') return '[Function]';
    if (typeof v === 'symbol') return `[${v.toString()}]`;
    if (v === undefined) return '[undefined]';
    if (typeof v === 'number' && !Number.isFinite(v)) return `[${v}]`;
    if (typeof v === 'string' && v.length > 200) return `${v.slice(0, 200)}…[${v.length} chars]`;
    if (v !== null && typeof v === 'object') {
      if (seen.has(v)) return '[Circular]';
      seen.add(v);
      if (!Array.isArray(v) && !isPlainData(v)) return '[object with getters]';
    }
    return v;
  };
  try {
    return JSON.stringify(value, replacer);
  } catch (error) {
    return `[not describable: ${String(error)}]`;
  }
}
