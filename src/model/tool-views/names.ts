/** The tool names the built-in views know, by reader (`match.ts` maps each to its reader). */
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

