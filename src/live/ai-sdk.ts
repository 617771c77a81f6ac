import { fromAISDKMessages, type AISDKTurnEnd } from '../adapters/ai-sdk.js';
import type { AdapterResult } from '../adapters/types.js';
import { isPlainObject, readBoolean, readId, readKey, readString, type PlainObject } from '../model/guards.js';
import { LiveSession, type LiveTarget } from './live-session.js';

/** `useChat()`'s `status` values in which the assistant's reply is still coming. */
const IN_FLIGHT: ReadonlySet<string> = new Set(['submitted', 'streaming']);

/**
 * The Vercel AI SDK 7 into a list, from what it gives a host:
 *
 * - `useChat()` (or a `Chat`): hand over its state on every change, `live.update(messages,
 *   status, error)`, and its end, `onFinish: live.finish` (the event says whether the turn was
 *   aborted, failed or cut off, which `status` alone cannot tell; `error` says why it failed,
 *   which neither the event nor the messages do);
 * - outside a framework: the `UIMessage`s `readUIMessageStream()` yields, `live.push(message)` or
 *   `await live.consume(readUIMessageStream({ stream }))`, and `live.finish(event)` with the
 *   server's `onEnd` event where the host has it.
 *
 * The turn (the last user message and what follows it) is converted with `fromAISDKMessages`,
 * its streaming message shown as the draft; earlier messages are saved once, and again only
 * when the host hands over a new object for one. A stream that stops with an error is marked
 * `stream_error`, with the error's message as the mark's explanation; an aborted one `cancelled`.
 */
export class AISDKLive extends LiveSession<unknown> {
  private turn: PlainObject[] = [];
  private turnEnd: AISDKTurnEnd = {};
  /** History messages already saved, by object: the AI SDK replaces a message that changes. */
  private readonly history = new WeakSet<object>();

  /** `useChat({ onFinish: live.finish })`: how the turn ended, as the library reports it. */
  readonly finish = (event: AISDKTurnEnd): void => {
    // `onFinish` says that the turn failed, not why: an error `update()` already had stays.
    const { error } = this.turnEnd;
    this.turnEnd = error === undefined ? pickEnd(event) : { error, ...pickEnd(event) };
    this.stopRun(null);
    this.flush();
  };

  constructor(target: LiveTarget) {
    super(target);
  }

  /**
   * The chat's messages and, from `useChat()`, its `status` and `error`: call it on every change
   * of any. The error, once the status is `'error'`, is what the stop mark says went wrong.
   */
  update(messages: unknown, status?: unknown, error?: unknown): void {
    if (!Array.isArray(messages)) return;
    // The turn starts with the user's message: a reply that never came still gets its mark after it.
    let start = messages.length - 1;
    while (start > 0 && readString(messages[start], 'role') !== 'user') start--;
    start = Math.max(start, 0);
    this.setTurn(messages.slice(start).filter(isPlainObject));
    this.saveHistory(messages.slice(0, start));
    // Only `status` tells that a reply is on its way: messages alone may be a history loaded.
    this.awaiting = typeof status === 'string' && IN_FLIGHT.has(status);
    if (typeof status === 'string') {
      this.open = IN_FLIGHT.has(status) && readString(this.turn.at(-1), 'role') === 'assistant';
      if (status === 'error') this.turnEnd = { ...this.turnEnd, status, ...(isChatError(error) ? { error } : {}) };
      if (!IN_FLIGHT.has(status)) this.stopRun(null);
    }
    this.flush();
  }

  /** A stream that ends is a turn that finished: the AI SDK's stream itself ends only when the run did. */
  override end(): void {
    if (!this.finished) this.stopRun(null);
    super.end();
  }

  protected convert(): AdapterResult {
    return fromAISDKMessages(this.turn, this.turnEnd);
  }

  /** One `UIMessage` as `readUIMessageStream()` yields it: it replaces the message with its id. */
  protected apply(message: unknown): void {
    if (!isPlainObject(message) || readString(message, 'role') === null) return;
    const id = readId(message, 'id');
    const at = id === null ? -1 : this.turn.findIndex((known) => readId(known, 'id') === id);
    const newTurn = readString(message, 'role') === 'user' && at < 0;
    this.setTurn(newTurn ? [message] : at < 0 ? [...this.turn, message] : this.turn.map((known, index) => (index === at ? message : known)));
    this.finished = false;
    this.open = readString(message, 'role') === 'assistant';
  }

  private setTurn(turn: PlainObject[]): void {
    if (!this.started || readId(turn[0], 'id') !== readId(this.turn[0], 'id')) {
      // The turn that ends was saved with how it ended: as history it is not converted again.
      for (const message of this.turn) this.history.add(message);
      this.beginRun();
      this.turnEnd = {};
    }
    this.turn = turn;
  }

  private saveHistory(messages: readonly unknown[]): void {
    const fresh = messages.filter((message) => isPlainObject(message) && !this.history.has(message));
    if (fresh.length === 0) return;
    for (const message of fresh) this.history.add(message as object);
    this.target.upsert(fresh.flatMap((message) => fromAISDKMessages([message]).items));
  }
}

/** The fields of `AISDKTurnEnd`, whichever of the library's events they came in. */
function pickEnd(event: unknown): AISDKTurnEnd {
  const end: AISDKTurnEnd = {};
  const finishReason = readString(event, 'finishReason');
  if (finishReason !== null) end.finishReason = finishReason;
  if (readBoolean(event, 'isAbort')) end.isAbort = true;
  if (readBoolean(event, 'isAborted')) end.isAborted = true;
  if (readBoolean(event, 'isError') || readBoolean(event, 'isDisconnect')) end.isError = true;
  const outcome = readString(readKey(event, 'outcome'), 'status');
  if (outcome !== null) end.outcome = { status: outcome };
  const error = readKey(event, 'error');
  if (isChatError(error)) end.error = error;
  return end;
}

/** `useChat()`'s `error`: an `Error` while the chat has one, `undefined` otherwise (a message is taken too). */
function isChatError(value: unknown): boolean {
  return value instanceof Error || (typeof value === 'string' && value !== '');
}

/** Binds a list to the AI SDK's chat state or UI message stream. */
export function liveAISDK(target: LiveTarget): AISDKLive {
  return new AISDKLive(target);
}
