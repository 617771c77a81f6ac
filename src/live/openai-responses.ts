import { fromOpenAIResponses } from '../adapters/openai-responses.js';
import type { AdapterResult } from '../adapters/types.js';
import { isPlainObject, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { appendText, LiveSession, streamError, type LiveTarget } from './live-session.js';

/** The response being streamed, and its output items by `output_index`. */
interface Streamed {
  response: PlainObject;
  output: PlainObject[];
}

/**
 * OpenAI Responses API streams into a list: the events that `client.responses.stream()` and
 * `client.responses.create({stream: true})` yield — the response's lifecycle, its output items
 * added and done, the text, refusal, reasoning, argument and code deltas in between, and the
 * built-in tools' progress. Items the host sends between streams (the user's message,
 * `function_call_output`s) go in with `push()` as input items; a user message starts a new turn.
 *
 * The turn is kept as a stored conversation (its input items, then each Response) and converted
 * with `fromOpenAIResponses`, so a streamed turn ends as `[...input items, response, outputs,
 * response…]` renders, with the responses' ids. Deltas build each output item as it streams;
 * `response.output_item.done` then replaces it, and the terminal `response.completed`,
 * `response.incomplete` or `response.failed` replaces the whole response: what the API says
 * last is what is shown. The stop comes from the response: its `incomplete_details.reason`
 * (`max_output_tokens` → `length`), a failure's error (`stream_error`), a refusal
 * (`content_filtered`). An `error` event stops the turn as `stream_error` (the SDK throws it
 * instead, which `consume()` reads the same way); a stream that ends before a terminal event, as
 * `cancelled`. A call the host runs is `pending` while its arguments stream and `executing` from
 * its item's done until the host pushes its output.
 */
export class OpenAIResponsesLive extends LiveSession<unknown> {
  private items: PlainObject[] = [];
  private streamed: Streamed | null = null;
  private settled: PlainObject | null = null;

  constructor(target: LiveTarget) {
    super(target);
  }

  protected convert(): AdapterResult {
    return fromOpenAIResponses(this.items);
  }

  /**
   * The response the API settled last (its `response.completed`, `.incomplete` or `.failed`),
   * or null when the latest one never was: what a tool loop reads, without the SDK's
   * `stream()` helper, to run the calls of a completed response.
   */
  get response(): PlainObject | null {
    return this.settled;
  }

  protected apply(event: unknown): void {
    if (!isPlainObject(event)) return;
    const type = readString(event, 'type') ?? '';
    if (!type.startsWith('response.') && type !== 'error') {
      this.addItem(event);
      return;
    }
    const handler = HANDLERS.get(type);
    if (handler) {
      handler(this, event);
      return;
    }
    const update = ITEM_UPDATES.get(type) ?? progressUpdate(type);
    const item = this.outputItem(event);
    if (update && item) update(item, event);
    else if (!update && !isSettledLater(type)) this.unreadEvent(`"${type}" event`);
  }

  /** An item the host sends: the user's message (a new turn) or a call's output. */
  private addItem(item: PlainObject): void {
    if (readString(item, 'role') === 'user' || !this.started) {
      this.beginRun();
      this.items = [];
    }
    this.items.push(this.withId(item));
    // The host sends what the next request carries: until it settles, there is no response to act on.
    this.settled = null;
    const answered = answeredCall(item);
    if (answered !== null) this.callStatus.delete(answered);
    this.streamed = null;
    this.open = false;
  }

  /** `response.created` (or `queued`, `in_progress`): a response the turn has not seen starts. */
  startResponse(event: PlainObject): void {
    const response = readObject(event, 'response');
    if (response === null || (this.streamed !== null && readId(this.streamed.response, 'id') === readId(response, 'id'))) return;
    if (!this.started) this.beginRun();
    // A turn goes on with the model's next response (after the calls' outputs): it is not over yet.
    this.finished = false;
    this.settled = null;
    this.streamed = { response: { ...response, output: [] }, output: [] };
    this.items.push(this.streamed.response);
  }

  addOutput(event: PlainObject): void {
    const item = readObject(event, 'item');
    // A copy, which the deltas that follow build up.
    if (item === null || !this.setOutput(event, { ...item })) return;
    this.open = true;
    if (isHostCall(item)) this.callStatus.set(readId(item, 'call_id') ?? '', 'pending');
  }

  /** The item as the API settled it: it replaces what the deltas built. */
  outputDone(event: PlainObject): void {
    const item = readObject(event, 'item');
    if (item === null || !this.setOutput(event, item)) return;
    const callId = readId(item, 'call_id') ?? '';
    // An output in the response (a shell the provider ran) ends its call; reads as the output says.
    if (isOutput(item)) this.callStatus.delete(callId);
    // Its arguments are complete: the host runs the call now.
    else if (this.callStatus.has(callId)) this.callStatus.set(callId, 'executing');
  }

  /**
   * The terminal event's response is the final one. A terminal event may leave its output out
   * (the SDK fills it in from the items it saw, as this does).
   */
  endResponse(event: PlainObject, status: 'completed' | 'stopped'): void {
    const response = readObject(event, 'response');
    if (response === null) return;
    const streamed = this.streamed;
    const final = Array.isArray(readKey(response, 'output')) || !streamed ? response : { ...response, output: streamed.response.output };
    const at = streamed ? this.items.indexOf(streamed.response) : -1;
    if (at >= 0) this.items[at] = final;
    else this.items.push(final);
    this.streamed = null;
    this.settled = final;
    // Cut off or failed, the response carries its own stop; its calls will not run.
    if (status === 'stopped') this.stopRun(null);
    else {
      // Completed, its calls stay executing: the host runs them next.
      this.open = false;
      this.finished = true;
    }
  }

  error(event: PlainObject): void {
    // Providers nest the error; the published event schema has it flat.
    const error = readObject(event, 'error') ?? event;
    this.streamed = null;
    this.stopRun(streamError(readString(error, 'code'), readString(error, 'message')));
  }

  private outputItem(event: PlainObject): PlainObject | undefined {
    const index = readKey(event, 'output_index');
    return typeof index === 'number' ? this.streamed?.output[index] : undefined;
  }

  /** Puts an item at its `output_index`; false when there is no response or place for it. */
  private setOutput(event: PlainObject, item: PlainObject): boolean {
    const index = readKey(event, 'output_index');
    const streamed = this.streamed;
    if (!streamed || typeof index !== 'number') return false;
    streamed.output[index] = item;
    streamed.response.output = streamed.output.filter(isPlainObject);
    return true;
  }
}

/** A call the host runs: it names a `call_id` its output item will answer. */
function isHostCall(item: PlainObject): boolean {
  return readId(item, 'call_id') !== null && !isOutput(item) && readString(item, 'execution') !== 'server';
}

function isOutput(item: PlainObject): boolean {
  return (readString(item, 'type') ?? '').endsWith('_output');
}

/**
 * Events whose content the item's `output_item.done` brings whole: read there, not here (a
 * part's or a text's `.done`, a shell's output as it comes).
 */
function isSettledLater(type: string): boolean {
  return type.endsWith('.done') || type === 'response.shell_call_output_content.delta';
}

/** The call an item the host sends answers; a local shell output names it in `id`. */
function answeredCall(item: PlainObject): string | null {
  return readId(item, 'call_id') ?? (readString(item, 'type') === 'local_shell_call_output' ? readId(item, 'id') : null);
}

type Handler = (live: OpenAIResponsesLive, event: PlainObject) => void;

const HANDLERS = new Map<string, Handler>([
  ['response.created', (live, event) => live.startResponse(event)],
  ['response.queued', (live, event) => live.startResponse(event)],
  ['response.in_progress', (live, event) => live.startResponse(event)],
  ['response.output_item.added', (live, event) => live.addOutput(event)],
  ['response.output_item.done', (live, event) => live.outputDone(event)],
  ['response.completed', (live, event) => live.endResponse(event, 'completed')],
  ['response.incomplete', (live, event) => live.endResponse(event, 'stopped')],
  ['response.failed', (live, event) => live.endResponse(event, 'stopped')],
  ['error', (live, event) => live.error(event)],
]);

/** What an event changes in the output item it names. No `….done` event is read: `output_item.done` replaces the item whole. */
type ItemUpdate = (item: PlainObject, event: PlainObject) => void;

/** A part added to one of the item's lists: content parts, summary parts. */
function addPart(list: string, indexKey: string): ItemUpdate {
  return (item, event) => {
    const index = readKey(event, indexKey);
    const part = readObject(event, 'part');
    if (typeof index !== 'number' || part === null) return;
    const parts = Array.isArray(item[list]) ? [...(item[list] as unknown[])] : [];
    parts[index] = { ...part };
    item[list] = parts;
  };
}

/** A delta to a part's text; a part never added takes none (the SDK refuses such a stream). */
function appendToPart(list: string, indexKey: string, field: string): ItemUpdate {
  return (item, event) => {
    const part = partOf(item, list, readKey(event, indexKey));
    if (part) appendText(part, field, readKey(event, 'delta'));
  };
}

function partOf(item: PlainObject, list: string, index: unknown): PlainObject | undefined {
  const parts = readKey(item, list);
  const part: unknown = Array.isArray(parts) && typeof index === 'number' ? parts[index] : undefined;
  return isPlainObject(part) ? part : undefined;
}

function appendToItem(field: string): ItemUpdate {
  return (item, event) => appendText(item, field, readKey(event, 'delta'));
}

const addAnnotation: ItemUpdate = (item, event) => {
  const part = partOf(item, 'content', readKey(event, 'content_index'));
  if (part) part.annotations = [...(Array.isArray(part.annotations) ? (part.annotations as unknown[]) : []), readKey(event, 'annotation')];
};

const ITEM_UPDATES = new Map<string, ItemUpdate>([
  ['response.content_part.added', addPart('content', 'content_index')],
  ['response.reasoning_summary_part.added', addPart('summary', 'summary_index')],
  ['response.output_text.delta', appendToPart('content', 'content_index', 'text')],
  ['response.refusal.delta', appendToPart('content', 'content_index', 'refusal')],
  ['response.reasoning_text.delta', appendToPart('content', 'content_index', 'text')],
  ['response.reasoning_summary_text.delta', appendToPart('summary', 'summary_index', 'text')],
  ['response.output_text.annotation.added', addAnnotation],
  ['response.function_call_arguments.delta', appendToItem('arguments')],
  ['response.custom_tool_call_input.delta', appendToItem('input')],
  ['response.mcp_call_arguments.delta', appendToItem('arguments')],
  ['response.code_interpreter_call_code.delta', appendToItem('code')],
  ['response.shell_call_command.added', shellCommand((_command, event) => readString(event, 'command') ?? '')],
  ['response.shell_call_command.delta', shellCommand((command, event) => command + (readString(event, 'delta') ?? ''))],
  ['response.apply_patch_call_operation_diff.delta', (item, event) => {
    const operation = { ...readObject(item, 'operation') };
    appendText(operation, 'diff', readKey(event, 'delta'));
    item.operation = operation;
  }],
  // The image so far, shown as the call's result until the final one replaces it.
  ['response.image_generation_call.partial_image', (item, event) => void (item.result = readKey(event, 'partial_image_b64'))],
]);

/** A shell call's commands as they stream, each at its `command_index` in the item's `action`. */
function shellCommand(change: (command: string, event: PlainObject) => string): ItemUpdate {
  return (item, event) => {
    const index = readKey(event, 'command_index');
    if (typeof index !== 'number') return;
    const action = { ...readObject(item, 'action') };
    const commands: unknown[] = Array.isArray(action.commands) ? [...(action.commands as unknown[])] : [];
    const command = commands[index];
    commands[index] = change(typeof command === 'string' ? command : '', event);
    action.commands = commands;
    item.action = action;
  };
}

const PROGRESS = /^response\.(?:\w+_call|mcp_list_tools)\.(in_progress|searching|interpreting|generating|completed|failed)$/;

/** The built-in tools' progress (`response.web_search_call.searching`…) is their item's `status`. */
function progressUpdate(type: string): ItemUpdate | undefined {
  const status = PROGRESS.exec(type)?.[1];
  return status === undefined ? undefined : (item) => void (item.status = status);
}

/** Binds a list to an OpenAI Responses API stream. */
export function liveOpenAIResponses(target: LiveTarget): OpenAIResponsesLive {
  return new OpenAIResponsesLive(target);
}
