import { expect } from '@open-wc/testing';
import { normalizeItem, normalizeItems } from '../../../src/model/normalize.js';
import { pairToolResults } from '../../../src/model/tools.js';
import type { ToolCallDisplayItem, ToolResultDisplayItem } from '../../../src/model/types.js';
import { parseAnsi } from '../../../src/model/tool-views/ansi.js';
import { readToolView } from '../../../src/model/tool-views/match.js';
import { languageOf, stripLineNumbers } from '../../../src/model/tool-views/file-read.js';
import type { BuiltinToolView, DiffLine } from '../../../src/model/tool-views/types.js';
import { loadFixture } from '../../fixtures.js';

/** test/fixtures/coding-agent-tools.json: calls of coding agents' tools, written after their documented inputs. */
async function codingAgentViews(): Promise<Map<string, BuiltinToolView | null>> {
  const items = normalizeItems(await loadFixture('coding-agent-tools'));
  const { resultsByCall } = pairToolResults(items);
  const views = new Map<string, BuiltinToolView | null>();
  for (const item of items) {
    if (item.kind === 'tool_call') views.set(item.toolCallId ?? '', readToolView(item, resultsByCall.get(item.toolCallId ?? '') ?? null));
  }
  return views;
}

function expectKind<K extends BuiltinToolView['kind']>(view: BuiltinToolView | null | undefined, kind: K): Extract<BuiltinToolView, { kind: K }> {
  expect(view?.kind).to.equal(kind);
  return view as Extract<BuiltinToolView, { kind: K }>;
}

const row = (line: DiffLine) => `${line.sign} ${line.oldNumber ?? '-'} ${line.newNumber ?? '-'} ${line.text}`;

