import { readKey, readString, type PlainObject } from '../guards.js';
import { checkLink } from '../../markdown/url-policy.js';
import { citedMarkdown, readCitations } from '../citations.js';
import { markdownText } from '../markdown-text.js';
import { UTTERANCES, type Utterance } from '../types.js';
import { joined, type FindReader, type MarkdownWriter, type NamedKindDescriptor } from './descriptor.js';

/**
 * The kinds that are said rather than done: text, reasoning, notices and errors. Each needs its
 * text; without it the item is a fallback.
 */

const NO_TEXT = 'The item has no text.';

export const text: NamedKindDescriptor<'text'> = {
  element: 'text-item',
  // Text may cite sources and say whether it narrates work in progress or answers.
  read: (content) => withText(content, (said) => ({ citations: readCitations(readKey(content, 'citations'), said), utterance: readUtterance(content) })),
};

export const textFind: FindReader<'text'> = (item) => [['text', markdownText(item.text)]];

export const textMarkdown: MarkdownWriter<'text'> = (item) => citedMarkdown(item.text, item.citations, (url) => checkLink(url).safe);

export const thinking: NamedKindDescriptor<'thinking'> = {
  element: 'thinking-item',
  read: (content) => withText(content, () => ({})),
};

export const thinkingFind: FindReader<'thinking'> = (item) => [['text', markdownText(item.text)]];

export const thinkingMarkdown: MarkdownWriter<'thinking'> = (item, words, options) =>
  options.includeThinking && item.text ? `> **${words.thinking}:** ${item.text.replace(/\n/g, '\n> ')}` : '';

export const notification: NamedKindDescriptor<'notification'> = {
  element: 'text-item',
  movesOn: true,
  role: 'system',
  read: (content) => withText(content, () => ({ details: readString(content, 'details') })),
};

export const notificationFind: FindReader<'notification'> = (item) => [['text', joined(item.text, item.details)]];

export const notificationMarkdown: MarkdownWriter<'notification'> = (item) => [item.text, item.details].filter(Boolean).join('\n\n');

export const error: NamedKindDescriptor<'error'> = {
  element: 'text-item',
  movesOn: true,
  role: 'system',
  read: (content) => withText(content, () => ({ errorType: readString(content, 'error_type') })),
};

export const errorFind: FindReader<'error'> = (item) => [['text', joined(item.text, item.errorType)]];

export const errorMarkdown: MarkdownWriter<'error'> = (item) => item.text;

/** The kind's text and what else it reads, or the problem: a kind that is said needs its text. */
function withText<T extends object>(content: PlainObject, more: (text: string) => T): (T & { text: string }) | string {
  const said = readString(content, 'text');
  if (said === null) return NO_TEXT;
  // Filled in place: normalizing is on the path of every row, and another object per row shows.
  const fields = more(said) as T & { text: string };
  fields.text = said;
  return fields;
}

const UTTERANCE_SET: ReadonlySet<string> = new Set(UTTERANCES);

function readUtterance(content: PlainObject): Utterance | null {
  const value = readString(content, 'utterance');
  return value !== null && UTTERANCE_SET.has(value) ? (value as Utterance) : null;
}

