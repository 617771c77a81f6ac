import { isPlainObject, readKey, readString } from '../guards.js';
import { safeJson } from '../safe-json.js';
import type { Todo } from '../types.js';
import { NO_MARKDOWN, type KindDescriptor } from './descriptor.js';
import { joined } from './said.js';

/** What an agent shows beside its words: a todo list, an image, a file, data. */

export const todoSnapshot: KindDescriptor<'todo_snapshot'> = {
  element: 'text-item',
  role: 'system',
  read: (content) => {
    const todos = readKey(content, 'todos');
    return Array.isArray(todos) ? { todos: todos.map(readTodo) } : 'The todo snapshot has no list of todos.';
  },
  find: (item) => [['text', item.todos.map((todo) => todo.text).join(' ')]],
  markdown: NO_MARKDOWN,
};

export const image: KindDescriptor<'image'> = {
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
  find: (item) => [['text', joined(item.alt, item.caption)]],
  markdown: NO_MARKDOWN,
};

export const fileReference: KindDescriptor<'file_reference'> = {
  element: 'text-item',
  read: (content) => ({ path: readString(content, 'path'), name: readString(content, 'name') }),
  find: (item) => [['text', joined(item.name, item.path)]],
  markdown: NO_MARKDOWN,
};

export const structuredData: KindDescriptor<'structured_data'> = {
  element: 'text-item',
  read: (content) => ({ format: readString(content, 'format'), data: readKey(content, 'data') }),
  find: (item) => [['text', typeof item.data === 'string' ? item.data : safeJson(item.data)]],
  markdown: NO_MARKDOWN,
};

function readTodo(value: unknown): Todo {
  if (!isPlainObject(value)) return { text: typeof value === 'string' ? value : safeJson(value, { indent: 0 }), status: 'pending' };
  const content = readKey(value, 'content');
  return {
    text: typeof content === 'string' ? content : safeJson(content ?? value, { indent: 0 }),
    status: readString(value, 'status') ?? 'pending',
  };
}
