import { safeJson } from '../safe-json.js';
import type { DisplayItem, ItemKind } from '../types.js';
import { NO_MARKDOWN, type KindDescriptor, type ShownKind } from './descriptor.js';
import { error, notification, text, thinking } from './said.js';
import { fileReference, image, structuredData, todoSnapshot } from './shown.js';
import { toolCall, toolResult } from './tool.js';

export type { FindTexts, ItemElementName, KindDescriptor, ShownKind } from './descriptor.js';

/** Every kind the format names, each with its descriptor: the type fails on a kind left out. */
const NAMED: { readonly [K in ItemKind]: KindDescriptor<K> } = {
  text,
  thinking,
  tool_call: toolCall,
  tool_result: toolResult,
  notification,
  error,
  todo_snapshot: todoSnapshot,
  image,
  file_reference: fileReference,
  structured_data: structuredData,
};

/** How the kit shows what it cannot show as a kind of its own. */
const FALLBACKS: { readonly [K in 'other' | 'invalid']: ShownKind<K> } = {
  // A kind the kit does not know: its text, else its content.
  other: { element: 'text-item', find: (item) => [['text', item.text ?? safeJson(item.content)]], markdown: NO_MARKDOWN },
  invalid: { element: 'text-item', find: (item) => [['text', safeJson(item.raw, { maxLength: 20_000 })]], markdown: NO_MARKDOWN },
};

/** A map, not an object: a kind named `toString` or `__proto__` must not find Object.prototype's. */
const BY_NAME: ReadonlyMap<string, KindDescriptor<ItemKind>> = new Map(Object.entries(NAMED) as Array<[string, KindDescriptor<ItemKind>]>);

/** The descriptor of a kind a host named, if the format knows it. */
export function namedKind(name: string): KindDescriptor<ItemKind> | undefined {
  return BY_NAME.get(name);
}

/** The descriptor an item is shown by (a fallback's for `other` and `invalid`). */
export function kindOf<K extends DisplayItem['kind']>(item: DisplayItem & { kind: K }): ShownKind<K> {
  const kind: DisplayItem['kind'] = item.kind;
  const descriptor: unknown = kind === 'other' || kind === 'invalid' ? FALLBACKS[kind] : NAMED[kind];
  return descriptor as ShownKind<K>;
}
