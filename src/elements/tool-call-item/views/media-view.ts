import { css, html, nothing, type TemplateResult } from 'lit';
import { checkHostImage, checkModelImage, type ImageVerdict } from '../../../markdown/url-policy.js';
import type { MediaFile, MediaView } from '../../../model/tool-views/types.js';
import type { BuiltinViewContext } from './context.js';
import { wordsOf } from './words.js';
import { isUnfolded, toggleFold } from './fold.js';

/** Images and files a tool produced. */
export function renderMedia(view: MediaView, context: BuiltinViewContext): TemplateResult {
  return view.media.length > 0 ? renderMediaFiles(view.media, context) : html`<p class="view-note">${context.text.noOutput}</p>`;
}

/**
 * Each image drawn where it may load (inline `data:` images of the raster kinds the kit allows;
 * a remote one from an origin the host allows, else behind the kit's "Load image" placeholder,
 * or marked blocked), each other file as a chip: its name, size and type. Nothing is fetched
 * for a file.
 */
export function renderMediaFiles(media: readonly MediaFile[], context: BuiltinViewContext): TemplateResult {
  return html`<ul part="media" class="media">
    ${media.map((file) => html`<li>${file.type === 'image' && file.source !== null ? renderImage(file, file.source, context) : renderChip(file, context)}</li>`)}
  </ul>`;
}

function verdictOf(source: string, context: BuiltinViewContext): ImageVerdict {
  return /^\s*data:/i.test(source) ? checkHostImage(source) : checkModelImage(source, context.imageOrigins);
}

function renderImage(file: MediaFile, source: string, context: BuiltinViewContext): TemplateResult {
  const { text } = context;
  const alt = file.name ?? text.image;
  const verdict = verdictOf(source, context);
  if (verdict.action === 'block') {
    return html`<span part="blocked" class="blocked" dir="auto">${alt} <small class="blocked-note">${text.blockedImage}</small></span>`;
  }
  const key = `image:${verdict.src}`;
  if (verdict.action === 'load' || isUnfolded(context, key)) {
    return html`<img class="image" src=${verdict.src} alt=${alt} loading="lazy" referrerpolicy="no-referrer" />`;
  }
  return html`<button type="button" part="image-placeholder" class="image-placeholder" @click=${() => toggleFold(context, key)}>
    <span class="image-alt" dir="auto">${alt}</span><span class="image-action">${text.loadImage(verdict.host)}</span>
  </button>`;
}

function renderChip(file: MediaFile, context: BuiltinViewContext): TemplateResult {
  const { text } = context;
  const words = wordsOf(context);
  const details = [file.size !== null ? words.fileSize(file.size) : null, file.mimeType].filter((detail) => detail !== null);
  return html`<span part="file-chip" class="file-chip">
    <span class="file-name" dir="auto">${file.name ?? file.fileId ?? (file.type === 'image' ? text.image : text.file)}</span>
    ${details.length > 0 ? html`<span class="file-details">${details.join(' · ')}</span>` : nothing}
  </span>`;
}

export const mediaStyles = css`
  .media {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_space);
    margin: 0;
    padding: 0;
    list-style: none;
  }

  .image {
    display: block;
    max-width: 100%;
    max-height: 24em;
    border-radius: calc(var(--_radius) / 2);
  }

  .file-chip {
    display: inline-flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 0.5em;
    padding: 0.2em 0.75em;
    border: 1px solid var(--_border);
    border-radius: 999px;
    overflow-wrap: anywhere;
  }

  .file-details {
    color: var(--_fg-muted);
    font-size: var(--_font-size-small);
  }
`;
