/**
 * Seeded, structure-aware display items for the fuzz properties and `npm run soak`: both shapes
 * (extracted items and persisted rows), every kind, and every field sometimes given the wrong
 * type, a huge or deeply nested value, a prototype key (`__proto__`, `constructor`, `toString`)
 * or a hostile string (lone surrogates, bidi controls). Ids, call ids and days come from small
 * pools, so duplicate ids, results without calls, colliding call ids, `sequence: 0` everywhere
 * and days out of order are the normal case, not the rare one. The same seed always gives the
 * same items. DOM-free: tests and scripts both import it.
 */
import { seededRandom } from '../markdown/generate.js';

export type Row = Record<string, unknown>;

export interface FuzzOptions {
  /**
   * Also values JSON cannot carry (a host setting `.items` from script can still hand them
   * over): `undefined`, NaN, -0, BigInt, functions, symbols, cycles and throwing getters.
   */
  beyondJson?: boolean;
  /** How often a value is huge (long text, long lists, deep nesting); 0 for never. */
  huge?: number;
}

/** One change a host makes to a list, in the order it makes them. */
export type Op =
  | { op: 'set'; items: unknown[] }
  | { op: 'upsert'; rows: unknown[] }
  | { op: 'remove'; ids: string[] }
  | { op: 'draft'; draft: unknown };

export const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'isPrototypeOf', 'prototype'];
const KINDS = [
  'text', 'thinking', 'tool_call', 'tool_result', 'notification', 'error', 'todo_snapshot',
  'image', 'file_reference', 'structured_data', 'custom_kind', 'unsupported', '',
];
const ROLES = ['user', 'assistant', 'tool', 'system', 'narrator'];
const STATUSES = ['pending', 'executing', 'completed', 'failed', 'interrupted', 'cancelled', 'weird'];
const TODO_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled', 'blocked'];
const STOP_REASONS = ['length', 'cancelled', 'content_filtered', 'stream_error', 'refusal', 'pause_turn'];
const DAYS = ['2026-03-02', '2026-03-01', '2026-03-03'];
/** Few ids and call ids, so they collide. Numbers too: `1` and `'1'` are the same id. */
const IDS: unknown[] = ['d0', 'd1', 'd2', 'd3', 1, '1'];
const CALL_IDS = ['k0', 'k1', 'k2', 'k3'];

