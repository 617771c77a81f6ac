import { readBoolean, readKey, readString, readText } from '../guards.js';
import { safeJson } from '../safe-json.js';
import { describeToolCall, isEmptyArguments, readAskUser, summarizeArguments } from '../tools.js';
import type { FindReader, MarkdownWriter, NamedKindDescriptor } from './descriptor.js';

/** What an agent did: a call (its label, question, error and arguments) and a result. */

export const toolCall: NamedKindDescriptor<'tool_call'> = {
  element: 'tool-call-item',
  read: (content) => ({
    name: readString(content, 'name') ?? '',
    arguments: readKey(content, 'arguments'),
    displayText: readText(content, 'display_text'),
  }),
};

export const toolCallFind: FindReader<'tool_call'> = (item) => {
  const view = describeToolCall(item);
  const ask = readAskUser(view);
  const question = ask && [ask.question, ...ask.options.flatMap((option) => [option.label, option.description ?? ''])].join(' ');
  const args = typeof item.arguments === 'string' ? item.arguments : isEmptyArguments(item.arguments) ? null : safeJson(item.arguments);
  return [['label', view.label], ['question', question], ['error', view.error], ['arguments', args]];
};

// A transcript summarizes a call in a line: its label, how it ended, its arguments in short.
export const toolCallMarkdown: MarkdownWriter<'tool_call'> = (item, words, options) => {
  if (!options.includeTools) return '';
  const view = describeToolCall(item, item.toolCallId ? options.results?.get(item.toolCallId) : null);
  const args = summarizeArguments(view.arguments);
  return `- ${view.label} (${words.toolStatus(view)})${args ? ` — \`${args.replace(/`/g, "'")}\`` : ''}`;
};

export const toolResult: NamedKindDescriptor<'tool_result'> = {
  element: 'tool-result-item',
  role: 'tool',
  read: (content) => ({
    name: readString(content, 'name') ?? '',
    output: outputText(readKey(content, 'content')),
    isError: readBoolean(content, 'is_error'),
    isInterrupt: readBoolean(content, 'is_interrupt'),
    hitlDecision: readString(content, 'hitl_decision'),
  }),
};

export const toolResultFind: FindReader<'tool_result'> = (item) => [['result', item.output]];

// A result reads as part of its call's summary line.
export const toolResultMarkdown: MarkdownWriter<'tool_result'> = () => '';

function outputText(body: unknown): string {
  if (typeof body === 'string') return body;
  return body === undefined || body === null ? '' : safeJson(body);
}
