import { expect } from '@open-wc/testing';
import { argumentPreview, describeToolCall, describeToolResult, pairToolResults, summarizeGroup, toolCallStatus } from '../../src/model/tools.js';
import { humanizeCode, humanizeToolName } from '../../src/model/humanize.js';
import { normalizeItem, normalizeItems } from '../../src/model/normalize.js';
import { FIXTURE_NAMES, loadFixture } from '../fixtures.js';
import { TOOL_DISPLAY_STATUSES, TOOL_STATUSES, type ToolCallDisplayItem, type ToolResultDisplayItem } from '../../src/model/types.js';

const call = (extra: Record<string, unknown> = {}, content: Record<string, unknown> = {}) =>
  normalizeItem({
    content_type: 'tool_call', message_type: 'assistant', tool_call_id: 'c1',
    content: { call_id: 'c1', name: 'list_files', arguments: {}, display_text: null, ...content }, ...extra,
  }) as ToolCallDisplayItem;
const result = (content: Record<string, unknown> = {}) =>
  normalizeItem({ type: 'tool_result', message_type: 'tool', content: { tool_call_id: 'c1', name: 'list_files', content: 'ok', is_error: false, is_interrupt: false, ...content } }) as ToolResultDisplayItem;

describe('humanizeToolName', () => {
  it('reads snake, kebab and camel case', () => {
    expect(humanizeToolName('list_files')).to.equal('List files');
    expect(humanizeToolName('getWeather')).to.equal('Get weather');
    expect(humanizeToolName('web-search')).to.equal('Web search');
    expect(humanizeToolName('mcp__fs__read')).to.equal('Mcp fs read');
    expect(humanizeToolName('')).to.equal('');
    expect(humanizeToolName(7)).to.equal('');
  });
});

describe('describeToolCall', () => {
  it('labels from display_text, else the humanized name', () => {
    expect(describeToolCall(call()).label).to.equal('List files');
    expect(describeToolCall(call({}, { display_text: 'Listing files' })).label).to.equal('Listing files');
    expect(describeToolCall(call({}, { display_text: '  ' })).label).to.equal('List files');
  });

  for (const status of ['pending', 'executing', 'completed', 'failed', 'interrupted', 'cancelled']) {
    it(`keeps the row status ${status}`, () => {
      expect(describeToolCall(call({ status })).status).to.equal(status);
    });
  }

  it('reads a call still pending or executing by its result once the result is there (the row was not updated)', () => {
    expect(describeToolCall(call({ status: 'executing' }), result()).status).to.equal('completed');
    expect(describeToolCall(call({ status: 'pending' }), result({ is_error: true })).status).to.equal('failed');
    expect(describeToolCall(call({ status: 'executing' }), result({ is_interrupt: true })).status).to.equal('interrupted');
    expect(describeToolCall(call({ status: 'cancelled' }), result()).status, 'a final status stays').to.equal('cancelled');
  });

  it('reads a failed call a person rejected as declined', () => {
    expect(describeToolCall(call({ status: 'failed', metadata: { hitl_decision: 'rejected' } })).status).to.equal('declined');
    expect(describeToolCall(call({ status: 'failed', metadata: { hitl_decision: 'approved' } })).status).to.equal('failed');
  });

  it('keeps an unknown status visible, in words', () => {
    const view = describeToolCall(call({ status: 'paused_by_operator' }));
    expect(view.status).to.equal('unknown');
    expect(view.rawStatus).to.equal('paused_by_operator');
    expect(view.statusWords).to.equal('Paused by operator');
  });

  it('says a status once: a waiting call\'s own words stand in for the kit\'s, a known status has none of its own', () => {
    expect(describeToolCall(call({ status: 'interrupted', metadata: { display_text: 'Task awaiting approval' } })).statusWords).to.equal('Task awaiting approval');
    expect(describeToolCall(call({ status: 'completed', metadata: { display_text: 'Task awaiting approval' } })).statusWords).to.equal(null);
    expect(describeToolCall(call({ status: 'failed' })).statusWords).to.equal(null);
  });

  it('derives the status of extracted items from the result', () => {
    expect(describeToolCall(call()).status).to.equal('pending');
    expect(describeToolCall(call(), result()).status).to.equal('completed');
    expect(describeToolCall(call(), result({ is_error: true })).status).to.equal('failed');
    expect(describeToolCall(call(), result({ is_interrupt: true })).status).to.equal('interrupted');
  });

  it('shows metadata.display_text only while the status is not final', () => {
    const meta = { display_text: 'Waiting for user response' };
    expect(describeToolCall(call({ status: 'interrupted', metadata: meta })).statusText).to.equal('Waiting for user response');
    expect(describeToolCall(call({ status: 'completed', metadata: meta })).statusText).to.equal(null);
  });

  it('reads the failure message and never the Elixir inspect result', () => {
    const view = describeToolCall(call({ status: 'failed', metadata: { error: 'timeout', result: '%LangChain{}' } }));
    expect(view.error).to.equal('timeout');
    expect(JSON.stringify(view)).not.to.contain('%LangChain');
    expect(describeToolCall(call({ status: 'failed', metadata: { error: { code: 1 } } })).error).to.equal('{"code":1}');
  });
});