describe('tool views of coding agents\' tools', () => {
  let views: Map<string, BuiltinToolView | null>;
  before(async () => {
    views = await codingAgentViews();
  });

  it('Bash: the command, and its output in colour with no escape left', () => {
    const run = expectKind(views.get('toolu_bash_1'), 'terminal');
    expect(run.command).to.equal('npm test -- --reporter=dot');
    expect(run.exitCode, 'the output is text: no exit code is guessed from it').to.equal(null);
    const segments = parseAnsi(run.stdout);
    expect(segments[0]).to.deep.include({ text: '✓', fg: 2 });
    expect(segments.find((segment) => segment.text === 'AssertionError')).to.deep.include({ fg: 1, bold: true });
    expect(segments.some((segment) => segment.text.includes('\u001b'))).to.equal(false);
  });

  it('Read: the path, its language, and the lines without the numbers Claude Code put before them', () => {
    const file = expectKind(views.get('toolu_read_1'), 'file');
    expect([file.path, file.language, file.startLine]).to.deep.equal(['/repo/src/util/slug.ts', 'typescript', 10]);
    expect(file.text.split('\n')).to.deep.equal(['export function slug(text: string): string {', '  return text', '    .toLowerCase()', "    .replace(/[^a-z0-9]+/g, '-');"]);
  });

  it('Edit and MultiEdit: the old and new strings as a diff, unnumbered (where they sit is not said)', () => {
    const edit = expectKind(views.get('toolu_edit_1'), 'diff');
    expect(edit.files[0]).to.deep.include({ path: '/repo/src/util/slug.ts', change: 'edit' });
    expect(edit.files[0].hunks[0].lines.map(row)).to.deep.equal([
      '  - -     .toLowerCase()', "- - -     .replace(/[^a-z0-9]+/g, '-');", "+ - -     .normalize('NFKD')",
      "+ - -     .replace(/[^a-z0-9]+/g, '-')", "+ - -     .replace(/^-|-$/g, '');",
    ]);
    const multi = expectKind(views.get('toolu_multiedit_1'), 'diff');
    expect(multi.files[0].hunks).to.have.length(2);
    expect(multi.files[0].hunks[1].lines.map((line) => line.sign + line.text)).to.deep.equal([' ## Usage', '+', '+See docs/usage.md.']);
  });

  it('Write and write_to_file: a new file, every line added', () => {
    const written = expectKind(views.get('toolu_write_1'), 'diff');
    expect(written.files[0]).to.deep.include({ path: '/repo/src/util/slug.test.ts', change: 'create' });
    expect(written.files[0].hunks[0].lines).to.have.length(5);
    expect(written.files[0].hunks[0].lines.every((line) => line.sign === '+')).to.equal(true);
    expect(expectKind(views.get('cline_write_1'), 'diff').files[0].path).to.equal('docs/usage.md');
  });

  it('WebSearch whose result is prose keeps the card; WebFetch shows the page\'s URL and the text', () => {
    expect(views.get('toolu_ws_1'), 'results written as prose are not guessed from').to.equal(null);
    const fetched = expectKind(views.get('toolu_wf_1'), 'fetch');
    expect(fetched.url).to.equal('https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/String/normalize');
    expect(fetched.text).to.match(/^normalize\(\) accepts/);
  });

  it('Cline and Cursor: a command\'s text output; a JSON result\'s streams and exit code; `1 | ` numbers taken off', () => {
    expect(expectKind(views.get('cline_exec_1'), 'terminal').stdout).to.equal(' M src/util/slug.ts\n?? src/util/slug.test.ts\n');
    const cursor = expectKind(views.get('cursor_run_1'), 'terminal');
    expect([cursor.command, cursor.stdout, cursor.stderr, cursor.exitCode]).to.deep.equal(['ls src', 'index.ts\nutil\n', '', 0]);
    const read = expectKind(views.get('cline_read_1'), 'file');
    expect([read.path, read.language, read.startLine, read.text]).to.deep.equal(['package.json', 'json', 1, '{\n  "name": "demo"\n}']);
  });

  it('Codex: a whole patch as three files; a shell argv quoted, its exit code from the result\'s metadata', () => {
    const patch = expectKind(views.get('codex_patch_1'), 'diff');
    expect(patch.files.map((file) => [file.path, file.change])).to.deep.equal([['src/util/slug.ts', 'edit'], ['CHANGELOG.md', 'create'], ['src/old.ts', 'delete']]);
    expect(patch.files[0].hunks[0].lines.map((line) => line.sign)).to.deep.equal([' ', '-', '+']);
    const shell = expectKind(views.get('codex_shell_1'), 'terminal');
    expect([shell.command, shell.exitCode]).to.deep.equal(["bash -lc 'cargo test --quiet'", 101]);
    expect(shell.stdout).to.match(/^error\[E0425\]/);
  });

  it('search tools: Tavily\'s `{results}` and Brave\'s list, with snippets and page ages', () => {
    const tavily = expectKind(views.get('tavily_1'), 'search');
    expect(tavily.query).to.equal('lit web components ssr');
    expect(tavily.results.map((hit) => hit.url)).to.deep.equal(['https://lit.dev/docs/ssr/overview/', 'https://www.npmjs.com/package/@lit-labs/ssr']);
    expect(tavily.results[0].snippet).to.equal('Lit SSR renders Lit components on the server.');
    const brave = expectKind(views.get('brave_1'), 'search');
    expect(brave.results[0]).to.deep.equal({
      title: 'Supported Languages - highlight.js', url: 'https://highlightjs.readthedocs.io/en/latest/supported-languages.html',
      pageAge: '3 weeks ago', snippet: 'The list of languages highlight.js supports.',
    });
  });

  it('a tool the kit does not know whose result is a unified diff reads as a diff, by its shape', () => {
    const diff = expectKind(views.get('git_diff_1'), 'diff');
    expect(diff.files[0].path).to.equal('src/util/slug.ts');
    expect(diff.files[0].hunks[0].lines.map(row).slice(1, 4)).to.deep.equal([
      '  11 11     .toLowerCase()', "- 12 -     .replace(/[^a-z0-9]+/g, '-');", "+ - 12     .normalize('NFKD')",
    ]);
  });

  it('an MCP tool whose result is a list of images reads as media, the image a data URL', () => {
    const media = expectKind(views.get('mcp_shot_1'), 'media');
    expect(media.media).to.have.length(1);
    expect(media.media[0]).to.deep.include({ type: 'image', mimeType: 'image/png' });
    expect(media.media[0].source).to.match(/^data:image\/png;base64,iVBORw0KGgo/);
  });
});

const call = (name: string, args: unknown) =>
  normalizeItem({ type: 'tool_call', message_type: 'assistant', content: { call_id: 'c', name, arguments: args } }) as ToolCallDisplayItem;
const result = (content: unknown, extra: Record<string, unknown> = {}) =>
  normalizeItem({ type: 'tool_result', message_type: 'tool', content: { tool_call_id: 'c', name: 'x', content, ...extra } }) as ToolResultDisplayItem;

