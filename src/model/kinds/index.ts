import { ownValue } from '../guards.js';
import type { DisplayItem, ItemKind } from '../types.js';
import type { KindDescriptor, NamedKindDescriptor } from './descriptor.js';
import { error, notification, text, thinking } from './said.js';
import { fileReference, image, structuredData, todoSnapshot } from './shown.js';
import { toolCall, toolResult } from './tool.js';

export type { FindTexts, ItemElementName, KindDescriptor, NamedKindDescriptor } from './descriptor.js';

/** Each kind the format names, by its descriptor: the type fails on a kind left out. */
const NAMED: { readonly [K in ItemKind]: NamedKindDescriptor<K> } = {
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

/** What the kit cannot show as a kind of its own: a kind it does not know, an item it cannot read. */
const FALLBACK: KindDescriptor<'other' | 'invalid'> = { element: 'text-item' };

/** The descriptor of a kind a host named, if the format knows it (own keys only: not `toString`, not `__proto__`). */
export function namedKind(name: string): NamedKindDescriptor<ItemKind> | undefined {
  return ownValue<NamedKindDescriptor<ItemKind>>(NAMED, name);
}

/** The descriptor an item is shown by (the fallback's for `other` and `invalid`). */
export function kindOf(item: DisplayItem): KindDescriptor<DisplayItem['kind']> {
  return item.kind === 'other' || item.kind === 'invalid' ? FALLBACK : NAMED[item.kind];
}
