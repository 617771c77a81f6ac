/**
 * The model, scripted instead of a provider's, so that the example runs with no key and no
 * network: the AI SDK's own mock model (`ai/test`) streams each reply a chunk at a time, and
 * `streamText` runs its tool loop as it would with a real model. The second reply is cut off by
 * the token limit (finish reason `length`), which the list shows as its stop mark.
 */
import { jsonSchema, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';

/** A chunk of a model's stream, as a provider hands it to the AI SDK. */
type StreamPart = Awaited<ReturnType<MockLanguageModelV3['doStream']>>['stream'] extends ReadableStream<infer T> ? T : never;

export const tools = {
  get_weather: tool({
    description: 'The weather now in a city',
    inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
    execute: async ({ city }) => ({ city, temperature_c: 18, sky: 'sunny' }),
  }),
};

const REPLIES: StreamPart[][] = [
  [
    ...reasoning('r1', 'The user wants the ', 'weather in Paris: get_weather has it.'),
    ...text('t1', 'Let me **che', 'ck** the forecast.'),
    { type: 'tool-input-start', id: 'call_weather', toolName: 'get_weather' },
    { type: 'tool-input-delta', id: 'call_weather', delta: '{"city":' },
    { type: 'tool-input-delta', id: 'call_weather', delta: ' "Paris"}' },
    { type: 'tool-input-end', id: 'call_weather' },
    { type: 'tool-call', toolCallId: 'call_weather', toolName: 'get_weather', input: '{"city": "Paris"}' },
    finish('tool-calls'),
  ],
  [...text('t2', 'It is **18 °C** and sunny', ' in Paris: a good day for'), finish('length', 'max_tokens')],
];

/** A model for one request: its first call streams the first reply, its second the next. */
export function scriptedModel(): MockLanguageModelV3 {
  let next = 0;
  return new MockLanguageModelV3({ doStream: async ({ abortSignal }) => ({ stream: paced(REPLIES[next++] ?? [], abortSignal) }) });
}

/** The chunks 30 ms apart, as a model writes; a reader who leaves aborts the rest. */
function paced(chunks: StreamPart[], signal?: AbortSignal): ReadableStream<StreamPart> {
  return new ReadableStream({
    async start(controller) {
      for (const chunk of [{ type: 'stream-start', warnings: [] } as StreamPart, ...chunks]) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (signal?.aborted) return controller.error(signal.reason);
        controller.enqueue(chunk);
      }
      controller.close();
    },
  });
}

function reasoning(id: string, ...deltas: string[]): StreamPart[] {
  return [{ type: 'reasoning-start', id }, ...deltas.map((delta): StreamPart => ({ type: 'reasoning-delta', id, delta })), { type: 'reasoning-end', id }];
}

function text(id: string, ...deltas: string[]): StreamPart[] {
  return [{ type: 'text-start', id }, ...deltas.map((delta): StreamPart => ({ type: 'text-delta', id, delta })), { type: 'text-end', id }];
}

function finish(unified: 'tool-calls' | 'length', raw: string = unified): StreamPart {
  const usage = { inputTokens: { total: 420, noCache: 420, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 64, text: 48, reasoning: 16 } };
  return { type: 'finish', finishReason: { unified, raw }, usage };
}
