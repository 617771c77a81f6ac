/** `list_files` → "List files", `getWeather` → "Get weather", `mcp__fs__read` → "Mcp fs read". */
export function humanizeToolName(name: unknown): string {
  if (typeof name !== 'string') return '';
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : '';
}
