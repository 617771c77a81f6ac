/** One conversation with everything the kit draws, for the strict-policy page. */
const MARKDOWN = [
  '# Heading',
  'Some **bold**, *italic*, `code`, a [link](https://example.com) and a footnote.[^1]',
  '',
  '| a | b |',
  '|:--|--:|',
  '| 1 | 2 |',
  '',
  '```ts',
  'const answer: number = 42; // highlighted',
  '```',
  '',
  'Inline $e^{i\\pi} + 1 = 0$ and display:',
  '',
  '$$',
  '\\int_0^1 x^2\\,dx = \\frac{1}{3}',
  '$$',
  '',
  '```mermaid',
  'graph TD',
  '  A[Ask] --> B{Tool?}',
  '  B -->|yes| C[Call]',
  '  B -->|no| D[Answer]',
  '```',
  '',
  '- [x] done',
  '- [ ] open',
  '',
  '> quoted',
  '',
  '[^1]: The note.',
].join('\n');

const row = (sequence: number, role: string, kind: string, content: Record<string, unknown>, status = 'completed', callId: string | null = null) => ({
  id: `csp-${sequence}`,
  message_type: role,
  content_type: kind,
  sequence,
  status,
  tool_call_id: callId,
  content,
  metadata: {},
  inserted_at: `2026-08-20T18:0${sequence}:00Z`,
});

export const CSP_CONVERSATION: unknown[] = [
  row(0, 'user', 'text', { text: 'Show me everything.' }),
  row(1, 'assistant', 'thinking', { text: 'Plan: **Markdown**, code, math, a diagram.' }),
  row(2, 'assistant', 'text', { text: MARKDOWN }),
  row(3, 'assistant', 'tool_call', { call_id: 'c1', name: 'get_weather', arguments: { city: 'Paris', days: [1, 2] } }, 'completed', 'c1'),
  row(4, 'tool', 'tool_result', { tool_call_id: 'c1', name: 'get_weather', content: '{"city":"Paris","temp_c":18,"sky":["clear"]}' }, 'completed', 'c1'),
  row(5, 'assistant', 'tool_call', { call_id: 'c2', name: 'search', arguments: { q: 'x' } }, 'executing', 'c2'),
  row(6, 'assistant', 'text', { text: 'I cannot help with that.', stop_reason: 'refusal', stop_details: { category: 'cyber', explanation: 'Declined.' } }),
];

export const CSP_DRAFT = { thinking: 'Still **thinking**', text: 'Streaming `code` and **bold', tool_calls: [] };
