/** Small, total readers for untrusted values: they never throw and never coerce objects. */

export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a property without letting a hostile getter or proxy throw out of the kit. */
export function readKey(source: unknown, key: string): unknown {
  if (!isPlainObject(source)) return undefined;
  try {
    return source[key];
  } catch {
    return undefined;
  }
}

export function readString(source: unknown, key: string): string | null {
  const value = readKey(source, key);
  return typeof value === 'string' ? value : null;
}

/** A string, or a finite number written as one; ids arrive as either. */
/** A string field that holds more than white space, else null. */
export function readText(source: unknown, key: string): string | null {
  const value = readString(source, key);
  return value !== null && value.trim() !== '' ? value : null;
}

/** The value itself when it is a plain object, else an empty one (to spread or read from). */
export function asObject(value: unknown): PlainObject {
  return isPlainObject(value) ? value : {};
}

export function readId(source: unknown, key: string): string | null {
  const value = readKey(source, key);
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function readObject(source: unknown, key: string): PlainObject | null {
  const value = readKey(source, key);
  return isPlainObject(value) ? value : null;
}

export function readBoolean(source: unknown, key: string): boolean {
  return readKey(source, key) === true;
}

/**
 * `table[key]` when the table holds that key itself. Lookups by a key from data go through
 * this (or a Map): `constructor`, `toString` or `__proto__` must never find Object.prototype's.
 */
export function ownValue<T>(table: Readonly<Partial<Record<string, T>>> | null | undefined, key: string): T | undefined {
  try {
    return table !== null && table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined;
  } catch {
    return undefined;
  }
}