describe('humanizeCode', () => {
  it('reads a code as words', () => {
    expect(humanizeCode('paused_by_operator')).to.equal('Paused by operator');
    expect(humanizeCode('editFirst')).to.equal('Edit first');
    expect(humanizeCode('___')).to.equal('');
    expect(humanizeCode(null)).to.equal('');
  });
});

describe('argumentPreview', () => {
  it('picks the argument that says what the call is about, by well-known keys', () => {
    expect(argumentPreview({ query: 'elixir', max_results: 5 })).to.equal('elixir');
    expect(argumentPreview({ limit: 3, q: 'otp' })).to.equal('otp');
    expect(argumentPreview({ url: 'https://example.com/a', timeout: 10 })).to.equal('https://example.com/a');
    expect(argumentPreview({ file_path: '/etc/hosts', offset: 0 })).to.equal('/etc/hosts');
    expect(argumentPreview({ command: 'npm test', cwd: '/srv' })).to.equal('npm test');
    expect(argumentPreview({ path: '/work', pattern: '*.ts' }), 'what is matched before where').to.equal('*.ts');
    expect(argumentPreview('{"query": "from JSON text"}')).to.equal('from JSON text');
  });

  it('takes the only argument there is when it is text', () => {
    expect(argumentPreview({ city: 'NYC' })).to.equal('NYC');
    expect(argumentPreview({ city: 'NYC', units: 'metric' })).to.equal(null);
    expect(argumentPreview({ count: 3 })).to.equal(null);
  });

  it('is one short line, or nothing: never a dump, never what the label says', () => {
    expect(argumentPreview({ command: 'ls\n  -la\t/tmp' })).to.equal('ls -la /tmp');
    const long = argumentPreview({ query: 'x'.repeat(500) })!;
    expect(long.length).to.equal(120);
    expect(long.endsWith('…')).to.equal(true);
    for (const args of [{}, [], null, undefined, 'not json', '{"path": "/tm', { query: '   ' }, { query: { nested: 'x' } }, { options: { a: 1 } }]) {
      expect(argumentPreview(args), JSON.stringify(args)).to.equal(null);
    }
    expect(argumentPreview({ path: '/etc/hosts' }, 'Reading /etc/hosts')).to.equal(null);
    expect(argumentPreview({ query: 'Elixir' }, 'Searching for elixir')).to.equal(null);
  });

  it('reads hostile arguments without throwing', () => {
    const throwing = new Proxy({}, { ownKeys: () => { throw new Error('no'); }, get: () => undefined });
    expect(argumentPreview(throwing)).to.equal(null);
  });
});

