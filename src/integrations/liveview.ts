/**
 * A Phoenix LiveView hook for `<message-list>`: the server renders the conversation into the
 * element (a JSON `items` attribute or a child `<script type="application/json">`), then pushes
 * each row Sagents saves or updates:
 *
 *     push_event(socket, "display_message_saved", %{display_message: row})
 *     push_event(socket, "display_message_updated", %{display_message: row})
 *
 * The hook upserts them by row `id` (`el.upsert(rows)` when the element has it, else it merges
 * them into `el.items` itself). This module registers no tag: import `display-kit/define` for that.
 */

/** The pushes the hook listens to, one per Sagents broadcast (`{:display_message_saved, row}` …). */
export const DISPLAY_EVENTS = ['display_message_saved', 'display_message_updated'] as const;

/** What the hook needs of its element: `<message-list>`, with or without `upsert()`. */
export interface RowsElement extends HTMLElement {
  items: unknown;
  upsert?: (rows: unknown[]) => unknown;
}

/** The parts of LiveView's hook `this` the hook uses (`phoenix_live_view` ≥ 0.18). */
export interface LiveViewHookContext {
  el: HTMLElement;
  handleEvent(event: string, callback: (payload: unknown) => void): unknown;
  removeHandleEvent?(ref: unknown): void;
}

/** The hook's own state, kept on its `this` between callbacks. */
export interface DisplayKitHookState {
  /** The server-rendered JSON last applied, to tell a new render from an unrelated patch. */
  serverJson?: string | null;
  /** `handleEvent` references, removed when the element goes away. */
  eventRefs?: unknown[];
}

type HookThis = LiveViewHookContext & DisplayKitHookState;

/**
 * Register it as `hooks: { DisplayKit: DisplayKitHook }` in `new LiveSocket(…)`, and mount it on
 * the list: `<message-list id="chat" phx-hook="DisplayKit" phx-update="ignore">`.
 */
export const DisplayKitHook = {
  mounted(this: HookThis): void {
    const el = this.el as RowsElement;
    this.serverJson = serverJson(el);
    const items = parseItems(this.serverJson);
    if (items && !hasItems(el)) el.items = items;
    this.eventRefs = DISPLAY_EVENTS.map((name) => this.handleEvent(name, (payload) => applyRows(el, rowsOf(payload))));
  },

  /** LiveView patched the element: when the server sent other items, they replace the list's. */
  updated(this: HookThis): void {
    const json = serverJson(this.el);
    if (json === this.serverJson) return;
    this.serverJson = json;
    const items = parseItems(json);
    if (items) (this.el as RowsElement).items = items;
  },

  destroyed(this: HookThis): void {
    for (const ref of this.eventRefs ?? []) this.removeHandleEvent?.(ref);
    this.eventRefs = [];
  },
};

/** The JSON the server rendered into the element: its `items` attribute, else its script child. */
export function serverJson(el: Element): string | null {
  const attribute = el.getAttribute('items');
  if (attribute !== null) return attribute;
  return el.querySelector(':scope > script[type="application/json"]')?.textContent ?? null;
}

/** An array of items from JSON text, or `null` when there is none or it does not parse. */
export function parseItems(json: string | null): unknown[] | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value : null;
  } catch {
    return null; // the element itself reports unreadable JSON
  }
}

/** The rows in a push: `{display_message: row}`, `{display_messages: [rows]}`, a row itself, or an array of rows. */
export function rowsOf(payload: unknown): unknown[] {
  if (typeof payload !== 'object' || payload === null) return [];
  if (Array.isArray(payload)) return payload;
  const wrapped = payload as { display_message?: unknown; display_messages?: unknown };
  if (Array.isArray(wrapped.display_messages)) return wrapped.display_messages;
  if (typeof wrapped.display_message === 'object' && wrapped.display_message !== null) return [wrapped.display_message];
  return [payload];
}

/** Gives rows to the element: its own `upsert()` when it has one, else a merge into `items`. */
export function applyRows(el: RowsElement, rows: unknown[]): void {
  if (rows.length === 0) return;
  if (typeof el.upsert === 'function') el.upsert(rows);
  else el.items = mergeRows(Array.isArray(el.items) ? el.items : [], rows);
}

/**
 * `current` with `incoming` merged by row `id`: a row whose id is known replaces the old one in
 * place, any other row is appended (in arrival order). Never appends the same id twice; returns
 * a new array and changes neither input.
 */
export function mergeRows(current: readonly unknown[], incoming: readonly unknown[]): unknown[] {
  const merged = [...current];
  const positions = new Map<string, number>();
  merged.forEach((row, index) => {
    const id = rowId(row);
    if (id !== null) positions.set(id, index);
  });
  for (const row of incoming) {
    const id = rowId(row);
    const at = id === null ? undefined : positions.get(id);
    if (at !== undefined) {
      merged[at] = row;
      continue;
    }
    if (id !== null) positions.set(id, merged.length);
    merged.push(row);
  }
  return merged;
}

/** A row's `id` as a string (numbers too), or `null` when it has none. */
function rowId(row: unknown): string | null {
  if (typeof row !== 'object' || row === null) return null;
  const id = (row as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

function hasItems(el: RowsElement): boolean {
  return Array.isArray(el.items) && el.items.length > 0;
}
