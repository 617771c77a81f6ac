import type { PlainObject } from '../guards.js';
import type { FindField } from '../find.js';
import type { TranscriptOptions, TranscriptWords } from '../transcript.js';
import type { DisplayItem, DisplayItemOf, ItemBase } from '../types.js';

/** The element that draws a kind; the list's template switches on this, not on kinds. */
export type ItemElementName = 'text-item' | 'thinking-item' | 'tool-call-item' | 'tool-result-item';

/** What a kind adds to the fields every item has. */
export type KindFields<K extends DisplayItem['kind']> = Omit<DisplayItemOf<K>, keyof ItemBase | 'kind'>;

/** What find reads of an item, field by field (null or empty: nothing to search there). */
export type FindTexts = Array<[FindField, string | null]>;

/**
 * Everything the kit knows about one kind of display item, in one place: how its content is
 * read, which element shows it, what find searches in it and what "Export as Markdown" writes.
 * The element's own template for the kind is its view (text-item's `renderItem` for the kinds it
 * draws). ARCHITECTURE.md, "How to add: an item kind", walks through adding one.
 */
export interface ShownKind<K extends DisplayItem['kind']> {
  element: ItemElementName;
  /** A later item of this kind means the run before it is over (a notice, an error), whatever its role. */
  movesOn?: boolean;
  find: (item: DisplayItemOf<K>) => FindTexts;
  /** The item's Markdown in a transcript; an empty string leaves it out. */
  markdown: (item: DisplayItemOf<K>, words: TranscriptWords, options: TranscriptOptions) => string;
}

/** A kind the format names: it also reads its own content. */
export interface KindDescriptor<K extends DisplayItem['kind']> extends ShownKind<K> {
  /** The kind's fields from `content`, or the problem that makes the item a fallback. */
  read: (content: PlainObject) => KindFields<K> | string;
  /** The role of an item whose row names none (`message_type`); else `assistant`. */
  role?: string;
}

/** Writes nothing to a transcript. */
export const NO_MARKDOWN = (): string => '';