describe('readToolView on shapes it does not know', () => {
  it('reads null for a known name whose arguments or result are not the shape it knows', () => {
    expect(readToolView(call('Bash', { script: 'ls' }), result('x'))).to.equal(null);
    expect(readToolView(call('Read', {}), result('x'))).to.equal(null);
    expect(readToolView(call('Edit', { file_path: 'a', old_string: 1 }), null)).to.equal(null);
    expect(readToolView(call('web_search', { query: 'q' }), result('Here are some links: https://a.example'))).to.equal(null);
    expect(readToolView(call('web_search', { query: 'q' }), result(JSON.stringify([{ title: 'no url' }])))).to.equal(null);
    expect(readToolView(call('apply_patch', { type: 'rename_file', path: 'a' }), null)).to.equal(null);
    expect(readToolView(call('str_replace_based_edit_tool', { command: 'undo_edit', path: 'a' }), null)).to.equal(null);
  });

  it('reads null for a name it does not know with a result of no known shape', () => {
    expect(readToolView(call('get_weather', { city: 'Paris' }), result('{"temp": 21}'))).to.equal(null);
    expect(readToolView(call('get_weather', { city: 'Paris' }), null)).to.equal(null);
  });

  it('shows a running call from its arguments: the command, the query, the change', () => {
    expect(readToolView(call('bash', { cmd: 'make' }), null)).to.deep.include({ kind: 'terminal', command: 'make', stdout: '', exitCode: null });
    expect(readToolView(call('search', { q: 'lit' }), null)).to.deep.include({ kind: 'search', query: 'lit', results: [] });
    expect(readToolView(call('create_file', { path: 'a.txt', content: 'x' }), null)?.kind).to.equal('diff');
  });

  it('reads arguments sent as JSON text', () => {
    expect(readToolView(call('run_command', '{"command": "pwd"}'), result('/repo'))).to.deep.include({ command: 'pwd', stdout: '/repo' });
  });

  it('reads a failed search\'s error, and a search tool error result', () => {
    const failed = readToolView(call('web_search', { query: 'q' }), result([{ type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' }]));
    expect(failed).to.deep.equal({ kind: 'search', query: 'q', results: [], error: 'max_uses_exceeded' });
    expect(readToolView(call('tavily_search', { query: 'q' }), result('Rate limited', { is_error: true }))).to.deep.include({ error: 'Rate limited' });
  });

  it('reads the text editor\'s insert after its line, and a view\'s `cat -n` lines from the view range', () => {
    const insert = readToolView(call('str_replace_based_edit_tool', { command: 'insert', path: 'a.py', insert_line: 3, new_str: 'x = 1\ny = 2' }), null);
    expect(insert?.kind === 'diff' && insert.files[0].hunks[0].lines.map(row)).to.deep.equal(['+ - 4 x = 1', '+ - 5 y = 2']);
    const view = readToolView(
      call('str_replace_based_edit_tool', { command: 'view', path: 'a.py', view_range: [7, 8] }),
      result("Here's the result of running `cat -n` on a.py:\n     7\tdef f():\n     8\t    pass\n"),
    );
    expect(view).to.deep.equal({ kind: 'file', path: 'a.py', language: 'python', startLine: 7, text: 'def f():\n    pass' });
  });
});

describe('stripLineNumbers and languageOf', () => {
  it('takes off numbers only when every line has the next one, and drops a note after them', () => {
    expect(stripLineNumbers('     1→a\n     2→b')).to.deep.equal({ startLine: 1, text: 'a\nb' });
    expect(stripLineNumbers('1→a\n3→b'), 'a gap: not numbers the tool added').to.equal(null);
    expect(stripLineNumbers('1\ta\nplain')).to.equal(null);
    expect(stripLineNumbers('   5→a\n\n<system-reminder>\nnote\n</system-reminder>')).to.deep.equal({ startLine: 5, text: 'a' });
    expect(stripLineNumbers('2024 was a year')).to.equal(null);
  });

  it('names the language by extension or file name', () => {
    expect(['a.tsx', 'b.PY', 'Dockerfile', 'x/y/Makefile', 'notes.txt', 'noext', '.bashrc'].map(languageOf)).to.deep.equal([
      'typescript', 'python', 'dockerfile', 'makefile', null, null, null,
    ]);
  });
});

describe('a read whose result is an image', () => {
  it('reads as media, not as lines of JSON', () => {
    const image = [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }];
    expect(readToolView(call('Read', { file_path: '/repo/logo.png' }), result(image))).to.deep.equal({
      kind: 'media', media: [{ type: 'image', name: null, mimeType: 'image/png', size: null, source: 'data:image/png;base64,iVBORw0KGgo=', fileId: null }],
    });
  });
});
