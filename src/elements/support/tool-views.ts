import { ownValue } from '../../model/guards.js';
import type { ToolCallDisplayItem, ToolDisplayStatus, ToolResultDisplayItem } from '../../model/types.js';

/** What a custom tool view is given: the call, its result once there is one, and the status shown. */
export interface ToolViewContext {
  call: ToolCallDisplayItem;
  result: ToolResultDisplayItem | null;
  status: ToolDisplayStatus;
}

/**
 * A host's own rendering of a tool: a function returning anything Lit renders (a template, a DOM
 * node, text), called again whenever the call changes; or the tag of a custom element, created
 * once per call and given `.call`, `.result` and `.status` as they change.
 */
export type ToolViewRenderer = (context: ToolViewContext) => unknown;
export type ToolView = ToolViewRenderer | string;

/**
 * Views by tool name: an object or a Map. `null` for a name keeps the generic card: no view of
 * the host's, and not the kit's built-in one (a terminal for `bash`, a diff for `Edit`…).
 */
export type ToolViews = Readonly<Record<string, ToolView | null>> | ReadonlyMap<string, ToolView | null>;

const registered = new Map<string, ToolView>();

/**
 * Registers a view for every call of the tool `name` rendered from now on, in every list and
 * tool-call-item (`null` removes it). An element's own `toolViews` come first.
 */
export function registerToolView(name: string, view: ToolView | null): void {
  if (view === null) registered.delete(name);
  else registered.set(name, view);
}

/** The view for a tool: the element's own, else a registered one; null for the default rendering. */
export function toolViewFor(name: string, own: ToolViews | null | undefined): ToolView | null {
  const local = ownView(name, own);
  return local === null ? null : (local ?? registered.get(name) ?? null);
}

/** Whether the host asked for the generic card for `name` (`toolViews = { [name]: null }`): no built-in view either. */
export function genericCardFor(name: string, own: ToolViews | null | undefined): boolean {
  return ownView(name, own) === null;
}

/** The element's own entry for `name`: a view, null (the generic card), or undefined (none given). */
function ownView(name: string, own: ToolViews | null | undefined): ToolView | null | undefined {
  return own instanceof Map ? (own as ReadonlyMap<string, ToolView | null>).get(name) : ownValue(own as Record<string, ToolView | null> | undefined, name);
}

/** Whether any view could apply: with none registered and none given, the list skips the work. */
export function hasToolViews(own: ToolViews | null | undefined): boolean {
  if (registered.size > 0) return true;
  if (!own) return false;
  return own instanceof Map ? own.size > 0 : Object.keys(own).length > 0;
}

/** One view to show, in the light-DOM container slotted under `slot`. */
export interface ViewRequest {
  slot: string;
  view: ToolView;
  context: ToolViewContext;
}
