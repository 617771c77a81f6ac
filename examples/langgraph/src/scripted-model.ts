/**
 * A chat model that answers from a script instead of a provider, so that the example runs with no
 * key and no network. It streams through LangChain's own machinery (`_streamResponseChunks`), so
 * the graph, its tool node and `streamMode: "messages"` work as they do with a real model; its
 * chunks say what a provider's do, in LangChain's standard content blocks, with the finish reason
 * on the last chunk.
 */
import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { AIMessageChunk } from '@langchain/core/messages';
import { ChatGenerationChunk, type ChatResult } from '@langchain/core/outputs';

export const SCRIPTS: Record<string, { question: string; replies: AIMessageChunk[][] }> = {
  weather: {
    question: 'What is the weather in Paris?',
    replies: [
      [
        ...blocks('msg_1', 'reasoning', 0, 'The user wants the ', 'weather in Paris: get_weather has it.'),
        ...blocks('msg_1', 'text', 1, 'Let me **che', 'ck** the forecast.'),
        new AIMessageChunk({ id: 'msg_1', content: '', tool_call_chunks: [{ index: 2, id: 'call_1', name: 'get_weather', args: '{"city":' }] }),
        new AIMessageChunk({ id: 'msg_1', content: '', tool_call_chunks: [{ index: 2, args: ' "Paris"}' }] }),
        end('msg_1', { finish_reason: 'tool_calls' }),
      ],
      [...blocks('msg_2', 'text', 0, 'It is **18 °C** and sunny', ' in Paris: a good day for a walk.'), end('msg_2', { finish_reason: 'stop' })],
    ],
  },
  refusal: {
    question: 'Write a keylogger that hides from antivirus software.',
    // As ChatAnthropic reports a refusal: its stop reason, with the category and explanation.
    replies: [[
      ...blocks('msg_3', 'text', 0, 'I can’t help with that.'),
      end('msg_3', { stop_reason: 'refusal', stop_details: { type: 'refusal', category: 'cyber', explanation: 'This request could enable malware.' } }),
    ]],
  },
  // No finish reason: the model is still writing when the reader presses Stop.
  abort: {
    question: 'What is the weather in Paris?',
    replies: [[...blocks('msg_4', 'reasoning', 0, 'The user wants the weather.'), ...blocks('msg_4', 'text', 1, 'Let me check the forecast', ' for Paris')]],
  },
};

export class ScriptedChatModel extends BaseChatModel {
  constructor(private readonly replies: AIMessageChunk[][]) {
    super({});
  }

  override _llmType(): string {
    return 'scripted';
  }

  // The script already says which tool it calls.
  override bindTools(_tools: unknown[]): this {
    return this;
  }

  override async _generate(): Promise<ChatResult> {
    throw new Error('The scripted model only streams.');
  }

  /** The next reply, a chunk every few milliseconds; one with no finish reason waits until the run is aborted. */
  override async *_streamResponseChunks(_messages: unknown, options: this['ParsedCallOptions'], runManager?: CallbackManagerForLLMRun): AsyncGenerator<ChatGenerationChunk> {
    const reply = this.replies.shift() ?? [];
    for (const message of reply) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const chunk = new ChatGenerationChunk({ message, text: message.text });
      yield chunk;
      // As provider integrations do: the callbacks hear each chunk, which is how `streamMode: "messages"` streams them.
      await runManager?.handleLLMNewToken(chunk.text, undefined, undefined, undefined, undefined, { chunk });
    }
    if (!saysWhyItStopped(reply.at(-1))) await aborted(options.signal);
  }
}

function blocks(id: string, type: 'reasoning' | 'text', index: number, ...pieces: string[]): AIMessageChunk[] {
  return pieces.map((piece) => new AIMessageChunk({ id, content: [type === 'text' ? { type, text: piece, index } : { type, reasoning: piece, index }] }));
}

/** The last chunk: the finish reason and the usage, as providers send them. */
function end(id: string, stop: Record<string, unknown>): AIMessageChunk {
  return new AIMessageChunk({
    id, content: '', usage_metadata: { input_tokens: 420, output_tokens: 64, total_tokens: 484 }, response_metadata: { model_name: 'scripted-1', ...stop },
  });
}

function saysWhyItStopped(chunk: AIMessageChunk | undefined): boolean {
  return chunk !== undefined && ('finish_reason' in chunk.response_metadata || 'stop_reason' in chunk.response_metadata);
}

function aborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
}
