/**
 * The AI SDK's own test doubles, set up as the adapter and live tests use them: a mock model
 * (`MockLanguageModelV4`) that answers each call with a simulated stream of chunks.
 */
import { jsonSchema, tool } from 'ai';
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';

/** A chunk of a model's stream (StreamPart), as the mock model takes it. */
export type StreamPart = Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer T> ? T : never;

const usage = { inputTokens: { total: 20, noCache: 20, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 8, text: 8, reasoning: 2 } };
export const finish = (unified: 'tool-calls' | 'length' | 'stop', raw: string): StreamPart => ({ type: 'finish', finishReason: { unified, raw }, usage });
export const textChunks = (id: string, ...deltas: string[]): StreamPart[] => [
  { type: 'text-start', id }, ...deltas.map((delta): StreamPart => ({ type: 'text-delta', id, delta })), { type: 'text-end', id },
];

/** A model whose calls answer with these streams in turn, each chunk a few milliseconds apart. */
export function mockModel(steps: StreamPart[][], chunkDelayInMs = 1): MockLanguageModelV4 {
  return new MockLanguageModelV4({ doStream: steps.map((chunks) => ({ stream: simulateReadableStream({ chunks, chunkDelayInMs }) })) });
}


/** The weather tool the turns call: it answers 18 °C for any city. */
export const getWeather = tool({
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  execute: async ({ city }) => ({ city, tempC: 18 }),
});

/** A turn's first step: reasoning, the text given, then a getWeather call whose input streams. */
export function weatherCallStep(...text: string[]): StreamPart[] {
  return [
    { type: 'stream-start', warnings: [] },
    { type: 'reasoning-start', id: 'r1' }, { type: 'reasoning-delta', id: 'r1', delta: 'Need the ' }, { type: 'reasoning-delta', id: 'r1', delta: 'forecast.' }, { type: 'reasoning-end', id: 'r1' },
    ...textChunks('t1', ...text),
    { type: 'tool-input-start', id: 'call_1', toolName: 'getWeather' },
    { type: 'tool-input-delta', id: 'call_1', delta: '{"city":' }, { type: 'tool-input-delta', id: 'call_1', delta: '"Paris"}' },
    { type: 'tool-input-end', id: 'call_1' },
    { type: 'tool-call', toolCallId: 'call_1', toolName: 'getWeather', input: '{"city":"Paris"}' },
    finish('tool-calls', 'tool_use'),
  ];
}
