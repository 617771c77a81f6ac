import { isPlainObject, ownValue, readKey, readObject, readString } from '../model/guards.js';
import { citationJson, readCitations as parseCitations } from '../model/citations.js';
import { safeJson } from '../model/safe-json.js';
import { redactedThinkingEntry, textEntry, thinkingEntry, type Entry } from './entries.js';

/**
 * Content parts shared by every adapter: the LangChain ContentPart (`{type, content, options}`),
 * OpenAI chat parts, Anthropic blocks, AI SDK file parts and LangChain's standard blocks all
 * describe the same few things (text, reasoning, images, files) in different spellings.
 */

/** A citation in the kit's own shape (`citationJson`), as adapters write it into `content.citations`. */
export type CitationJson = Record<string, unknown>;

export interface PartConversion {
  entries: Entry[];
  /** The part's `type` when this module does not know it; the caller decides how to report it. */
  unknownType?: string;
}

/** Parts that must go back to a provider unchanged and mean nothing to a reader. */
const OPAQUE_TYPES: ReadonlySet<string> = new Set(['provider_item', 'unsupported']);

const TEXT_TYPES: ReadonlySet<string> = new Set(['text', 'input_text', 'output_text']);

export function convertContentPart(part: unknown): PartConversion {
  if (typeof part === 'string') return { entries: part === '' ? [] : [textEntry(part)] };
  const type = readString(part, 'type');
  if (type === null) return { entries: [], unknownType: describeShape(part) };
  if (TEXT_TYPES.has(type)) return { entries: textPart(part) };
  switch (type) {
    case 'thinking':
    case 'reasoning':
      return { entries: thinkingPart(part) };
    case 'redacted_thinking':
      return { entries: [redactedThinkingEntry()] };
    case 'refusal':
      return { entries: refusalPart(part) };
    case 'tool_reference':
      return { entries: toolReferencePart(part) };
    case 'image':
    case 'image_url':
    case 'input_image':
      return { entries: [imagePart(part)] };
    case 'file':
    case 'file_url':
    case 'document':
    case 'input_file':
    case 'video':
    case 'text-plain':
      return { entries: [filePart(part)] };
    case 'input_audio':
    case 'audio':
      return { entries: [audioPart(part)] };
  }
  if (OPAQUE_TYPES.has(type)) return { entries: isRedactedUnsupported(part) ? [redactedThinkingEntry()] : [] };
  return { entries: [], unknownType: type };
}

/** A message's content: a string, a list of parts, or nothing. */
export function convertContent(content: unknown): { entries: Entry[]; unknownTypes: string[] } {
  const parts = typeof content === 'string' ? [content] : Array.isArray(content) ? content : [];
  const entries: Entry[] = [];
  const unknownTypes: string[] = [];
  for (const part of parts) {
    const converted = convertContentPart(part);
    entries.push(...converted.entries);
    if (converted.unknownType !== undefined) unknownTypes.push(converted.unknownType);
  }
  return { entries, unknownTypes };
}

/**
 * A tool result's body as display items carry it (one string, docs/display-items.md#kinds), plus
 * any images or files it held, which become their own items instead of being flattened into text.
 */
export function toolResultBody(content: unknown): { text: string; media: Entry[] } {
  if (content === undefined || content === null) return { text: '', media: [] };
  if (typeof content === 'string') return { text: content, media: [] };
  if (!Array.isArray(content)) return { text: safeJson(content), media: [] };
  const texts: string[] = [];
  const media: Entry[] = [];
  for (const part of content) {
    const { entries, unknownType } = convertContentPart(part);
    for (const entry of entries) {
      if (entry.kind === 'text' || entry.kind === 'thinking') texts.push(String(entry.content.text));
      else media.push(entry);
    }
    // An unknown block in a result is still the tool's output: show it as JSON rather than lose it.
    if (unknownType !== undefined) texts.push(safeJson(part));
  }
  // LangChain's parts_to_string joins text parts with a blank line; the kit shows the same text.
  return { text: texts.join('\n\n'), media };
}

