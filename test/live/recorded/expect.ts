/**
 * What a recorded provider response must show, read from the wire by code of its own (never
 * the kit's adapters), and the checks of a list's items against it. A check names the
 * recording's own words (a call id, a block type), so a failure says what a reader lost.
 */

type Json = Record<string, unknown>;

export interface ExpectedCall {
  id: string;
  name: string;
  /** The call's whole input as the wire gave it; undefined where the kit names the input itself (OpenAI's built-in tools). */
  input?: unknown;
  /** Run by the provider: it must end (done or failed) once its stream is over. */
  server: boolean;
}

export interface Expected {
  /** Each text the model said, whole. */
  texts: string[];
  /** Each reasoning text; `redacted` counts reasoning the provider hid. */
  thinking: string[];
  redacted: number;
  calls: ExpectedCall[];
  /** The calls each result answers. */
  results: string[];
  /** Summaries of compacted context: each must be shown, whole. */
  summaries: string[];
  /** Types the kit has no view for: each must be named in a problem. */
  unknown: string[];
  /** The provider's stop reason when it is one a reader must be told of. */
  stop: string | null;
}

const empty = (): Expected => ({ texts: [], thinking: [], redacted: 0, calls: [], results: [], summaries: [], unknown: [], stop: null });

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Stop reasons that end a turn as it should end: no mark. */
const QUIET_STOPS = new Set(['end_turn', 'tool_use', 'stop_sequence', 'pause_turn', 'compaction', 'stop', 'tool_calls', 'completed']);

const ANTHROPIC_CALLS = new Set(['tool_use', 'server_tool_use', 'mcp_tool_use']);
const ANTHROPIC_KNOWN = new Set(['text', 'thinking', 'redacted_thinking', 'compaction', 'container_upload', ...ANTHROPIC_CALLS]);

/** Anthropic: the raw stream events, or whole messages (`{type: 'message'}`). */
export function anthropicExpected(source: readonly unknown[]): Expected {
  const blocks: Json[] = [];
  let stop: string | null = null;
  let offset = 0;
  for (const event of source.filter(isObject)) {
    const type = text(event.type);
    if (type === 'message') {
      blocks.push(...(Array.isArray(event.content) ? event.content.filter(isObject) : []));
      stop = text(event.stop_reason) || null;
    } else if (type === 'message_start') {
      offset = blocks.length;
      // A message may start with blocks already in it (the calls a program made): they are whole.
      const content = isObject(event.message) ? event.message.content : null;
      if (Array.isArray(content)) blocks.push(...content.filter(isObject).map((block) => ({ ...block, json: '' })));
    } else if (type === 'content_block_start' && isObject(event.content_block)) {
      blocks[offset + Number(event.index)] = { ...event.content_block, json: '' };
    } else if (type === 'content_block_delta' && isObject(event.delta)) {
      const block = blocks[offset + Number(event.index)];
      const delta = event.delta;
      if (!block) continue;
      if (delta.type === 'text_delta') block.text = text(block.text) + text(delta.text);
      if (delta.type === 'thinking_delta') block.thinking = text(block.thinking) + text(delta.thinking);
      if (delta.type === 'input_json_delta') block.json = text(block.json) + text(delta.partial_json);
      if (delta.type === 'compaction_delta') block.content = text(block.content) + text(delta.content);
    } else if (type === 'message_delta' && isObject(event.delta)) {
      stop = text(event.delta.stop_reason) || null;
    }
  }
  const expected = empty();
  for (const block of blocks.filter(isObject)) {
    const type = text(block.type);
    if (type === 'text' && text(block.text).trim()) expected.texts.push(text(block.text));
    else if (type === 'thinking' && text(block.thinking).trim()) expected.thinking.push(text(block.thinking));
    else if (type === 'redacted_thinking') expected.redacted++;
    else if (type === 'compaction' && text(block.content)) expected.summaries.push(text(block.content));
    else if (ANTHROPIC_CALLS.has(type)) {
      const json = text(block.json);
      expected.calls.push({ id: text(block.id), name: text(block.name), input: json ? parsedOrUnknown(json) : block.input, server: type !== 'tool_use' });
    } else if (type === 'tool_result' || type.endsWith('_tool_result')) expected.results.push(text(block.tool_use_id));
    else if (!ANTHROPIC_KNOWN.has(type) && type !== 'thinking' && type !== 'text') expected.unknown.push(type);
  }
  expected.stop = stop !== null && !QUIET_STOPS.has(stop) ? stop : null;
  return expected;
}

