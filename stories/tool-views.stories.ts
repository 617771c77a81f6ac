import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { ToolCallItem } from '../src/index.js';
import { deepQueryAll, expectText, settled } from './support/dom.js';
import { hasRealKeyboard, press } from './support/keyboard.js';
import { assistantText, callIdOf, toolCall, toolResult, userText, type Row, type ToolStatus } from './support/items.js';

/**
 * The kit's built-in views of the tools agents use most (issue 71): a command and its output as a
 * terminal, an edit as a diff, a file read as numbered lines, a search's linked results, a fetched
 * page, generated images and files. Each family in each state: running (no result yet), done,
 * failed, empty, huge output; then all of them in one conversation.
 */
const meta = {
  title: 'Features/Tool views',
  component: 'tool-call-item',
} satisfies Meta;

export default meta;
type Story = StoryObj;

const ESC = '\u001b';
const json = (value: unknown) => JSON.stringify(value);
const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i + 1)).join('\n');

const TEST_OUTPUT = [
  `${ESC}[1m> vitest run${ESC}[0m`,
  ` ${ESC}[32m✓${ESC}[0m test/parse.test.ts ${ESC}[2m(12 tests)${ESC}[0m`,
  ` ${ESC}[32m✓${ESC}[0m test/render.test.ts ${ESC}[2m(8 tests)${ESC}[0m`,
  ` ${ESC}[1;32mTest Files${ESC}[0m  2 passed`,
  ` ${ESC}[4mDuration${ESC}[0m  ${ESC}[33m1.42s${ESC}[0m`,
].join('\n');

const OLD_CODE = ['export function greet(name) {', '  const who = name.trim();', '  if (!who) return "Hello!";', '  return "Hello, " + who;', '}', '', 'export const version = 1;', '// more', '// and more', '// the end'].join('\n');
const NEW_CODE = OLD_CODE.replace('"Hello, " + who', '`Hello, ${who}!`').replace('version = 1', 'version = 2');

const READ_LINES = lines(12, (i) => `${String(i + 39).padStart(6)}\t${['def area(r):', '    """The area of a circle."""', '    return 3.14159 * r ** 2', ''][i % 4]}`);

/** A small bar chart as a PNG `data:` URL's base64, drawn when the story renders (a generated image). */
function chartPng(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 160;
  canvas.height = 90;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#f6f8fa';
  context.fillRect(0, 0, 160, 90);
  [40, 70, 25, 55].forEach((height, index) => {
    context.fillStyle = ['#0969da', '#1a7f37', '#cf222e', '#8250df'][index];
    context.fillRect(16 + index * 36, 80 - height, 24, height);
  });
  return canvas.toDataURL('image/png').split(',')[1];
}

const HITS = [
  { type: 'web_search_result', title: 'Tide times Brest — maree.info', url: 'https://maree.info/brest', page_age: '2 days ago', encrypted_content: 'x' },
  { type: 'web_search_result', title: 'Brest tides this week', url: 'https://www.tide-forecast.com/locations/Brest', page_age: 'March 3, 2026', encrypted_content: 'x' },
];

/** Each view family: the call, and its result in each state (none while it runs). */
interface Family {
  name: string;
  args: unknown;
  done: string;
  failed: [string, boolean];
  empty: string;
  huge: string;
  /** Arguments of the huge state, where its size is in the call (an edit of a long file). */
  hugeArgs?: unknown;
  /** Words each state shows. */
  says: Record<'running' | 'done' | 'failed' | 'empty' | 'huge', string[]>;
}

