import {
  fromAGUIMessages,
  fromAISDKMessages,
  fromAnthropicMessages,
  fromLangChainMessages,
  fromLangChainTrace,
  fromOpenAIChat,
  fromOpenAIResponses,
  type AdapterProblem,
} from '../../src/adapters/index.js';
import { liveAGUI } from '../../src/live/ag-ui.js';
import { isPlainObject, readKey, readString, type PlainObject } from '../../src/model/guards.js';
import { normalizeItem } from '../../src/model/normalize.js';
import { ConversationStore } from '../../src/model/store.js';
import { jsonSyntaxErrorLine } from './json-position.js';

/**
 * Format detection for the conversation viewer: a file's text in, display items out. Pure and
 * DOM-free (no `File`, no `document`), so it is tested on its own and could run in a worker.
 * The text is untrusted: nothing here throws, whatever it is given.
 */

export type FormatId =
  | 'langchain-trace'
  | 'langchain-messages'
  | 'display-items'
  | 'openai-chat'
  | 'openai-responses'
  | 'anthropic-messages'
  | 'ai-sdk'
  | 'ag-ui'
  | 'ag-ui-events'
  | 'empty'
  | 'unreadable';

/** How the items were laid out in the text: one JSON document, or one JSON value a line. */
export type Container = 'json' | 'jsonl';

export interface Detection {
  format: FormatId;
  container: Container;
  /** Display items (extracted items or rows) for `<message-list>`. */
  items: unknown[];
  /** What could not be read or converted; `line` is 1-based for JSONL text. */
  problems: AdapterProblem[];
}

/** Human names of the formats, for the viewer's "Detected: …" line. */
export const FORMAT_LABELS: Record<FormatId, string> = {
  'langchain-trace': 'LangChain stream trace',
  'langchain-messages': 'LangChain messages',
  'display-items': 'Display items',
  'openai-chat': 'OpenAI chat messages',
  'openai-responses': 'OpenAI Responses items',
  'anthropic-messages': 'Anthropic messages',
  'ai-sdk': 'AI SDK UI messages',
  'ag-ui': 'AG-UI messages',
  'ag-ui-events': 'AG-UI events',
  empty: 'Empty file',
  unreadable: 'Not readable',
};

/** Item kinds the kit knows (SPEC §2, §4): an object with one of these is a display item. */
const DISPLAY_KINDS: ReadonlySet<string> = new Set([
  'text', 'thinking', 'tool_call', 'tool_result', 'notification', 'error', 'todo_snapshot',
  'image', 'file_reference', 'structured_data',
]);

/** LangChain message `type`s (and class names) that only a LangChain trace line carries. */
const LANGCHAIN_TYPES: ReadonlySet<string> = new Set([
  'AIMessageChunk', 'AIMessageChunkV1', 'AIMessage', 'ai', 'ToolMessage', 'ToolMessageChunk', 'tool',
  'HumanMessage', 'HumanMessageChunk', 'human', 'SystemMessage', 'SystemMessageChunk',
]);

/** `toDict()` types: LangChain JS writes the lowercase ones, Python's `messages_to_dict` the class names too. */
const LANGCHAIN_DICT_TYPES: ReadonlySet<string> = new Set([
  ...LANGCHAIN_TYPES, 'system', 'chat', 'generic', 'function', 'remove',
]);

/**
 * Responses API item types no other format has at the top level: reasoning, calls of every
 * tool (`function_call`, `web_search_call`, `mcp_call`…) and their outputs.
 */
const RESPONSES_ITEM_TYPE = /^(?:reasoning|mcp_\w+|\w+_call|\w+_output)$/;

/** Parts of a Responses message item; an Anthropic `type: "message"` response holds `text` blocks. */
const RESPONSES_PARTS: ReadonlySet<string> = new Set(['input_text', 'output_text', 'input_image', 'input_file']);

/** AG-UI events are the only values typed in capitals (`RUN_STARTED`, `TEXT_MESSAGE_CONTENT`, `RAW`). */
const AG_UI_EVENT_TYPE = /^[A-Z]+(?:_[A-Z]+)*$/;

