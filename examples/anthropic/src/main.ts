import { mockFetch, SCRIPTS } from './mock-api';
// #region setup
import 'display-kit/define'; // registers <message-list> and the item tags, once, before anything uses them
import Anthropic from '@anthropic-ai/sdk';
import { liveAnthropic } from 'display-kit/live';

const list = document.querySelector('message-list')!; // a <message-list> already in the page
// #endregion
const stopButton = document.querySelector('button')!;
const script = SCRIPTS[new URLSearchParams(location.search).get('script') ?? ''] ?? SCRIPTS.weather;

// A real app keeps its key on a server; here the client answers from a script, with no network.
const client = new Anthropic({ apiKey: 'mock', dangerouslyAllowBrowser: true, fetch: mockFetch(script.replies) });
const tools: Anthropic.Tool[] = [{
  name: 'get_weather',
  description: 'The weather now in a city',
  input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
}];
const runTool = (call: Anthropic.ToolUseBlock) => JSON.stringify({ ...(call.input as object), temperature_c: 18, sky: 'sunny' });

const controller = new AbortController();
const { signal } = controller;
stopButton.onclick = () => controller.abort();

// #region connect
const live = liveAnthropic(list);
const messages: Anthropic.MessageParam[] = [];
function send(message: Anthropic.MessageParam) {
  messages.push(message);
  live.push(message); // the question and the tool results, as the API gets them
}

send({ role: 'user', content: script.question });
for (;;) {
  const stream = client.messages.stream({ model: 'claude-sonnet-4-6', max_tokens: 1024, tools, messages }, { signal });
  await live.consume(stream, signal); // the reply streams into the list, with its stop mark if it stops early
  const reply = await stream.finalMessage().catch(() => null); // null once stopped or failed: the list says which
  if (!reply) break;
  messages.push({ role: 'assistant', content: reply.content });
  const calls = reply.content.filter((block) => block.type === 'tool_use');
  if (calls.length === 0) break;
  send({ role: 'user', content: calls.map((call) => ({ type: 'tool_result', tool_use_id: call.id, content: runTool(call) })) });
}
// #endregion
stopButton.disabled = true;
