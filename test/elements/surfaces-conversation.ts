import type { Row } from '../helpers.js';

/**
 * A conversation with every surface a reader sees: the user's bubble, an answer with a fenced
 * code block, structured data (a JSON tree), a tool call with arguments and a JSON result, and a
 * stop mark of each severity (quiet, notice, error, refusal).
 */
const text = (id: string, role: string, body: string, more: Record<string, unknown> = {}): Row => ({
  id, message_type: role, content_type: 'text', content: { text: body, ...more },
});

export const SURFACE_ROWS: Row[] = [
  text('u1', 'user', 'Show me the config.'),
  text('a1', 'assistant', 'Here it is, from [the docs](https://example.com/docs):\n\n```js\nexport const answer = 42;\n```'),
  { id: 'a2', message_type: 'assistant', content_type: 'structured_data', content: { format: 'json', data: { rows: 2, ok: true } } },
  {
    id: 'a3', message_type: 'assistant', content_type: 'tool_call', status: 'completed',
    content: { call_id: 'c1', name: 'search', arguments: { q: 'elixir' }, display_text: 'Search' },
  },
  { id: 't1', message_type: 'tool', content_type: 'tool_result', content: { tool_call_id: 'c1', name: 'search', content: '{"hits": 3}' } },
  text('u2', 'user', 'Stop now.'),
  text('a4', 'assistant', 'Elixir', { stop_reason: 'cancelled' }),
  text('u3', 'user', 'The whole history.'),
  text('a5', 'assistant', 'Elixir was created in', { stop_reason: 'max_tokens' }),
  text('u4', 'user', 'Again.'),
  text('a6', 'assistant', 'Partial answ', { stop_reason: 'stream_error' }),
  text('u5', 'user', 'Write an exploit.'),
  text('a7', 'assistant', "I can't help with", { stop_reason: 'refusal', stop_details: { type: 'refusal', category: 'cyber', explanation: 'Declined.' } }),
];
