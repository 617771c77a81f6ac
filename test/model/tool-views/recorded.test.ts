import { expect } from '@open-wc/testing';
import { fromAnthropicMessages, fromOpenAIResponses } from '../../../src/adapters/index.js';
import { normalizeItems } from '../../../src/model/normalize.js';
import { describeToolCall, pairToolResults } from '../../../src/model/tools.js';
import type { ToolCallDisplayItem } from '../../../src/model/types.js';
import { readToolView } from '../../../src/model/tool-views/match.js';
import type { BuiltinToolView, DiffView, FetchView, FileReadView, SearchView, TerminalView } from '../../../src/model/tool-views/types.js';
import { recording, type Provider } from '../../live/recorded/corpus.js';

/**
 * The recorded responses (test/fixtures/recorded/SOURCE.md) as a host keeps them, through the
 * kit's adapter, normalized, each call paired with its result, then read into its view.
 */
interface Read {
  call: ToolCallDisplayItem;
  view: BuiltinToolView | null;
}

async function readRecording(provider: Provider, name: string): Promise<Read[]> {
  const saved = JSON.parse(await recording(provider, name)) as unknown;
  const question = { id: 'q', role: 'user', content: 'The recorded request.' };
  const converted = provider === 'anthropic' ? fromAnthropicMessages([question, saved]) : fromOpenAIResponses([{ ...question, type: 'message' }, saved]);
  const items = normalizeItems(converted.items);
  const { resultsByCall } = pairToolResults(items);
  return items
    .filter((item): item is ToolCallDisplayItem => item.kind === 'tool_call')
    .map((call) => ({ call, view: readToolView(call, resultsByCall.get(call.toolCallId ?? '') ?? null) }));
}

function viewOf<K extends BuiltinToolView['kind']>(reads: Read[], name: string, kind: K, nth = 0): Extract<BuiltinToolView, { kind: K }> {
  const found = reads.filter((read) => read.call.name === name)[nth];
  expect(found, `a ${name} call`).to.exist;
  expect(found.view?.kind, `${name} reads as ${kind}`).to.equal(kind);
  return found.view as Extract<BuiltinToolView, { kind: K }>;
}

