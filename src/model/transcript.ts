import { itemMarkdown } from './kinds/markdown.js';
import { safeJson } from './safe-json.js';
import type { ToolCallView } from './tools.js';
import type { Message, StopInfo, ToolResultDisplayItem } from './types.js';

/** The words a transcript needs; the elements pass them from the strings table. */
export interface TranscriptWords {
  role: (role: string) => string;
  stop: (stop: StopInfo) => string;
  toolStatus: (view: ToolCallView) => string;
  thinking: string;
}

export interface TranscriptOptions {
  /** Include reasoning (as a quote) and tool activity (as short summaries). */
  includeThinking?: boolean;
  includeTools?: boolean;
  /** Results by call id, so a summary can say how each call ended. */
  results?: ReadonlyMap<string, ToolResultDisplayItem>;
}

/** The Markdown a reader copies from one message: its text, as written. */
export function messageMarkdown(message: Message, words: TranscriptWords, options: TranscriptOptions = {}): string {
  const blocks: string[] = [];
  for (const item of message.items) {
    const block = itemMarkdown(item, words, options);
    if (block) blocks.push(block);
  }
  if (message.stop) blocks.push(`> ${words.stop(message.stop)}`);
  return blocks.join('\n\n');
}

/** A whole conversation as Markdown: roles as headings, tools as summaries, stop marks as notes. */
export function conversationMarkdown(
  messages: readonly Message[],
  results: ReadonlyMap<string, ToolResultDisplayItem>,
  words: TranscriptWords,
): string {
  const sections: string[] = [];
  for (const message of messages) {
    const body = messageMarkdown(message, words, { includeTools: true, includeThinking: true, results });
    if (body) sections.push(`## ${words.role(message.role)}\n\n${body}`);
  }
  return `${sections.join('\n\n')}\n`;
}

/**
 * The rows as JSON text, exactly as given. Rows set from script may hold what JSON cannot
 * carry (a cycle, a BigInt, a throwing getter): then they are written with visible markers
 * instead, never thrown out of an export.
 */
export function conversationJson(rows: readonly unknown[]): string {
  try {
    return JSON.stringify(rows, null, 2);
  } catch {
    return safeJson(rows, { maxLength: Infinity });
  }
}
