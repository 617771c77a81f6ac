import { isPlainObject, readKey, readString } from '../model/guards.js';

/**
 * RFC 6902 JSON Patch over plain JSON values, for AG-UI's `ACTIVITY_DELTA`: returns the patched
 * copy, or `null` when an operation does not apply (the caller keeps what it had). The value
 * given is never changed.
 */
export function applyJsonPatch(document: unknown, patch: unknown): unknown {
  if (!Array.isArray(patch)) return null;
  try {
    let current: unknown = structuredClone(document);
    for (const operation of patch) {
      current = applyOperation(current, operation);
      if (current === FAILED) return null;
    }
    return current;
  } catch {
    // A value structuredClone cannot copy, or a hostile getter: the patch does not apply.
    return null;
  }
}

const FAILED = Symbol('failed');

function applyOperation(document: unknown, operation: unknown): unknown {
  const path = parsePointer(readString(operation, 'path'));
  if (path === null) return FAILED;
  switch (readString(operation, 'op')) {
    case 'add':
      return write(document, path, structuredClone(readKey(operation, 'value')), 'add');
    case 'replace':
      return write(document, path, structuredClone(readKey(operation, 'value')), 'replace');
    case 'remove':
      return write(document, path, undefined, 'remove');
    case 'test':
      return JSON.stringify(read(document, path)) === JSON.stringify(readKey(operation, 'value')) ? document : FAILED;
    case 'copy':
    case 'move': {
      const from = parsePointer(readString(operation, 'from'));
      if (from === null) return FAILED;
      const value = read(document, from);
      if (value === undefined) return FAILED;
      const source = readString(operation, 'op') === 'move' ? write(document, from, undefined, 'remove') : document;
      return source === FAILED ? FAILED : write(source, path, structuredClone(value), 'add');
    }
    default:
      return FAILED;
  }
}

/** `/a/b~1c` → `['a', 'b/c']`; `''` is the whole document. */
function parsePointer(pointer: string | null): string[] | null {
  if (pointer === null || (pointer !== '' && !pointer.startsWith('/'))) return null;
  return pointer === '' ? [] : pointer.slice(1).split('/').map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function read(document: unknown, path: readonly string[]): unknown {
  let value = document;
  for (const token of path) {
    if (Array.isArray(value)) value = value[Number(token)];
    else if (isPlainObject(value) && Object.hasOwn(value, token)) value = value[token];
    else return undefined;
  }
  return value;
}

/** The document with `value` added at, put in place of, or removed from `path`. */
function write(document: unknown, path: readonly string[], value: unknown, mode: 'add' | 'replace' | 'remove'): unknown {
  if (path.length === 0) return mode === 'remove' ? FAILED : value;
  const parent = read(document, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent)) {
    const index = key === '-' ? parent.length : Number(key);
    if (!Number.isInteger(index) || index < 0 || index > parent.length || (mode !== 'add' && index === parent.length)) return FAILED;
    parent.splice(index, mode === 'add' ? 0 : 1, ...(mode === 'remove' ? [] : [value]));
  } else if (isPlainObject(parent)) {
    if (mode !== 'add' && !Object.hasOwn(parent, key)) return FAILED;
    // A key from data must not reach Object.prototype.
    if (key === '__proto__') return FAILED;
    if (mode === 'remove') delete parent[key];
    else parent[key] = value;
  } else {
    return FAILED;
  }
  return document;
}
