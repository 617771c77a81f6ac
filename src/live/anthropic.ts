import { fromAnthropicMessages } from '../adapters/anthropic-messages.js';
import type { AdapterResult } from '../adapters/types.js';
import { isPlainObject, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { appendText, LiveSession, streamError, type LiveTarget } from './live-session.js';

/** Blocks whose input arrives as JSON text in `input_json_delta`s (or whole in the block's start). */
const CALL_BLOCKS: ReadonlySet<string> = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);

/** Events with nothing to show: a keep-alive. */
const QUIET_EVENTS: ReadonlySet<string> = new Set(['ping']);

/**
 * Anthropic Messages streams into a list: the raw stream events (`message_start`,
 * `content_block_*`, `message_delta`, `message_stop`, `error`) that `client.messages.stream()`
 * (a `MessageStream`) and `client.messages.create({stream: true})` both yield. Messages the
 * host sends between streams (the user's question, its tool results as `tool_result` blocks)
 * go in with `push()` too, as request messages (`{role, content}`); a user message that says
 * more than tool results starts a new turn.
 *
 * The turn is kept as a list of Messages API messages and converted with
 * `fromAnthropicMessages`, so a streamed turn ends as its saved messages render; the model's
 * own `stop_reason` gives the stop (`max_tokens` → `length`, `refusal` with its
 * `stop_details`). A stream that ends before `message_stop` stops as `cancelled`, an `error`
 * event as `stream_error`.
 */
export class AnthropicLive extends LiveSession<unknown> {
  private messages: PlainObject[] = [];
  /** The message being streamed, and its blocks by index. */
  private current: { message: PlainObject; blocks: PlainObject[] } | null = null;
  /** Calls whose whole input came in their block's start: a first `input_json_delta` starts it anew. */
  private readonly inputAtStart = new WeakSet<PlainObject>();
  /** Calls the provider runs (server and MCP tools) in the message being streamed, with no result yet. */
  private readonly running = new Set<string>();

  constructor(target: LiveTarget) {
    super(target);
  }

  protected convert(): AdapterResult {
    return fromAnthropicMessages(this.messages);
  }

  protected apply(event: unknown): void {
    if (!isPlainObject(event)) return;
    const type = readString(event, 'type');
    if (type === null || type === 'message') {
      if (readString(event, 'role') !== null) this.addMessage(event);
      return;
    }
    if (!this.handle(type, event) && !QUIET_EVENTS.has(type)) this.unreadEvent(`"${type}" event`);
  }

  /** Reads one stream event: false for a type this binding does not read. */
  private handle(type: string, event: PlainObject): boolean {
    if (type === 'message_start') this.start(event);
    else if (type === 'content_block_start') this.startBlock(event);
    else if (type === 'content_block_delta') this.delta(event);
    else if (type === 'content_block_stop') this.stopBlock(event);
    else if (type === 'message_delta') this.messageDelta(event);
    else if (type === 'message_stop') this.messageStop();
    else if (type === 'error') this.error(event);
    else return false;
    return true;
  }

  /** A whole message: the host's (a request message) or a finished response the host already has. */
  private addMessage(message: PlainObject): void {
    const role = readString(message, 'role');
    if (role === 'user' && !onlyToolResults(readKey(message, 'content'))) {
      this.beginRun();
      this.messages = [];
    } else if (!this.started) {
      this.beginRun();
    }
    const id = readString(message, 'id');
    const at = id === null ? -1 : this.messages.findIndex((known) => readString(known, 'id') === id);
    if (at >= 0) this.messages[at] = message;
    else this.messages.push(this.withId(message));
    if (role === 'user') this.answerCalls(readKey(message, 'content'));
    this.current = null;
    this.open = false;
  }

  private start(event: PlainObject): void {
    if (!this.started) this.beginRun();
    // A turn goes on with the model's next message (after tool results): it is not over yet.
    this.finished = false;
    const started = readObject(event, 'message');
    // A message may start with whole blocks in it (the calls a program made in code execution): they are its first.
    const content = readKey(started, 'content');
    const blocks = Array.isArray(content) ? content.filter(isPlainObject).map((block) => ({ ...block })) : [];
    const message: PlainObject = { ...started, content: blocks };
    this.current = { message, blocks };
    this.messages.push(message);
    for (const block of blocks) this.startWholeCall(block);
    this.open = true;
  }

  /** A call that came whole: the host runs a client tool's now; a provider's runs until its result. */
  private startWholeCall(block: PlainObject): void {
    if (isCallBlock(block)) this.trackCall(block, 'executing');
  }

