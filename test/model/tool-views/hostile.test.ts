import { expect } from '@open-wc/testing';
import { readApplyPatch, readDiffResult, readEdit, readTextEditor, readWrite } from '../../../src/model/tool-views/edits.js';
import { readFileRead } from '../../../src/model/tool-views/file-read.js';
import { readImageGeneration, readMediaResult } from '../../../src/model/tool-views/media.js';
import { readToolView, type ToolViewReader } from '../../../src/model/tool-views/match.js';
import { TOOL_VIEW_NAMES } from '../../../src/model/tool-views/names.js';
import { readFetch, readSearch } from '../../../src/model/tool-views/search.js';
import { readTerminal } from '../../../src/model/tool-views/terminal.js';
import type { ToolCallDisplayItem, ToolResultDisplayItem } from '../../../src/model/types.js';

const READERS: Record<string, ToolViewReader> = {
  readSearch, readFetch, readTerminal, readApplyPatch, readTextEditor, readEdit, readWrite, readDiffResult, readFileRead,
  readImageGeneration, readMediaResult, readToolView,
};

const KINDS = new Set(['search', 'fetch', 'terminal', 'diff', 'file', 'media']);

function cycle(): Record<string, unknown> {
  const value: Record<string, unknown> = { command: 'ls', path: 'a', query: 'q' };
  value.self = value;
  value.edits = [value];
  return value;
}

function throwingGetters(): Record<string, unknown> {
  const value = {};
  for (const key of ['command', 'path', 'file_path', 'query', 'type', 'content', 'output', 'url', 'old_string', 'edits', 'operation']) {
    Object.defineProperty(value, key, { enumerable: true, get: () => { throw new Error(`hostile ${key}`); } });
  }
  return value;
}

const HUGE = 'x'.repeat(1_000_000);

/** Values a hostile or broken host may put anywhere: JSON-ish, plus cycles, getters that throw and huge strings. */
const VALUES: unknown[] = [
  null, undefined, 0, -1, NaN, Infinity, 42, true, '', ' ', 'text', HUGE, `diff --git a/x b/x\n@@ -1,${'9'.repeat(400)} +1 @@\n${'-x\n'.repeat(50_000)}`,
  [], [null], [1, 'a'], [{}], {}, { type: 'image' }, { type: 'web_search_tool_result_error' }, { results: null }, { results: [null, 1, { url: 7 }] },
  { stdout: 5, stderr: {}, return_code: 'x', content: [null, { file_id: 3 }] }, [{ outcome: null }], [{ outcome: { exit_code: 'NaN' } }],
  { type: 'web_fetch_result', content: { source: null } }, { type: 'text_editor_code_execution_view_result', content: 7, start_line: -3 },
  { operation: { type: 'update_file', path: 'a', diff: 7 } }, { type: 'create_file', path: 'a', diff: HUGE },
  { command: ['bash', 3, null], commands: [{}] }, { command: 'str_replace', path: 'p', old_str: HUGE, new_str: `${HUGE}y` },
  { edits: [null, 'x', { old_string: 'a', new_string: null }] }, { input: '*** Begin Patch\n*** Update File: \n' }, { view_range: ['a', {}] },
  cycle(), throwingGetters(),
];

const NAMES = [...Object.values(TOOL_VIEW_NAMES).flat(), '', 'unknown', '__proto__', 'constructor', 'toString'];

function calls(): unknown[] {
  const shaped = NAMES.flatMap((name) => VALUES.map((args) => ({ kind: 'tool_call', name, arguments: args, content: {}, metadata: {} })));
  return [...VALUES, ...shaped];
}

function results(): unknown[] {
  const shaped = VALUES.flatMap((value) => [
    { kind: 'tool_result', output: typeof value === 'string' ? value : '', isError: true, content: { content: value, structured_content: value } },
    { kind: 'tool_result', output: value, isError: value, content: value },
  ]);
  return [null, ...VALUES, ...shaped];
}

describe('tool view readers on hostile values', () => {
  it('never throw, and give null or a view of a known kind', () => {
    const allCalls = calls();
    const allResults = results();
    let views = 0;
    const failures: string[] = [];
    for (const [name, reader] of Object.entries(READERS)) {
      // Every call against a few results, and a few calls against every result.
      const pairs = [
        ...allCalls.flatMap((call) => [null, allResults[3], allResults.at(-2)].map((result) => [call, result] as const)),
        ...allResults.flatMap((result) => allCalls.slice(0, 60).filter((_, i) => i % 7 === 0).map((call) => [call, result] as const)),
      ];
      for (const [call, result] of pairs) {
        try {
          const view = reader(call as ToolCallDisplayItem, result as ToolResultDisplayItem | null);
          if (view === null) continue;
          views++;
          if (!KINDS.has(view.kind)) failures.push(`${name} gave a view of kind ${String(view.kind)}`);
        } catch (error) {
          failures.push(`${name} threw ${String(error)}`);
        }
      }
    }
    expect(failures.slice(0, 5)).to.deep.equal([]);
    expect(views, 'some hostile shapes still read as views: the test reached the readers').to.be.above(0);
  });

  it('a cyclic or throwing call with a known name reads without hanging', () => {
    expect(readToolView({ ...cycle(), name: 'Bash', arguments: cycle() } as unknown as ToolCallDisplayItem, null)).to.deep.include({ command: 'ls' });
    expect(readToolView({ name: 'Edit', arguments: throwingGetters() } as unknown as ToolCallDisplayItem, null)).to.equal(null);
  });
});
