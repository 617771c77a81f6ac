import { isPlainObject, readKey, readString } from '../guards.js';
import { argumentsOf, firstNumber, firstText, resultData, resultText, type ToolViewReader } from './read.js';
import type { MediaFile, MediaView } from './types.js';

/**
 * Images and files a tool produced: OpenAI's `image_generation` (the image as base64), and any
 * result that is an image or a list of images and files (`{type: image, data | url, mime_type}`,
 * MCP's `{type: image, data, mimeType}`, Anthropic's `{type: image, source: {type: base64}}`).
 */

/** OpenAI `image_generation`: base64 in `result` (or as the whole text output), its format from the call. */
export const readImageGeneration: ToolViewReader = (call, result) => {
  const format = firstText(argumentsOf(call), ['output_format']) ?? 'png';
  const data = resultData(result);
  const base64 = readString(data, 'result') ?? bareBase64(resultText(result));
  if (base64 === null) return readMediaResult(call, result);
  const mimeType = `image/${format}`;
  return mediaView([{ type: 'image', name: null, mimeType, size: null, source: `data:${mimeType};base64,${base64}`, fileId: null }]);
};

/** Text that is nothing but base64 (long enough to be an image, not a word). */
function bareBase64(text: string | null): string | null {
  if (text === null) return null;
  const trimmed = text.trim();
  return trimmed.length >= 64 && /^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) ? trimmed : null;
}

/** A result that is media and nothing else: each entry an image or a file; null otherwise. */
export const readMediaResult: ToolViewReader = (_call, result) => {
  const data = resultData(result);
  const entries = Array.isArray(data) ? data : isPlainObject(data) ? [data] : [];
  if (entries.length === 0) return null;
  const media = entries.map(mediaOf);
  return media.every((file) => file !== null) ? mediaView(media) : null;
};

function mediaView(media: MediaFile[]): MediaView {
  return { kind: 'media', media };
}

function mediaOf(entry: unknown): MediaFile | null {
  const type = readString(entry, 'type');
  if (type === 'image') return imageOf(entry);
  if (type === 'file' || type === 'container_upload') return fileOf(entry);
  return null;
}

function imageOf(entry: unknown): MediaFile | null {
  const source = readKey(entry, 'source');
  const mimeType = firstText(entry, ['mime_type', 'mimeType', 'media_type']) ?? firstText(source, ['media_type']);
  const data = readString(entry, 'data') ?? (readString(source, 'type') === 'base64' ? readString(source, 'data') : null);
  const url = firstText(entry, ['url', 'image_url']) ?? (readString(source, 'type') === 'url' ? readString(source, 'url') : null);
  const fileId = readString(entry, 'file_id') ?? readString(source, 'file_id');
  const dataUrl = data !== null && mimeType !== null && mimeType.startsWith('image/') ? `data:${mimeType};base64,${data}` : null;
  if (dataUrl === null && url === null && fileId === null) return null;
  return { type: 'image', name: firstText(entry, ['name', 'filename']), mimeType, size: firstNumber(entry, ['size', 'size_bytes']), source: dataUrl ?? url, fileId };
}

function fileOf(entry: unknown): MediaFile | null {
  const fileId = readString(entry, 'file_id');
  const url = firstText(entry, ['url']);
  if (fileId === null && url === null) return null;
  return {
    type: 'file',
    name: firstText(entry, ['name', 'filename']),
    mimeType: firstText(entry, ['mime_type', 'mimeType', 'media_type']),
    size: firstNumber(entry, ['size', 'size_bytes', 'bytes']),
    source: url,
    fileId,
  };
}
