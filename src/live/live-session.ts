import type { AdapterProblem, AdapterResult, DisplayItemJSON } from '../adapters/types.js';
import { readObject, readString } from '../model/guards.js';

/** What a live binding writes to: a `<message-list>`, or anything with its `draft` and `upsert()`. */
export interface LiveTarget {
  draft: unknown;
  upsert(rows: unknown): unknown;
}

/** Why a run stopped early, in the kit's words (`cancelled`, `stream_error`…), with the source's details. */
export interface LiveStop {
  reason: string;
  details?: Record<string, unknown>;
}

/**
 * The draft of a reply on its way that has said nothing yet. One object, never a new one per
 * event: the list takes the same draft again as no change, and renders nothing anew.
 */
const WAITING = Object.freeze({});

/**
 * A turn streaming live from an agent library into a list. The message still streaming is the
 * list's draft (tail repair, caret, "responding" announced once); every other message of the run
 * is saved with `upsert()` as soon as it stops changing, in the same task that clears the draft.
 * From the run's start until the assistant says anything, the draft is `{}`: the list shows the
 * reply waiting.
 *
 * A source reduces its events into the library's own saved shape and converts that with the
 * library's adapter, so a stream ends in exactly the items its saved conversation gives. Only
 * the current run is converted on each event, never the history, so the work on a chunk does
 * not grow with the conversation.
 *
 * A stream that ends without the source saying it finished (`end()` with no finish seen, or
 * `abort()`) stops as `cancelled`; one that throws (`fail()`) as `stream_error`. The mark goes
 * on the run's last assistant message, or on an empty one when the run's last word was a tool's.
 */
export abstract class LiveSession<E> {
  /**
   * What the current run lost: what the adapter could not convert (each also shown as an item),
   * then the stream's events and deltas the binding does not read (the run goes on without them).
   */
  problems: AdapterProblem[] = [];
  /** The source has said the run is over (finished, failed or cancelled): ending adds no mark. */
  protected finished = false;
  /** A run has begun and may still say something. */
  protected started = false;
  /** The run's last message is still streaming. */
  protected open = false;
  /** A reply is on its way: the run has begun (or the library's status says so) and not ended. */
  protected awaiting = false;
  /** Status of the run's calls that have no result yet; a call with its result reads as the saved one does. */
  protected readonly callStatus = new Map<string, string>();
  private stop: LiveStop | null = null;
  /** Events of the current run the binding does not read, one problem per kind. */
  private unread = new Map<string, AdapterProblem>();
  /** Each saved item's JSON as last upserted, so an unchanged item is not sent again. */
  private saved = new Map<string, string>();
  /** Ids for messages that come without one, unique to this session so turns never share an item id. */
  private readonly idPrefix = `live-${Math.random().toString(36).slice(2, 10)}`;
  private unnamed = 0;

  constructor(protected readonly target: LiveTarget) {}

  /** Takes one event of the source's stream and updates the list. */
  push(event: E): void {
    this.apply(event);
    this.flush();
  }

  /** The stream is over. A run the source never said was finished stops as `cancelled`. */
  end(): void {
    if (this.started && !this.finished) this.stopRun({ reason: 'cancelled' });
    this.open = false;
    this.flush();
  }

  /** The reader (or the host) stopped the stream. */
  abort(): void {
    if (!this.finished) this.stopRun({ reason: 'cancelled' });
    this.open = false;
    this.flush();
  }

  /** The stream broke: the run stops as `stream_error`, with the error's message as its explanation. */
  fail(error: unknown): void {
    if (!this.finished) this.stopRun({ reason: 'stream_error', details: errorDetails(error) });
    this.open = false;
    this.flush();
  }

  /**
   * Pushes every event of `stream`, then ends it; an error from the stream fails the run, and
   * an abort (the signal, or an `AbortError`) cancels it. Never rejects. The stream may come as
   * a promise (the SDKs' `create({stream: true})`): a request the API refuses fails the run too.
   */
  async consume(stream: AsyncIterable<E> | PromiseLike<AsyncIterable<E>>, signal?: AbortSignal): Promise<void> {
    try {
      for await (const event of await stream) {
        if (signal?.aborted) break;
        this.push(event);
      }
      if (signal?.aborted) this.abort();
      else this.end();
    } catch (error) {
      if (signal?.aborted || isAbortError(error)) this.abort();
      else this.fail(error);
    }
  }

  /** Applies one event to the source's saved shape. */
  protected abstract apply(event: E): void;

  /** The current run's messages as items (the run only: what was saved before stays as it is). */
  protected abstract convert(): AdapterResult;

  /**
   * The message with an id: adapters number messages that have none by their place in what they
   * convert, which is the turn here, so two turns would give their first messages one id.
   */
  protected withId<T extends Record<string, unknown>>(message: T): T {
    const id = message.id;
    return (typeof id === 'string' && id !== '') || typeof id === 'number' ? message : { ...message, id: this.uniqueId() };
  }

