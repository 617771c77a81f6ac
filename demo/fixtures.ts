import extracted from '../test/fixtures/extracted-items.json';
import markdownRich from '../test/fixtures/markdown-rich.json';
import askUser from '../test/fixtures/sagents-ask-user-and-todos.json';
import hitl from '../test/fixtures/sagents-hitl-file-delete.json';
import refusal from '../test/fixtures/sagents-refusal-and-tools.json';
import stopped from '../test/fixtures/sagents-stopped-early.json';

/** The shared fixtures, by name, as the demo's picker lists them. */
export const fixtures: Record<string, unknown[]> = {
  'Extracted items': extracted,
  'Rich Markdown (with hostile HTML)': markdownRich,
  'Ask user and todos': askUser,
  'Human approval: file delete': hitl,
  'Refusal, tools and an error row': refusal,
  'Stopped early': stopped,
};
