import type { Example } from './viewer/viewer-app.js';

/**
 * Every conversation in test/fixtures/, as raw text: the viewer detects their format as it
 * would a file's, so the examples exercise the same path as an opened file. (The glob picks up
 * fixtures added later; pixel.png is an image, not a conversation.)
 */
const texts = import.meta.glob('../test/fixtures/*.{json,jsonl}', { eager: true, query: '?raw', import: 'default' });

/** Friendlier names for the known fixtures; any other file is listed by its name. */
const NAMES: Record<string, string> = {
  'langchain-trace-subagent.jsonl': 'LangChain trace with a sub-agent',
  'extracted-items.json': 'Extracted items',
  'markdown-rich.json': 'Rich Markdown (with hostile HTML)',
  'sagents-ask-user-and-todos.json': 'Ask user and todos',
  'sagents-hitl-file-delete.json': 'Human approval: file delete',
  'sagents-refusal-and-tools.json': 'Refusal, tools and an error row',
  'sagents-stopped-early.json': 'Stopped early',
};

export const examples: Example[] = Object.entries(texts)
  .map(([path, text]) => {
    const filename = path.slice(path.lastIndexOf('/') + 1);
    return { name: NAMES[filename] ?? filename, filename, text };
  })
  .sort((a, b) => order(a.filename) - order(b.filename) || a.name.localeCompare(b.name));

/** The named fixtures first, in the order above (the LangChain trace leads). */
function order(filename: string): number {
  const index = Object.keys(NAMES).indexOf(filename);
  return index < 0 ? Number.MAX_SAFE_INTEGER : index;
}