/** A call's input; undefined (not checked) when its stream was cut off mid-JSON, as a spliced recording's first message is. */
function parsedOrUnknown(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

/** OpenAI Responses output items answered by an item of their own (`…_output`), run by the host unless `execution` says server. */
const OPENAI_HOST_CALLS = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'shell_call', 'apply_patch_call', 'computer_call', 'tool_search_call', 'program']);
const OPENAI_SERVER_CALLS = new Set(['web_search_call', 'file_search_call', 'code_interpreter_call', 'image_generation_call', 'mcp_call', 'mcp_list_tools']);
const OPENAI_KNOWN = new Set(['message', 'reasoning', 'mcp_approval_request', 'compaction', ...OPENAI_HOST_CALLS, ...OPENAI_SERVER_CALLS]);

/** OpenAI Responses: the final output items of the raw stream (each `output_item.done`), or of a Response. */
export function openAIResponsesExpected(source: readonly unknown[]): Expected {
  const output: Json[] = [];
  let stop: string | null = null;
  for (const event of source.filter(isObject)) {
    const type = text(event.type);
    if (type === 'response.output_item.done' && isObject(event.item)) output.push(event.item);
    if (text(event.object) === 'response' && Array.isArray(event.output)) output.push(...event.output.filter(isObject));
    const response = text(event.object) === 'response' ? event : isObject(event.response) ? event.response : null;
    if (response && (response.status === 'incomplete' || response.status === 'failed')) {
      stop = isObject(response.incomplete_details) ? text(response.incomplete_details.reason) : text(response.status);
    }
    if (type === 'error') stop = 'failed';
  }
  const expected = empty();
  const calls: Array<ExpectedCall & { type: string }> = [];
  for (const item of output) {
    const type = text(item.type);
    const id = text(item.call_id) || text(item.id);
    if (type === 'message') {
      for (const part of Array.isArray(item.content) ? item.content.filter(isObject) : []) {
        if (text(part.text).trim()) expected.texts.push(text(part.text));
        if (text(part.refusal).trim()) expected.texts.push(text(part.refusal));
      }
    } else if (type === 'reasoning') {
      const said = [item.summary, item.content].flatMap((parts) => (Array.isArray(parts) ? parts.filter(isObject).map((part) => text(part.text)) : [])).filter(Boolean);
      if (said.length > 0) expected.thinking.push(...said);
      else expected.redacted++;
    } else if (type === 'compaction') {
      if (text(item.summary)) expected.summaries.push(text(item.summary));
    } else if (type === 'function_call' || type === 'custom_tool_call') {
      const input = type === 'function_call' ? JSON.parse(text(item.arguments) || '{}') : { input: item.input };
      calls.push({ type, id, name: text(item.name), input, server: false });
    } else if (OPENAI_HOST_CALLS.has(type)) {
      calls.push({ type, id, name: '', server: text(item.execution) === 'server' });
    } else if (OPENAI_SERVER_CALLS.has(type)) {
      calls.push({ type, id, name: '', server: true });
    } else if (type.endsWith('_output')) {
      // An output that names no call answers the first call of its kind still unanswered, in order.
      const callType = type.replace(/_output$/, '_call');
      const call = text(item.call_id)
        ? calls.find((candidate) => candidate.id === id)
        : calls.find((candidate) => candidate.type === callType && !expected.results.includes(candidate.id));
      expected.results.push(call?.id ?? id);
      // Answered inside the response, the call ran there: it must end with it.
      if (call) call.server = true;
    } else if (!OPENAI_KNOWN.has(type)) expected.unknown.push(type);
  }
  expected.calls = calls.map(({ type: _type, ...call }) => call);
  expected.stop = stop !== null && !QUIET_STOPS.has(stop) ? stop : null;
  return expected;
}

