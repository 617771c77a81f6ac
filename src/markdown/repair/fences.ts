// ── Fenced code ────────────────────────────────────────────────────────────────────────────

interface Fence {
  /** Container markers and indentation before the run (`> `, `- `, spaces). */
  prefix: string;
  /** The opening run: three or more backticks or tildes. */
  run: string;
  lineStart: number;
  lineEnd: number;
}

const FENCE_OPEN = /^((?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?)(`{3,}|~{3,})(.*)$/;
const QUOTES_AND_INDENT = /^(?:[ \t]*>)*[ \t]*/;
const FENCE_CLOSE = /^(`+|~+)[ \t]*$/;

/** The fence still open at the end of `source`, if any. */
export function openFence(source: string): Fence | null {
  let fence: Fence | null = null;
  for (let start = 0; start <= source.length; ) {
    const newline = source.indexOf('\n', start);
    const end = newline < 0 ? source.length : newline;
    const line = source.slice(start, end);
    if (fence) {
      if (closesFence(line, fence)) fence = null;
    } else if (line.includes('```') || line.includes('~~~')) {
      fence = opensFence(line, start, end);
    }
    start = end + 1;
  }
  return fence;
}

function opensFence(line: string, lineStart: number, lineEnd: number): Fence | null {
  const match = FENCE_OPEN.exec(line);
  if (!match) return null;
  const [, prefix, run, info] = match;
  // A backtick fence's info string cannot hold a backtick: such a line is inline code.
  if (run.startsWith('`') && info.includes('`')) return null;
  return { prefix, run, lineStart, lineEnd };
}

function closesFence(line: string, fence: Fence): boolean {
  const run = FENCE_CLOSE.exec(line.slice(QUOTES_AND_INDENT.exec(line)![0].length))?.[1];
  return run !== undefined && run[0] === fence.run[0] && run.length >= fence.run.length;
}

export function closeFence(source: string, fence: Fence): string {
  // The closing line sits where the code does: list markers count as indentation.
  const closing = fence.prefix.replace(/[^>\s]/g, ' ') + fence.run;
  // An opening line still being written may hold half a language name: show none yet.
  if (fence.lineEnd === source.length) return `${source.slice(0, fence.lineStart)}${fence.prefix}${fence.run}\n${closing}`;
  const lastStart = source.lastIndexOf('\n') + 1;
  if (lastStart === source.length) return source + closing;
  // A last line of only indentation or a short run of the fence character is the closing
  // fence being typed: replace it rather than show it as code.
  const last = source.slice(lastStart);
  const rest = last.slice(QUOTES_AND_INDENT.exec(last)![0].length);
  if (rest === '' || (rest[0] === fence.run[0] && FENCE_CLOSE.test(rest))) return source.slice(0, lastStart) + closing;
  return `${source}\n${closing}`;
}
