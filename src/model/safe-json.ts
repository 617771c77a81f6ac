/**
 * JSON text for display. Unlike `JSON.stringify` it never throws: cycles, BigInts, functions,
 * throwing getters, deep nesting and huge values all become visible markers instead.
 */

export interface SafeJsonOptions {
  indent?: number;
  maxDepth?: number;
  /** Output is cut (with a marker) once it grows past this many characters. */
  maxLength?: number;
}

export const CIRCULAR = '[Circular]';
export const TOO_DEEP = '[…]';

const DEFAULTS: Required<SafeJsonOptions> = { indent: 2, maxDepth: 40, maxLength: 200_000 };

class OutputFull extends Error {}

export function safeJson(value: unknown, options: SafeJsonOptions = {}): string {
  const opts = { ...DEFAULTS, ...options };
  const out: string[] = [];
  let length = 0;
  const seen = new WeakSet<object>();

  const emit = (text: string): void => {
    out.push(text);
    length += text.length;
    if (length > opts.maxLength) throw new OutputFull();
  };

  const pad = (depth: number): string => (opts.indent ? '\n' + ' '.repeat(opts.indent * depth) : '');

  const write = (node: unknown, depth: number): void => {
    const primitive = primitiveText(node);
    if (primitive !== null) return emit(primitive);
    const obj = node as object;
    if (seen.has(obj)) return emit(JSON.stringify(CIRCULAR));
    if (depth >= opts.maxDepth) return emit(JSON.stringify(TOO_DEEP));
    seen.add(obj);
    const entries = Array.isArray(obj) ? obj.map((v, i) => [String(i), v] as const) : ownEntries(obj);
    const [open, close] = Array.isArray(obj) ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) {
      emit(open + close);
    } else {
      emit(open);
      entries.forEach(([key, child], index) => {
        emit((index ? ',' : '') + pad(depth + 1));
        if (!Array.isArray(obj)) emit(JSON.stringify(key) + (opts.indent ? ': ' : ':'));
        write(child, depth + 1);
      });
      emit(pad(depth) + close);
    }
    seen.delete(obj);
  };

  try {
    write(value, 0);
  } catch (error) {
    if (!(error instanceof OutputFull)) throw error;
    return out.join('').slice(0, opts.maxLength) + '\n… (truncated)';
  }
  return out.join('');
}

function primitiveText(node: unknown): string | null {
  switch (typeof node) {
    case 'string':
      return JSON.stringify(node);
    case 'number':
      return Number.isFinite(node) ? String(node) : JSON.stringify(String(node));
    case 'boolean':
      return String(node);
    case 'bigint':
      return JSON.stringify(`${node}n`);
    case 'undefined':
      return 'null';
    case 'function':
      return JSON.stringify('[Function]');
    case 'symbol':
      return JSON.stringify(node.toString());
    default:
      return node === null ? 'null' : null;
  }
}

function ownEntries(obj: object): Array<readonly [string, unknown]> {
  return readEntries(obj) ?? [['[unreadable]', '[unreadable]']];
}

/**
 * An object's own entries, read without letting a throwing getter or proxy escape: a value that
 * cannot be read becomes `'[unreadable]'`; `null` when not even the keys can be read.
 */
export function readEntries(obj: object): Array<readonly [string, unknown]> | null {
  let keys: string[];
  try {
    keys = Object.keys(obj);
  } catch {
    return null;
  }
  return keys.map((key) => {
    try {
      return [key, (obj as Record<string, unknown>)[key]] as const;
    } catch {
      return [key, '[unreadable]'] as const;
    }
  });
}

/** Parses text that looks like a JSON object or array; anything else stays text. */
export function parseJsonText(text: string): { ok: true; value: unknown } | { ok: false } {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(trimmed) };
  } catch {
    return { ok: false };
  }
}
