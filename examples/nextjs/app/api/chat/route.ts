import { convertToModelMessages, stepCountIs, streamText, type UIMessage } from 'ai';
import { scriptedModel, tools } from './model';

// useChat's default endpoint: the agent's turn runs here, on the server, and streams to the page as a UI message stream.
export async function POST(request: Request) {
  const { messages }: { messages: UIMessage[] } = await request.json();
  const result = streamText({
    model: scriptedModel(),
    messages: await convertToModelMessages(messages),
    tools,
    stopWhen: stepCountIs(5), // the tool loop: call get_weather, then answer
    abortSignal: request.signal,
  });
  return result.toUIMessageStreamResponse();
}