const STRINGS = [
  '', ' ', '\n', '\uD800', 'a\uDC00b', 'x\uDBFF', '\u202Eevil\u202C', 'a\u2066iso\u2069b', '\u200F\u061C', '\u200B\u200D',
  '\u0000\u0007', '\uFEFF', 'e\u0301\u0301\u0301', '👩‍👩‍👧‍👦', '\u{10FFFF}',
  '<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '[x](javascript:alert(1))', '![i](https://evil.test/x.png)',
  '```\nunclosed fence', '| a | b |\n|---|---|\n| 1 |', '&amp; &lt;b&gt;', '***', '> quote\n>', '- [ ] task', '<!--', '\\',
  'null', 'undefined', '0', '-0', 'NaN', 'true', '1e999', '2026-13-45T99:99:99Z', 'draft', 'day:2026-03-01', 'pos:0', 'id:d0', 'm:id:d0',
  ...PROTO_KEYS,
];
const SENTINEL_KINDS = ['text', 'text', 'notification', 'error', 'thinking'];
const WORDS = 'the model kept writing while tools ran and results came back out of order across three days'.split(' ');

/** A seeded source of fuzzed values; `gen.row()` is one raw display item. */
export class Fuzz {
  readonly random: () => number;
  private sentinels = 0;
  private unique = 0;

  constructor(seed: number, readonly options: FuzzOptions = {}) {
    this.random = seededRandom(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.random() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }

  /** A value of any type: what a field gets when it is given the wrong one. */
  wild(depth = 0): unknown {
    const huge = this.options.huge ?? 0.02;
    if (huge > 0 && this.chance(huge)) return this.huge();
    const roll = this.int(0, this.options.beyondJson ? 15 : 11);
    switch (roll) {
      case 0: return null;
      case 1: return this.chance(0.5);
      case 2: return this.pick([0, 1, -1, 0.5, 1e21, -1e-7, Number.MAX_SAFE_INTEGER + 2]);
      case 3: case 4: return this.text();
      case 5: return this.pick(PROTO_KEYS);
      case 6: return depth > 3 ? [] : Array.from({ length: this.int(0, 3) }, () => this.wild(depth + 1));
      case 7: return depth > 3 ? {} : this.object(depth + 1);
      case 8: return this.pick(STRINGS);
      case 9: return {};
      case 10: return [];
      case 11: return this.pick(IDS);
      case 12: return this.pick([undefined, NaN, -0, Infinity, -Infinity]);
      case 13: return this.pick([10n, () => 'fn', Symbol('s')]);
      case 14: return this.cyclic();
      default: return this.throwing();
    }
  }

  /** An object with a few odd keys, prototype keys among them (own keys, as `JSON.parse` makes them). */
  object(depth = 0): Row {
    const object: Row = {};
    for (let n = this.int(0, 4); n > 0; n--) {
      setOwn(object, this.chance(0.3) ? this.pick(PROTO_KEYS) : this.pick([...WORDS, 'text', 'name', 'status']), this.wild(depth + 1));
    }
    return object;
  }

  /** Text as models write it, with hostile strings mixed in. */
  text(): string {
    const parts = Array.from({ length: this.int(0, 6) }, () =>
      this.chance(0.25) ? this.pick(STRINGS) : this.chance(0.2) ? `**${this.pick(WORDS)}**` : this.pick(WORDS),
    );
    return parts.join(this.pick([' ', ' ', '\n', '\n\n']));
  }

  huge(): unknown {
    switch (this.int(0, 4)) {
      case 0: return `${this.pick(WORDS)} `.repeat(this.int(20_000, 60_000));
      case 1: return Array.from({ length: this.int(2_000, 8_000) }, (_, i) => (i % 7 === 0 ? { i, s: this.pick(STRINGS) } : i));
      case 2: return nest(this.int(200, 3_000), this.chance(0.5));
      case 3: return Object.fromEntries(Array.from({ length: 3_000 }, (_, i) => [`k${i}`, i]));
      default: return '\uD800'.repeat(10_000) + '\u202E'.repeat(10_000);
    }
  }

  private cyclic(): unknown {
    const a: Row = { name: 'cycle' };
    a.self = a;
    return this.chance(0.5) ? a : [a, [a]];
  }

  private throwing(): unknown {
    const object = {};
    Object.defineProperty(object, this.pick(['text', 'name', 'content', 'status']), {
      enumerable: true,
      configurable: true,
      get() {
        throw new Error('hostile getter');
      },
    });
    return object;
  }

  /** Usually `good`, sometimes any value at all (the wrong type), sometimes absent. */
  field(row: Row, key: string, good: unknown, wrong = 0.12, absent = 0.05): void {
    if (this.chance(absent)) return;
    setOwn(row, key, this.chance(wrong) ? this.wild() : good);
  }

  kind(): string {
    return this.chance(0.08) ? this.pick(PROTO_KEYS) : this.pick(KINDS);
  }

  role(): string {
    return this.chance(0.08) ? this.pick(PROTO_KEYS) : this.pick(ROLES);
  }

  id(): unknown {
    if (this.chance(0.05)) return this.pick(PROTO_KEYS);
    return this.chance(0.55) ? this.pick(IDS) : `u${this.unique++}`;
  }

  callId(): string {
    return this.chance(0.06) ? this.pick(PROTO_KEYS) : this.pick(CALL_IDS);
  }

  insertedAt(): unknown {
    const day = this.pick(DAYS);
    const time = `${String(this.int(0, 23)).padStart(2, '0')}:${String(this.int(0, 59)).padStart(2, '0')}:${String(this.int(0, 59)).padStart(2, '0')}`;
    return this.pick([`${day}T${time}.${String(this.int(0, 999_999)).padStart(6, '0')}Z`, `${day}T${time}Z`, `${day}T${time}.000000Z`]);
  }

  /** The per-kind payload, each key sometimes wrong, missing or extra. */
  content(kind: string): Row {
    const content: Row = {};
    switch (kind) {
      case 'tool_call':
        this.field(content, 'call_id', this.callId());
        this.field(content, 'name', this.pick(['list_files', 'ask_user', 'task', 'getWeather', ...PROTO_KEYS]));
        this.field(content, 'arguments', this.chance(0.3) ? jsonText(this.object()) : this.object());
        this.field(content, 'display_text', this.chance(0.5) ? null : this.text());
        break;
      case 'tool_result':
        this.field(content, 'tool_call_id', this.callId());
        this.field(content, 'name', this.pick(['list_files', 'task', ...PROTO_KEYS]));
        this.field(content, 'content', this.chance(0.2) ? jsonText(this.object()) : this.text());
        this.field(content, 'is_error', this.chance(0.3));
        this.field(content, 'is_interrupt', this.chance(0.15));
        if (this.chance(0.2)) this.field(content, 'hitl_decision', this.pick(['approved', 'rejected', ...PROTO_KEYS]));
        break;
      case 'todo_snapshot':
        this.field(content, 'todos', Array.from({ length: this.int(0, 4) }, (_, id) => this.todo(id)));
        this.field(content, 'summary', this.object());
        break;
      case 'image':
        this.field(content, this.pick(['url', 'data']), this.pick(['https://img.test/a.png', 'javascript:alert(1)', 'iVBORw0KGgo=']));
        this.field(content, 'caption', this.text());
        break;
      case 'file_reference':
        this.field(content, 'path', this.pick(['/tmp/a.txt', '', '../../etc/passwd']));
        break;
      case 'structured_data':
        this.field(content, 'format', this.pick(['json', 'csv', ...PROTO_KEYS]));
        this.field(content, 'data', this.wild());
        break;
      default:
        this.field(content, 'text', this.text(), 0.1);
        if (kind === 'error') this.field(content, 'error_type', this.pick(['overloaded', ...PROTO_KEYS]));
    }
    if (this.chance(0.12)) {
      setOwn(content, 'stop_reason', this.chance(0.8) ? this.pick([...STOP_REASONS, ...PROTO_KEYS]) : this.wild());
      if (this.chance(0.5)) setOwn(content, 'stop_details', this.chance(0.7) ? this.stopDetails() : this.wild());
    }
    if (this.chance(0.1)) setOwn(content, this.pick(PROTO_KEYS), this.wild());
    return content;
  }

  private todo(id: number): unknown {
    if (this.chance(0.1)) return this.wild();
    const todo: Row = { id };
    this.field(todo, 'content', this.text());
    this.field(todo, 'status', this.chance(0.2) ? this.pick(PROTO_KEYS) : this.pick(TODO_STATUSES));
    return todo;
  }

  private stopDetails(): Row {
    const details: Row = {};
    this.field(details, 'type', this.pick(['refusal', ...PROTO_KEYS]));
    this.field(details, 'category', this.pick(['cyber', null, ...PROTO_KEYS]));
    this.field(details, 'explanation', this.text());
    if (this.chance(0.3)) setOwn(details, this.pick(PROTO_KEYS), this.wild());
    return details;
  }

  /** One raw display item: a persisted row or an extracted item, or now and then not an object at all. */
  row(): unknown {
    if (this.chance(0.03)) return this.wild();
    const kind = this.kind();
    const row: Row = {};
    const persisted = this.chance(0.75);
    this.field(row, persisted ? 'content_type' : 'type', kind, 0.06, 0.03);
    if (persisted || this.chance(0.3)) this.field(row, 'message_type', this.role(), 0.06, 0.08);
    this.field(row, 'content', this.content(kind), 0.05, 0.03);
    if (persisted) {
      this.field(row, 'id', this.id(), 0.05, 0.08);
      this.field(row, 'sequence', this.chance(0.6) ? 0 : this.int(0, 3), 0.08, 0.1);
      this.field(row, 'inserted_at', this.insertedAt(), 0.08, 0.12);
      this.field(row, 'status', this.chance(0.1) ? this.pick(PROTO_KEYS) : this.pick(STATUSES), 0.06, 0.3);
      if (kind === 'tool_call' || kind === 'tool_result' || this.chance(0.05)) this.field(row, 'tool_call_id', this.callId(), 0.08, 0.2);
      if (this.chance(0.3)) this.field(row, 'metadata', this.metadata(), 0.2, 0);
      if (this.chance(0.05)) this.field(row, 'message_id', this.pick(['m1', 'm2', ...PROTO_KEYS]));
      if (this.chance(0.05)) this.field(row, 'updated_at', this.insertedAt());
    }
    if (this.chance(0.05)) setOwn(row, this.pick(PROTO_KEYS), this.wild());
    return row;
  }

  private metadata(): Row {
    const metadata: Row = {};
    if (this.chance(0.3)) this.field(metadata, 'parent_call_id', this.callId());
    if (this.chance(0.3)) this.field(metadata, 'error', this.text());
    if (this.chance(0.3)) this.field(metadata, 'hitl_decision', this.pick(['approved', 'rejected', ...PROTO_KEYS]));
    if (this.chance(0.3)) this.field(metadata, 'display_text', this.text());
    return metadata;
  }

  rows(count: number): unknown[] {
    return Array.from({ length: count }, () => this.row());
  }

  /**
   * A well-formed row that must always show its text: its id and its marker text are unique,
   * so any list that holds it must render the marker somewhere.
   */
  sentinel(): Row & { id: string; marker: string } {
    const n = this.sentinels++;
    const marker = `sentinel${n}x`;
    const kind = this.pick(SENTINEL_KINDS);
    return {
      id: `s${n}`,
      marker,
      message_type: kind === 'text' ? this.pick(['user', 'assistant']) : kind === 'thinking' ? 'assistant' : 'system',
      content_type: kind,
      content: { text: `Said ${marker} here` },
      sequence: this.chance(0.7) ? 0 : this.int(0, 3),
      inserted_at: this.insertedAt(),
      status: 'completed',
    };
  }

  /** A row with the same id as one of `rows`, as a live host sends it: a new status, new content, or a different row altogether. */
  edit(rows: readonly unknown[]): unknown {
    const target = this.pick(rows);
    const id = target !== null && typeof target === 'object' ? readOwn(target, 'id') : undefined;
    const row = this.chance(0.3) || target === null || typeof target !== 'object' ? this.row() : copyOwn(target);
    if (row === null || typeof row !== 'object' || Array.isArray(row)) return row;
    if (id !== undefined) setOwn(row as Row, 'id', id);
    const change = this.int(0, 2);
    if (change === 0) setOwn(row as Row, 'status', this.pick(STATUSES));
    else if (change === 1) setOwn(row as Row, 'content', this.content(idText(readOwn(row, 'content_type')) ?? 'text'));
    else setOwn(row as Row, 'inserted_at', this.insertedAt());
    return row;
  }

  /** An in-flight message as a live host streams it. */
  draft(): unknown {
    if (this.chance(0.25)) return null;
    if (this.chance(0.1)) return this.chance(0.5) ? this.rows(this.int(0, 3)) : this.wild();
    const draft: Row = {};
    this.field(draft, 'text', this.text());
    if (this.chance(0.4)) this.field(draft, 'thinking', this.text());
    if (this.chance(0.4)) {
      this.field(draft, 'tool_calls', Array.from({ length: this.int(0, 3) }, () => ({
        call_id: this.callId(),
        name: this.pick(['list_files', ...PROTO_KEYS]),
        arguments: this.object(),
        execution_status: this.pick(['identified', 'executing', 'completed', 'failed', 'interrupted', ...PROTO_KEYS]),
      })));
    }
    if (this.chance(0.15)) this.field(draft, 'stop_reason', this.pick(STOP_REASONS));
    if (this.chance(0.1)) this.field(draft, 'message_type', this.role());
    return draft;
  }

  /**
   * What a live host does to a list: sets it, upserts new and changed rows (in batches, some
   * earlier than everything: a prepend), removes rows (by ids it holds, ids it never sent and
   * prototype keys) and streams drafts. `known` is every row handed over so far.
   */
  ops(count: number, sentinels = 0.15): Op[] {
    const ops: Op[] = [];
    const known: unknown[] = [];
    const fresh = (n: number) => Array.from({ length: n }, () => (this.chance(sentinels) ? this.sentinel() : this.row()));
    for (let i = 0; i < count; i++) {
      const roll = this.random();
      if (i === 0 || roll < 0.08) {
        const items = fresh(this.int(0, 12));
        known.push(...items);
        ops.push({ op: 'set', items });
      } else if (roll < 0.6) {
        const rows = Array.from({ length: this.int(1, 4) }, () => (known.length > 0 && this.chance(0.35) ? this.edit(known) : fresh(1)[0]));
        known.push(...rows);
        ops.push({ op: 'upsert', rows });
      } else if (roll < 0.8) {
        const ids = Array.from({ length: this.int(1, 3) }, () => {
          const row = known.length > 0 && this.chance(0.8) ? this.pick(known) : null;
          return idText(row !== null && typeof row === 'object' ? readOwn(row, 'id') : this.id()) ?? 'none';
        });
        ops.push({ op: 'remove', ids });
      } else {
        ops.push({ op: 'draft', draft: this.draft() });
      }
    }
    return ops;
  }
}

/** An own property, even for `__proto__` (which plain assignment would turn into a prototype change). */
export function setOwn(object: object, key: string, value: unknown): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

function readOwn(object: object, key: string): unknown {
  try {
    return Object.hasOwn(object, key) ? (object as Row)[key] : undefined;
  } catch {
    return undefined;
  }
}

/** A copy of an object's own properties, getters copied as getters (a spread would call them). */
function copyOwn(object: object): Row {
  return Object.defineProperties({}, Object.getOwnPropertyDescriptors(object));
}

/** JSON text of a value, or broken JSON text when the value has none (a cycle, a BigInt, a throwing getter). */
function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return '{"cut": "off';
  }
}

/** An id as the store reads it (a string, or a number written as one); `String()` of a hostile object throws. */
function idText(value: unknown): string | null {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

function nest(depth: number, arrays: boolean): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

/**
 * Every sentinel among these values that is still whole (a shrunk case may have cut one into
 * an ordinary odd row): its marker must show wherever it is.
 */
export function sentinelsIn(values: readonly unknown[]): Array<{ id: string; marker: string }> {
  return values.filter((value): value is { id: string; marker: string } => {
    if (value === null || typeof value !== 'object' || !isPlainData(value)) return false;
    const { id, marker, content, content_type: kind, message_type: role } = value as Row;
    return (
      typeof id === 'string' && /^s\d+$/.test(id) && typeof marker === 'string' && /^sentinel\d+x$/.test(marker) &&
      SENTINEL_KINDS.includes(kind as string) && typeof role === 'string' && ROLES.includes(role) &&
      content !== null && typeof content === 'object' && (content as Row).text === `Said ${marker} here`
    );
  });
}

function isPlainData(object: object): boolean {
  return Object.values(Object.getOwnPropertyDescriptors(object)).every((descriptor) => 'value' in descriptor);
}
