import { safeJson } from '../safe-json.js';
import type { DisplayItem } from '../types.js';
import type { FindReader, FindTexts } from './descriptor.js';
import { errorFind, notificationFind, textFind, thinkingFind } from './said.js';
import { fileReferenceFind, imageFind, structuredDataFind, todoSnapshotFind } from './shown.js';
import { toolCallFind, toolResultFind } from './tool.js';

/** What find searches in each kind: the type fails on a kind left out. (Loaded with find, on first use.) */
const FIND: { readonly [K in DisplayItem['kind']]: FindReader<K> } = {
  text: textFind,
  thinking: thinkingFind,
  tool_call: toolCallFind,
  tool_result: toolResultFind,
  notification: notificationFind,
  error: errorFind,
  todo_snapshot: todoSnapshotFind,
  image: imageFind,
  file_reference: fileReferenceFind,
  structured_data: structuredDataFind,
  // A kind the kit does not know: its text, else its content; an item it cannot read: all of it.
  other: (item) => [['text', item.text ?? safeJson(item.content)]],
  invalid: (item) => [['text', safeJson(item.raw, { maxLength: 20_000 })]],
};

/** What a reader can read of an item, field by field. */
export function findTexts(item: DisplayItem): FindTexts {
  return (FIND[item.kind] as FindReader<DisplayItem['kind']>)(item);
}
