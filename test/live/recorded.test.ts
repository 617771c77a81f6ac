import { expect } from '@open-wc/testing';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { fromAnthropicMessages, fromOpenAIChat, fromOpenAIResponses } from '../../src/adapters/index.js';
import { liveAnthropic, liveOpenAIChat, liveOpenAIResponses } from '../../src/live/index.js';
import type { LiveSession } from '../../src/live/live-session.js';
import { deepQueryAll, mountList } from '../helpers.js';
import { lastMark, shown } from './live-helpers.js';
import { outlineDifference } from '../dom.js';
import type { AdapterResult } from '../../src/adapters/types.js';
import { RECORDED, events, recording, type Provider } from './recorded/corpus.js';
import { anthropicExpected, missing, openAIChatExpected, openAIResponsesExpected, type Expected } from './recorded/expect.js';

type List = HTMLElementTagNameMap['message-list'];
type ToolCallElement = HTMLElementTagNameMap['tool-call-item'];

const question = { id: 'q', role: 'user', content: 'The recorded request.' };

/**
 * A `fetch` that answers one request with a recording: its events as the server sent them (a
 * server-sent event each, named by its type where the provider names events), or its JSON body
 * with the status it came with (an error body is a 4xx answer).
 */
function replay(provider: Provider, name: string, text: string): typeof fetch {
  return async () => {
    if (name.endsWith('.json')) {
      return new Response(text, { status: isErrorBody(text) ? 429 : 200, headers: { 'content-type': 'application/json' } });
    }
    const named = provider !== 'openai-chat';
    const sse = events(text).map((event) => `${named ? `event: ${(event as { type: string }).type}\n` : ''}data: ${JSON.stringify(event)}\n\n`);
    if (!named) sse.push('data: [DONE]\n\n');
    return new Response(sse.join(''), { headers: { 'content-type': 'text/event-stream' } });
  };
}

/** An API's error answer (`{error: {…}}`), not a message or a response that carries an `error` field. */
function isErrorBody(text: string): boolean {
  const json = JSON.parse(text) as Record<string, unknown>;
  return typeof json.error === 'object' && json.error !== null && json.type !== 'message' && json.object === undefined;
}

const anthropic = (fetch: typeof globalThis.fetch) =>
  new Anthropic({ apiKey: 'test', baseURL: 'http://mock.invalid', dangerouslyAllowBrowser: true, fetch, maxRetries: 0 });
const openai = (fetch: typeof globalThis.fetch) =>
  new OpenAI({ apiKey: 'test', baseURL: 'http://mock.invalid/v1', dangerouslyAllowBrowser: true, fetch, maxRetries: 0 });

const anthropicParams = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user' as const, content: question.content }] };
const responsesParams = { model: 'gpt-5', input: question.content };
const chatParams = { model: 'gpt-5', messages: [{ role: 'user' as const, content: question.content }] };

/** The raw event iterator of each provider's client (`create({stream: true})`), as docs/adapters.md recommends. */
async function rawStream(provider: Provider, fetch: typeof globalThis.fetch): Promise<AsyncIterable<unknown>> {
  if (provider === 'anthropic') return anthropic(fetch).messages.create({ ...anthropicParams, stream: true });
  if (provider === 'openai-responses') return openai(fetch).responses.create({ ...responsesParams, stream: true });
  return openai(fetch).chat.completions.create({ ...chatParams, stream: true });
}

function bind(provider: Provider, list: List): LiveSession<unknown> {
  if (provider === 'anthropic') return liveAnthropic(list);
  if (provider === 'openai-responses') return liveOpenAIResponses(list);
  return liveOpenAIChat(list);
}

function expectedOf(provider: Provider, source: readonly unknown[]): Expected {
  if (provider === 'anthropic') return anthropicExpected(source);
  if (provider === 'openai-responses') return openAIResponsesExpected(source);
  return openAIChatExpected(source);
}