/** Anthropic content blocks OpenAI never uses. */
const ANTHROPIC_BLOCKS: ReadonlySet<string> = new Set([
  'tool_use', 'tool_result', 'thinking', 'redacted_thinking', 'document', 'server_tool_use', 'search_result',
]);

/** OpenAI content parts Anthropic never uses. */
const OPENAI_PARTS: ReadonlySet<string> = new Set(['image_url', 'input_audio', 'input_text', 'output_text', 'refusal', 'file']);

/** Keys that wrap a message list in a request or export object (`{messages: [...]}`, `{model, input: [...]}`). */
const WRAPPER_KEYS = ['messages', 'items', 'rows', 'data', 'input'] as const;

/**
 * Reads `text` as one of the formats the viewer knows and converts it to display items.
 * `filename` only breaks ties: `.jsonl` / `.ndjson` text that is not one JSON value is read a
 * line at a time even when no line parses.
 */
export function detectFormat(text: string, filename = ''): Detection {
  const source = typeof text === 'string' ? text.replace(/^\uFEFF/, '') : '';
  if (source.trim() === '') {
    return { format: 'empty', container: 'json', items: [], problems: [{ message: 'The file is empty.' }] };
  }
  const whole = parseWhole(source);
  // A one-line trace parses whole, but is still a trace (and its problems have lines).
  if (whole.ok && !isLangChainLine(whole.value)) return withEmptyNote(detectDocument(whole.value));
  if (whole.ok) return withEmptyNote(detectLines(source));
  if (meantAsOneDocument(source, filename)) return documentError(source, whole.error);
  return withEmptyNote(detectLines(source));
}

type Parsed = { ok: true; value: unknown } | { ok: false; error: unknown };