describe('tool views from recorded Anthropic responses', () => {
  it('web search: the query, then each hit\'s title and URL', async () => {
    const reads = await readRecording('anthropic', 'anthropic-web-search-tool.1.json');
    const view: SearchView = viewOf(reads, 'web_search', 'search');
    expect(view.query).to.equal('tech news today September 26 2024');
    expect(view.results).to.have.length(10);
    expect(view.results[0]).to.deep.equal({ title: 'Latest News - Apple Developer', url: 'https://developer.apple.com/news/', pageAge: null, snippet: null });
    expect(view.error).to.equal(null);
    const empty = viewOf(reads, 'web_search', 'search', 1);
    expect([empty.query, empty.results]).to.deep.equal(['"September 26 2024" tech news breaking', []]);
  });

  it('web fetch: the page\'s URL, title, text and when it was read; a failed fetch its error code', async () => {
    const view: FetchView = viewOf(await readRecording('anthropic', 'anthropic-web-fetch-tool.1.json'), 'web_fetch', 'fetch');
    expect(view.url).to.equal('https://en.wikipedia.org/wiki/Maglemosian_culture');
    expect(view.title).to.equal('Maglemosian culture');
    expect(view.retrievedAt).to.equal('2025-07-17T21:38:38.606000+00:00');
    expect(view.text).to.contain('Maglemosian (c. 9000 – c. 6000 BC) is the name given to a');
    const failed = viewOf(await readRecording('anthropic', 'anthropic-web-fetch-tool.error.json'), 'web_fetch', 'fetch');
    expect([failed.url, failed.error, failed.text]).to.deep.equal(['https://raw.githubusercontent.com/vercel/ai/blob/main/examples/ai-functions/data/ai.pdf', 'unavailable', null]);
  });

  it('code execution: a created file as a diff, then the command and its output with the exit code', async () => {
    const reads = await readRecording('anthropic', 'anthropic-code-execution-20250825.1.json');
    const created: DiffView = viewOf(reads, 'text_editor_code_execution', 'diff');
    expect(created.files[0]).to.deep.include({ path: '/tmp/fibonacci.py', change: 'create' });
    expect(created.files[0].hunks[0].lines[0]).to.deep.equal({ sign: '+', text: 'def fibonacci(n):', oldNumber: null, newNumber: 1 });
    const run: TerminalView = viewOf(reads, 'bash_code_execution', 'terminal');
    expect(run.command).to.equal('python /tmp/fibonacci.py');
    expect(run.stdout).to.match(/^The 10th Fibonacci number is: 55\n/);
    expect([run.stderr, run.exitCode, run.error]).to.deep.equal(['', 0, null]);
  });

  it('code execution: a file viewed, an edit numbered where the editor says, stderr, a failing exit code, an output file', async () => {
    const upload = await readRecording('anthropic', 'anthropic-code-execution-file-upload.1.json');
    const file: FileReadView = viewOf(upload, 'text_editor_code_execution', 'file');
    expect([file.path, file.startLine, file.language]).to.deep.equal(['$INPUT_DIR/sample.csv', 1, null]);
    expect(file.text.split('\n')[1]).to.equal('January,12500,8200,4300');

    const skill = await readRecording('anthropic', 'anthropic-code-execution-20250825.pptx-skill.json');
    const read: FileReadView = viewOf(skill, 'text_editor_code_execution', 'file');
    expect([read.path, read.language]).to.deep.equal(['/skills/pptx/SKILL.md', 'markdown']);
    const edit = skill.map((each) => each.view).find((view): view is DiffView => view?.kind === 'diff' && view.files[0].change === 'edit');
    expect(edit?.files[0].path).to.equal('/tmp/slide2-solar.html');
    const removed = edit?.files[0].hunks[0].lines.find((line) => line.sign === '-');
    expect(removed).to.deep.equal({ sign: '-', text: '  padding: 30pt 40pt;', oldNumber: 24, newNumber: null });
    const runs = skill.map((each) => each.view).filter((view): view is TerminalView => view?.kind === 'terminal');
    expect(runs[0].stderr).to.match(/^Error: \/tmp\/slide2-solar\.html: Multiple validation errors found/);
    expect(runs.find((run) => run.exitCode === 1)?.stdout).to.contain('Error: PDF conversion failed');
    expect(runs.at(-1)?.media).to.deep.equal([{ type: 'file', name: null, mimeType: null, size: null, source: null, fileId: 'file_011CUJKUp367cjQUB9qr74Es' }]);
  });

  it('programmatic code execution: the Python code as code, not as a command', async () => {
    const reads = await readRecording('anthropic', 'anthropic-web-fetch-tool-20260209.1.json');
    const run: TerminalView = viewOf(reads, 'code_execution', 'terminal');
    expect([run.command, run.language]).to.deep.equal([null, 'python']);
    expect(run.code).to.contain('result = await web_fetch({"url": "https://example.com"})');
    expect(viewOf(reads, 'web_fetch', 'fetch').title).to.equal('Example Domain');
  });

  it('an MCP call keeps the generic card, its header naming the tool and its server', async () => {
    const [read] = await readRecording('anthropic', 'anthropic-mcp.1.json');
    expect(read.view).to.equal(null);
    expect(describeToolCall(read.call).label).to.equal('Echo (echo)');
  });
});

