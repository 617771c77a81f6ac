import type { ReactiveElement } from 'lit';
import { ChunkRequest } from '../support/chunk-request.js';
import type * as Citations from './citations.js';

export type CitationsCode = typeof Citations;

let code: CitationsCode | null = null;

/** The citations code if it is here: a text that cites rendered on this page, or the server. */
export function citationsCode(): CitationsCode | null {
  return code;
}

/** The server renders in one pass, so it hands the code over before it renders (`display-kit/ssr`). */
export function provideCitations(chunk: CitationsCode): void {
  code = chunk;
}

/** A text-item's fetch of the citations code: once, rendering it again when it arrives. */
export function citationsRequest(host: ReactiveElement): ChunkRequest<CitationsCode> {
  return new ChunkRequest(host, () => import('./citations.js'), provideCitations);
}
