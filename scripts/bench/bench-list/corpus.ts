/** A seeded, realistic conversation: Markdown answers with code, lists and tables; thinking; tool pairs. */
import { seededRandom } from '../../../test/markdown/generate.js';

export type Row = Record<string, unknown>;

const WORDS = 'the agent reads files calls tools and writes answers with code lists tables links and notes about elixir phoenix postgres streams supervisors processes messages state'.split(' ');

function sentence(random: () => number, length = 12): string {
  const words = Array.from({ length }, () => WORDS[Math.floor(random() * WORDS.length)]);
  words[0] = words[0][0].toUpperCase() + words[0].slice(1);
  return `${words.join(' ')}.`;
}

function answer(random: () => number, index: number): string {
  const parts = [`## Step ${index}`, `${sentence(random)} ${sentence(random, 8)} Use \`Enum.map/2\` and **keep it simple**.`];
  const shape = Math.floor(random() * 4);
  if (shape === 0) parts.push('```elixir\ndefmodule Demo do\n  def run(xs), do: Enum.map(xs, &(&1 * 2))\nend\n```');
  if (shape === 1) parts.push('- first point\n- second point with `code`\n- third point, [a link](https://example.com)');
  if (shape === 2) parts.push('| name | value |\n|---|---|\n| alpha | 1 |\n| beta | 2 |');
  parts.push(sentence(random, 16));
  return parts.join('\n\n');
}

export function corpus(count: number, seed = 42): Row[] {
  const random = seededRandom(seed);
  const rows: Row[] = [];
  let turn = 0;
  const at = () => new Date(Date.UTC(2026, 7, 20, 10) + rows.length * 1000).toISOString().replace('Z', '000Z');
  const push = (message_type: string, content_type: string, sequence: number, content: Row, extra: Row = {}) =>
    rows.push({ id: `row-${rows.length}`, message_type, content_type, sequence, status: 'completed', inserted_at: at(), metadata: {}, content, tool_call_id: null, ...extra });
  while (rows.length < count) {
    turn++;
    push('user', 'text', 0, { text: sentence(random, 10).replace('.', '?') });
    let sequence = 0;
    if (random() < 0.3) push('assistant', 'thinking', sequence++, { text: sentence(random, 20) });
    if (random() < 0.3) {
      const id = `call-${turn}`;
      push('assistant', 'tool_call', sequence++, { call_id: id, name: 'read_file', arguments: { path: `/src/file_${turn}.ex` }, display_text: 'Reading a file' }, { tool_call_id: id });
      push('tool', 'tool_result', 0, { tool_call_id: id, name: 'read_file', content: `defmodule File${turn} do\n  # ${sentence(random, 6)}\nend`, is_error: false, is_interrupt: false }, { tool_call_id: id });
      sequence = 0;
    }
    push('assistant', 'text', sequence, { text: answer(random, turn) });
  }
  return rows.slice(0, count);
}
