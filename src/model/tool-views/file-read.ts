import { readKey, readString } from '../guards.js';
import { argumentsOf, firstNumber, firstText, listOf, resultData, resultFailed, resultText, type ToolViewReader } from './read.js';
import type { FileReadView } from './types.js';

/**
 * Lines a tool read from a file: `Read`, `read_file`, `view`, and the text editors' `view`
 * command. The path comes from the arguments, the lines from the result (Anthropic's code
 * execution editor sends them with their `start_line`); numbers the tool put before each line
 * are taken off, the first one giving the start.
 */
export const readFileRead: ToolViewReader = (call, result) => {
  const args = argumentsOf(call);
  const path = firstText(args, ['file_path', 'path', 'target_file', 'filename', 'file']);
  if (path === null || resultFailed(result)) return null;
  const view = fileView(path, requestedStart(args), '');
  if (result === null) return view;
  const data = resultData(result);
  if (readString(data, 'type') === 'text_editor_code_execution_view_result') {
    return { ...view, text: readString(data, 'content') ?? '', startLine: firstNumber(data, ['start_line']) ?? view.startLine };
  }
  // A body that is not text (an image read as content parts) is media, not lines.
  const body = readKey(readKey(result, 'content'), 'content');
  if (typeof body === 'object' && body !== null) return null;
  const text = resultText(result) ?? '';
  const numbered = stripLineNumbers(text);
  return numbered === null ? { ...view, text } : { ...view, ...numbered };
};

function fileView(path: string, startLine: number, text: string): FileReadView {
  return { kind: 'file', path, language: languageOf(path), startLine, text };
}

/** Where the tool was asked to start: Claude Code's `offset`, a text editor's `view_range`. */
function requestedStart(args: unknown): number {
  const rangeStart = listOf(readKey(args, 'view_range'))[0];
  const start = firstNumber(args, ['offset', 'start_line', 'line']) ?? (typeof rangeStart === 'number' ? rangeStart : null);
  return start !== null && Number.isFinite(start) && start >= 1 ? Math.floor(start) : 1;
}

/**
 * `     1→text` (Claude Code), `     1\ttext` (`cat -n`, Anthropic's reference text editor), `1 | text`
 * (Cline): every
 * line numbered, one after another. The editor's "Here's the result of running `cat -n` on x:"
 * line before them is dropped, and so are notes the tool added after them (`<system-reminder>`).
 * Null when the lines are not numbered that way: they are then shown as they are.
 */
export function stripLineNumbers(text: string): { startLine: number; text: string } | null {
  const lines = text.split('\n');
  if (/^Here's the result of running `cat -n` on .*:$/.test(lines[0] ?? '')) lines.shift();
  const first = NUMBERED.exec(lines[0] ?? '');
  if (!first) return null;
  const startLine = Number(first[1]);
  const kept: string[] = [];
  for (const [index, line] of lines.entries()) {
    const match = NUMBERED.exec(line);
    if (match && Number(match[1]) === startLine + index) {
      kept.push(line.slice(match[0].length));
      continue;
    }
    if (!isTrailingNote(lines.slice(index))) return null;
    break;
  }
  return { startLine, text: kept.join('\n') };
}

const NUMBERED = /^ *(\d{1,9})(?:→|\t| \| )/;

/** What may follow the numbered lines: blank lines, then nothing or a note the tool added. */
function isTrailingNote(rest: readonly string[]): boolean {
  const next = rest.find((line) => line.trim() !== '');
  return next === undefined || next.trimStart().startsWith('<system-reminder>');
}

/** File extensions and the highlight.js language each names. */
const LANGUAGES: ReadonlyMap<string, string> = new Map([
  ['ts', 'typescript'], ['tsx', 'typescript'], ['mts', 'typescript'], ['cts', 'typescript'],
  ['js', 'javascript'], ['jsx', 'javascript'], ['mjs', 'javascript'], ['cjs', 'javascript'],
  ['py', 'python'], ['rb', 'ruby'], ['go', 'go'], ['rs', 'rust'], ['java', 'java'], ['kt', 'kotlin'],
  ['swift', 'swift'], ['c', 'c'], ['h', 'c'], ['cc', 'cpp'], ['cpp', 'cpp'], ['hpp', 'cpp'], ['cs', 'csharp'],
  ['php', 'php'], ['ex', 'elixir'], ['exs', 'elixir'], ['erl', 'erlang'], ['hs', 'haskell'], ['scala', 'scala'],
  ['lua', 'lua'], ['r', 'r'], ['pl', 'perl'], ['dart', 'dart'], ['sql', 'sql'],
  ['sh', 'bash'], ['bash', 'bash'], ['zsh', 'bash'], ['ps1', 'powershell'],
  ['html', 'xml'], ['htm', 'xml'], ['xml', 'xml'], ['svg', 'xml'], ['vue', 'xml'], ['css', 'css'], ['scss', 'scss'], ['less', 'less'],
  ['json', 'json'], ['jsonc', 'json'], ['yaml', 'yaml'], ['yml', 'yaml'], ['toml', 'ini'], ['ini', 'ini'],
  ['md', 'markdown'], ['markdown', 'markdown'], ['diff', 'diff'], ['patch', 'diff'], ['graphql', 'graphql'],
  ['dockerfile', 'dockerfile'], ['makefile', 'makefile'],
]);

/** The language of a path by its extension (or its name: `Dockerfile`, `Makefile`); null for plain text. */
export function languageOf(path: string): string | null {
  const name = path.split(/[\\/]/).pop()?.toLowerCase() ?? '';
  const dot = name.lastIndexOf('.');
  return LANGUAGES.get(dot >= 0 ? name.slice(dot + 1) : name) ?? null;
}
