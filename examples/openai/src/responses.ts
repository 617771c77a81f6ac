import type OpenAI from 'openai';
import { liveOpenAIResponses } from 'display-kit/live';
import { getWeather, weatherTool } from './tools';

/** A tool loop over the Responses API, each response streamed into `list`. */
export async function runResponses(client: OpenAI, list: HTMLElementTagNameMap['message-list'], question: string, signal: AbortSignal) {
  const tools: OpenAI.Responses.Tool[] = [{ type: 'function', strict: true, ...weatherTool }];
  // #region connect
  const live = liveOpenAIResponses(list);
  let input: OpenAI.Responses.ResponseInputItem[] = [{ role: 'user', content: question }];
  let previous: string | undefined; // the API keeps the conversation: each request sends only what is new
  for (;;) {
    for (const item of input) live.push(item); // the question, then the calls' outputs
    // The raw events (`stream: true`): the SDK's stream() helper fails on events it does not know yet.
    const stream = client.responses.create({ model: 'gpt-5', input, previous_response_id: previous, tools, reasoning: { summary: 'auto' }, stream: true }, { signal });
    await live.consume(stream, signal); // the response streams into the list, with its stop mark if it stops early
    const response = live.response as OpenAI.Responses.Response | null; // as the API settled it
    if (response?.status !== 'completed') break; // stopped, cut off or failed: the list says which
    previous = response.id;
    input = response.output.flatMap((item) =>
      item.type === 'function_call' ? [{ type: 'function_call_output' as const, call_id: item.call_id, output: getWeather(item.arguments) }] : []);
    if (input.length === 0) break;
  }
  // #endregion
}
