import { readKey, readString } from '../guards.js';

/**
 * The tool names the built-in views know, by reader: a call whose name is none of these and
 * whose result has no shape a view reads keeps the generic card without running the readers.
 */
export const TOOL_VIEW_NAMES = {
  search: [
    'web_search', 'search', 'WebSearch', 'websearch', 'search_web', 'tavily_search', 'tavily-search', 'brave_search',
    'brave_web_search', 'google_search', 'bing_search', 'duckduckgo_search', 'exa_search', 'web_search_exa',
  ],
  fetch: ['web_fetch', 'fetch', 'WebFetch', 'fetch_url', 'read_url', 'fetch_webpage'],
  terminal: [
    'bash_code_execution', 'code_execution', 'code_interpreter', 'shell', 'local_shell', 'bash', 'Bash', 'run_command',
    'execute_command', 'run_terminal_cmd', 'run_shell_command', 'exec_command', 'terminal',
  ],
  applyPatch: ['apply_patch'],
  textEditor: ['text_editor_code_execution', 'str_replace_based_edit_tool', 'str_replace_editor'],
  edit: ['Edit', 'MultiEdit', 'edit_file', 'replace_in_file'],
  write: ['Write', 'create_file', 'write_file', 'write_to_file'],
  fileRead: ['Read', 'read_file', 'view', 'view_file'],
  imageGeneration: ['image_generation'],
} as const satisfies Record<string, readonly string[]>;

const KNOWN: ReadonlySet<string> = new Set(Object.values(TOOL_VIEW_NAMES).flat());

/**
 * Whether a call may have a built-in view, read cheaply: its name is one the views know, or its
 * result may have a shape they read whatever the name (a diff, a list of images or files, a
 * provider's own result). `readToolView` decides.
 */
export function mayHaveToolView(call: unknown, result: unknown): boolean {
  if (KNOWN.has(readString(call, 'name') ?? '')) return true;
  const content = readKey(result, 'content');
  if (readKey(content, 'structured_content') != null) return true;
  const body = readKey(content, 'content');
  if (body !== null && typeof body === 'object') return true;
  const output = readString(result, 'output')?.trimStart() ?? '';
  return output.startsWith('diff ') || output.startsWith('--- ') || output.startsWith('[') || output.startsWith('{');
}
