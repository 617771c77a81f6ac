import { EventType, type BaseEvent, type RunAgentInput } from '@ag-ui/core';

/**
 * A run as an agent would stream it, from a script instead of a model: reasoning, Markdown, a
 * tool call whose arguments stream, its result, and an answer cut off by the model's token limit,
 * which the agent passes on as the run's error with the code `length` (the list's stop mark).
 */
export function scriptedRun({ threadId, runId, messages }: RunAgentInput): BaseEvent[] {
  return [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.MESSAGES_SNAPSHOT, messages },
    ...reasoning('weather-r', 'The user wants the ', 'weather in Paris: get_weather has it.'),
    ...text('weather-a1', 'Let me **che', 'ck** the forecast.'),
    { type: EventType.TOOL_CALL_START, toolCallId: 'call_weather', toolCallName: 'get_weather', parentMessageId: 'weather-a1' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call_weather', delta: '{"city":' },
    { type: EventType.TOOL_CALL_ARGS, toolCallId: 'call_weather', delta: ' "Paris"}' },
    { type: EventType.TOOL_CALL_END, toolCallId: 'call_weather' },
    { type: EventType.TOOL_CALL_RESULT, messageId: 'weather-t', toolCallId: 'call_weather', content: '{"city":"Paris","temperature_c":18,"sky":"sunny"}' },
    ...text('weather-a2', 'It is **18 °C** and sunny', ' in Paris: a good day for'),
    { type: EventType.RUN_ERROR, code: 'length', message: 'The answer reached max_tokens.' },
  ] as BaseEvent[];
}

function reasoning(messageId: string, ...deltas: string[]) {
  return [
    { type: EventType.REASONING_START, messageId },
    { type: EventType.REASONING_MESSAGE_START, messageId, role: 'reasoning' },
    ...deltas.map((delta) => ({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.REASONING_MESSAGE_END, messageId },
    { type: EventType.REASONING_END, messageId },
  ];
}

function text(messageId: string, ...deltas: string[]) {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
    ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ];
}

/** The events as server-sent events, one every 30 ms, as a model writes; a reader who leaves cancels the rest. */
export function serverSentEvents(events: readonly BaseEvent[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const queue = [...events];
  return new ReadableStream({
    async pull(controller) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const event = queue.shift();
      if (event) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      else controller.close();
    },
  });
}
