/** Display items for the stories: persisted rows (docs/display-items.md), built small and by hand. */

import { TOOL_STATUSES as ROW_STATUSES, type ToolStatus as RowStatus } from '../../src/model/types.js';

export type Row = Record<string, unknown>;

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${(counter += 1)}`;

const at = (minute: number) => `2026-08-20T18:${String(minute % 60).padStart(2, '0')}:00.000001Z`;

interface RowOptions {
  id?: string;
  sequence?: number;
  status?: string;
  metadata?: Record<string, unknown>;
  toolCallId?: string | null;
  minute?: number;
}

/** A persisted row (docs/display-items.md). */
export function row(role: string, kind: string, content: Record<string, unknown>, options: RowOptions = {}): Row {
  return {
    id: options.id ?? nextId(kind),
    message_type: role,
    content_type: kind,
    sequence: options.sequence ?? 0,
    status: options.status ?? 'completed',
    tool_call_id: options.toolCallId ?? null,
    content,
    metadata: options.metadata ?? {},
    inserted_at: at(options.minute ?? 0),
  };
}

export const userText = (text: string, options?: RowOptions) => row('user', 'text', { text }, options);
export const assistantText = (text: string, options?: RowOptions) => row('assistant', 'text', { text }, options);
export const thinking = (text: string, options?: RowOptions) => row('assistant', 'thinking', { text }, options);

/** A row status, or `declined`: a failed call a person rejected. */
export type ToolStatus = RowStatus | 'declined';

export const TOOL_STATUSES: readonly ToolStatus[] = [...ROW_STATUSES, 'declined'];

interface ToolCallOptions extends RowOptions {
  name?: string;
  args?: unknown;
  displayText?: string | null;
  callId?: string;
}

/** A tool_call row in a lifecycle state; `declined` is `failed` + `hitl_decision: rejected`. */
export function toolCall(status: ToolStatus, options: ToolCallOptions = {}): Row {
  const callId = options.callId ?? nextId('call');
  const metadata: Record<string, unknown> = { ...(options.metadata ?? {}) };
  if (status === 'failed') metadata.error ??= 'weather service timeout';
  if (status === 'declined') {
    metadata.hitl_decision = 'rejected';
    metadata.error ??= 'The user declined this action.';
  }
  if (status === 'interrupted') metadata.display_text ??= 'Waiting for user response';
  return row(
    'assistant',
    'tool_call',
    {
      call_id: callId,
      name: options.name ?? 'get_weather',
      arguments: options.args ?? { city: 'New York', units: 'metric' },
      display_text: options.displayText === undefined ? 'Checking the weather' : options.displayText,
    },
    { ...options, status: status === 'declined' ? 'failed' : status, metadata, toolCallId: callId },
  );
}

interface ToolResultOptions extends RowOptions {
  name?: string;
  isError?: boolean;
  isInterrupt?: boolean;
  decision?: 'approved' | 'rejected';
}

export function toolResult(callId: string, content: string, options: ToolResultOptions = {}): Row {
  return row(
    'tool',
    'tool_result',
    {
      tool_call_id: callId,
      name: options.name ?? 'get_weather',
      content,
      is_error: options.isError ?? false,
      is_interrupt: options.isInterrupt ?? false,
      ...(options.decision ? { hitl_decision: options.decision } : {}),
    },
    { ...options, toolCallId: callId },
  );
}

export const callIdOf = (call: Row) => (call.content as { call_id: string }).call_id;

/** Text whose message stopped early (its `stop_reason`). */
export function stoppedText(text: string, reason: unknown, details?: unknown): Row {
  return row('assistant', 'text', { text, stop_reason: reason, ...(details === undefined ? {} : { stop_details: details }) });
}

/** The same item, as the last of a message that stopped early. */
export function withStop(item: Row, reason: unknown, details?: unknown): Row {
  const content: Record<string, unknown> = { ...(item.content as Record<string, unknown>), stop_reason: reason };
  if (details !== undefined) content.stop_details = details;
  return { ...item, content };
}

export const REFUSAL_FULL = { type: 'refusal', category: 'cyber', explanation: 'Declined to assist.' };
export const REFUSAL_CATEGORY_ONLY = { type: 'refusal', category: 'cyber', explanation: null };
export const REFUSAL_EXPLANATION_ONLY = { type: 'refusal', explanation: 'Declined to assist.' };
export const REFUSAL_NO_DETAILS = { provider_code: 'rf-7', retryable: false };

export const MARKDOWN_SAMPLE = [
  '## Summing a list',
  '',
  'Use `Enum.sum/1` — it is **linear** in the length of the list:',
  '',
  '```elixir',
  '[1, 2, 3]',
  '|> Enum.sum()',
  '# => 6',
  '```',
  '',
  '| function | empty list | notes |',
  '|---|---|---|',
  '| `Enum.sum/1` | `0` | numbers only |',
  '| `Enum.reduce/3` | the accumulator | any fold |',
  '',
  '- [x] read the docs',
  '- [ ] benchmark it',
  '',
  'See [the docs](https://hexdocs.pm/elixir/Enum.html#sum/1).',
].join('\n');

