import { isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { convertContentPart, imageEntry, toolResultBody } from './content-parts.js';
import {
  parseArguments, redactedThinkingEntry, thinkingEntry, toolCallEntry, toolResultEntry, unsupportedEntry, type Entry,
} from './entries.js';
import { convertSafely, ItemSink } from './sink.js';
import type { AdapterResult } from './types.js';

/**
 * AG-UI messages (`@ag-ui/core` 1.x `Message[]`: what a `MESSAGES_SNAPSHOT` event carries and
 * what an `@ag-ui/client` agent keeps in `agent.messages`). A `reasoning` message belongs to
 * the assistant message right after it: the two show as one message, under the reasoning's id
 * (the id known first while it streams). Tool messages answer calls by `toolCallId`; an
 * `error` makes the result a failed one. `activity` messages show as structured data.
 */
export function fromAGUIMessages(messages: unknown): AdapterResult {
  const sink = new ItemSink();
  return convertSafely(sink, () => {
    if (!Array.isArray(messages)) {
      sink.problem('Expected an array of AG-UI messages.');
      return;
    }
    new AGUIReader(sink).read(messages);
  });
}

class AGUIReader {
  private readonly callNames = new Map<string, string>();
  /** A reasoning message waiting for the assistant message it leads to. */
  private reasoning: { id: string; entries: Entry[] } | null = null;

  constructor(private readonly sink: ItemSink) {}

  read(messages: readonly unknown[]): void {
    messages.forEach((raw, index) => this.readMessage(raw, index));
    this.flushReasoning();
  }

  private readMessage(raw: unknown, index: number): void {
    if (!isPlainObject(raw)) {
      this.flushReasoning();
      this.sink.problem(`Message ${index} is not an object; it was left out.`, { index });
      return;
    }
    const role = readString(raw, 'role') ?? '';
    const id = readId(raw, 'id') ?? `message-${index}`;
    if (role === 'reasoning') {
      this.flushReasoning();
      this.reasoning = { id, entries: [reasoningEntry(raw)] };
      return;
    }
    if (role === 'assistant') {
      const lead = this.reasoning;
      this.reasoning = null;
      const entries = [...(lead?.entries ?? []), ...this.assistantEntries(raw, index)];
      this.sink.emit({ role, messageId: lead?.id ?? id, entries });
      return;
    }
    this.flushReasoning();
    if (role === 'tool') this.sink.emit({ role, messageId: id, entries: this.toolEntries(raw) });
    else if (role === 'activity') this.sink.emit({ role: 'assistant', messageId: id, entries: [activityEntry(raw)] });
    else if (role === 'user' || role === 'system' || role === 'developer') {
      this.sink.emit({ role: role === 'developer' ? 'system' : role, messageId: id, entries: this.contentEntries(readKey(raw, 'content'), index) });
    } else {
      this.sink.problem(`Message ${index} has the role ${JSON.stringify(role)}, which the kit does not know; it is shown as it is.`, { index });
      this.sink.emit({ role: 'assistant', messageId: id, entries: [unsupportedEntry(role || 'message', raw)] });
    }
  }

  /** Reasoning that no assistant message followed (the run ended or failed while it thought). */
  private flushReasoning(): void {
    if (!this.reasoning) return;
    this.sink.emit({ role: 'assistant', messageId: this.reasoning.id, entries: this.reasoning.entries });
    this.reasoning = null;
  }

  private assistantEntries(message: PlainObject, index: number): Entry[] {
    const entries = this.contentEntries(readKey(message, 'content'), index);
    const calls = readKey(message, 'toolCalls');
    if (Array.isArray(calls)) calls.forEach((call, position) => entries.push(this.toolCall(call, index, position)));
    return entries;
  }

  private toolCall(call: unknown, index: number, position: number): Entry {
    const callId = readId(call, 'id') ?? `message-${index}:call-${position}`;
    const fn = readObject(call, 'function');
    const name = readString(fn, 'name') ?? '';
    const parsed = parseArguments(readKey(fn, 'arguments'));
    if (parsed.problem) this.sink.problem(`Message ${index}: tool call ${callId} (${name || 'unnamed'}): ${parsed.problem}.`, { index });
    this.callNames.set(callId, name);
    return toolCallEntry(callId, name, parsed.value);
  }

  private toolEntries(message: PlainObject): Entry[] {
    const callId = readId(message, 'toolCallId') ?? '';
    const error = readString(message, 'error');
    const content = readKey(message, 'content');
    const parts = Array.isArray(content) ? content : null;
    const media = (parts ?? []).map(mediaEntry).filter((entry): entry is Entry => entry !== null);
    const body = toolResultBody(parts ? parts.filter((part) => mediaEntry(part) === null) : content);
    // A failed tool may still have returned part of its output: both are kept.
    const text = error === null ? body.text : body.text === '' ? error : `${body.text}\n\n${error}`;
    return [toolResultEntry(callId, this.callNames.get(callId) ?? '', text, error !== null), ...body.media, ...media];
  }

  private contentEntries(content: unknown, index: number): Entry[] {
    const parts = typeof content === 'string' ? [content] : Array.isArray(content) ? content : [];
    return parts.flatMap((part, position) => this.part(part, index, position));
  }

  private part(part: unknown, index: number, position: number): Entry[] {
    const media = mediaEntry(part);
    if (media) return [media];
    const converted = convertContentPart(part);
    if (converted.unknownType === undefined) return converted.entries;
    this.sink.problem(`Message ${index}, part ${position}: part type "${converted.unknownType}" is not supported; it is shown as it is.`, { index });
    return [unsupportedEntry(converted.unknownType, part)];
  }
}

function reasoningEntry(message: PlainObject): Entry {
  const text = readString(message, 'content') ?? '';
  // Only the provider's encrypted artefact: the reasoning happened, and is not for reading.
  if (text === '' && readString(message, 'encryptedValue')) return redactedThinkingEntry();
  return thinkingEntry(text);
}

function activityEntry(message: PlainObject): Entry {
  return { kind: 'structured_data', content: { format: readString(message, 'activityType') ?? 'activity', data: readKey(message, 'content') ?? null } };
}

/**
 * AG-UI's media parts keep their bytes in `source: {type: 'url' | 'data', value, mimeType}`,
 * a spelling no other source uses.
 */
function mediaEntry(part: unknown): Entry | null {
  const type = readString(part, 'type');
  const source = readObject(part, 'source');
  if (source === null || (type !== 'image' && type !== 'audio' && type !== 'video' && type !== 'document')) return null;
  const value = readString(source, 'value');
  const mime = readString(source, 'mimeType');
  const isUrl = readString(source, 'type') === 'url';
  if (type === 'image' && value !== null) return imageEntry(isUrl ? value : null, isUrl ? null : value, mime);
  const name = readString(readObject(part, 'metadata'), 'filename') ?? (isUrl && value ? value.split(/[?#]/)[0].split('/').pop() || type : type);
  const content: Record<string, unknown> = { name };
  if (isUrl && value !== null) content.path = value;
  if (mime !== null) content.mime_type = mime;
  return { kind: 'file_reference', content };
}