describe('tool views from recorded OpenAI responses', () => {
  it('web search: the query and the sources it read; an opened page reads as a fetch', async () => {
    const reads = await readRecording('openai-responses', 'openai-web-search-tool.1.json');
    const search: SearchView = viewOf(reads, 'web_search', 'search');
    expect(search.query).to.equal('tech news today December 5 2025');
    expect(search.results[0]).to.deep.equal({ title: null, url: 'https://www.theverge.com/podcast/838932/openai-chatgpt-code-red-vergecast', pageAge: null, snippet: null });
    const opened = viewOf(reads, 'web_search', 'fetch', 1);
    expect(opened.url).to.equal('https://www.theverge.com/podcast/838932/openai-chatgpt-code-red-vergecast');
    expect(reads[2].view, 'find in page has no view of its own').to.equal(null);
  });

  it('shell: the command, stdout and exit code 0; a call still waiting for its output shows its commands', async () => {
    const run: TerminalView = viewOf(await readRecording('openai-responses', 'openai-shell-container.1.json'), 'shell', 'terminal');
    expect(run.command).to.equal("echo 'Hello from container!' && uname -a");
    expect(run.stdout).to.equal('Hello from container!\nLinux container-host 6.1.0 #1 SMP x86_64 GNU/Linux\n');
    expect(run.exitCode).to.equal(0);
    const waiting = viewOf(await readRecording('openai-responses', 'openai-shell-tool.1.json'), 'shell', 'terminal');
    expect(waiting.command?.split('\n')).to.deep.equal(['cd ~ && pwd', 'cd ~/Desktop && pwd', "cd ~/Desktop && echo 'THIS WORKS!' > dec1.txt && ls -l dec1.txt && cat dec1.txt"]);
    expect([waiting.stdout, waiting.exitCode]).to.deep.equal(['', null]);
  });

  it('local shell: the argv as a command line', async () => {
    const run: TerminalView = viewOf(await readRecording('openai-responses', 'openai-local-shell-tool.1.json'), 'local_shell', 'terminal');
    expect(run.command).to.equal('ls');
  });

  it('apply_patch: a new file, every line added and numbered', async () => {
    const view: DiffView = viewOf(await readRecording('openai-responses', 'openai-apply-patch-tool.1.json'), 'apply_patch', 'diff');
    expect(view.files[0]).to.deep.include({ path: 'shopping-checklist.md', change: 'create' });
    expect(view.files[0].hunks[0].lines.slice(0, 3)).to.deep.equal([
      { sign: '+', text: '## Shopping Checklist', oldNumber: null, newNumber: 1 },
      { sign: '+', text: '', oldNumber: null, newNumber: 2 },
      { sign: '+', text: '- [ ] Milk', oldNumber: null, newNumber: 3 },
    ]);
  });

  it('code interpreter: the code as Python, its logs as output', async () => {
    const reads = await readRecording('openai-responses', 'openai-code-interpreter-tool.1.json');
    const run: TerminalView = viewOf(reads, 'code_interpreter', 'terminal');
    expect([run.command, run.language, run.stdout]).to.deep.equal([null, 'python', '(10000, 70024)']);
    expect(run.code).to.match(/^import random\r\n/);
  });

  it('an MCP search tool whose result is `{results: [...]}` reads as a search; its header names the server', async () => {
    const reads = await readRecording('openai-responses', 'openai-mcp-tool.1.json');
    const search: SearchView = viewOf(reads, 'web_search_exa', 'search');
    expect(search.query).to.equal('NYC mayoral election results 2025 latest');
    expect(search.results[0]).to.deep.include({
      title: 'New York City Mayor Results 2025', url: 'https://www.nbcnews.com/politics/2025-elections/new-york-city-mayor-results', pageAge: '2025-11-06T12:27:04.000Z',
    });
    expect(search.results[0].snippet?.length).to.be.at.most(1001);
    expect(describeToolCall(reads[1].call).label).to.equal('Web search exa (dmcp)');
    expect(reads[0].view, 'listing the tools has no view').to.equal(null);
  });

  it('image generation: the image comes as an image item beside the result, so the call keeps its card', async () => {
    const [read] = await readRecording('openai-responses', 'openai-image-generation-tool.1.json');
    expect(read.call.name).to.equal('image_generation');
    expect(read.view).to.equal(null);
  });
});

/** One Anthropic response with a server tool's call and result, through the adapter. */
function anthropicServerTool(name: string, input: unknown, type: string, content: unknown): BuiltinToolView | null {
  const { items } = fromAnthropicMessages([{
    id: 'msg', type: 'message', role: 'assistant', stop_reason: 'end_turn',
    content: [{ type: 'server_tool_use', id: 'srv_1', name, input }, { type, tool_use_id: 'srv_1', content }],
  }]);
  const normalized = normalizeItems(items);
  const call = normalized.find((item): item is ToolCallDisplayItem => item.kind === 'tool_call');
  expect(call, 'the adapter made a call').to.exist;
  return readToolView(call as ToolCallDisplayItem, pairToolResults(normalized).resultsByCall.get('srv_1') ?? null);
}

