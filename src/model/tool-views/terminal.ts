import { isPlainObject, readKey, readString } from '../guards.js';
import {
  argumentsOf, commandLine, errorText, firstNumber, firstText, listOf, nameOf, resultData, resultText, stringsOf, type ToolViewReader,
} from './read.js';
import type { MediaFile, TerminalView } from './types.js';

/**
 * Commands and code that ran: Anthropic's `bash_code_execution` and `code_execution`
 * (`…_result` {stdout, stderr, return_code, content: files}), OpenAI's `shell` (a list of runs
 * with an `outcome`), `local_shell` (an argv) and `code_interpreter` (code, then logs and images),
 * and shell tools with a `command` (or `cmd`) argument whose result is text, or JSON of
 * `{stdout, stderr, exit_code}`.
 */
export const readTerminal: ToolViewReader = (call, result) => {
  const args = argumentsOf(call);
  const command = commandOf(args);
  const code = command === null ? firstText(args, ['code']) : null;
  if (command === null && code === null) return null;
  const view = emptyView(command, code, code === null ? null : languageOf(nameOf(call), args));
  if (result === null) return view;
  const data = resultData(result);
  const type = readString(data, 'type');
  if (type !== null && type.endsWith('_error')) return { ...view, error: errorText(data) ?? type };
  return readRun(view, data) ?? readRuns(view, data) ?? readOutputs(view, data) ?? { ...view, stdout: resultText(result) ?? '' };
};

function emptyView(command: string | null, code: string | null, language: string | null): TerminalView {
  return { kind: 'terminal', command, code, language, stdout: '', stderr: '', exitCode: null, media: [], error: null };
}

/** `command` as a line, or as an argv (`local_shell`); OpenAI's `shell` sends `commands`. */
function commandOf(args: unknown): string | null {
  const command = readKey(args, 'command') ?? readKey(args, 'cmd');
  if (typeof command === 'string') return command.trim() === '' ? null : command;
  const argv = stringsOf(command);
  if (argv.length > 0) return commandLine(argv);
  const commands = stringsOf(readKey(args, 'commands'));
  return commands.length > 0 ? commands.join('\n') : null;
}

/** Code execution runs Python unless the call says otherwise. */
function languageOf(name: string, args: unknown): string {
  return firstText(args, ['language', 'lang']) ?? (name === 'code_execution' || name === 'code_interpreter' ? 'python' : 'plaintext');
}

/**
 * One run's result: `{stdout, stderr, return_code}` and its files (Anthropic), `{stdout, stderr,
 * exit_code | exitCode | returncode}` (shell tools), or `{output, metadata: {exit_code}}` (Codex's
 * local shell).
 */
function readRun(view: TerminalView, data: unknown): TerminalView | null {
  if (!isPlainObject(data)) return null;
  const stdout = readString(data, 'stdout') ?? readString(data, 'output');
  const stderr = readString(data, 'stderr');
  if (stdout === null && stderr === null) return null;
  const exitCode = firstNumber(data, EXIT_CODE_KEYS) ?? firstNumber(readKey(data, 'metadata'), EXIT_CODE_KEYS);
  return { ...view, stdout: stdout ?? '', stderr: stderr ?? '', exitCode, media: listOf(readKey(data, 'content')).map(fileOf).filter(isMedia) };
}

const EXIT_CODE_KEYS = ['return_code', 'exit_code', 'exitCode', 'returncode', 'returnCode'];

/** OpenAI `shell` runs, one per command: `{stdout, stderr, outcome: {type: exit, exit_code} | {type: timeout}}`. */
function readRuns(view: TerminalView, data: unknown): TerminalView | null {
  if (!Array.isArray(data) || data.length === 0 || !data.every((run) => isPlainObject(readKey(run, 'outcome')))) return null;
  const outcomes = data.map((run) => readKey(run, 'outcome'));
  const codes = outcomes.map((outcome) => firstNumber(outcome, ['exit_code']));
  const failed = codes.find((code) => code !== null && code !== 0);
  const timedOut = outcomes.some((outcome) => readString(outcome, 'type') === 'timeout');
  return {
    ...view,
    stdout: joinStreams(data.map((run) => readString(run, 'stdout'))),
    stderr: joinStreams(data.map((run) => readString(run, 'stderr'))),
    exitCode: failed ?? (codes.every((code) => code === 0) ? 0 : null),
    error: timedOut ? 'timeout' : null,
  };
}

/**
 * Code interpreter outputs: `{type: logs, logs}` and `{type: image, url}`. Its images are left to
 * the image items the adapter puts after the call (they show with or without this view), so they
 * are never drawn twice.
 */
function readOutputs(view: TerminalView, data: unknown): TerminalView | null {
  if (!Array.isArray(data) || !data.some((output) => readString(output, 'type') === 'logs' || readString(output, 'type') === 'image')) return null;
  return { ...view, stdout: joinStreams(data.map((output) => readString(output, 'logs'))) };
}

/** Outputs of several runs, each starting on a line of its own. */
function joinStreams(parts: ReadonlyArray<string | null>): string {
  return parts.reduce<string>((joined, part) => {
    if (part === null || part === '') return joined;
    return joined === '' || joined.endsWith('\n') ? joined + part : `${joined}\n${part}`;
  }, '');
}

/** A file a run wrote, known by its id (`{type: bash_code_execution_output, file_id}`). */
function fileOf(entry: unknown): MediaFile | null {
  const fileId = readString(entry, 'file_id');
  return fileId === null ? null : { type: 'file', name: readString(entry, 'filename'), mimeType: null, size: null, source: null, fileId };
}

function isMedia(file: MediaFile | null): file is MediaFile {
  return file !== null;
}
