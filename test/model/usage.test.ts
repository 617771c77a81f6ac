import { expect } from '@open-wc/testing';
import { fromAISDKMessages } from '../../src/adapters/ai-sdk.js';
import { fromAnthropicMessages } from '../../src/adapters/anthropic-messages.js';
import { fromOpenAIChat } from '../../src/adapters/openai-chat.js';
import { fromLangChainTrace } from '../../src/adapters/langchain-trace.js';
import { groupMessages } from '../../src/model/group.js';
import { buildModel } from '../../src/model/list-model.js';
import { normalizeItem, normalizeItems } from '../../src/model/normalize.js';
import { between, storedDuration, thinkingDuration, toolDuration } from '../../src/model/timing.js';
import { describeToolCall } from '../../src/model/tools.js';
import { messageUsage, readUsage, totalUsage } from '../../src/model/usage.js';
import type { ToolCallDisplayItem, ToolResultDisplayItem } from '../../src/model/types.js';
import { englishStrings } from '../../src/i18n/strings.js';
import { germanStrings } from '../../src/i18n/locales/de.js';
import { loadFixture } from '../fixtures.js';

describe('readUsage', () => {
  it('reads LangChain usage_metadata, cache reads and reasoning from its details', () => {
    const usage = readUsage({
      usage: { input_tokens: 1200, output_tokens: 80, total_tokens: 1280, input_token_details: { cache_read: 1000 }, output_token_details: { reasoning: 30 } },
    });
    expect(usage).to.deep.include({ input: 1200, output: 80, total: 1280, cached: 1000, reasoning: 30, cost: null, currency: null });
  });

  it('counts Anthropic cache tokens into the prompt, since Anthropic counts them apart', () => {
    const usage = readUsage({ usage: { input_tokens: 10, cache_read_input_tokens: 1000, cache_creation_input_tokens: 200, output_tokens: 5 } });
    expect(usage).to.deep.include({ input: 1210, output: 5, total: 1215, cached: 1000 });
  });

  it('reads OpenAI and AI SDK shapes, and a row that keeps usage_metadata', () => {
    expect(readUsage({ usage: { prompt_tokens: 7, completion_tokens: 3, total_tokens: 10, completion_tokens_details: { reasoning_tokens: 2 } } }))
      .to.deep.include({ input: 7, output: 3, total: 10, reasoning: 2 });
    expect(readUsage({ usage: { inputTokens: 4, outputTokens: 6, cachedInputTokens: 1 } })).to.deep.include({ input: 4, output: 6, total: 10, cached: 1 });
    expect(readUsage({ usage_metadata: { input_tokens: 1, output_tokens: 2 } })).to.deep.include({ total: 3 });
  });

  it('reads a cost from the usage or the metadata, in USD unless a currency is stored', () => {
    expect(readUsage({ usage: { total_tokens: 5, cost: 0.0123 } })).to.deep.include({ cost: 0.0123, currency: 'USD' });
    expect(readUsage({ cost: 2, currency: 'EUR' })).to.deep.include({ cost: 2, currency: 'EUR', total: null });
  });

  it('has none for metadata without usage, and ignores what is not a count', () => {
    for (const metadata of [{}, null, 'usage', { usage: 'lots' }, { usage: {} }, { usage: { input_tokens: -1, output_tokens: Number.NaN } }]) {
      expect(readUsage(metadata), JSON.stringify(metadata)).to.equal(null);
    }
    expect(readUsage({ usage: { input_tokens: '12', output_tokens: 3 } })).to.deep.include({ input: null, output: 3, total: 3 });
  });
});

describe('usage of messages and conversations', () => {
  const usageRow = (id: string, role: string, usage: unknown, sequence = 0) => ({
    id, message_type: role, content_type: 'text', sequence, content: { text: id }, metadata: { usage },
  });

  it('takes a message\'s usage once (its items share it), and sums a conversation', () => {
    const items = normalizeItems([
      { id: 'u', message_type: 'user', content_type: 'text', content: { text: 'Hi' } },
      usageRow('a1', 'assistant', { input_tokens: 100, output_tokens: 20, cost: 0.01 }),
      usageRow('a2', 'assistant', { input_tokens: 100, output_tokens: 20, cost: 0.01 }, 1),
      { id: 'u2', message_type: 'user', content_type: 'text', content: { text: 'More' } },
      usageRow('a3', 'assistant', { input_tokens: 300, output_tokens: 40, cost: 0.02 }),
    ]);
    const messages = groupMessages(items);
    expect(messageUsage(messages[1])).to.deep.include({ input: 100, output: 20, total: 120 });
    expect(messageUsage(messages[0])).to.equal(null);
    const total = totalUsage(messages);
    expect(total).to.deep.include({ messages: 2, input: 400, output: 60, total: 460, currency: 'USD' });
    expect(total.cost).to.be.closeTo(0.03, 1e-9);
  });

  it('never adds costs in different currencies', () => {
    const messages = groupMessages(normalizeItems([
      { message_type: 'assistant', content_type: 'text', content: { text: 'a' }, metadata: { cost: 1, currency: 'USD' } },
      { message_type: 'user', content_type: 'text', content: { text: 'b' } },
      { message_type: 'assistant', content_type: 'text', content: { text: 'c' }, metadata: { cost: 5, currency: 'EUR' } },
    ]));
    expect(totalUsage(messages)).to.deep.include({ cost: 1, currency: 'USD', messages: 2 });
  });

  it('comes through the adapters: LangChain usage_metadata and Anthropic usage', async () => {
    const trace = await (await fetch(new URL('../fixtures/langchain-trace-subagent.jsonl', import.meta.url))).text();
    const fromTrace = buildModel(normalizeItems(fromLangChainTrace(trace).items));
    expect(totalUsage(fromTrace.messages).total).to.be.greaterThan(0);
    const anthropic = fromAnthropicMessages([
      { role: 'user', content: 'Hi' },
      { type: 'message', role: 'assistant', content: [{ type: 'text', text: 'Hello' }], usage: { input_tokens: 12, output_tokens: 3 } },
    ]);
    expect(totalUsage(groupMessages(normalizeItems(anthropic.items)))).to.deep.include({ input: 12, output: 3, total: 15 });
  });

  it('comes through the OpenAI adapter (usage kept beside a choice) and the AI SDK one (message metadata)', () => {
    const openai = fromOpenAIChat([
      { role: 'user', content: 'Hi' },
      { message: { role: 'assistant', content: 'Hello' }, finish_reason: 'stop', usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 } },
    ]);
    expect(totalUsage(groupMessages(normalizeItems(openai.items)))).to.deep.include({ messages: 1, total: 11 });
    const aiSdk = fromAISDKMessages([
      { id: 'u', role: 'user', parts: [{ type: 'text', text: 'Hi' }] },
      {
        id: 'a', role: 'assistant', metadata: { totalUsage: { inputTokens: 5, outputTokens: 7, totalTokens: 12 } },
        parts: [
          { type: 'step-start' }, { type: 'tool-weather', toolCallId: 't1', state: 'output-available', input: {}, output: 'Sunny' },
          { type: 'step-start' }, { type: 'text', text: 'Sunny.' },
        ],
      },
    ]);
    // The turn's usage is counted once, though the turn is two messages.
    expect(totalUsage(groupMessages(normalizeItems(aiSdk.items)))).to.deep.include({ messages: 1, total: 12 });
  });
});