function textPart(part: unknown): Entry[] {
  const text = readString(part, 'text') ?? readString(part, 'content');
  if (text === null || text === '') return [];
  const extra: Record<string, unknown> = {};
  const utterance = readOption(part, 'utterance');
  if (utterance === 'narration' || utterance === 'answer') extra.utterance = utterance;
  const citations = readCitations(readOption(part, 'citations') ?? readKey(part, 'annotations'));
  if (citations.length > 0) extra.citations = citations;
  return [textEntry(text, extra)];
}

function thinkingPart(part: unknown): Entry[] {
  const text =
    readString(part, 'thinking') ??
    readString(part, 'reasoning') ??
    readString(part, 'text') ??
    readString(part, 'content') ??
    summaryText(readKey(part, 'summary'));
  // A thinking block that only carries a signature (a streamed delta) has nothing to show.
  if (text === null || text === '') return [];
  return [thinkingEntry(text)];
}

/**
 * OpenAI Responses reasoning items keep their readable part as `summary: [{text}]`, and raw
 * reasoning (open-weight models) as `content: [{text}]`: either list's texts, joined.
 */
export function summaryText(summary: unknown): string | null {
  if (!Array.isArray(summary)) return null;
  const texts = summary.map((entry) => readString(entry, 'text')).filter((text): text is string => !!text);
  return texts.length > 0 ? texts.join('\n\n') : null;
}

function refusalPart(part: unknown): Entry[] {
  const text = readString(part, 'refusal') ?? readString(part, 'text');
  return text ? [textEntry(text, { refusal: true })] : [];
}

function toolReferencePart(part: unknown): Entry[] {
  const name = readString(part, 'content') ?? readString(part, 'tool_name') ?? readString(part, 'name');
  if (!name) return [];
  return [textEntry(`Tool available: ${name}`, { tool_reference: name })];
}

function isRedactedUnsupported(part: unknown): boolean {
  return readOption(part, 'type') === 'redacted_thinking';
}

/** LangChain keeps per-part settings in `options` (a map, or key/value pairs once serialized). */
export function readOption(part: unknown, key: string): unknown {
  const direct = key === 'type' ? undefined : readKey(part, key);
  if (direct !== undefined && direct !== null) return direct;
  const options = readKey(part, 'options');
  if (isPlainObject(options)) return readKey(options, key);
  if (Array.isArray(options)) {
    const pair: unknown = options.find((entry) => Array.isArray(entry) && entry[0] === key);
    return Array.isArray(pair) ? pair[1] : undefined;
  }
  return undefined;
}

/** Citations in any of the providers' shapes, in the kit's own (see `src/model/citations.ts`). */
export function readCitations(value: unknown): CitationJson[] {
  return parseCitations(value).map(citationJson);
}

interface MediaSource {
  url: string | null;
  data: string | null;
  mime: string | null;
  fileId: string | null;
  name: string | null;
}

/**
 * The many spellings of "where the bytes are": `image_url`, `source`, `file`, `url`, `content`…
 * (LangChain's v1 standard blocks write theirs in camelCase: `mimeType`, `fileId`).
 */
