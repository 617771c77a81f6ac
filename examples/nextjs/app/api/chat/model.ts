/**
 * The model, scripted instead of a provider's, so that the example runs with no key and no
 * network: the AI SDK's own mock model (`ai/test`) streams one reply per call, a chunk every 30 ms,
 * and `streamText` runs its tool loop as it would with a real model. The second reply is cut off
 * by the token limit (finish reason `length`), which the list shows as its stop mark.
 */
import { jsonSchema, simulateReadableStream, tool } from 'ai';
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

const usage = { inputTokens: { total: 420, noCache: 420, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 64, text: 64, reasoning: 0 } };
const text = (id: string, ...deltas: string[]): StreamPart[] => [
  { type: 'text-start', id },
  ...deltas.map((delta): StreamPart => ({ type: 'text-delta', id, delta })),
  { type: 'text-end', id },
];

/** A model for one request: its first call streams a text and a tool call, its second the answer. */
export function scriptedModel(): MockLanguageModelV3 {
  const replies: StreamPart[][] = [
    [
      ...text('t1', 'Let me **che', 'ck** the forecast.'),
      { type: 'tool-call', toolCallId: 'call_weather', toolName: 'get_weather', input: '{"city": "Paris"}' },
      { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
    ],
    [...text('t2', 'It is **18 °C** and sunny', ' in Paris: a good day for'), { type: 'finish', finishReason: { unified: 'length', raw: 'max_tokens' }, usage }],
  ];
  return new MockLanguageModelV3({ doStream: replies.map((chunks) => ({ stream: simulateReadableStream({ chunks, chunkDelayInMs: 30 }) })) });
}
