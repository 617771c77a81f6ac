/**
 * The one URL policy of the kit (DOM-free). Every element that shows a link or an image asks
 * here first. Checks run on the URL as a browser would resolve it, so encoded, cased, split or
 * control-character-laden variants of a dangerous scheme are caught where they would bite.
 */

export const DEFAULT_LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:', 'tel:'];
const WEB_SCHEMES: readonly string[] = ['http:', 'https:'];
const HOST_IMAGE_DATA = /^data:image\/(png|jpeg|gif|webp)[;,]/i;
/** Stands in for the page while resolving relative URLs; never fetched or shown. */
const RELATIVE_BASE = 'https://relative.invalid/';

export type LinkVerdict =
  | { safe: true; href: string; external: boolean }
  | { safe: false; reason: string };

/** Controls, whitespace and invisible characters that browsers drop or that split a scheme. */
// eslint-disable-next-line no-control-regex -- control characters are among what it must find
const INVISIBLE = /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/g;

export function cleanUrl(raw: string): string {
  return raw.replace(INVISIBLE, '');
}

function decodeForCheck(text: string): string {
  let decoded = text
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => safeCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => safeCodePoint(parseInt(dec, 10)))
    .replace(/&(colon|tab|newline);/gi, (_, name: string) => ({ colon: ':', tab: '', newline: '' })[name.toLowerCase() as 'colon'] ?? '');
  try {
    decoded = decodeURIComponent(decoded);
  } catch {
    /* keep the entity-decoded text: a malformed escape cannot form a scheme either */
  }
  return cleanUrl(decoded);
}

function safeCodePoint(code: number): string {
  return Number.isInteger(code) && code >= 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
}

function schemeOf(text: string): string | null {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(text);
  return match ? match[1].toLowerCase() + ':' : null;
}

/** Links: allowed schemes (default http, https, mailto, tel) and relative URLs. */
export function checkLink(raw: unknown, allowedSchemes: readonly string[] = DEFAULT_LINK_SCHEMES): LinkVerdict {
  if (typeof raw !== 'string') return { safe: false, reason: 'not a string' };
  const href = cleanUrl(raw);
  if (href === '') return { safe: false, reason: 'empty' };
  const allowed = allowedSchemes.map((s) => s.toLowerCase());
  const decodedScheme = schemeOf(decodeForCheck(raw));
  if (decodedScheme && !allowed.includes(decodedScheme)) return { safe: false, reason: `scheme ${decodedScheme}` };
  let url: URL;
  try {
    url = new URL(href, RELATIVE_BASE);
  } catch {
    return { safe: false, reason: 'unparseable' };
  }
  const written = schemeOf(href);
  if (written === null) {
    return url.protocol === 'https:' ? { safe: true, href, external: url.host !== 'relative.invalid' } : { safe: false, reason: 'unparseable' };
  }
  if (!allowed.includes(url.protocol)) return { safe: false, reason: `scheme ${url.protocol}` };
  return { safe: true, href, external: WEB_SCHEMES.includes(url.protocol) };
}

export type ImageVerdict =
  | { action: 'load'; src: string }
  | { action: 'ask'; src: string; host: string }
  | { action: 'block'; reason: string };

/**
 * Images from model output: `http(s)` only, and they wait for a click unless their origin is
 * allowed (`'*'` allows every origin).
 */
export function checkModelImage(raw: unknown, allowedOrigins: readonly string[] | '*' = [], base?: string): ImageVerdict {
  if (typeof raw !== 'string') return { action: 'block', reason: 'not a string' };
  const src = cleanUrl(raw);
  let url: URL;
  try {
    url = new URL(src, base ?? RELATIVE_BASE);
  } catch {
    return { action: 'block', reason: 'unparseable' };
  }
  const decodedScheme = schemeOf(decodeForCheck(raw));
  if (!WEB_SCHEMES.includes(url.protocol) || (decodedScheme !== null && !WEB_SCHEMES.includes(decodedScheme))) {
    return { action: 'block', reason: `scheme ${url.protocol}` };
  }
  if (url.host === 'relative.invalid') return { action: 'ask', src, host: '' };
  if (originAllowed(url.origin, allowedOrigins)) return { action: 'load', src: url.href };
  return { action: 'ask', src: url.href, host: url.host };
}

/** Images a host wrote itself (`image` rows): `http(s)` and raster `data:` images load. */
export function checkHostImage(raw: unknown): ImageVerdict {
  if (typeof raw !== 'string') return { action: 'block', reason: 'not a string' };
  const src = cleanUrl(raw);
  if (HOST_IMAGE_DATA.test(src)) return { action: 'load', src };
  const link = checkLink(src, WEB_SCHEMES);
  return link.safe ? { action: 'load', src } : { action: 'block', reason: link.reason };
}

export function parseOrigins(value: string | null | undefined): readonly string[] | '*' {
  if (!value) return [];
  const parts = value.split(/[\s,]+/).filter(Boolean);
  if (parts.includes('*')) return '*';
  return parts.map(normalizeOrigin).filter((o): o is string => o !== null);
}

function normalizeOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return WEB_SCHEMES.includes(url.protocol) ? url.origin : null;
  } catch {
    return null;
  }
}

function originAllowed(origin: string, allowed: readonly string[] | '*'): boolean {
  return allowed === '*' || allowed.includes(origin);
}