/** The saved response as a host keeps it, converted by the provider's adapter (with the question before it). */
async function savedItems(provider: Provider, fetch: typeof globalThis.fetch): Promise<{ items: unknown[]; problems: Array<{ message: string }> }> {
  if (provider === 'anthropic') return fromAnthropicMessages([question, await anthropic(fetch).messages.create(anthropicParams)]);
  if (provider === 'openai-responses') return fromOpenAIResponses([{ ...question, type: 'message' }, await openai(fetch).responses.create(responsesParams)]);
  const completion = await openai(fetch).chat.completions.create(chatParams);
  return fromOpenAIChat([question, { id: completion.id, ...completion.choices[0].message, finish_reason: completion.choices[0].finish_reason }]);
}

const adapterOf = (provider: Provider) =>
  provider === 'anthropic' ? fromAnthropicMessages : provider === 'openai-responses' ? fromOpenAIResponses : fromOpenAIChat;

/**
 * A stream's response(s) as a host saves them: each message the Anthropic SDK's `MessageStream`
 * accumulates (a recording of several responses is cut at each `message_start`), each Response a
 * terminal event carries, the completion the Chat helper accumulates. Null where the SDK cannot
 * make one (a message cut off mid-stream by a spliced restart, a stream the helper rejects).
 */
async function savedFromStream(provider: Provider, text: string): Promise<AdapterResult | null> {
  const saved = await savedResponses(provider, text);
  return saved && adapterOf(provider)([provider === 'openai-responses' ? { ...question, type: 'message' } : question, ...saved]);
}

async function savedResponses(provider: Provider, text: string): Promise<unknown[] | null> {
  const all = events(text) as Array<{ type?: string; response?: unknown }>;
  try {
    if (provider === 'openai-responses') {
      const settled = all.filter((event) => ['response.completed', 'response.incomplete', 'response.failed'].includes(event.type ?? '')).map((event) => event.response);
      return settled.length > 0 ? settled : null;
    }
    if (provider === 'openai-chat') {
      const completion = await openai(replay(provider, 'x.chunks.txt', text)).chat.completions.stream(chatParams).finalChatCompletion();
      const { id, usage, choices: [{ message, finish_reason }] } = completion;
      return [{ id, ...message, finish_reason, ...(usage ? { usage } : {}) }];
    }
    const starts = all.flatMap((event, index) => (event.type === 'message_start' ? [index] : []));
    const pieces = starts.map((start, n) => all.slice(start, starts[n + 1] ?? all.length).map((event) => JSON.stringify(event)).join('\n'));
    const messages = [];
    for (const piece of pieces) messages.push(await anthropic(replay(provider, 'x.chunks.txt', piece)).messages.stream(anthropicParams).finalMessage());
    return messages;
  } catch {
    return null;
  }
}

/**
 * Whether the live list and the saved form can be held side by side: not while calls wait for the
 * host (live, they run; saved, they wait), nor where the SDK's accumulation lost what the stream
 * carried (the Anthropic SDK's MessageStream, 1.15, keeps neither an MCP call's input nor a
 * compaction summary: the live list shows both).
 */
function comparable(expected: Expected, saved: AdapterResult): boolean {
  const waiting = expected.calls.some((call) => !call.server && !expected.results.includes(call.id));
  return !waiting && missing(expected, saved.items, saved.problems).length === 0;
}

