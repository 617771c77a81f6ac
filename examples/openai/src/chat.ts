import type OpenAI from 'openai';
import { liveOpenAIChat } from 'display-kit/live';
import { getWeather, weatherTool } from './tools';

/** A tool loop over Chat Completions, each reply streamed into `list`. */
export async function runChat(client: OpenAI, list: HTMLElementTagNameMap['message-list'], question: string, signal: AbortSignal) {
  const tools: OpenAI.Chat.ChatCompletionTool[] = [{ type: 'function', function: weatherTool }];
  // #region connect
  const live = liveOpenAIChat(list);
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [];
  function send(message: OpenAI.Chat.ChatCompletionMessageParam) {
    messages.push(message);
    live.push(message); // the question and the tool results, as the API gets them
  }

  send({ role: 'user', content: question });
  for (;;) {
    const stream = client.chat.completions.stream({ model: 'gpt-5', messages, tools }, { signal });
    await live.consume(stream, signal); // the reply streams into the list, with its stop mark if it stops early
    const reply = await stream.finalMessage().catch(() => null); // null once stopped or failed: the list says which
    if (!reply) break;
    messages.push(reply);
    const calls = (reply.tool_calls ?? []).filter((call) => call.type === 'function');
    if (calls.length === 0) break;
    for (const call of calls) send({ role: 'tool', tool_call_id: call.id, content: getWeather(call.function.arguments) });
  }
  // #endregion
}
