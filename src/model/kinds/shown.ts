import { isPlainObject, readKey, readString } from '../guards.js';
import { safeJson } from '../safe-json.js';
import type { Todo } from '../types.js';
import { joined, NO_MARKDOWN, type FindReader, type MarkdownWriter, type NamedKindDescriptor } from './descriptor.js';

/** What an agent shows beside its words: a todo list, an image, a file, data. */

export const todoSnapshot: NamedKindDescriptor<'todo_snapshot'> = {
  element: 'text-item',
  role: 'system',
  read: (content) => {
    const todos = readKey(content, 'todos');
    return Array.isArray(todos) ? { todos: todos.map(readTodo) } : 'The todo snapshot has no list of todos.';
  },
};

export const todoSnapshotFind: FindReader<'todo_snapshot'> = (item) => [['text', item.todos.map((todo) => todo.text).join(' ')]];

export const todoSnapshotMarkdown: MarkdownWriter<'todo_snapshot'> = NO_MARKDOWN;

export const image: NamedKindDescriptor<'image'> = {
  element: 'text-item',
  read: (content) => {
    const data = readString(content, 'data');
    const caption = readString(content, 'caption');
    return {
      source: readString(content, 'url') ?? (data ? `data:${readString(content, 'mime_type') ?? ''};base64,${data}` : null),
      alt: readString(content, 'alt_text') ?? caption ?? '',
      caption,
    };
  },
};

export const imageFind: FindReader<'image'> = (item) => [['text', joined(item.alt, item.caption)]];

export const imageMarkdown: MarkdownWriter<'image'> = NO_MARKDOWN;

export const fileReference: NamedKindDescriptor<'file_reference'> = {
  element: 'text-item',
  read: (content) => ({ path: readString(content, 'path'), name: readString(content, 'name') }),
};

export const fileReferenceFind: FindReader<'file_reference'> = (item) => [['text', joined(item.name, item.path)]];

export const fileReferenceMarkdown: MarkdownWriter<'file_reference'> = NO_MARKDOWN;

export const structuredData: NamedKindDescriptor<'structured_data'> = {
  element: 'text-item',
  read: (content) => ({ format: readString(content, 'format'), data: readKey(content, 'data') }),
};

export const structuredDataFind: FindReader<'structured_data'> = (item) => [['text', typeof item.data === 'string' ? item.data : safeJson(item.data)]];

export const structuredDataMarkdown: MarkdownWriter<'structured_data'> = NO_MARKDOWN;

function readTodo(value: unknown): Todo {
  if (!isPlainObject(value)) return { text: typeof value === 'string' ? value : safeJson(value, { indent: 0 }), status: 'pending' };
  const content = readKey(value, 'content');
  return {
    text: typeof content === 'string' ? content : safeJson(content ?? value, { indent: 0 }),
    status: readString(value, 'status') ?? 'pending',
  };
}