describe('durations from storage', () => {
  it('reads a stored span: duration_ms, or started_at with an end', () => {
    expect(storedDuration({ duration_ms: 1500 })).to.equal(1500);
    expect(storedDuration({ started_at: '2026-01-01T00:00:00.000000Z', completed_at: '2026-01-01T00:00:12.250000Z' })).to.equal(12250);
    expect(storedDuration({ started_at: '2026-01-01T00:00:00Z', finished_at: '2026-01-01T00:01:00Z' })).to.equal(60000);
    for (const metadata of [{}, { duration_ms: -1 }, { duration_ms: '5' }, { started_at: 'x', ended_at: 'y' }, { started_at: '2026-01-01T00:00:10Z', ended_at: '2026-01-01T00:00:00Z' }]) {
      expect(storedDuration(metadata), JSON.stringify(metadata)).to.equal(null);
    }
    expect(between(null, '2026-01-01T00:00:00Z')).to.equal(null);
  });

  it('times a tool call from its row to its result\'s, once it has one', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const call = normalizeItem(rows[3]) as ToolCallDisplayItem;
    const result = normalizeItem(rows[4]) as ToolResultDisplayItem;
    expect(toolDuration(call, result)).to.equal(349);
    expect(toolDuration(call, null)).to.equal(null);
    expect(describeToolCall(call, result).duration).to.equal(349);
    // Still running: no duration, however long it has been.
    expect(describeToolCall(normalizeItem(rows[6]) as ToolCallDisplayItem).duration).to.equal(null);
  });

  it('times reasoning that opens its message from the message before it, unless the row stores a span', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const model = buildModel(normalizeItems(rows));
    const thinking = model.messages[1].items[0];
    expect(thinking.kind).to.equal('thinking');
    expect(thinkingDuration(thinking, model.previousAt.get(model.messages[1].key))).to.equal(2451);
    expect(thinkingDuration(normalizeItem({ ...rows[1], metadata: { duration_ms: 12000 } }), model.previousAt.get(model.messages[1].key))).to.equal(12000);
    expect(thinkingDuration(thinking, undefined)).to.equal(null);
  });

  it('take rows saved at the same instant for no time at all, not for 0 s, unless the row stored it', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const call = normalizeItem(rows[3]) as ToolCallDisplayItem;
    const result = normalizeItem({ ...rows[4], inserted_at: rows[3].inserted_at }) as ToolResultDisplayItem;
    expect(toolDuration(call, result)).to.equal(null);
    const thinking = normalizeItem(rows[1]);
    expect(thinkingDuration(thinking, rows[1].inserted_at as string)).to.equal(null);
    expect(thinkingDuration(normalizeItem({ ...rows[1], metadata: { duration_ms: 0 } }), null)).to.equal(0);
  });

  it('words durations, token counts and costs in English and German', () => {
    expect([400, 9_460, 12_400, 185_000, 7_440_000].map(englishStrings.duration)).to.deep.equal(['0.4 s', '9.5 s', '12 s', '3 min 5 s', '2 h 4 min']);
    expect([400, 185_000].map(germanStrings.duration)).to.deep.equal(['0,4 s', '3 Min. 5 s']);
    expect(englishStrings.thoughtFor(englishStrings.duration(12_000))).to.equal('Thought for 12 s');
    expect(englishStrings.tokens(1290)).to.equal('1,290 tokens');
    expect(germanStrings.tokens(1290)).to.equal('1.290 Tokens');
    expect(englishStrings.cost(0.0123, 'USD')).to.equal('$0.0123');
    expect(englishStrings.cost(1, 'XX1')).to.equal('1 XX1');
    expect(englishStrings.usageDetails({ input: 1234, output: 56, total: 1290, cached: 1000, reasoning: null, cost: null, currency: null }))
      .to.equal('1,234 input · 56 output · 1,000 cached');
  });
});