/** A 1×1 PNG, so that the image story loads without a network. */
export const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A conversation with a group of tool calls in every state, for the list's `tool-display` modes.
 * It ends with the results: a later turn would end the run, and the calls still pending or
 * running would read "Did not finish".
 */
export function toolConversation(): Row[] {
  const calls = TOOL_STATUSES.map((status, index) =>
    toolCall(status, {
      sequence: index + 1,
      name: ['list_files', 'run_tests', 'search', 'get_weather', 'delete_file', 'deploy', 'send_email'][index],
      displayText: index % 2 === 0 ? null : ['Running the tests', 'Checking the weather', 'Deploying'][Math.floor(index / 2)],
      args: index === 0 ? {} : { target: `item-${index}`, dry_run: index % 3 === 0 },
    }),
  );
  return [
    userText('Tidy the project: list the files, run the tests, and clean up.'),
    assistantText('On it. Several steps, some need your approval.'),
    ...calls,
    toolResult(callIdOf(calls[2]), JSON.stringify({ hits: 3, results: ['a.ex', 'b.ex', 'c.ex'] }), { name: 'search' }),
    toolResult(callIdOf(calls[3]), 'weather service timeout', { isError: true, sequence: 1 }),
    toolResult(callIdOf(calls[4]), 'Waiting for user response...', { isInterrupt: true, sequence: 2, name: 'delete_file' }),
    toolResult(callIdOf(calls[6]), 'The user declined.', { decision: 'rejected', sequence: 3, name: 'send_email' }),
  ];
}

/**
 * The element pages' playground: one conversation with something for every control of the
 * list: timestamps, reasoning, narration, a link and a remote image, a failed call (`developer`),
 * a result, an answer cut off at its length (`stop-actions`), and last a call waiting for a
 * person (`approvals`).
 */
export function playgroundConversation(): Row[] {
  const search = toolCall('completed', { name: 'search', displayText: null, args: { q: 'trails near Zurich' }, sequence: 3, minute: 1 });
  const weather = toolCall('failed', { sequence: 4, minute: 1 });
  const book = toolCall('interrupted', { name: 'book_ticket', displayText: null, args: { to: 'Zurich' }, sequence: 9, minute: 3 });
  return [
    userText('Find a hike near Zurich for Saturday.', { minute: 0 }),
    thinking('Search first, then check the weather.', { sequence: 1, minute: 1 }),
    { ...assistantText('Let me look that up.', { sequence: 2, minute: 1 }), content: { text: 'Let me look that up.', utterance: 'narration' } },
    search,
    weather,
    toolResult(callIdOf(search), JSON.stringify({ hits: 2, results: ['Uetliberg', 'Felsenegg'] }), { name: 'search', sequence: 5, minute: 1 }),
    {
      ...stoppedText(
        'The [Uetliberg trail](https://example.com/uetliberg) ([write to the guide](mailto:guide@example.com)) starts at the station:\n\n![Map of the trail](https://images.example/uetliberg.png)\n\nIt takes',
        'length',
      ),
      sequence: 6,
      inserted_at: '2026-08-20T18:02:00.000001Z',
    },
    userText('Book the train for Saturday morning.', { sequence: 7, minute: 3 }),
    book,
    toolResult(callIdOf(book), 'Waiting for user response...', { isInterrupt: true, name: 'book_ticket', sequence: 10, minute: 3 }),
  ];
}

const TOPICS = ['the build', 'the tests', 'the schema', 'the cache', 'the release', 'the docs', 'the API'];

