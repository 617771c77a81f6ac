import { isPlainObject } from '../guards.js';
import type { ToolCallDisplayItem, ToolResultDisplayItem } from '../types.js';
import { readApplyPatch, readDiffResult, readEdit, readTextEditor, readWrite } from './edits.js';
import { readFileRead } from './file-read.js';
import { readImageGeneration, readMediaResult } from './media.js';
import { nameOf, type ToolViewReader } from './read.js';
import { readFetch, readSearch } from './search.js';
import { readTerminal } from './terminal.js';
import type { BuiltinToolView } from './types.js';
import { TOOL_VIEW_NAMES } from './names.js';

export type { ToolViewReader } from './read.js';

/** Each tool name the kit knows (`./names.ts`), and the reader of its calls. Names are matched exactly. */
const READERS_BY_NAME: ReadonlyMap<string, ToolViewReader> = new Map<string, ToolViewReader>([
  ...names(readSearch, TOOL_VIEW_NAMES.search),
  ...names(readFetch, TOOL_VIEW_NAMES.fetch),
  ...names(readTerminal, TOOL_VIEW_NAMES.terminal),
  ...names(readApplyPatch, TOOL_VIEW_NAMES.applyPatch),
  ...names(readTextEditor, TOOL_VIEW_NAMES.textEditor),
  ...names(readEdit, TOOL_VIEW_NAMES.edit),
  ...names(readWrite, TOOL_VIEW_NAMES.write),
  ...names(readFileRead, TOOL_VIEW_NAMES.fileRead),
  ...names(readImageGeneration, TOOL_VIEW_NAMES.imageGeneration),
]);

/** Readers that go by the result's shape alone, whatever the tool's name, in this order. */
const SHAPE_READERS: readonly ToolViewReader[] = [readDiffResult, readMediaResult];

function names(reader: ToolViewReader, list: readonly string[]): Array<[string, ToolViewReader]> {
  return list.map((name) => [name, reader]);
}

/**
 * The built-in view of a call and its result (null while the call runs), or null when neither
 * its name nor its result's shape is one the kit knows: the call then keeps the generic card.
 * A known name whose arguments or result do not have the expected shape also reads as null;
 * nothing here throws.
 */
export function readToolView(call: ToolCallDisplayItem, result: ToolResultDisplayItem | null = null): BuiltinToolView | null {
  if (!isPlainObject(call)) return null;
  const answer = isPlainObject(result) ? result : null;
  const named = READERS_BY_NAME.get(nameOf(call));
  const view = named ? named(call, answer) : null;
  if (view !== null || answer === null) return view;
  for (const reader of SHAPE_READERS) {
    const shaped = reader(call, answer);
    if (shaped !== null) return shaped;
  }
  return null;
}
