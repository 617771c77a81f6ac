// An AG-UI endpoint, and the page that talks to it: `npm run build`, then `npm start`.
// POST /agent answers a run with AG-UI events as server-sent events, from a script instead of a
// model (`?script=refusal`, `?script=abort`); any other path serves the built page from dist/.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname } from 'node:path';
import { EventType } from '@ag-ui/core';

const SCRIPTS = {
  // The agent runs its tool itself, so the call's result is an event of the run.
  weather: [
    ...reasoning('r1', 'The user wants the ', 'weather in Paris: get_weather has it.'),
    ...text('a1', 'Let me **che', 'ck** the forecast.'),
    ...toolCall('call_1', 'get_weather', 'a1', '{"city":', ' "Paris"}'),
    { type: EventType.TOOL_CALL_RESULT, messageId: 't1', toolCallId: 'call_1', content: JSON.stringify({ city: 'Paris', temperature_c: 18, sky: 'sunny' }) },
    ...text('a2', 'It is **18 °C** and sunny', ' in Paris: a good day for a walk.'),
  ],
  // AG-UI has no refusal of its own: the agent reports what its model's provider said as the run's error.
  refusal: [
    ...text('a3', 'I can’t help with that.'),
    { type: EventType.RUN_ERROR, code: 'content_filter', message: 'This request could enable malware.' },
  ],
  // The answer never ends: the model is still writing when the reader presses Stop.
  abort: [...reasoning('r2', 'The user wants the weather.'), ...text('a4', 'Let me check the forecast', ' for Paris').slice(0, -1)],
};

/** The events of one run: its start, the conversation so far, the script, and its end (unless the script has one). */
function run(input, script) {
  const events = SCRIPTS[script] ?? SCRIPTS.weather;
  const { threadId, runId } = input;
  const ended = events.at(-1).type === EventType.RUN_ERROR || script === 'abort';
  return [
    { type: EventType.RUN_STARTED, threadId, runId },
    { type: EventType.MESSAGES_SNAPSHOT, messages: input.messages },
    ...events,
    ...(ended ? [] : [{ type: EventType.RUN_FINISHED, threadId, runId }]),
  ];
}

async function answer(request, response) {
  let body = '';
  for await (const chunk of request) body += chunk;
  const input = JSON.parse(body);
  const script = new URL(request.url, 'http://localhost').searchParams.get('script');
  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let closed = false;
  request.on('close', () => (closed = true));
  for (const event of run(input, script)) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    if (closed) return;
    response.write(`data: ${JSON.stringify(event)}\n\n`);
  }
  // A run that did not end keeps the connection until the reader stops it, or a minute has passed.
  if (script === 'abort') setTimeout(() => response.end(), 60_000).unref();
  else response.end();
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

async function page(request, response) {
  const path = new URL(request.url, 'http://localhost').pathname;
  const file = path === '/' ? 'index.html' : path.slice(1);
  if (file.includes('..')) return response.writeHead(404).end();
  try {
    const body = await readFile(new URL(`./dist/${file}`, import.meta.url));
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    response.writeHead(404).end();
  }
}

const server = createServer((request, response) => {
  const handle = request.method === 'POST' && request.url.startsWith('/agent') ? answer : page;
  handle(request, response).catch((error) => response.destroy(error));
});

server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  console.log(`Listening on http://127.0.0.1:${server.address().port}/`);
});

function reasoning(messageId, ...deltas) {
  return [
    { type: EventType.REASONING_START, messageId },
    { type: EventType.REASONING_MESSAGE_START, messageId, role: 'reasoning' },
    ...deltas.map((delta) => ({ type: EventType.REASONING_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.REASONING_MESSAGE_END, messageId },
    { type: EventType.REASONING_END, messageId },
  ];
}

function text(messageId, ...deltas) {
  return [
    { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' },
    ...deltas.map((delta) => ({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta })),
    { type: EventType.TEXT_MESSAGE_END, messageId },
  ];
}

function toolCall(toolCallId, toolCallName, parentMessageId, ...deltas) {
  return [
    { type: EventType.TOOL_CALL_START, toolCallId, toolCallName, parentMessageId },
    ...deltas.map((delta) => ({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta })),
    { type: EventType.TOOL_CALL_END, toolCallId },
  ];
}
