import { humanizeToolName } from '../model/humanize.js';
import { ownValue, readId, readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { safeJson } from '../model/safe-json.js';
import { imageEntry } from './content-parts.js';
import { parseArguments } from './entries.js';
import { toolLine, type ResultReading } from './openai-responses-outputs.js';

/** Responses API items that are a call, by their `type`: what each says, read into a `CallReading`. */

/** Where an item sits: `index` and `label` for problems, `key` for ids when the item has none. */
export interface Place {
  index: number;
  label: string;
  key: string;
}

/** What one call item says; `result` when the item carries its own outcome (tools OpenAI runs). */
export interface CallReading {
  callId: string;
  name: string;
  args: unknown;
  label?: string | null;
  status?: string;
  result?: ResultReading | null;
  /** The arguments could not be read as a JSON object. */
  problem?: string | null;
}

type CallReader = (item: PlainObject, place: Place) => CallReading;

/** Tools OpenAI runs report their progress in the item's own `status`. */
const STATUS_BY_ITEM_STATUS: Readonly<Record<string, string>> = {
  in_progress: 'executing',
  searching: 'executing',
  interpreting: 'executing',
  generating: 'executing',
  calling: 'executing',
  completed: 'completed',
  failed: 'failed',
  incomplete: 'failed',
};

function hostedStatus(item: PlainObject): string | undefined {
  const status = readString(item, 'status');
  return status !== null ? ownValue(STATUS_BY_ITEM_STATUS, status) : undefined;
}

/**
 * The call's own id; calls answered by an output item of their own (`function_call`,
 * `shell_call`…) pair with it by `call_id`, and carry no status: the output says how they went.
 */
function callIdOf(item: PlainObject, place: Place): string {
  return readId(item, 'call_id') ?? readId(item, 'id') ?? place.key;
}

/** "Web search: weather in Paris": the tool's name, then what it was asked. */
function labelled(name: string, detail: string | null): string | null {
  return detail ? `${humanizeToolName(name)}: ${detail}` : null;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/** The fields of `source` that are present, read through the guards. */
function pick(source: unknown, keys: readonly string[]): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const key of keys) {
    const value = readKey(source, key);
    if (value !== undefined && value !== null) picked[key] = value;
  }
  return picked;
}

function functionCall(item: PlainObject, place: Place): CallReading {
  const parsed = parseArguments(readKey(item, 'arguments'));
  return { callId: callIdOf(item, place), name: readString(item, 'name') ?? '', args: parsed.value, problem: parsed.problem };
}

/** Custom tools take free text, not JSON: shown as the single argument it is. */
function customToolCall(item: PlainObject, place: Place): CallReading {
  return { callId: callIdOf(item, place), name: readString(item, 'name') ?? '', args: { input: readKey(item, 'input') ?? '' } };
}

function webSearchCall(item: PlainObject, place: Place): CallReading {
  const action = readObject(item, 'action');
  const type = readString(action, 'type');
  const detail =
    type === 'open_page' ? readString(action, 'url') :
    type === 'find_in_page' ? readString(action, 'pattern') :
    readString(action, 'query') ?? (strings(readKey(action, 'queries')).join('; ') || null);
  const sources = readKey(action, 'sources');
  const urls = Array.isArray(sources) ? sources.map((source) => readString(source, 'url')).filter((url) => url !== null) : [];
  return {
    callId: callIdOf(item, place),
    name: 'web_search',
    args: pick(action, ['type', 'query', 'queries', 'url', 'pattern']),
    label: labelled('web_search', detail),
    status: hostedStatus(item),
    result: urls.length > 0 ? { text: urls.join('\n'), isError: false, extra: { structured_content: sources } } : null,
  };
}

function fileSearchCall(item: PlainObject, place: Place): CallReading {
  const queries = strings(readKey(item, 'queries'));
  const results = readKey(item, 'results');
  return {
    callId: callIdOf(item, place),
    name: 'file_search',
    args: { queries },
    label: labelled('file_search', queries.join('; ')),
    status: hostedStatus(item),
    // Results are there only when the request asked to include them.
    result: Array.isArray(results) ? { text: safeJson(results), isError: false } : null,
  };
}

function codeInterpreterCall(item: PlainObject, place: Place): CallReading {
  const outputs = readKey(item, 'outputs');
  return {
    callId: callIdOf(item, place),
    name: 'code_interpreter',
    args: pick(item, ['code', 'container_id']),
    status: hostedStatus(item),
    result: Array.isArray(outputs) ? codeOutputs(outputs) : null,
  };
}

function codeOutputs(outputs: readonly unknown[]): ResultReading {
  const logs = outputs.map((output) => readString(output, 'logs')).filter((text) => text !== null);
  const images = outputs.map((output) => readString(output, 'url')).filter((url) => url !== null);
  return { text: logs.join('\n'), isError: false, media: images.map((url) => imageEntry(url, null, null)), extra: { structured_content: outputs } };
}

