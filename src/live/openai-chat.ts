import { fromOpenAIChat } from '../adapters/openai-chat.js';
import type { AdapterResult } from '../adapters/types.js';
import { isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { appendText, LiveSession, type LiveTarget } from './live-session.js';

/** A streamed call as the final message will hold it. */
interface CallState {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

/**
 * OpenAI Chat Completions streams into a list: the `chat.completion.chunk` objects that
 * `client.chat.completions.create({stream: true})` yields (the first choice is shown). Messages
 * the host sends between streams (the user's question, `tool` messages with results) go in with
 * `push()` as chat messages; a user message starts a new turn.
 *
 * The turn is kept as chat messages and converted with `fromOpenAIChat`, so a streamed turn
 * ends as its saved messages render. The chunk's `finish_reason` gives the stop (`length`,
 * `content_filter`), and a refusal (`delta.refusal`) is marked as one. A web search model's
 * `delta.annotations` (`url_citation`) become the answer's citations. A stream that ends with
 * no `finish_reason` stops as `cancelled`.
 */
export class OpenAIChatLive extends LiveSession<unknown> {
  private messages: PlainObject[] = [];

  constructor(target: LiveTarget) {
    super(target);
  }

  protected convert(): AdapterResult {
    return fromOpenAIChat(this.messages);
  }

  protected apply(event: unknown): void {
    if (!isPlainObject(event)) return;
    if (readString(event, 'object') === 'chat.completion.chunk') this.chunk(event);
    else if (readString(event, 'role') !== null) this.addMessage(event);
  }

  private addMessage(message: PlainObject): void {
    const role = readString(message, 'role');
    if (role === 'user' || !this.started) {
      this.beginRun();
      this.messages = [];
    }
    this.messages.push(this.withId(message));
    if (role === 'tool') this.callStatus.delete(readId(message, 'tool_call_id') ?? '');
    this.open = false;
  }

  private chunk(chunk: PlainObject): void {
    const choices = readKey(chunk, 'choices');
    const choice: unknown = Array.isArray(choices) ? choices.find((entry) => readKey(entry, 'index') === 0) ?? choices[0] : undefined;
    const id = readId(chunk, 'id') ?? 'completion';
    const known = this.messages.find((message) => message.role === 'assistant' && message.id === id);
    const usage = readObject(chunk, 'usage');
    // With `stream_options.include_usage`, the usage comes last, in a chunk with no choices.
    if (!isPlainObject(choice)) {
      if (known && usage) known.usage = usage;
      return;
    }
    const message = known ?? this.startMessage(id, readString(chunk, 'model'));
    if (usage) message.usage = usage;
    const delta = readObject(choice, 'delta') ?? {};
    appendText(message, 'content', readKey(delta, 'content'));
    appendText(message, 'refusal', readKey(delta, 'refusal'));
    appendText(message, 'reasoning_content', readKey(delta, 'reasoning_content') ?? readKey(delta, 'reasoning'));
    appendAnnotations(message, readKey(delta, 'annotations'));
    const calls = readKey(delta, 'tool_calls');
    if (Array.isArray(calls)) for (const call of calls) this.callDelta(message, call);
    const finish = readKey(choice, 'finish_reason');
    if (finish !== null && finish !== undefined) this.finish(message, finish);
  }

  /** A completion the turn has not seen: the model's next message. */
  private startMessage(id: string, model: string | null): PlainObject {
    if (!this.started) this.beginRun();
    // A turn goes on with the model's next completion (after tool results): it is not over yet.
    this.finished = false;
    const message: PlainObject = { id, role: 'assistant', content: '' };
    if (model !== null) message.model = model;
    this.messages.push(message);
    this.open = true;
    return message;
  }

  private callDelta(message: PlainObject, delta: unknown): void {
    const calls = (Array.isArray(message.tool_calls) ? message.tool_calls : (message.tool_calls = [])) as CallState[];
    const index = readKey(delta, 'index');
    const position = typeof index === 'number' ? index : calls.length;
    const fn = readObject(delta, 'function');
    let call = calls[position];
    if (!call) {
      call = { id: readId(delta, 'id') ?? `${String(message.id)}:call-${position}`, type: 'function', function: { name: '', arguments: '' } };
      calls[position] = call;
      this.callStatus.set(call.id, 'pending');
    }
    call.function.name += readString(fn, 'name') ?? '';
    call.function.arguments += readString(fn, 'arguments') ?? '';
  }

  private finish(message: PlainObject, reason: unknown): void {
    message.finish_reason = reason;
    // The calls are complete; the host runs them now.
    for (const call of (Array.isArray(message.tool_calls) ? message.tool_calls : []) as CallState[]) {
      if (this.callStatus.has(call.id)) this.callStatus.set(call.id, 'executing');
    }
    this.open = false;
    this.finished = true;
  }
}

/**
 * The citations a web search model streams (`delta.annotations`, usually on a delta of their own
 * after the text) gathered on the message, where the saved message keeps them. A delta may repeat
 * one already given: each is kept once.
 */
function appendAnnotations(message: PlainObject, annotations: unknown): void {
  if (!Array.isArray(annotations) || annotations.length === 0) return;
  const kept: unknown[] = Array.isArray(message.annotations) ? message.annotations : [];
  const seen = new Set(kept.map((annotation) => JSON.stringify(annotation)));
  const fresh: unknown[] = annotations.filter((annotation) => !seen.has(JSON.stringify(annotation)));
  if (fresh.length > 0) message.annotations = [...kept, ...fresh];
}

/** Binds a list to an OpenAI Chat Completions stream. */
export function liveOpenAIChat(target: LiveTarget): OpenAIChatLive {
  return new OpenAIChatLive(target);
}
