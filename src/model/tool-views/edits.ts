import { isPlainObject, readKey, readString } from '../guards.js';
import { createdFile, diffTexts, isUnifiedDiff, parseUnifiedDiff, parseV4ADiff, parseV4APatch, splitLines } from './diff.js';
import { readFileRead } from './file-read.js';
import { argumentsOf, firstNumber, firstText, resultData, resultText, type ToolViewReader } from './read.js';
import type { DiffHunk, DiffView, FileDiff } from './types.js';

/**
 * File changes as diffs, read from what the call asked for (so a change shows while it runs):
 * OpenAI's `apply_patch` (an operation with a V4A diff, or a whole `*** Begin Patch` text),
 * Anthropic's text editors (`str_replace`, `create`, `insert`; `view` is a file read), Claude
 * Code's `Edit`, `MultiEdit` and `Write`, `create_file` / `write_file`, and results whose text is
 * a unified diff.
 */

/** OpenAI `apply_patch`: `{type: create_file | update_file | delete_file, path, diff}`, or the Codex envelope. */
export const readApplyPatch: ToolViewReader = (call) => {
  const args = argumentsOf(call);
  const operation = readKey(args, 'operation');
  const op = isPlainObject(operation) ? operation : args;
  const change = OPERATIONS.get(readString(op, 'type') ?? '');
  const path = readString(op, 'path');
  if (change !== undefined && path !== null) {
    const diff = readString(op, 'diff') ?? '';
    return diffView([change === 'delete' ? { path, change, hunks: [] } : parseV4ADiff(diff, path, change)]);
  }
  const patch = parseV4APatch(firstText(args, ['input', 'patch']) ?? '');
  return patch !== null && patch.length > 0 ? diffView(patch) : null;
};

const OPERATIONS: ReadonlyMap<string, FileDiff['change']> = new Map([
  ['create_file', 'create'],
  ['update_file', 'edit'],
  ['delete_file', 'delete'],
]);

/**
 * Anthropic's text editor tools (`str_replace_based_edit_tool`, `str_replace_editor`,
 * `text_editor_code_execution`): the command decides, and `view` reads as a file.
 */
export const readTextEditor: ToolViewReader = (call, result) => {
  const args = argumentsOf(call);
  const path = readString(args, 'path');
  switch (readString(args, 'command')) {
    case 'view':
      return readFileRead(call, result);
    case 'create':
      return path === null ? null : diffView([createdFile(path, readString(args, 'file_text') ?? '')]);
    case 'str_replace':
      return replacement(path, args, resultData(result));
    case 'insert':
      return insertion(path, args);
  }
  return null;
};

/** The replaced text; the code execution editor's result says where it sat (`old_start`, `new_start`). */
function replacement(path: string | null, args: unknown, data: unknown): DiffView | null {
  const oldText = readString(args, 'old_str');
  const newText = readString(args, 'new_str') ?? '';
  if (path === null || oldText === null) return null;
  const start = firstNumber(data, ['old_start']);
  return diffView([{ path, change: 'edit', hunks: diffTexts(oldText, newText, start) }]);
}

/** Lines inserted after line `insert_line` (0: at the top). */
function insertion(path: string | null, args: unknown): DiffView | null {
  const text = readString(args, 'new_str') ?? readString(args, 'insert_text');
  const after = firstNumber(args, ['insert_line']);
  if (path === null || text === null) return null;
  const lines = splitLines(text).map((line, index) => ({
    sign: '+' as const, text: line, oldNumber: null, newNumber: after === null ? null : after + 1 + index,
  }));
  return diffView([{ path, change: 'edit', hunks: lines.length > 0 ? [{ lines }] : [] }]);
}

/** Claude Code's `Edit` (`file_path`, `old_string`, `new_string`) and `MultiEdit` (`edits`). */
export const readEdit: ToolViewReader = (call) => {
  const args = argumentsOf(call);
  const path = firstText(args, ['file_path', 'path', 'target_file']);
  if (path === null) return null;
  const edits = readKey(args, 'edits');
  const hunks = (Array.isArray(edits) ? edits : [args]).map(editHunk);
  if (hunks.length === 0 || hunks.some((hunk) => hunk === null)) return null;
  return diffView([{ path, change: 'edit', hunks: hunks.flat() as DiffHunk[] }]);
};

/** An edit's snippet: where in the file it sits is not said, so its lines are not numbered. */
function editHunk(edit: unknown): DiffHunk[] | null {
  const oldText = readString(edit, 'old_string');
  const newText = readString(edit, 'new_string');
  return oldText === null || newText === null ? null : diffTexts(oldText, newText, null);
}

/** `Write`, `create_file`, `write_file`: a whole file's text, every line added. */
export const readWrite: ToolViewReader = (call) => {
  const args = argumentsOf(call);
  const path = firstText(args, ['file_path', 'path', 'target_file', 'filename']);
  const text = readString(args, 'content') ?? readString(args, 'file_text') ?? readString(args, 'contents');
  return path === null || text === null ? null : diffView([createdFile(path, text)]);
};

/** A result whose text is a unified diff (`git diff`), whatever the tool. */
export const readDiffResult: ToolViewReader = (_call, result) => {
  const text = resultText(result);
  if (text === null || !isUnifiedDiff(text)) return null;
  const files = parseUnifiedDiff(text).filter((file) => file.hunks.length > 0 || file.change !== 'edit');
  return files.length > 0 ? diffView(files) : null;
};

function diffView(files: FileDiff[]): DiffView {
  return { kind: 'diff', files };
}

