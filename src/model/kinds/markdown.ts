import type { TranscriptOptions, TranscriptWords } from '../transcript.js';
import type { DisplayItem } from '../types.js';
import { NO_MARKDOWN, type MarkdownWriter } from './descriptor.js';
import { errorMarkdown, notificationMarkdown, textMarkdown, thinkingMarkdown } from './said.js';
import { fileReferenceMarkdown, imageMarkdown, structuredDataMarkdown, todoSnapshotMarkdown } from './shown.js';
import { toolCallMarkdown, toolResultMarkdown } from './tool.js';

/** What "Export as Markdown" writes for each kind: the type fails on a kind left out. */
const MARKDOWN: { readonly [K in DisplayItem['kind']]: MarkdownWriter<K> } = {
  text: textMarkdown,
  thinking: thinkingMarkdown,
  tool_call: toolCallMarkdown,
  tool_result: toolResultMarkdown,
  notification: notificationMarkdown,
  error: errorMarkdown,
  todo_snapshot: todoSnapshotMarkdown,
  image: imageMarkdown,
  file_reference: fileReferenceMarkdown,
  structured_data: structuredDataMarkdown,
  other: NO_MARKDOWN,
  invalid: NO_MARKDOWN,
};

/** An item's Markdown in a transcript; empty to leave it out. */
export function itemMarkdown(item: DisplayItem, words: TranscriptWords, options: TranscriptOptions): string {
  return (MARKDOWN[item.kind] as MarkdownWriter<DisplayItem['kind']>)(item, words, options);
}
