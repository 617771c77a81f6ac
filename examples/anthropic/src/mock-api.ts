/**
 * A stand-in for the Anthropic API, so that the example runs with no key and no network: a
 * `fetch` for the SDK client that answers each request with the next scripted reply, sent as the
 * Messages API streams one (server-sent events, a few milliseconds apart). The SDK parses it as
 * it would the real thing.
 */
type Event = { type: string; [key: string]: unknown };

export const SCRIPTS: Record<string, { question: string; replies: Event[][] }> = {
  weather: {
    question: 'What is the weather in Paris?',
    replies: [
      [
        start('msg_1'),
        ...thinking(0, 'The user wants the ', 'weather in Paris: get_weather has it.'),
        ...text(1, 'Let me **che', 'ck** the forecast.'),
        ...toolUse(2, 'toolu_1', 'get_weather', '{"city":', ' "Paris"}'),
        ...end('tool_use'),
      ],
      [start('msg_2'), ...text(0, 'It is **18 °C** and sunny', ' in Paris: a good day for a walk.'), ...end('end_turn')],
    ],
  },
  refusal: {
    question: 'Write a keylogger that hides from antivirus software.',
    replies: [[
      start('msg_3'),
      ...text(0, 'I can’t help with that.'),
      ...end('refusal', { type: 'refusal', category: 'cyber', explanation: 'This request could enable malware.' }),
    ]],
  },
  // No message_stop: the model is still writing when the reader presses Stop.
  abort: {
    question: 'What is the weather in Paris?',
    replies: [[start('msg_4'), ...thinking(0, 'The user wants the weather.'), ...text(1, 'Let me check the forecast', ' for Paris')]],
  },
};

/**
 * `fetch` answering each request with the next reply. A reply that never says `message_stop`
 * keeps the connection open, as a model still writing does, until the request is aborted.
 */
export function mockFetch(replies: Event[][]): typeof fetch {
  let next = 0;
  return async (_url, init) => {
    const events = replies[next++] ?? [];
    const signal = init?.signal;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
        for (const event of events) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (signal?.aborted) return;
          controller.enqueue(encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`));
        }
        if (events.at(-1)?.type === 'message_stop') controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

function start(id: string): Event {
  const message = { id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 420, output_tokens: 1 } };
  return { type: 'message_start', message };
}

function block(index: number, contentBlock: object, deltas: object[]): Event[] {
  return [
    { type: 'content_block_start', index, content_block: contentBlock },
    ...deltas.map((delta) => ({ type: 'content_block_delta', index, delta })),
    { type: 'content_block_stop', index },
  ];
}

function thinking(index: number, ...pieces: string[]): Event[] {
  const deltas = [...pieces.map((thinking) => ({ type: 'thinking_delta', thinking })), { type: 'signature_delta', signature: 'EqQBCgIYAhIM' }];
  return block(index, { type: 'thinking', thinking: '', signature: '' }, deltas);
}

function text(index: number, ...pieces: string[]): Event[] {
  return block(index, { type: 'text', text: '' }, pieces.map((text) => ({ type: 'text_delta', text })));
}

function toolUse(index: number, id: string, name: string, ...json: string[]): Event[] {
  return block(index, { type: 'tool_use', id, name, input: {} }, json.map((partial_json) => ({ type: 'input_json_delta', partial_json })));
}

function end(stop_reason: string, stop_details: object | null = null): Event[] {
  return [{ type: 'message_delta', delta: { stop_reason, stop_sequence: null, stop_details }, usage: { output_tokens: 64 } }, { type: 'message_stop' }];
}