/** OpenAI Chat Completions: the chunks' deltas, or a completion. */
export function openAIChatExpected(source: readonly unknown[]): Expected {
  const expected = empty();
  let said = '';
  const calls = new Map<number, { id: string; name: string; json: string }>();
  let stop: string | null = null;
  for (const chunk of source.filter(isObject)) {
    for (const choice of Array.isArray(chunk.choices) ? chunk.choices.filter(isObject) : []) {
      const delta = isObject(choice.delta) ? choice.delta : isObject(choice.message) ? choice.message : {};
      said += text(delta.content);
      for (const call of Array.isArray(delta.tool_calls) ? delta.tool_calls.filter(isObject) : []) {
        const at = typeof call.index === 'number' ? call.index : calls.size;
        const known = calls.get(at) ?? { id: '', name: '', json: '' };
        const fn = isObject(call.function) ? call.function : {};
        calls.set(at, { id: known.id || text(call.id), name: known.name || text(fn.name), json: known.json + text(fn.arguments) });
      }
      if (choice.finish_reason) stop = text(choice.finish_reason);
    }
  }
  if (said.trim()) expected.texts.push(said);
  for (const call of calls.values()) expected.calls.push({ id: call.id, name: call.name, input: JSON.parse(call.json || '{}'), server: false });
  expected.stop = stop !== null && !QUIET_STOPS.has(stop) ? stop : null;
  return expected;
}

/** The list's items as plain rows (either shape), with their content. */
interface Row {
  type?: string;
  content_type?: string;
  message_type?: string;
  content: Json;
  status?: string;
}

/** What the items show that `expected` says they must, as a list of what is missing (empty when whole). */
export function missing(expected: Expected, items: readonly unknown[], problems: ReadonlyArray<{ message: string }>): string[] {
  const rows = items.filter(isObject) as unknown as Row[];
  const kind = (row: Row) => row.type ?? row.content_type ?? '';
  const of = (name: string) => rows.filter((row) => kind(row) === name);
  const said = of('text').map((row) => text(row.content.text)).join('\n');
  const reasoning = of('thinking').filter((row) => !row.content.redacted).map((row) => text(row.content.text)).join('\n');
  const lost: string[] = [];
  for (const words of expected.texts) if (!said.includes(words)) lost.push(`text ${JSON.stringify(words.slice(0, 60))}`);
  for (const words of expected.thinking) if (!reasoning.includes(words)) lost.push(`reasoning ${JSON.stringify(words.slice(0, 60))}`);
  const redacted = of('thinking').filter((row) => row.content.redacted).length;
  if (redacted < expected.redacted) lost.push(`${expected.redacted - redacted} redacted reasoning`);
  const calls = of('tool_call');
  for (const call of expected.calls) {
    const row = calls.find((candidate) => candidate.content.call_id === call.id);
    if (!row) lost.push(`call ${call.id} (${call.name})`);
    else if (call.name && row.content.name !== call.name) lost.push(`call ${call.id}: name ${String(row.content.name)}, not ${call.name}`);
    else if (call.input !== undefined && JSON.stringify(row.content.arguments) !== JSON.stringify(call.input)) {
      lost.push(`call ${call.id} (${call.name}): input ${JSON.stringify(row.content.arguments).slice(0, 80)}, not ${JSON.stringify(call.input).slice(0, 80)}`);
    }
  }
  const results = of('tool_result');
  for (const callId of expected.results) {
    const row = results.find((candidate) => (candidate.content.tool_call_id ?? candidate.content.call_id) === callId);
    if (!row) lost.push(`result of ${callId || 'a call with no id'}`);
    // A recording that goes on from an earlier response may answer a call made there.
    else if (expected.calls.some((call) => call.id === callId) && !calls.some((call) => call.content.call_id === callId)) lost.push(`result of ${callId}: no call pairs with it`);
  }
  const everything = JSON.stringify(rows);
  for (const summary of expected.summaries) if (!everything.includes(JSON.stringify(summary).slice(1, 200))) lost.push('compaction summary');
  for (const type of expected.unknown) if (!problems.some((problem) => problem.message.includes(type))) lost.push(`no problem names "${type}"`);
  return lost;
}
