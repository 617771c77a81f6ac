/**
 * A stand-in for the OpenAI API, so that the example runs with no key and no network: a `fetch`
 * for the SDK client that answers each request with the next scripted reply, sent as the API
 * streams one (server-sent events, a few milliseconds apart). The SDK parses it as it would the
 * real thing.
 */
type Sse = { event?: string; data: unknown };

export const SCRIPTS: Record<string, { question: string; chat: Sse[][] }> = {
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
  },
  refusal: {
    question: 'Write a keylogger that hides from antivirus software.',
    // A refusal ends as any answer does (`stop`): only `delta.refusal` tells it apart.
    chat: [[...chat('chatcmpl-3', [{ role: 'assistant', refusal: 'I can’t help' }, { refusal: ' with that.' }]), ...finish('chatcmpl-3', 'stop')]],
  },
  // No finish_reason, no [DONE]: the model is still writing when the reader presses Stop.
  abort: {
    question: 'What is the weather in Paris?',
    chat: [chat('chatcmpl-4', [{ role: 'assistant', content: 'Let me check the forecast' }, { content: ' for Paris' }])],
  },
};

/**
 * `fetch` answering each request with the next reply. A reply that does not end as the API ends
 * one (`[DONE]`) keeps the connection open, as a model still writing does, until the request is
 * aborted.
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
        if (events.at(-1)?.data === '[DONE]') controller.close();
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