  /** A call in `status`; one the provider runs is also running until its result or its message's end. */
  private trackCall(block: PlainObject, status: string): void {
    const id = readString(block, 'id');
    if (id === null) return;
    this.callStatus.set(id, status);
    if (readString(block, 'type') !== 'tool_use') this.running.add(id);
  }

  private startBlock(event: PlainObject): void {
    const current = this.current;
    const index = readKey(event, 'index');
    const block = readObject(event, 'content_block');
    if (!current || typeof index !== 'number' || block === null) return;
    const copy: PlainObject = { ...block };
    if (isCallBlock(block)) this.startCall(copy);
    else this.endCall(readString(block, 'tool_use_id'));
    current.blocks[index] = copy;
    this.refreshContent();
  }

  /**
   * The input arrives as JSON text, which the adapter reads as the call's arguments and the
   * call's view repairs while it grows; a call made by the provider's own code (programmatic
   * tool calling, a web fetch) comes with its whole input at once and no delta.
   */
  private startCall(block: PlainObject): void {
    const input = readKey(block, 'input');
    const whole = isPlainObject(input) && Object.keys(input).length > 0;
    block.input = whole ? JSON.stringify(input) : '';
    if (whole) this.inputAtStart.add(block);
    this.trackCall(block, 'pending');
  }

  /** A server tool's result block: its call ran, and reads as the result says. */
  private endCall(callId: string | null): void {
    if (callId === null) return;
    this.callStatus.delete(callId);
    this.running.delete(callId);
  }

  private delta(event: PlainObject): void {
    const index = readKey(event, 'index');
    const delta = readObject(event, 'delta');
    const block = typeof index === 'number' ? this.current?.blocks[index] : undefined;
    if (!block || delta === null) return;
    switch (readString(delta, 'type')) {
      case 'text_delta':
        appendText(block, 'text', readKey(delta, 'text'));
        break;
      case 'thinking_delta':
        appendText(block, 'thinking', readKey(delta, 'thinking'));
        break;
      case 'input_json_delta':
        this.appendInput(block, readKey(delta, 'partial_json'));
        break;
      case 'compaction_delta':
        appendText(block, 'content', readKey(delta, 'content'));
        break;
      case 'signature_delta':
        break;
      case 'citations_delta': {
        const citations: unknown[] = Array.isArray(block.citations) ? block.citations : [];
        block.citations = [...citations, readKey(delta, 'citation')];
        break;
      }
      default:
        this.unreadEvent(`"${readString(delta, 'type') ?? 'untyped'}" delta`);
    }
  }

  private appendInput(block: PlainObject, json: unknown): void {
    if (json === '' || typeof json !== 'string') return;
    if (this.inputAtStart.delete(block)) block.input = '';
    appendText(block, 'input', json);
  }

  private stopBlock(event: PlainObject): void {
    const current = this.current;
    const index = readKey(event, 'index');
    if (!current || typeof index !== 'number') return;
    const block = current.blocks[index];
    if (!block || !isCallBlock(block)) return;
    const id = readString(block, 'id');
    // A client tool runs once its input is complete; a server tool's result arrives in this message.
    if (id !== null && this.callStatus.has(id)) this.callStatus.set(id, 'executing');
  }

  private messageDelta(event: PlainObject): void {
    const message = this.current?.message;
    if (!message) return;
    Object.assign(message, readObject(event, 'delta') ?? {});
    const usage = readObject(event, 'usage');
    if (usage) message.usage = { ...readObject(message, 'usage'), ...usage };
  }

  private messageStop(): void {
    // A provider-run call with no result in its message never got one: it reads as the saved message does.
    for (const id of this.running) this.callStatus.delete(id);
    this.running.clear();
    this.current = null;
    this.open = false;
    this.finished = true;
  }

  private error(event: PlainObject): void {
    const error = readObject(event, 'error');
    this.stopRun(streamError(readString(error, 'type'), readString(error, 'message')));
  }

  /** The streamed message's content is its blocks so far, in index order. */
  private refreshContent(): void {
    const current = this.current;
    if (current) current.message.content = current.blocks.filter(isPlainObject);
  }

  private answerCalls(content: unknown): void {
    if (!Array.isArray(content)) return;
    for (const block of content) {
      const id = readString(block, 'tool_use_id');
      if (readString(block, 'type') === 'tool_result' && id !== null) this.callStatus.delete(id);
    }
  }
}

function onlyToolResults(content: unknown): boolean {
  return Array.isArray(content) && content.length > 0 && content.every((block) => readString(block, 'type') === 'tool_result');
}

function isCallBlock(block: PlainObject): boolean {
  return CALL_BLOCKS.has(readString(block, 'type') ?? '');
}

/** Binds a list to an Anthropic Messages stream. */
export function liveAnthropic(target: LiveTarget): AnthropicLive {
  return new AnthropicLive(target);
}