  /** An id no other message or call of this session has, for one that came without. */
  protected uniqueId(): string {
    return `${this.idPrefix}-${this.unnamed++}`;
  }

  /** A new run: its messages start empty, and nothing has stopped it yet. */
  protected beginRun(): void {
    this.started = true;
    this.finished = false;
    this.open = false;
    this.awaiting = true;
    this.stop = null;
    this.saved = new Map();
    this.unread = new Map();
    this.callStatus.clear();
  }

  /**
   * An event (or a delta) the binding does not read: a problem, once per kind, never a failed
   * run. Providers add event types faster than any binding; what they carry is not shown.
   */
  protected unreadEvent(kind: string): void {
    if (!this.unread.has(kind)) this.unread.set(kind, { message: `The stream's ${kind} is not read; what it carried is not shown.` });
  }

  /** The run is over by the source's own word; `stop` when it ended early. */
  protected stopRun(stop: LiveStop | null): void {
    this.finished = true;
    this.open = false;
    this.awaiting = false;
    if (stop) this.stop = stop;
    // A call nobody answered is not still running once its run is over; one waiting for a person still waits.
    for (const [id, status] of this.callStatus) if (status !== 'interrupted') this.callStatus.delete(id);
  }

  /** Writes the run's state to the list: the streaming message as the draft, the rest saved. */
  protected flush(): void {
    const { items, problems } = this.convert();
    this.problems = this.unread.size > 0 ? [...problems, ...this.unread.values()] : problems;
    const current = items.map((item) => this.withStatus(item));
    const shown = this.stop ? withStop(current, this.stop) : current;
    const last = shown.at(-1);
    // Only the assistant streams: until its new message says something, the last one is the user's or a tool's, saved already.
    const streamingId = this.open && !this.stop && last?.message_type === 'assistant' ? last.message_id : undefined;
    const streaming = shown.filter((item) => item.message_id === streamingId);
    const rows = shown.filter((item) => item.message_id !== streamingId && this.changed(item));
    if (rows.length > 0) this.target.upsert(rows);
    this.target.draft = streaming.length > 0 ? streaming : this.waiting(shown) ? WAITING : null;
  }

  /** A reply is on its way and has said nothing yet: the list shows it waiting (an empty draft). */
  private waiting(shown: readonly DisplayItemJSON[]): boolean {
    return this.awaiting && !this.finished && !this.stop && !shown.some((item) => item.message_type === 'assistant');
  }

  private withStatus(item: DisplayItemJSON): DisplayItemJSON {
    const status = item.type === 'tool_call' ? this.callStatus.get(String(item.content.call_id)) : undefined;
    return status ? { ...item, status } : item;
  }

  private changed(item: DisplayItemJSON): boolean {
    const json = JSON.stringify(item);
    if (this.saved.get(item.id) === json) return false;
    this.saved.set(item.id, json);
    return true;
  }
}

/** Adds a streamed fragment to a text field of what a source is building (a string delta only). */
export function appendText(target: Record<string, unknown>, key: string, delta: unknown): void {
  if (typeof delta === 'string' && delta !== '') target[key] = `${typeof target[key] === 'string' ? target[key] : ''}${delta}`;
}

/**
 * The stop on the run's last assistant message (a source's own stop there wins); after a tool's
 * result or before anything was said, on an empty assistant message of its own.
 */
function withStop(items: readonly DisplayItemJSON[], stop: LiveStop): DisplayItemJSON[] {
  const last = items.at(-1);
  if (last && last.message_type === 'assistant') {
    if (last.content.stop_reason) return [...items];
    const content: Record<string, unknown> = { ...last.content, stop_reason: stop.reason };
    if (stop.details) content.stop_details = stop.details;
    return [...items.slice(0, -1), { ...last, content }];
  }
  const messageId = `${last?.message_id ?? 'live'}:stopped`;
  const content: Record<string, unknown> = { text: '', stop_reason: stop.reason };
  if (stop.details) content.stop_details = stop.details;
  return [...items, { id: `${messageId}:0`, type: 'text', message_type: 'assistant', message_id: messageId, sequence: 0, content }];
}

/**
 * A thrown error's code and message as the API gave them: the SDKs' errors carry the API's own
 * error body (`error.error`, nested once more by Anthropic), where the message itself is that
 * body as JSON or prefixed with the HTTP status.
 */
function errorDetails(error: unknown): Record<string, unknown> {
  const body = readObject(error, 'error');
  const api = readObject(body, 'error') ?? body;
  const category = readString(error, 'code') ?? readString(api, 'code') ?? readString(api, 'type') ?? readString(error, 'type');
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : null;
  return streamError(category, readString(api, 'message') ?? message).details!;
}

/** A stream that broke, with the source's error code (as the category) and message where it gave them. */
export function streamError(category: string | null, explanation: string | null): LiveStop {
  const details: Record<string, unknown> = { type: 'error' };
  if (category) details.category = category;
  if (explanation) details.explanation = explanation;
  return { reason: 'stream_error', details };
}

function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
