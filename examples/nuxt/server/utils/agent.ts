import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';

/**
 * A run as an agent streams it, from a script instead of a model (the question is the page's
 * own): Markdown, a tool call and its result, and an answer cut off by the token limit
 * (`RUN_ERROR` with the code `length`: the list's stop mark). A run that ends well sends
 * `RUN_FINISHED` instead.
 */
export function scriptedRun({ threadId, runId }: RunAgentInput): BaseEvent[] {
  const toolCallId = 'call_weather';
  return [
    { type: EventType.RUN_STARTED, threadId, runId },
    ...text('weather-a1', 'Let me **che', 'ck** the forecast.'),
    { type: EventType.TOOL_CALL_START, toolCallId, toolCallName: 'get_weather', parentMessageId: 'weather-a1' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId, delta: '{"city": "Paris"}' },
    { type: EventType.TOOL_CALL_END, toolCallId },
    { type: EventType.TOOL_CALL_RESULT, messageId: 'weather-t', toolCallId, content: '{"temperature_c": 18, "sky": "sunny"}' },
    ...text('weather-a2', 'It is **18 °C** and sunny', ' in Paris: a good day for'),
    { type: EventType.RUN_ERROR, code: 'length', message: 'The answer reached max_tokens.' },
  ] as BaseEvent[];
}

const text = (messageId: string, ...deltas: string[]) => [
  { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
  ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
  { type: EventType.TEXT_MESSAGE_END, messageId },
];

/** The events as server-sent events, one every 30 ms, as a model writes; a reader who leaves cancels the rest. */
export function serverSentEvents(events: readonly BaseEvent[]): ReadableStream<Uint8Array> {
  const queue = [...events];
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const event = queue.shift();
      if (event) controller.enqueue(new TextEncoder().encode(`data: ${JSON.stringify(event)}\n\n`));
      else controller.close();
    },
  });
}
