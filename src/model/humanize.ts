/**
 * A code as words: `list_files` → "List files", `getWeather` → "Get weather", `mcp__fs__read` →
 * "Mcp fs read", `paused_by_operator` → "Paused by operator".
 */
export function humanizeCode(code: unknown): string {
  if (typeof code !== 'string') return '';
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}

/** A tool's name as its label reads when the call has no `display_text`. */
export const humanizeToolName = humanizeCode;
