/**
 * The AI SDK's own test doubles, set up as the adapter and live tests use them: a mock model
 * (`MockLanguageModelV4`) that answers each call with a simulated stream of chunks.
 */
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