/** A long, generated conversation: `turns` exchanges of text, thinking, tools and results. */
export function longConversation(turns: number): Row[] {
  const rows: Row[] = [];
  for (let turn = 0; turn < turns; turn += 1) {
    const topic = TOPICS[turn % TOPICS.length];
    const minute = turn;
    rows.push(userText(`Turn ${turn + 1}: what is the state of ${topic}?`, { id: `u${turn}`, minute }));
    let sequence = 0;
    if (turn % 3 === 0) rows.push(thinking(`Look at ${topic} first, then answer briefly.`, { id: `t${turn}`, sequence: sequence++, minute }));
    rows.push(
      assistantText(`Checking **${topic}** (turn ${turn + 1}). Items so far: \`${rows.length}\`.`, { id: `a${turn}`, sequence: sequence++, minute }),
    );
    if (turn % 2 === 0) {
      const call = toolCall(turn % 10 === 4 ? 'failed' : 'completed', {
        id: `c${turn}`,
        callId: `call${turn}`,
        sequence: sequence++,
        name: 'inspect',
        displayText: null,
        args: { topic, turn },
        minute,
      });
      rows.push(call);
      rows.push(
        toolResult(`call${turn}`, turn % 10 === 4 ? 'inspection failed' : JSON.stringify({ topic, ok: true, turn }), {
          id: `r${turn}`,
          name: 'inspect',
          isError: turn % 10 === 4,
          minute,
        }),
      );
      rows.push(assistantText(`Done with ${topic}: all good for turn ${turn + 1}.`, { id: `b${turn}`, minute }));
    }
  }
  return rows;
}

/**
 * Payloads that would run script, load something, or hijack a click if any were rendered as
 * HTML. Each one sets `window.__dkPwned` if it ever runs.
 */
export const XSS = {
  script: '<script>window.__dkPwned = "script"</script>',
  img: '<img src="x" onerror="window.__dkPwned = \'img\'">',
  svg: '<svg onload="window.__dkPwned = \'svg\'"><circle r="4"/></svg>',
  iframe: '<iframe src="javascript:window.parent.__dkPwned = \'iframe\'"></iframe>',
  jsLink: '[click me](javascript:window.__dkPwned=%22link%22)',
  dataLink: '[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  htmlLink: '<a href="javascript:window.__dkPwned=\'a\'">a link</a>',
  style: '<style>body { display: none !important }</style>',
  form: '<form action="https://evil.example/"><button>Submit</button></form>',
  markdownImage: '![x](javascript:window.__dkPwned="mdimg")',
  entity: '&lt;script&gt;window.__dkPwned = "entity"&lt;/script&gt;',
};

export function hostileConversation(): Row[] {
  const all = Object.values(XSS).join('\n\n');
  const call = toolCall('completed', {
    callId: 'xss-call',
    name: '<img src=x onerror="window.__dkPwned=\'name\'">',
    displayText: '<b onmouseover="window.__dkPwned=\'label\'">Label</b>',
    args: { html: XSS.img, script: XSS.script, nested: { '<svg onload=alert(1)>': [XSS.iframe] } },
  });
  return [
    userText(`Render these:\n\n${all}`),
    thinking(`Thinking about ${XSS.script} and ${XSS.img}`),
    assistantText(`Here they are, all inert:\n\n${all}`, { sequence: 1 }),
    call,
    toolResult('xss-call', JSON.stringify({ html: XSS.img, items: [XSS.script, XSS.svg] }), { name: '<script>x</script>' }),
    toolResult('unpaired', `${XSS.script}\n${XSS.iframe}`, { name: 'raw_html', sequence: 1 }),
    row('system', 'notification', { text: XSS.img }),
    row('system', 'error', { text: XSS.script, error_type: '<img src=x onerror=alert(1)>' }),
    row('system', 'todo_snapshot', { todos: [{ id: 1, content: XSS.img, status: 'in_progress' }] }),
    row('assistant', 'image', { url: 'javascript:window.__dkPwned="image"', alt_text: XSS.img }),
    row('assistant', 'file_reference', { path: '/tmp/<script>x</script>.txt', name: XSS.img }),
    row('assistant', 'structured_data', { format: '<b>html</b>', data: { html: XSS.svg } }),
    row('assistant', 'html_widget', { text: XSS.iframe }),
    stoppedText('I cannot', 'content_filtered', { type: 'refusal', category: XSS.img, explanation: XSS.script }),
  ];
}

/** Items that cannot be shown as their kind: each must render a visible fallback (or its content). */
export function malformedItems(): unknown[] {
  const cyclic: Record<string, unknown> = { type: 'text', message_type: 'assistant', content: { note: 'no text here' } };
  (cyclic.content as Record<string, unknown>).self = cyclic;
  return [
    null,
    42,
    'just a string',
    [],
    {},
    { type: 'text', message_type: 'assistant' },
    { type: 'text', message_type: 'assistant', content: 'a string, not an object' },
    { type: 'text', message_type: 'assistant', content: { text: 42 } },
    { type: 'thinking', message_type: 'assistant', content: null },
    { type: 'todo_snapshot', message_type: 'system', content: { todos: 'not a list' } },
    { type: 'tool_call', message_type: 'assistant', content: { name: 7, arguments: '{"broken": json' } },
    { type: 'tool_result', message_type: 'tool', content: { content: { not: 'a string' } } },
    cyclic,
    { type: 'text', message_type: 'assistant', content: { text: 'A fine item after the broken ones.' } },
  ];
}
