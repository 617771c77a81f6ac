/**
 * JSON that is still arriving (a tool call's arguments streamed as fragments: LangChain
 * `input_json_delta`, OpenAI argument deltas), made whole enough to show: open strings and
 * containers are closed, and a last member cut off mid-way is left out until it completes.
 * DOM-free and total: any text yields a value or null, never a throw.
 */

/** How many cut-back points are tried before giving up (each try parses once). */
const TRIES = 4;

export interface PartialJson {
  value: unknown;
  /** The text was whole JSON already; nothing was closed or left out. */
  complete: boolean;
}

export function repairJson(text: string): PartialJson | null {
  const whole = parse(text);
  if (whole.ok) return { value: whole.value, complete: true };
  const scan = scanJson(text);
  const candidates = [closeAt(text, text.length, scan.stack, scan.inString)];
  for (const cut of scan.cuts.slice(-TRIES).reverse()) candidates.push(closeAt(text, cut.at, cut.stack, false));
  for (const candidate of candidates) {
    const parsed = parse(candidate);
    if (parsed.ok) return { value: parsed.value, complete: false };
  }
  return null;
}

interface Cut {
  /** Where the text may end: before a comma, or just after an opening bracket. */
  at: number;
  /** The containers open there, innermost last. */
  stack: string;
}

/** One pass over the text, outside strings: which containers are open, and where it may be cut. */
function scanJson(text: string): { stack: string; inString: boolean; cuts: Cut[] } {
  let stack = '';
  let inString = false;
  let escaped = false;
  const cuts: Cut[] = [];
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (inString) {
      if (escaped) escaped = false;
      else if (char === '\\') escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    else if (char === '{' || char === '[') {
      stack += char;
      cuts.push({ at: at + 1, stack });
    } else if (char === '}' || char === ']') stack = stack.slice(0, -1);
    else if (char === ',') cuts.push({ at, stack });
  }
  return { stack, inString, cuts };
}

/** The text up to `at`, with an open string and every open container closed. */
function closeAt(text: string, at: number, stack: string, inString: boolean): string {
  let head = text.slice(0, at);
  // A dangling escape (`\` or a `\u` not yet four digits) cannot be closed: it goes.
  if (inString) head = head.replace(/\\(u[0-9a-fA-F]{0,3})?$/, '') + '"';
  let closers = '';
  for (let i = stack.length - 1; i >= 0; i--) closers += stack[i] === '{' ? '}' : ']';
  return head.replace(/[\s,:]+$/, '') + closers;
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}