describe('tool views of Anthropic server tool shapes the recordings lack', () => {
  it('a failed web search: its error code', () => {
    const view = anthropicServerTool('web_search', { query: 'q' }, 'web_search_tool_result', { type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' });
    expect(view).to.deep.equal({ kind: 'search', query: 'q', results: [], error: 'max_uses_exceeded' });
  });

  it('search hits with their page age', () => {
    const view = anthropicServerTool('web_search', { query: 'q' }, 'web_search_tool_result', [
      { type: 'web_search_result', title: 'INSEE', url: 'https://www.insee.fr/', encrypted_content: 'Eq', page_age: '2 days ago' },
    ]);
    expect(view?.kind === 'search' && view.results).to.deep.equal([{ title: 'INSEE', url: 'https://www.insee.fr/', pageAge: '2 days ago', snippet: null }]);
  });

  it('the older code execution: Python code, stderr, a failing return code and a file it wrote', () => {
    const view = anthropicServerTool('code_execution', { code: 'print(1/0)' }, 'code_execution_tool_result', {
      type: 'code_execution_result', stdout: '', stderr: 'ZeroDivisionError: division by zero\n', return_code: 1,
      content: [{ type: 'code_execution_output', file_id: 'file_1' }],
    });
    expect(view).to.deep.equal({
      kind: 'terminal', command: null, code: 'print(1/0)', language: 'python', stdout: '', stderr: 'ZeroDivisionError: division by zero\n', exitCode: 1,
      media: [{ type: 'file', name: null, mimeType: null, size: null, source: null, fileId: 'file_1' }], error: null,
    });
  });

  it('a code execution error: its error code', () => {
    const view = anthropicServerTool('bash_code_execution', { command: 'sleep 999' }, 'bash_code_execution_tool_result', { type: 'bash_code_execution_tool_result_error', error_code: 'execution_time_exceeded' });
    expect(view).to.deep.include({ kind: 'terminal', command: 'sleep 999', error: 'execution_time_exceeded' });
  });
});

describe('tool views of client tools through the adapters', () => {
  it('Anthropic\'s text editor: str_replace as an unnumbered diff, create as a new file', () => {
    const { items } = fromAnthropicMessages([{
      role: 'assistant', content: [
        { type: 'tool_use', id: 't1', name: 'str_replace_based_edit_tool', input: { command: 'str_replace', path: 'a.py', old_str: 'x = 1', new_str: 'x = 2' } },
        { type: 'tool_use', id: 't2', name: 'str_replace_based_edit_tool', input: { command: 'create', path: 'b.py', file_text: 'pass\n' } },
      ],
    }]);
    const [edit, create] = normalizeItems(items).map((item) => (item.kind === 'tool_call' ? readToolView(item, null) : null));
    expect(edit).to.deep.equal({ kind: 'diff', files: [{ path: 'a.py', change: 'edit', hunks: [{ lines: [
      { sign: '-', text: 'x = 1', oldNumber: null, newNumber: null }, { sign: '+', text: 'x = 2', oldNumber: null, newNumber: null },
    ] }] }] });
    expect(create).to.deep.equal({ kind: 'diff', files: [{ path: 'b.py', change: 'create', hunks: [{ lines: [{ sign: '+', text: 'pass', oldNumber: null, newNumber: 1 }] }] }] });
  });

  it('OpenAI apply_patch: an update in V4A, and a delete', () => {
    const { items } = fromOpenAIResponses([
      { type: 'apply_patch_call', call_id: 'p1', status: 'completed', operation: { type: 'update_file', path: 'app.py', diff: '@@ def main():\n-    return 1\n+    return 2\n' } },
      { type: 'apply_patch_call', call_id: 'p2', status: 'completed', operation: { type: 'delete_file', path: 'obsolete.txt' } },
    ]);
    const [update, remove] = normalizeItems(items).filter((item) => item.kind === 'tool_call').map((item) => readToolView(item as ToolCallDisplayItem, null));
    expect(update?.kind === 'diff' && update.files[0].hunks[0].lines.map((line) => line.sign + line.text)).to.deep.equal(['-    return 1', '+    return 2']);
    expect(remove).to.deep.equal({ kind: 'diff', files: [{ path: 'obsolete.txt', change: 'delete', hunks: [] }] });
  });

  it('OpenAI shell: a failing run\'s exit code and a timeout', () => {
    const { items } = fromOpenAIResponses([
      { type: 'shell_call', call_id: 's1', action: { commands: ['false', 'sleep 9'] } },
      { type: 'shell_call_output', call_id: 's1', output: [
        { stdout: '', stderr: 'failed\n', outcome: { type: 'exit', exit_code: 1 } },
        { stdout: 'partial', stderr: '', outcome: { type: 'timeout' } },
      ] },
    ]);
    const normalized = normalizeItems(items);
    const call = normalized.find((item): item is ToolCallDisplayItem => item.kind === 'tool_call');
    const view = readToolView(call as ToolCallDisplayItem, pairToolResults(normalized).resultsByCall.get('s1') ?? null);
    expect(view).to.deep.include({ kind: 'terminal', command: 'false\nsleep 9', stdout: 'partial', stderr: 'failed\n', exitCode: 1, error: 'timeout' });
  });
});
