import { expect } from '@open-wc/testing';
import { fromAnthropicMessages, fromLangChainTrace } from '../../src/adapters/index.js';
import { readUsage, sumUsage, summarizeConversation, summarizeRuns } from '../../demo/viewer/runs.js';

async function traceItems() {
  const text = await (await fetch(new URL('../fixtures/langchain-trace-subagent.jsonl', import.meta.url))).text();
  return fromLangChainTrace(text).items;
}

describe('viewer run summaries', () => {
  it('gives one summary per LangChain run, in order, with model, usage and stop reason', async () => {
    const runs = summarizeRuns(await traceItems());
    expect(runs).to.have.length(6);
    expect(runs[0]).to.deep.include({
      runId: 'lc_run--6513270e-269e-0d37-f2a7-4de452e6b438',
      model: 'claude-sonnet-4-6',
      provider: 'anthropic',
      stopReason: 'finished',
      stopped: false,
      parentCallId: null,
      subagent: null,
      itemCount: 2,
    });
    expect(runs[0].usage).to.deep.equal({ input: 1820, output: 64, total: 1884 });
    expect(runs[0].toolCalls).to.deep.equal(['get_tasks']);
    const last = runs[runs.length - 1];
    expect(last).to.deep.include({ stopReason: 'length', stopped: true, parentCallId: null });
    expect(last.usage).to.deep.equal({ input: 3100, output: 4096, total: 7196 });
  });

  it('labels the runs a task call started as sub-agent runs', async () => {
    const runs = summarizeRuns(await traceItems());
    const subagentRuns = runs.filter((run) => run.parentCallId !== null);
    expect(subagentRuns).to.have.length(3);
    for (const run of subagentRuns) {
      expect(run.parentCallId).to.equal('toolu_01TaskA9x');
      expect(run.subagent).to.equal('log-investigator');
    }
    expect(runs.map((run) => run.parentCallId !== null)).to.deep.equal([false, false, true, true, true, false]);
  });

  it('sums usage and counts messages, kinds and stopped messages', async () => {
    const summary = summarizeConversation(await traceItems());
    expect(summary.itemCount).to.equal(11);
    expect(summary.messageCount).to.equal(10);
    expect(summary.kinds).to.deep.equal([
      { kind: 'text', count: 3 },
      { kind: 'tool_call', count: 4 },
      { kind: 'tool_result', count: 4 },
    ]);
    expect(summary.failedToolResults).to.equal(1);
    expect(summary.stoppedMessages).to.deep.equal([{ number: 10, role: 'assistant', reason: 'length' }]);
    expect(summary.usage).to.deep.equal({
      input: 1820 + 2240 + 900 + 1300 + 1500 + 3100,
      output: 64 + 71 + 40 + 30 + 52 + 4096,
      total: 1884 + 2311 + 940 + 1330 + 1552 + 7196,
    });
  });

  it('shows what is known for rows without runs', async () => {
    const rows = await (await fetch(new URL('../fixtures/sagents-stopped-early.json', import.meta.url))).json();
    const summary = summarizeConversation(rows);
    expect(summary.runs).to.deep.equal([]);
    expect(summary.usage).to.equal(null);
    expect(summary.messageCount).to.be.greaterThan(0);
    const stopped = rows.filter((row: { content: Record<string, unknown> }) => row.content?.stop_reason).length;
    expect(summary.stoppedMessages).to.have.length(stopped);
  });

  it('treats each Anthropic response as a run (model and usage per message)', () => {
    const { items } = fromAnthropicMessages([
      { role: 'user', content: 'Hi' },
      { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-x', content: [{ type: 'text', text: 'Hel' }], stop_reason: 'max_tokens', usage: { input_tokens: 5, output_tokens: 7 } },
    ]);
    const runs = summarizeRuns(items);
    expect(runs).to.have.length(1);
    expect(runs[0]).to.deep.include({ runId: 'msg_1', model: 'claude-x', stopReason: 'length', stopped: true });
    expect(runs[0].usage).to.deep.equal({ input: 5, output: 7, total: 12 });
  });

  it('reads usage shapes defensively and sums what is there', () => {
    expect(readUsage({ input_tokens: 1, output_tokens: 2, total_tokens: 3 })).to.deep.equal({ input: 1, output: 2, total: 3 });
    expect(readUsage({ prompt_tokens: 4, completion_tokens: 1 })).to.deep.equal({ input: 4, output: 1, total: 5 });
    expect(readUsage({ input_tokens: 'many' })).to.equal(null);
    expect(readUsage(null)).to.equal(null);
    expect(sumUsage([null, { input: 1, output: null, total: 1 }, { input: 2, output: null, total: 2 }])).to.deep.equal({ input: 3, output: null, total: 3 });
    expect(sumUsage([null])).to.equal(null);
  });

  it('never throws on hostile items', () => {
    expect(() => summarizeConversation([null, 1, 'x', { metadata: { run_id: 'r', usage: 'lots' } }, { content: { stop_reason: {} }, metadata: { run_id: 'r' } }])).not.to.throw();
    const runs = summarizeRuns([{ type: 'text', content: { text: 'a', stop_reason: { odd: true } }, metadata: { run_id: 'r' } }]);
    expect(runs[0]).to.deep.include({ stopped: true, stopReason: '{"odd":true}' });
  });
});