/** The generated image arrives as base64 in `result`: it is the call's output, shown as an image. */
function imageGenerationCall(item: PlainObject, place: Place): CallReading {
  const image = readString(item, 'result');
  const error = readObject(item, 'error');
  const format = readString(item, 'output_format') ?? 'png';
  return {
    callId: callIdOf(item, place),
    name: 'image_generation',
    args: pick(item, ['revised_prompt', 'action', 'size', 'quality', 'background', 'output_format']),
    status: hostedStatus(item),
    result: error !== null
      ? { text: errorText(error), isError: true }
      : image ? { text: '', isError: false, media: [imageEntry(null, image, `image/${format}`)] } : null,
  };
}

function mcpCall(item: PlainObject, place: Place): CallReading {
  const parsed = parseArguments(readKey(item, 'arguments'));
  const error = readKey(item, 'error');
  const output = readString(item, 'output');
  const failed = error !== undefined && error !== null;
  return {
    ...mcpTool(item, place),
    args: parsed.value,
    problem: parsed.problem,
    status: hostedStatus(item) ?? (failed ? 'failed' : undefined),
    result: failed ? { text: errorText(error), isError: true } : output !== null ? { text: output, isError: false } : null,
  };
}

/** A call that waits for a person to approve it before OpenAI makes it. */
function mcpApprovalRequest(item: PlainObject, place: Place): CallReading {
  const parsed = parseArguments(readKey(item, 'arguments'));
  return { ...mcpTool(item, place), args: parsed.value, problem: parsed.problem, status: 'interrupted' };
}

/** "Ask question (deepwiki)": the MCP tool's own name, and the server it is on. */
function mcpTool(item: PlainObject, place: Place): Pick<CallReading, 'callId' | 'name' | 'label'> {
  const name = readString(item, 'name') ?? '';
  const server = readString(item, 'server_label');
  return { callId: callIdOf(item, place), name, label: server ? `${humanizeToolName(name) || name} (${server})` : null };
}

function mcpListTools(item: PlainObject, place: Place): CallReading {
  const server = readString(item, 'server_label');
  const error = readString(item, 'error');
  const tools = readKey(item, 'tools');
  const listed = Array.isArray(tools) ? tools.map(toolLine).join('\n') : '';
  return {
    callId: callIdOf(item, place),
    name: 'mcp_list_tools',
    args: pick(item, ['server_label']),
    label: labelled('mcp_list_tools', server),
    status: error ? 'failed' : 'completed',
    result: error ? { text: error, isError: true } : { text: listed, isError: false },
  };
}

function computerCall(item: PlainObject, place: Place): CallReading {
  const action = readObject(item, 'action');
  const actions = readKey(item, 'actions');
  const kinds = action !== null ? [readString(action, 'type')] : Array.isArray(actions) ? actions.map((entry) => readString(entry, 'type')) : [];
  const checks = readKey(item, 'pending_safety_checks');
  const args = action ?? { actions };
  // Checks a person must acknowledge before the action runs: the reader should see them.
  const checked = Array.isArray(checks) && checks.length > 0 ? { ...args, pending_safety_checks: checks } : args;
  return { callId: callIdOf(item, place), name: 'computer', args: checked, label: labelled('computer', kinds.filter(Boolean).join(', ')) };
}

function localShellCall(item: PlainObject, place: Place): CallReading {
  const action = readObject(item, 'action') ?? {};
  return {
    callId: callIdOf(item, place),
    name: 'local_shell',
    args: action,
    label: labelled('local_shell', strings(readKey(action, 'command')).join(' ')),
  };
}

function shellCall(item: PlainObject, place: Place): CallReading {
  const action = readObject(item, 'action') ?? {};
  return { callId: callIdOf(item, place), name: 'shell', args: action, label: labelled('shell', strings(readKey(action, 'commands')).join('; ')) };
}

function applyPatchCall(item: PlainObject, place: Place): CallReading {
  const operation = readObject(item, 'operation') ?? {};
  return { callId: callIdOf(item, place), name: 'apply_patch', args: operation, label: labelled('apply_patch', readString(operation, 'path')) };
}

function toolSearchCall(item: PlainObject, place: Place): CallReading {
  const parsed = parseArguments(readKey(item, 'arguments'));
  return { callId: callIdOf(item, place), name: 'tool_search', args: parsed.value, problem: parsed.problem };
}

/** Programmatic tool calling: code the model wrote to call tools. */
function programCall(item: PlainObject, place: Place): CallReading {
  return { callId: callIdOf(item, place), name: 'program', args: pick(item, ['code']) };
}

export const CALL_READERS: Readonly<Record<string, CallReader>> = {
  function_call: functionCall,
  custom_tool_call: customToolCall,
  web_search_call: webSearchCall,
  file_search_call: fileSearchCall,
  code_interpreter_call: codeInterpreterCall,
  image_generation_call: imageGenerationCall,
  mcp_call: mcpCall,
  mcp_list_tools: mcpListTools,
  mcp_approval_request: mcpApprovalRequest,
  computer_call: computerCall,
  local_shell_call: localShellCall,
  shell_call: shellCall,
  apply_patch_call: applyPatchCall,
  tool_search_call: toolSearchCall,
  program: programCall,
};

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  return readString(error, 'message') ?? safeJson(error);
}
