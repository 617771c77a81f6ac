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
 * Everything the kit knows about one kind of display item lives in its family's file
 * (`src/model/kinds/said.ts`, `src/model/kinds/tool.ts`, `src/model/kinds/shown.ts`): its descriptor (how its content is read, its role, the
 * element that shows it), what find searches in it and what "Export as Markdown" writes. Three
 * values, not one object, because they load apart: every page that reads items carries the
 * descriptors, the list carries the transcript, and find's code loads on first use. Three tables
 * gather them (`index.ts`, `find-texts.ts`, `markdown.ts` here), each typed so that a kind left out
 * fails the build. The element's own template for the kind is its view (text-item's `renderItem`
 * for the kinds it draws). ARCHITECTURE.md, "How to add: an item kind", walks through adding one.
 */
export interface KindDescriptor<K extends DisplayItem['kind']> {
  /** The kind's fields from `content`, or the problem that makes the item a fallback (`other` and `invalid` have none). */
  read?: (content: PlainObject) => KindFields<K> | string;
  /** The role of an item whose row names none (`message_type`); else `assistant`. */
  role?: string;
  element: ItemElementName;
  /** A later item of this kind means the run before it is over (a notice, an error), whatever its role. */
  movesOn?: boolean;
}

/** A kind the format names reads its own content. */
export type NamedKindDescriptor<K extends DisplayItem['kind']> = KindDescriptor<K> & Required<Pick<KindDescriptor<K>, 'read'>>;

/** What find searches in an item of the kind. */
export type FindReader<K extends DisplayItem['kind']> = (item: DisplayItemOf<K>) => FindTexts;

/** The item's Markdown in a transcript; an empty string leaves it out. */
export type MarkdownWriter<K extends DisplayItem['kind']> = (item: DisplayItemOf<K>, words: TranscriptWords, options: TranscriptOptions) => string;

/** Writes nothing to a transcript. */
export const NO_MARKDOWN = (): string => '';

/** Fields find reads as one text, those present. */
export function joined(...parts: Array<string | null>): string {
  return parts.filter(Boolean).join(' ');
}
