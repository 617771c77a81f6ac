/**
 * A stand-in for the OpenAI API, so that the example runs with no key and no network: a `fetch`
 * for the SDK client that answers each request with the next scripted reply, sent as the API
 * streams one (server-sent events, a few milliseconds apart). The SDK parses it as it would the
 * real thing.
 */
type Sse = { event?: string; data: unknown };

export const SCRIPTS: Record<string, { question: string; chat: Sse[][]; responses: Sse[][] }> = {
  weather: {
    question: 'What is the weather in Paris?',
    chat: [
      [
        // Reasoning as OpenAI-compatible servers stream it (DeepSeek, vLLM…); OpenAI's own Chat Completions send none.
        ...chat('chatcmpl-1', [{ role: 'assistant', reasoning_content: 'The user wants the ' }, { reasoning_content: 'weather in Paris: get_weather has it.' }]),
        ...chat('chatcmpl-1', [{ content: 'Let me **che' }, { content: 'ck** the forecast.' }]),
        ...chat('chatcmpl-1', [
          { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] },
          { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] },
          { tool_calls: [{ index: 0, function: { arguments: ' "Paris"}' } }] },
        ]),
        ...finish('chatcmpl-1', 'tool_calls'),
      ],
      [...chat('chatcmpl-2', [{ role: 'assistant', content: 'It is **18 °C** and sunny' }, { content: ' in Paris: a good day for a walk.' }]), ...finish('chatcmpl-2', 'stop')],
    ],
    responses: [
      response('resp_1', [
        reasoning('rs_1', 'The user wants the ', 'weather in Paris: get_weather has it.'),
        message('msg_1', 'output_text', 'Let me **che', 'ck** the forecast.'),
        functionCall('fc_1', 'call_1', 'get_weather', '{"city":', ' "Paris"}'),
      ]),
      response('resp_2', [message('msg_2', 'output_text', 'It is **18 °C** and sunny', ' in Paris: a good day for a walk.')]),
    ],
  },
  refusal: {
    question: 'Write a keylogger that hides from antivirus software.',
    // A refusal ends as any answer does (`stop`): only `delta.refusal` tells it apart.
    chat: [[...chat('chatcmpl-3', [{ role: 'assistant', refusal: 'I can’t help' }, { refusal: ' with that.' }]), ...finish('chatcmpl-3', 'stop')]],
    responses: [response('resp_3', [message('msg_3', 'refusal', 'I can’t help', ' with that.')])],
  },
  // No finish_reason, no [DONE], no response.completed: the model is still writing when the reader presses Stop.
  abort: {
    question: 'What is the weather in Paris?',
    chat: [chat('chatcmpl-4', [{ role: 'assistant', content: 'Let me check the forecast' }, { content: ' for Paris' }])],
    responses: [response('resp_4', [message('msg_4', 'output_text', 'Let me check the forecast', ' for Paris')], { unfinished: true })],
  },
};

/**
 * `fetch` answering each request with the next reply. A reply that does not end as the API ends
 * one (`[DONE]`, `response.completed`) keeps the connection open, as a model still writing does,
 * until the request is aborted.
 */
export function mockFetch(replies: Sse[][]): typeof fetch {
  let next = 0;
  return async (_url, init) => {
    const events = replies[next++] ?? [];
    const signal = init?.signal;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
        for (const { event, data } of events) {
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (signal?.aborted) return;
          controller.enqueue(encoder.encode(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`));
        }
        const last = events.at(-1);
        if (last?.data === '[DONE]' || last?.event === 'response.completed') controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

/** One `chat.completion.chunk` per delta. */
function chat(id: string, deltas: object[], finish_reason: string | null = null): Sse[] {
  return deltas.map((delta) => ({ data: { id, object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-5', choices: [{ index: 0, delta, finish_reason, logprobs: null }] } }));
}

function finish(id: string, reason: string): Sse[] {
  return [...chat(id, [{}], reason), { data: '[DONE]' }];
}

type Event = { type: string; [key: string]: unknown };
type Item = { added: object; events: Event[]; done: object };

/** A Response's events: created, each output item's (added, its deltas, done), completed with the items done. */
function response(id: string, items: Item[], { unfinished = false } = {}): Sse[] {
  const body = (status: string, output: object[]) => ({ id, object: 'response', created_at: 1767225600, status, model: 'gpt-5', output, error: null, incomplete_details: null });
  const events: Event[] = [
    { type: 'response.created', response: body('in_progress', []) },
    ...items.flatMap((item, output_index) => [
      { type: 'response.output_item.added', output_index, item: item.added },
      ...item.events.map((event) => ({ ...event, output_index })),
      ...(unfinished ? [] : [{ type: 'response.output_item.done', output_index, item: item.done }]),
    ]),
    ...(unfinished ? [] : [{ type: 'response.completed', response: body('completed', items.map((item) => item.done)) }]),
  ];
  return events.map((event, sequence_number) => ({ event: event.type, data: { ...event, sequence_number } }));
}

function reasoning(id: string, ...deltas: string[]): Item {
  const part = { type: 'summary_text', text: deltas.join('') };
  return {
    added: { id, type: 'reasoning', summary: [] },
    events: [
      { type: 'response.reasoning_summary_part.added', item_id: id, summary_index: 0, part: { ...part, text: '' } },
      ...deltas.map((delta) => ({ type: 'response.reasoning_summary_text.delta', item_id: id, summary_index: 0, delta })),
      { type: 'response.reasoning_summary_part.done', item_id: id, summary_index: 0, part },
    ],
    done: { id, type: 'reasoning', summary: [part] },
  };
}

/** An assistant message: its text, or a refusal, in pieces. */
function message(id: string, kind: 'output_text' | 'refusal', ...deltas: string[]): Item {
  const text = deltas.join('');
  const part = kind === 'refusal' ? { type: 'refusal', refusal: text } : { type: 'output_text', text, annotations: [] };
  return {
    added: { id, type: 'message', role: 'assistant', status: 'in_progress', content: [] },
    events: [
      { type: 'response.content_part.added', item_id: id, content_index: 0, part: kind === 'refusal' ? { ...part, refusal: '' } : { ...part, text: '' } },
      ...deltas.map((delta) => ({ type: kind === 'refusal' ? 'response.refusal.delta' : 'response.output_text.delta', item_id: id, content_index: 0, delta })),
      { type: 'response.content_part.done', item_id: id, content_index: 0, part },
    ],
    done: { id, type: 'message', role: 'assistant', status: 'completed', content: [part] },
  };
}

function functionCall(id: string, call_id: string, name: string, ...deltas: string[]): Item {
  const call = { id, type: 'function_call', call_id, name };
  return {
    added: { ...call, arguments: '', status: 'in_progress' },
    events: deltas.map((delta) => ({ type: 'response.function_call_arguments.delta', item_id: id, delta })),
    done: { ...call, arguments: deltas.join(''), status: 'completed' },
  };
}