function parseWhole(source: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * Text that is not one JSON value is JSONL, unless it opens an array or no line of it stands
 * alone as JSON: then it is one document with a syntax error (a pretty-printed array, say), and
 * reading it a line at a time would report every line instead of the one mistake.
 */
function meantAsOneDocument(source: string, filename: string): boolean {
  if (/\.(jsonl|ndjson)$/i.test(filename)) return false;
  if (source.trimStart().startsWith('[')) return true;
  return !source.split(/\r?\n/).some((line) => line.trim() !== '' && parseWhole(line).ok);
}

// ---------------------------------------------------------------------------------------------
// One JSON document

function detectDocument(value: unknown): Detection {
  const values = unwrapDocument(value);
  if (values === null) {
    return {
      format: 'unreadable',
      container: 'json',
      items: [],
      problems: [{ message: 'The file holds JSON, but neither an array of items or messages nor one of them.' }],
    };
  }
  return convertValues(values, 'json', null);
}

function documentError(source: string, error: unknown): Detection {
  const problem: AdapterProblem = { message: `The file is not valid JSON (${errorText(error)}).` };
  const line = jsonErrorLine(source, error);
  if (line !== null) problem.line = line;
  return { format: 'unreadable', container: 'json', items: [], problems: [problem] };
}

/** The array inside: the document itself, a `{messages: [...]}`-style wrapper, or one lone object. */
function unwrapDocument(value: unknown): unknown[] | null {
  if (Array.isArray(value)) return value;
  if (!isPlainObject(value)) return null;
  // A MESSAGES_SNAPSHOT event is a stream of one: its `messages` are read as the live binding reads them.
  if (isAGUIEvent(value)) return [value];
  for (const key of WRAPPER_KEYS) {
    const inner = readKey(value, key);
    if (Array.isArray(inner)) return inner;
  }
  return [value];
}

/** The parser's own position when it gives one ("at position N"), else the scanner's. */
function jsonErrorLine(source: string, error: unknown): number | null {
  const positionMatch = /position (\d+)/i.exec(errorText(error));
  if (positionMatch) return source.slice(0, Number(positionMatch[1])).split('\n').length;
  return jsonSyntaxErrorLine(source);
}

// ---------------------------------------------------------------------------------------------
// One JSON value a line

interface ParsedLine {
  line: number;
  value: unknown;
}

function detectLines(source: string): Detection {
  const { parsed, problems } = parseLines(source);
  // LangChain traces go whole to their adapter: it reports bad lines by number itself.
  if (parsed.some(({ value }) => isLangChainLine(value))) {
    return { format: 'langchain-trace', container: 'jsonl', ...fromLangChainTrace(source) };
  }
  if (parsed.length === 0) return { format: 'unreadable', container: 'jsonl', items: [], problems };
  const detection = convertValues(parsed.map(({ value }) => value), 'jsonl', parsed.map(({ line }) => line));
  return { ...detection, problems: [...problems, ...detection.problems].sort(byLine) };
}

function parseLines(source: string): { parsed: ParsedLine[]; problems: AdapterProblem[] } {
  const parsed: ParsedLine[] = [];
  const problems: AdapterProblem[] = [];
  source.split(/\r?\n/).forEach((raw, offset) => {
    const line = offset + 1;
    if (raw.trim() === '') return;
    try {
      parsed.push({ line, value: JSON.parse(raw) });
    } catch (error) {
      problems.push({ line, message: `Line ${line} is not valid JSON (${errorText(error)}); it was left out.` });
    }
  });
  return { parsed, problems };
}

/**
 * A line only a LangChain stream trace holds: a chunk or message dict, an `lc_run--` id, or a
 * serialized chunk. A whole message in `toDict()` or serialized form is a saved conversation's.
 */
function isLangChainLine(value: unknown): boolean {
  if (!isPlainObject(value) || isLangChainMessage(value)) return false;
  const type = readString(value, 'type');
  const id = readKey(value, 'id');
  if (typeof id === 'string' && id.startsWith('lc_run--')) return true;
  if (type === 'constructor' && Array.isArray(id)) return LANGCHAIN_TYPES.has(String(id.at(-1)));
  // `role` marks OpenAI-style messages; LangChain's dicts say `type` instead.
  return type !== null && LANGCHAIN_TYPES.has(type) && readKey(value, 'role') === undefined;
}

/** `toDict()` output (`{type, data}`), or a serialized message class (`{lc, type: "constructor", id, kwargs}`). */
function isLangChainMessage(value: unknown): boolean {
  const id = readKey(value, 'id');
  if (readKey(value, 'lc') !== undefined && readString(value, 'type') === 'constructor' && Array.isArray(id)) {
    // A chunk class is a stream's: the trace adapter reads it.
    return /Message$/.test(String(id.at(-1)));
  }
  // The adapter's own test: a message with its own `content` does not nest its fields in `data`.
  return isPlainObject(readKey(value, 'data')) && readKey(value, 'content') === undefined &&
    LANGCHAIN_DICT_TYPES.has(readString(value, 'type') ?? '');
}

// ---------------------------------------------------------------------------------------------
// An array of values, from either container

type ArrayFormat = Exclude<FormatId, 'empty' | 'unreadable'>;

/**
 * Converts parsed values. `lines` maps each value's position to its 1-based line (JSONL), so
 * the adapters' `index` problems can name the line the reader sees.
 */
function convertValues(values: unknown[], container: Container, lines: number[] | null): Detection {
  const format = classifyValues(values);
  const result = convert(format, values);
  const problems = result.problems.map((problem) => locate(problem, lines));
  if (format === 'display-items' && values.length > 0 && !values.some(isDisplayItem)) {
    problems.unshift({ message: 'No known format was recognized; the values are shown as display items, as far as they can be.' });
  }
  return { format, container, items: result.items, problems };
}

/** Like an adapter's result, but display items pass through untouched (either shape). */
interface Converted {
  items: unknown[];
  problems: AdapterProblem[];
}

function convert(format: ArrayFormat, values: unknown[]): Converted {
  switch (format) {
    case 'langchain-trace': {
      // An array of LangChain message dicts: one per line is exactly the trace shape.
      const result = fromLangChainTrace(values.map((value) => JSON.stringify(value)).join('\n'));
      return { items: result.items, problems: result.problems.map(lineToIndex) };
    }
    case 'langchain-messages':
      return fromLangChainMessages(values);
    case 'openai-chat':
      return fromOpenAIChat(values);
    case 'openai-responses':
      return fromOpenAIResponses(values);
    case 'anthropic-messages':
      return fromAnthropicMessages(values);
    case 'ai-sdk':
      return fromAISDKMessages(values);
    case 'ag-ui':
      return fromAGUIMessages(values);
    case 'ag-ui-events':
      return replayAGUIEvents(values);
    case 'display-items':
      return { items: values, problems: displayItemProblems(values) };
  }
}

/** The adapter saw one value a line; the reader's file had them at array positions. */
function lineToIndex(problem: AdapterProblem): AdapterProblem {
  if (problem.line === undefined) return problem;
  const { line, ...rest } = problem;
  return { ...rest, index: line - 1, message: problem.message.replace(/^Line (\d+)/, (_, n) => `Message ${Number(n) - 1}`) };
}

/** Gives a problem about the value at `index` the line it came from, when there are lines. */
function locate(problem: AdapterProblem, lines: number[] | null): AdapterProblem {
  if (lines === null || problem.index === undefined || problem.line !== undefined) return problem;
  const line = lines[problem.index];
  return line === undefined ? problem : { ...problem, line };
}

/** Items the kit cannot show as their kind still render (as a fallback); the reader sees why here. */
function displayItemProblems(values: unknown[]): AdapterProblem[] {
  const problems: AdapterProblem[] = [];
  values.forEach((value, index) => {
    for (const reason of normalizeItem(value, index).problems) {
      problems.push({ index, message: `Item ${index}: ${reason} It is shown as a placeholder.` });
    }
  });
  return problems;
}

/**
 * The evidence a value can give, most telling first: a value votes for the first shape it has.
 * On a tie the earlier format wins, so OpenAI's (which also takes plain messages) comes before
 * Anthropic's.
 */
const SHAPES: ReadonlyArray<readonly [Exclude<ArrayFormat, 'display-items'>, (value: unknown) => boolean]> = [
  ['langchain-trace', isLangChainLine],
  ['langchain-messages', isLangChainMessage],
  ['ag-ui-events', isAGUIEvent],
  ['openai-responses', responsesEvidence],
  ['ai-sdk', isAISDKMessage],
  ['ag-ui', aguiEvidence],
  ['openai-chat', openAIEvidence],
  ['anthropic-messages', anthropicEvidence],
];

/** Votes by shape, value by value; the format with the most evidence wins. */
function classifyValues(values: unknown[]): ArrayFormat {
  const votes = new Map<ArrayFormat, number>();
  let display = 0;
  let plainMessages = 0;
  for (const value of values) {
    if (isDisplayItem(value)) {
      display++;
      continue;
    }
    const shape = SHAPES.find(([, has]) => has(value));
    if (shape) votes.set(shape[0], (votes.get(shape[0]) ?? 0) + 1);
    else if (isChatMessage(value)) plainMessages++;
  }
  const messages = plainMessages + [...votes.values()].reduce((sum, count) => sum + count, 0);
  if (display >= messages) return 'display-items';
  // Plain `{role, content: "…"}` messages read the same either way; OpenAI's adapter takes them.
  let best: ArrayFormat = 'openai-chat';
  let most = 0;
  for (const [format] of SHAPES) {
    const count = votes.get(format) ?? 0;
    if (count > most) [best, most] = [format, count];
  }
  return best;
}

function isDisplayItem(value: unknown): boolean {
  if (!isPlainObject(value) || readKey(value, 'role') !== undefined) return false;
  if (readString(value, 'content_type') !== null) return true;
  const kind = readString(value, 'type');
  if (kind === null) return false;
  return DISPLAY_KINDS.has(kind) || (readString(value, 'message_type') !== null && isPlainObject(readKey(value, 'content')));
}

function isChatMessage(value: unknown): value is PlainObject {
  return isPlainObject(value) && typeof readKey(value, 'role') === 'string';
}

function isAISDKMessage(value: unknown): boolean {
  return isChatMessage(value) && Array.isArray(readKey(value, 'parts'));
}

function isAGUIEvent(value: unknown): boolean {
  return AG_UI_EVENT_TYPE.test(readString(value, 'type') ?? '');
}

/** A Response object, an item of a type only the Responses API has, or a message item with its parts. */
function responsesEvidence(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  if (readString(value, 'object') === 'response') return true;
  const type = readString(value, 'type');
  if (type === 'message') return contentBlockTypes(value).some((part) => RESPONSES_PARTS.has(part));
  return type !== null && readKey(value, 'role') === undefined && RESPONSES_ITEM_TYPE.test(type);
}

/** AG-UI spells the call fields in camelCase (`toolCalls`, `toolCallId`) and has roles of its own. */
function aguiEvidence(value: unknown): boolean {
  if (!isChatMessage(value)) return false;
  const role = readString(value, 'role');
  return role === 'reasoning' || role === 'activity' || Array.isArray(readKey(value, 'toolCalls')) ||
    readKey(value, 'toolCallId') !== undefined;
}

/** A Messages API response (`type: "message"`), or blocks only Anthropic uses. */
function anthropicEvidence(value: unknown): boolean {
  if (!isChatMessage(value)) return false;
  if (readString(value, 'type') === 'message' || readKey(value, 'stop_reason') !== undefined) return true;
  return contentBlockTypes(value).some((type) => ANTHROPIC_BLOCKS.has(type)) ||
    contentBlocks(value).some((block) => isPlainObject(readKey(block, 'source')));
}

/** Tool calls, tool messages, reasoning_content, or a choice object `{message, finish_reason}`. */
function openAIEvidence(value: unknown): boolean {
  if (isPlainObject(value) && isChatMessage(readKey(value, 'message'))) return true;
  if (!isChatMessage(value)) return false;
  const role = readString(value, 'role');
  if (role === 'tool' || role === 'function' || role === 'developer') return true;
  if (['tool_calls', 'tool_call_id', 'function_call', 'reasoning_content', 'finish_reason'].some((key) => readKey(value, key) !== undefined)) {
    return true;
  }
  return contentBlockTypes(value).some((type) => OPENAI_PARTS.has(type));
}

function contentBlocks(message: PlainObject): unknown[] {
  const content = readKey(message, 'content');
  return Array.isArray(content) ? content : [];
}

function contentBlockTypes(message: PlainObject): string[] {
  return contentBlocks(message).map((block) => readString(block, 'type') ?? '');
}

/**
 * A saved AG-UI stream, played through the kit's live binding into a store as a list would hold
 * it, so the file shows what the stream showed. A run's problems are final once it is over.
 */
function replayAGUIEvents(values: unknown[]): Converted {
  const store = new ConversationStore();
  const live = liveAGUI({ draft: null, upsert: (rows) => store.upsert(rows) });
  const problems: AdapterProblem[] = [];
  const runProblems = new Set<string>();
  const keepRunProblems = () => live.problems.forEach(({ message }) => runProblems.add(message));
  values.forEach((value, index) => {
    if (!isAGUIEvent(value)) {
      problems.push({ index, message: `Item ${index} is not an AG-UI event; it was left out.` });
      return;
    }
    live.push(value);
    if (/^RUN_(?:FINISHED|ERROR)$/.test(readString(value, 'type') ?? '')) keepRunProblems();
  });
  live.end();
  keepRunProblems();
  // Their indexes count a run's messages, not the file's values: they name no line.
  return { items: store.items, problems: [...problems, ...[...runProblems].map((message) => ({ message }))] };
}

// ---------------------------------------------------------------------------------------------

/** A file that converted to nothing and said nothing would leave the reader guessing. */
function withEmptyNote(detection: Detection): Detection {
  if (detection.items.length > 0 || detection.problems.length > 0) return detection;
  return { ...detection, problems: [{ message: 'The file was read, but it holds no conversation items.' }] };
}

function byLine(a: AdapterProblem, b: AdapterProblem): number {
  return (a.line ?? Number.MAX_SAFE_INTEGER) - (b.line ?? Number.MAX_SAFE_INTEGER);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : 'parse error';
}