describe('summarizeGroup', () => {
  it('counts what needs the reader: failed, waiting, running (pending included); not every status', () => {
    const statuses = ['completed', 'completed', 'failed', 'interrupted', 'executing', 'pending', 'cancelled', 'declined', 'unknown'] as const;
    const summary = summarizeGroup(statuses.map((status) => ({ status })));
    expect(summary.total).to.equal(9);
    expect(summary.notable).to.deep.equal([['failed', 1], ['interrupted', 1], ['executing', 2]]);
    expect(summarizeGroup([{ status: 'completed' }, { status: 'cancelled' }]).notable).to.deep.equal([]);
  });
});

describe('describeToolResult', () => {
  it('reads content, flags and decision', () => {
    const view = describeToolResult(result({ is_error: true, hitl_decision: 'rejected', content: 'nope' }));
    expect(view).to.deep.include({ text: 'nope', isError: true, isInterrupt: false, hitlDecision: 'rejected', label: 'List files' });
  });

  it('shows non-string content as JSON rather than dropping it', () => {
    expect(describeToolResult(result({ content: { a: 1 } })).text).to.contain('"a": 1');
  });
});

describe('pairToolResults', () => {
  it('pairs every fixture result with its call', async () => {
    for (const name of ['extracted-items', 'sagents-refusal-and-tools', 'sagents-hitl-file-delete', 'sagents-ask-user-and-todos']) {
      const items = normalizeItems(await loadFixture(name));
      const { resultsByCall, pairedResultKeys } = pairToolResults(items);
      const results = items.filter((i) => i.kind === 'tool_result');
      expect(pairedResultKeys.size, name).to.equal(results.length);
      for (const r of results) expect(resultsByCall.get(r.toolCallId!), name).to.equal(r);
    }
  });

  it('leaves orphan results and older duplicates unpaired so they still show', () => {
    const items = normalizeItems([
      { type: 'tool_call', message_type: 'assistant', content: { call_id: 'a', name: 'x', arguments: {} } },
      { type: 'tool_result', message_type: 'tool', content: { tool_call_id: 'a', name: 'x', content: 'first' } },
      { type: 'tool_result', message_type: 'tool', content: { tool_call_id: 'a', name: 'x', content: 'second' } },
      { type: 'tool_result', message_type: 'tool', content: { tool_call_id: 'zzz', name: 'x', content: 'orphan' } },
    ]);
    const { resultsByCall, pairedResultKeys } = pairToolResults(items);
    expect(describeToolResult(resultsByCall.get('a')!).text).to.equal('second');
    expect([...pairedResultKeys]).to.deep.equal(['pos:2']);
  });
});

describe('toolCallStatus', () => {
  it('is the status describeToolCall gives, for every call of every fixture, answered or not, with the run over or not', async () => {
    const seen = new Set<string>();
    // Every status a row may give, a declined call and one with a status the kit does not know.
    const made = [...TOOL_STATUSES, 'queued'].map((status) => call({ status }));
    made.push(call({ status: 'failed', metadata: { hitl_decision: 'rejected' } }));
    for (const items of [made, ...(await Promise.all(FIXTURE_NAMES.map(async (name) => normalizeItems(await loadFixture(name)))))]) {
      const name = items === made ? 'made' : 'fixture';
      const { resultsByCall } = pairToolResults(items);
      for (const item of items) {
        if (item.kind !== 'tool_call') continue;
        const answer = item.toolCallId ? resultsByCall.get(item.toolCallId) : null;
        for (const [result, ended] of [[answer, null], [null, null], [null, 'cancelled'], [answer, '']] as const) {
          const status = describeToolCall(item, result, ended).status;
          expect(toolCallStatus(item, result, ended), `${name} ${item.key}`).to.equal(status);
          seen.add(status);
        }
      }
    }
    expect([...seen].sort()).to.deep.equal([...TOOL_DISPLAY_STATUSES].sort());
  });

  it('reads a call whose arguments are still arriving as running, without repairing them', () => {
    const streaming = call({ status: 'executing' }, { arguments: '{"path": "/a' });
    expect(describeToolCall(streaming).argumentsArriving).to.equal(true);
    expect(toolCallStatus(streaming)).to.equal('executing');
    expect(toolCallStatus(streaming, null, 'stream_error')).to.equal('incomplete');
  });
});