function readMediaSource(part: unknown): MediaSource {
  const type = readString(part, 'type');
  const source = readObject(part, 'source') ?? readObject(part, 'file') ?? readObject(part, 'image_url') ?? {};
  const inlineContent = readString(part, 'content');
  const contentIsUrl = type === 'image_url' || type === 'file_url';
  const sourceType = readString(source, 'type');
  return {
    url:
      readString(part, 'image_url') ??
      readString(part, 'file_url') ??
      readString(part, 'url') ??
      readString(source, 'url') ??
      (contentIsUrl ? inlineContent : null),
    data:
      readString(part, 'base64') ??
      readString(part, 'data') ??
      readString(part, 'file_data') ??
      readString(source, 'file_data') ??
      (sourceType === 'base64' || sourceType === 'text' ? readString(source, 'data') : null) ??
      (contentIsUrl ? null : inlineContent),
    mime:
      readString(part, 'mime_type') ??
      readString(part, 'mimeType') ??
      readString(part, 'mediaType') ??
      readString(source, 'media_type') ??
      mimeFromMedia(readOption(part, 'media')),
    fileId: readString(part, 'file_id') ?? readString(part, 'fileId') ?? readString(source, 'file_id'),
    name:
      readString(part, 'filename') ??
      readString(source, 'filename') ??
      readString(part, 'title') ??
      stringOrNull(readOption(part, 'filename')),
  };
}

function imagePart(part: unknown): Entry {
  const source = readMediaSource(part);
  if (source.url === null && source.data === null) return fileReference(source, 'image');
  return imageEntry(source.url, source.data, source.mime);
}

/** Files that are images are shown as images; everything else as a named reference. */
function filePart(part: unknown): Entry {
  const source = readMediaSource(part);
  const mime = source.mime ?? mimeOfDataUrl(source.url) ?? mimeOfDataUrl(source.data);
  if (mime?.startsWith('image/') && (source.url !== null || source.data !== null)) {
    return imageEntry(source.url, source.data, mime);
  }
  return fileReference(source, 'file');
}

function audioPart(part: unknown): Entry {
  const audio = readObject(part, 'input_audio') ?? readObject(part, 'audio') ?? {};
  const format = readString(audio, 'format') ?? readString(part, 'format');
  const source = readMediaSource(part);
  return fileReference(
    { ...source, name: source.name ?? `audio${format ? `.${format}` : ''}`, mime: source.mime ?? (format ? `audio/${format}` : null) },
    'audio',
  );
}

export function imageEntry(url: string | null, data: string | null, mime: string | null): Entry {
  const inline = url ?? data;
  const split = inline !== null ? splitDataUrl(inline) : null;
  if (split) return { kind: 'image', content: { data: split.data, mime_type: split.mime } };
  if (url !== null) return { kind: 'image', content: mime ? { url, mime_type: mime } : { url } };
  return { kind: 'image', content: { data: data ?? '', mime_type: mime ?? '' } };
}

function fileReference(source: MediaSource, fallbackName: string): Entry {
  const path = source.url !== null && splitDataUrl(source.url) === null ? source.url : null;
  const content: Record<string, unknown> = {
    name: source.name ?? lastSegment(path) ?? source.fileId ?? fallbackName,
  };
  if (path !== null) content.path = path;
  if (source.mime !== null) content.mime_type = source.mime;
  if (source.fileId !== null) content.file_id = source.fileId;
  return { kind: 'file_reference', content };
}

/** An image item's content takes `data` + `mime_type`; a base64 data URL is exactly that. */
function splitDataUrl(url: string): { mime: string; data: string } | null {
  const match = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/is.exec(url);
  return match ? { mime: match[1], data: match[2] } : null;
}

function mimeOfDataUrl(url: string | null): string | null {
  return url !== null ? (splitDataUrl(url)?.mime ?? null) : null;
}

const MEDIA_ALIASES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/** LangChain's `media` option is an alias (`:jpg`) or a MIME type passed through as given. */
function mimeFromMedia(media: unknown): string | null {
  if (typeof media !== 'string' || media === '') return null;
  const alias = media.replace(/^:/, '').toLowerCase();
  return ownValue(MEDIA_ALIASES, alias) ?? media;
}

function lastSegment(path: string | null): string | null {
  if (path === null) return null;
  const segment = path.split(/[?#]/)[0].split('/').filter(Boolean).pop();
  return segment ?? null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

function describeShape(part: unknown): string {
  if (part === null) return 'null';
  if (Array.isArray(part)) return 'list';
  return isPlainObject(part) ? 'object without a type' : typeof part;
}