/** The live list shows what a fresh list given the saved items shows, but for message keys (ids the stream could not know). */
async function expectSameShown(list: List, savedItems: unknown[]): Promise<void> {
  const fresh = await mountList(savedItems);
  const unkeyed = (lines: string[]) => lines.map((line) => line.replace(/ data-key="[^"]*"/, ''));
  const difference = outlineDifference(unkeyed(await shown(list)), unkeyed(await shown(fresh)));
  fresh.remove();
  expect(difference, difference ?? '').to.equal(null);
}

/** What the list shows against what the recording says: nothing lost, every provider-run call ended, the stop said. */
async function expectWhole(list: List, expected: Expected, problems: ReadonlyArray<{ message: string }>): Promise<void> {
  await shown(list);
  const lost = missing(expected, list.items as unknown[], problems);
  const statuses = new Map(deepQueryAll<ToolCallElement>(list, 'tool-call-item').map((el) => [String((el.item as { content: { call_id: unknown } }).content.call_id), el.status]));
  for (const call of expected.calls) {
    const status = statuses.get(call.id);
    if (call.server && (status === 'pending' || status === 'executing')) lost.push(`call ${call.id} (${call.name}) left ${status}`);
  }
  if (expected.stop !== null && !lastMark(list)?.reason) lost.push(`no stop mark for ${expected.stop}`);
  expect(lost, lost.join('; ')).to.deep.equal([]);
}

for (const [provider, names] of Object.entries(RECORDED) as Array<[Provider, readonly string[]]>) {
  describe(`Recorded ${provider} responses`, () => {
    for (const name of names) {
      if (name.endsWith('.chunks.txt')) {
        it(`${name}: streamed live through the raw events, whole`, async () => {
          const text = await recording(provider, name);
          const list = await mountList([]);
          const live = bind(provider, list);
          live.push(provider === 'openai-responses' ? { ...question, type: 'message' } : question);
          await live.consume(await rawStream(provider, replay(provider, name, text)));
          const expected = expectedOf(provider, events(text));
          await expectWhole(list, expected, live.problems);
          expect(list.draft, 'nothing left streaming').to.equal(null);
          // Saved as a host saves the stream's response(s), the adapter renders what the live list shows.
          const saved = await savedFromStream(provider, text);
          if (saved !== null && comparable(expected, saved)) await expectSameShown(list, saved.items);
          list.remove();
        });
      } else {
        it(`${name}: saved, through the adapter, whole`, async () => {
          const text = await recording(provider, name);
          if (isErrorBody(text)) {
            // An error body: the SDK throws it, and the binding's run stops with its code.
            const list = await mountList([]);
            const live = bind(provider, list);
            live.push(question);
            // The request itself is refused: `consume()` takes the promise, and the refusal stops the run.
            await live.consume(rawStream(provider, replay(provider, name, text)));
            await shown(list);
            const code = String((JSON.parse(text) as { error: { code?: string; type?: string } }).error.code ?? (JSON.parse(text) as { error: { type: string } }).error.type);
            const mark = lastMark(list);
            expect(mark.reason).to.equal('stream_error');
            expect(JSON.stringify(list.items), 'the error code reaches the stop').to.contain(`"category":"${code}"`);
            list.remove();
            return;
          }
          const saved = await savedItems(provider, replay(provider, name, text));
          const list = await mountList(saved.items);
          await expectWhole(list, expectedOf(provider, [JSON.parse(text)]), saved.problems);
          list.remove();
        });
      }
    }
  });
}

describe('The SDK helper beside the raw events', () => {
  // docs/adapters.md#raw-events-not-the-sdks-stream-helpers: the reason the recipe reads the raw events.
  for (const name of ['openai-apply-patch-tool.1.chunks.txt', 'github-copilot-id-rotation.1.chunks.txt']) {
    it(`${name}: responses.stream() fails it, the raw events render it whole`, async () => {
      const text = await recording('openai-responses', name);
      const helped = await mountList([]);
      await liveOpenAIResponses(helped).consume(openai(replay('openai-responses', name, text)).responses.stream(responsesParams));
      await shown(helped);
      expect(lastMark(helped)?.reason, 'the helper turns a valid stream into a stream error').to.equal('stream_error');
      helped.remove();
      const list = await mountList([]);
      const live = liveOpenAIResponses(list);
      await live.consume(openai(replay('openai-responses', name, text)).responses.create({ ...responsesParams, stream: true }));
      await expectWhole(list, openAIResponsesExpected(events(text)), live.problems);
      expect(deepQueryAll(list, 'stop-mark')).to.have.length(0);
      expect((live.response as { status?: string } | null)?.status, 'the settled response, for the tool loop').to.equal('completed');
      list.remove();
    });
  }
});