const FAMILIES = {
  terminal: {
    name: 'bash',
    args: { command: 'npm test -- --reporter=dot' },
    done: json({ stdout: TEST_OUTPUT, stderr: '', exit_code: 0 }),
    failed: [json({ stdout: ` ${ESC}[31m✗${ESC}[0m test/render.test.ts`, stderr: `${ESC}[31mnpm ERR!${ESC}[0m Test failed.  See above for more details.`, exit_code: 1 }), false],
    empty: json({ stdout: '', stderr: '', exit_code: 0 }),
    huge: json({ stdout: lines(2000, (i) => `${ESC}[36m[build]${ESC}[0m compiled module ${i} of 2000`), stderr: '', exit_code: 0 }),
    says: { running: ['$ npm test'], done: ['Test Files', '2 passed'], failed: ['Errors', 'Exit code 1'], empty: ['No output'], huge: ['Show all (2,000 lines)'] },
  },
  diff: {
    name: 'Edit',
    args: { file_path: 'src/greet.js', old_string: OLD_CODE, new_string: NEW_CODE },
    done: 'The file src/greet.js has been updated.',
    failed: ['String to replace not found in file.', true],
    empty: 'No changes.',
    huge: 'The file src/config.js has been updated.',
    hugeArgs: {
      file_path: 'src/config.js',
      old_string: lines(400, (i) => `export const option${i} = ${i};`),
      new_string: lines(400, (i) => `export const option${i} = ${i === 12 || i === 380 ? i * 10 : i};`),
    },
    says: { running: ['src/greet.js', 'Edited'], done: ['Edited', 'Hello, ${who}!'], failed: ['Edited'], empty: ['Edited'], huge: ['unchanged lines'] },
  },
  file: {
    name: 'Read',
    args: { file_path: '/repo/geometry/circle.py', offset: 40 },
    done: READ_LINES,
    failed: ['File does not exist.', true],
    empty: '',
    huge: lines(600, (i) => `${String(i).padStart(6)}\tvalue_${i} = compute(${i})  # step ${i}`),
    says: { running: ['/repo/geometry/circle.py'], done: ['def area(r):'], failed: ['File does not exist.'], empty: ['No output'], huge: ['Show all (600 lines)'] },
  },
  search: {
    name: 'web_search',
    args: { query: 'tide times Brest' },
    done: json(HITS),
    failed: [json({ type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' }), false],
    empty: json([]),
    huge: json(Array.from({ length: 40 }, (_, i) => ({ title: `Result ${i + 1}: tides and currents`, url: `https://example.com/tides/${i + 1}`, snippet: 'High water 12:40, low water 18:52. '.repeat(6) }))),
    says: { running: ['Searched for “tide times Brest”'], done: ['maree.info', '2 days ago'], failed: ['Max uses exceeded'], empty: ['No results'], huge: ['Result 40'] },
  },
  fetch: {
    name: 'web_fetch',
    args: { url: 'https://example.com/tides/brest' },
    done: json({ type: 'web_fetch_result', url: 'https://example.com/tides/brest', retrieved_at: '2026-03-05T10:12:00Z', content: { type: 'document', title: 'Brest tides', source: { type: 'text', media_type: 'text/plain', data: 'High water 12:40\nLow water 18:52\nCoefficient 87' } } }),
    failed: [json({ type: 'web_fetch_tool_error', error_code: 'url_not_accessible' }), false],
    empty: json({ type: 'web_fetch_result', url: 'https://example.com/empty', content: { type: 'document', source: { type: 'text', media_type: 'text/plain', data: '' } } }),
    huge: json({ type: 'web_fetch_result', url: 'https://example.com/long', content: { type: 'document', title: 'A long page', source: { type: 'text', media_type: 'text/plain', data: lines(300, (i) => `Paragraph ${i}: the tide rises and falls twice a day.`) } } }),
    says: { running: ['https://example.com/tides/brest'], done: ['Brest tides', 'Coefficient 87'], failed: ['Url not accessible'], empty: ['https://example.com/empty'], huge: ['Show all (300 lines)'] },
  },
  media: {
    name: 'make_chart',
    args: { kind: 'bar' },
    get done() {
      return json([{ type: 'image', data: chartPng(), mime_type: 'image/png', name: 'Bar chart of the four quarters' }, { type: 'file', file_id: 'file_01', filename: 'chart-data.csv', size: 48213, mime_type: 'text/csv' }]);
    },
    failed: ['The chart could not be drawn.', true],
    empty: json([{ type: 'file', file_id: 'file_02' }]),
    huge: json(Array.from({ length: 24 }, (_, i) => ({ type: 'file', file_id: `file_${i}`, filename: `frame-${i + 1}.png`, size: 1024 * (i + 1) * 37, mime_type: 'image/png' }))),
    says: { running: ['Make chart'], done: ['chart-data.csv', '48.2 kB'], failed: ['The chart could not be drawn.'], empty: ['file_02'], huge: ['frame-24.png'] },
  },
} satisfies Record<string, Family>;

type FamilyName = keyof typeof FAMILIES;
type State = keyof Family['says'];

/** The call and its result for one family in one state. */
function rowsOf(family: FamilyName, state: State): { call: Row; result: Row | undefined } {
  const spec: Family = FAMILIES[family];
  const [failedOutput, isError] = spec.failed;
  const status: ToolStatus = state === 'running' ? 'executing' : state === 'failed' && isError ? 'failed' : 'completed';
  const args = state === 'huge' && spec.hugeArgs ? spec.hugeArgs : spec.args;
  const call = toolCall(status, { callId: `${family}-${state}`, name: spec.name, args, displayText: null, metadata: status === 'failed' ? { error: failedOutput } : {} });
  const output = { done: spec.done, failed: failedOutput, empty: spec.empty, huge: spec.huge, running: null }[state];
  return { call, result: output === null ? undefined : toolResult(callIdOf(call), output, { name: spec.name, isError: state === 'failed' && isError }) };
}

function viewStory(family: FamilyName, state: State): Story {
  return {
    render: () => {
      const { call, result } = rowsOf(family, state);
      return html`<tool-call-item open .item=${call} .result=${result}></tool-call-item>`;
    },
    play: async ({ canvasElement }) => {
      const element = canvasElement.querySelector<ToolCallItem>('tool-call-item')!;
      await expectText(element, FAMILIES[family].says[state]);
    },
  };
}

/** Enter on the focused button: a real key in the story tests; in the Storybook UI, whose keys are synthetic, a click. */
async function activate(button: HTMLButtonElement): Promise<void> {
  if (hasRealKeyboard()) await press('Enter');
  else button.click();
}

export const TerminalRunning = viewStory('terminal', 'running');
export const TerminalDone = viewStory('terminal', 'done');
export const TerminalFailed = viewStory('terminal', 'failed');
export const TerminalEmpty = viewStory('terminal', 'empty');
/** 2,000 lines: the first 20 show, and "Show all" (a button, from the keyboard too) shows the rest. */
export const TerminalHuge: Story = {
  ...viewStory('terminal', 'huge'),
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector<ToolCallItem>('tool-call-item')!;
    await expectText(element, 'Show all (2,000 lines)');
    const button = element.shadowRoot!.querySelector<HTMLButtonElement>('[part~="fold-button"]')!;
    button.focus();
    await activate(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('true'));
    await expect(element.shadowRoot!.querySelector('[part~="terminal"]')!.textContent!.trim().split('\n').length).toBe(2000);
    await activate(button);
    await waitFor(() => expect(button.getAttribute('aria-expanded')).toBe('false'));
  },
};

export const DiffRunning = viewStory('diff', 'running');
export const DiffDone = viewStory('diff', 'done');
export const DiffFailed = viewStory('diff', 'failed');
export const DiffEmpty = viewStory('diff', 'empty');
export const DiffHuge = viewStory('diff', 'huge');

export const FileRunning = viewStory('file', 'running');
export const FileDone = viewStory('file', 'done');
export const FileFailed = viewStory('file', 'failed');
export const FileEmpty = viewStory('file', 'empty');
export const FileHuge = viewStory('file', 'huge');

export const SearchRunning = viewStory('search', 'running');
export const SearchDone = viewStory('search', 'done');
export const SearchFailed = viewStory('search', 'failed');
export const SearchEmpty = viewStory('search', 'empty');
export const SearchHuge = viewStory('search', 'huge');

export const FetchRunning = viewStory('fetch', 'running');
export const FetchDone = viewStory('fetch', 'done');
export const FetchFailed = viewStory('fetch', 'failed');
export const FetchEmpty = viewStory('fetch', 'empty');
export const FetchHuge = viewStory('fetch', 'huge');

export const MediaRunning = viewStory('media', 'running');
export const MediaDone = viewStory('media', 'done');
export const MediaFailed = viewStory('media', 'failed');
export const MediaEmpty = viewStory('media', 'empty');
export const MediaHuge = viewStory('media', 'huge');

/** The host keeps the generic card for one tool (`toolViews = { bash: null }`): arguments and result as JSON. */
export const TurnedOff: Story = {
  render: () => {
    const { call, result } = rowsOf('terminal', 'done');
    return html`<tool-call-item open .item=${call} .result=${result} .toolViews=${{ bash: null }}></tool-call-item>`;
  },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector<ToolCallItem>('tool-call-item')!;
    await expectText(element, ['Arguments', 'npm test -- --reporter=dot']);
    await expect(element.shadowRoot!.querySelector('[part~="builtin-view"]')).toBe(null);
  },
};

/** A coding agent's turn: every view in one conversation, calls closed as they are by default (open one to see it). */
export const InAConversation: Story = {
  render: () => {
    const families: FamilyName[] = ['search', 'fetch', 'file', 'diff', 'terminal', 'media'];
    const items: Row[] = [userText('Check the tide times, then fix the greeting and run the tests.')];
    for (const family of families) {
      const { call, result } = rowsOf(family, family === 'terminal' ? 'failed' : 'done');
      items.push(call, ...(result ? [result] : []));
    }
    items.push(assistantText('High water in Brest is at **12:40**. The greeting now uses a template string; one test still fails.'));
    return html`<message-list style="height: 80vh" .items=${items}></message-list>`;
  },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('message-list')!;
    await settled(canvasElement);
    const calls = await waitFor(() => {
      const found = deepQueryAll<ToolCallItem>(list, 'tool-call-item');
      expect(found.length).toBe(6);
      return found;
    });
    for (const call of calls) call.open = true;
    await waitFor(() => expect(deepQueryAll(list, '[part~="builtin-view"]').length).toBe(6));
    await expectText(calls[0], 'maree.info');
    await expectText(calls[4], 'Exit code 1');
  },
};
