import { readKey, readObject, readString, type PlainObject } from '../model/guards.js';
import { safeJson } from '../model/safe-json.js';
import { convertContentPart, toolResultBody } from './content-parts.js';
import type { Entry } from './entries.js';

/** Responses API items that carry the output of a call made by an earlier item, by their `type`. */

export interface ResultReading {
  text: string;
  isError: boolean;
  media?: Entry[];
  extra?: Record<string, unknown>;
}

type OutputReader = (item: PlainObject) => ResultReading;

/** An output cut off or failed is an error result. */
function outputFailed(item: PlainObject): boolean {
  const status = readString(item, 'status');
  return status === 'failed' || status === 'incomplete';
}

/** Function and custom tool outputs: a string, or input parts (text, images, files). */
function partsOutput(item: PlainObject): ResultReading {
  const body = toolResultBody(readKey(item, 'output'));
  return { text: body.text, isError: outputFailed(item), media: body.media };
}

function textOutput(item: PlainObject): ResultReading {
  const output = readKey(item, 'output') ?? readKey(item, 'result');
  return { text: typeof output === 'string' ? output : output === undefined || output === null ? '' : safeJson(output), isError: outputFailed(item) };
}

/** The screenshot taken after a computer action. */
function computerOutput(item: PlainObject): ResultReading {
  const screenshot = readObject(item, 'output');
  const image = { type: 'input_image', image_url: readString(screenshot, 'image_url'), file_id: readString(screenshot, 'file_id') };
  return { text: '', isError: outputFailed(item), media: screenshot !== null ? convertContentPart(image).entries : [] };
}

/** Each command's stdout and stderr; a command that timed out or exited non-zero failed. */
function shellOutput(item: PlainObject): ResultReading {
  const outputs = readKey(item, 'output');
  const runs = Array.isArray(outputs) ? outputs : [];
  const text = runs.flatMap((run) => [readString(run, 'stdout'), readString(run, 'stderr')]).filter(Boolean).join('\n');
  const failed = runs.some((run) => {
    const outcome = readObject(run, 'outcome');
    return readString(outcome, 'type') === 'timeout' || (readKey(outcome, 'exit_code') ?? 0) !== 0;
  });
  return { text, isError: failed || outputFailed(item), extra: { structured_content: runs } };
}

function toolSearchOutput(item: PlainObject): ResultReading {
  const tools = readKey(item, 'tools');
  return { text: Array.isArray(tools) ? tools.map(toolLine).join('\n') : '', isError: outputFailed(item) };
}

export function toolLine(tool: unknown): string {
  const name = readString(tool, 'name') ?? readString(tool, 'type') ?? '';
  const description = readString(tool, 'description');
  return description ? `${name}: ${description}` : name;
}

export const OUTPUT_READERS: Readonly<Record<string, OutputReader>> = {
  function_call_output: partsOutput,
  custom_tool_call_output: partsOutput,
  computer_call_output: computerOutput,
  local_shell_call_output: textOutput,
  shell_call_output: shellOutput,
  apply_patch_call_output: textOutput,
  tool_search_output: toolSearchOutput,
  program_output: textOutput,
};
