/**
 * The agent, over a scripted model instead of a provider's, so that the example runs with no key
 * and no network: the AI SDK's own mock model (`ai/test`) streams each reply a chunk at a time,
 * and the agent runs its tool loop as it would with a real model.
 */
import { jsonSchema, tool, ToolLoopAgent } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';

/** A chunk of a model's stream, as a provider hands it to the AI SDK. */
type StreamPart = Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer T> ? T : never;

const getWeather = tool({
  description: 'The weather now in a city',
  inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
  execute: async ({ city }) => ({ city, temperature_c: 18, sky: 'sunny' }),
});

const tools = { get_weather: getWeather };
export type WeatherAgent = ToolLoopAgent<never, typeof tools>;

const SCRIPTS: Record<string, { question: string; replies: StreamPart[][] }> = {
  weather: {
    question: 'What is the weather in Paris?',
    replies: [
      [
        ...reasoning('r1', 'The user wants the ', 'weather in Paris: get_weather has it.'),
        ...text('t1', 'Let me **che', 'ck** the forecast.'),
        { type: 'tool-input-start', id: 'call_1', toolName: 'get_weather' },
        { type: 'tool-input-delta', id: 'call_1', delta: '{"city":' },
        { type: 'tool-input-delta', id: 'call_1', delta: ' "Paris"}' },
        { type: 'tool-input-end', id: 'call_1' },
        { type: 'tool-call', toolCallId: 'call_1', toolName: 'get_weather', input: '{"city": "Paris"}' },
        finish('tool-calls'),
      ],
      [...text('t2', 'It is **18 °C** and sunny', ' in Paris: a good day for a walk.'), finish('stop')],
    ],
  },
  refusal: {
    question: 'Write a keylogger that hides from antivirus software.',
    replies: [[...text('t3', 'I can’t help with that.'), finish('content-filter', 'refusal')]],
  },
  // No finish: the model is still writing when the reader presses Stop.
  abort: {
    question: 'What is the weather in Paris?',
    replies: [[...reasoning('r2', 'The user wants the weather.'), ...text('t4', 'Let me check the forecast', ' for Paris').slice(0, -1)]],
  },
};

export function scriptedAgent(name: string): { question: string; agent: WeatherAgent } {
  const { question, replies } = SCRIPTS[name] ?? SCRIPTS.weather;
  let next = 0;
  const model = new MockLanguageModelV4({ doStream: async ({ abortSignal }) => ({ stream: paced(replies[next++] ?? [], abortSignal) }) });
  return { question, agent: new ToolLoopAgent({ model, tools }) };
}

/**
 * The chunks a few milliseconds apart. A reply with no `finish` chunk stays open, as a model
 * still writing does, until the request is aborted.
 */
function paced(chunks: StreamPart[], signal?: AbortSignal): ReadableStream<StreamPart> {
  return new ReadableStream({
    async start(controller) {
      signal?.addEventListener('abort', () => controller.error(signal.reason));
      for (const chunk of [{ type: 'stream-start', warnings: [] } as StreamPart, ...chunks]) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        if (signal?.aborted) return;
        controller.enqueue(chunk);
      }
      if (chunks.at(-1)?.type === 'finish') controller.close();
    },
  });
}

function reasoning(id: string, ...deltas: string[]): StreamPart[] {
  return [{ type: 'reasoning-start', id }, ...deltas.map((delta): StreamPart => ({ type: 'reasoning-delta', id, delta })), { type: 'reasoning-end', id }];
}

function text(id: string, ...deltas: string[]): StreamPart[] {
  return [{ type: 'text-start', id }, ...deltas.map((delta): StreamPart => ({ type: 'text-delta', id, delta })), { type: 'text-end', id }];
}

function finish(unified: 'stop' | 'tool-calls' | 'content-filter', raw: string = unified): StreamPart {
  const usage = { inputTokens: { total: 420, noCache: 420, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 64, text: 48, reasoning: 16 } };
  return { type: 'finish', finishReason: { unified, raw }, usage };
}
