import { expect } from '@open-wc/testing';
import OpenAI from 'openai';
import { fromOpenAIResponses } from '../../src/adapters/index.js';
import { liveOpenAIResponses } from '../../src/live/index.js';
import { deepQueryAll, mountList, settle, shownMessages } from '../helpers.js';
import { expectAnyChunkingSame, expectSameAsSaved, watchedList, lastMark, expectWeatherTurn } from './live-helpers.js';
import { expectWellFormed } from '../adapters/invariants.js';
import { abortAfter, scriptedFetch, type SseScript } from './mock-fetch.js';

type Json = Record<string, unknown>;

const MODEL = 'gpt-5';
const USAGE = { input_tokens: 40, input_tokens_details: { cached_tokens: 0 }, output_tokens: 30, output_tokens_details: { reasoning_tokens: 10 }, total_tokens: 70 };
const question = { id: 'q1', role: 'user', content: 'What is the weather in Paris?' };

/** A Response object as the API sends it. */
function apiResponse(id: string, extra: Json = {}): Json {
  return {
    id, object: 'response', created_at: 1767225600, status: 'in_progress', error: null, incomplete_details: null, instructions: null,
    metadata: {}, model: MODEL, output: [], parallel_tool_calls: true, temperature: 1, tool_choice: 'auto', tools: [], top_p: 1, usage: null, ...extra,
  };
}

/** One output item as a stream sends it: added, its own events, done. */
function outputItem(output_index: number, added: Json, done: Json, events: readonly Json[] = []): Json[] {
  return [
    { type: 'response.output_item.added', output_index, item: added },
    ...events.map((event) => ({ item_id: done.id, output_index, ...event })),
    { type: 'response.output_item.done', output_index, item: done },
  ];
}

/** An assistant message streamed a few characters at a time; `kind` refusal streams a refusal. */
function message(output_index: number, id: string, text: string, kind: 'output_text' | 'refusal' = 'output_text', status = 'completed') {
  const part = kind === 'refusal' ? { type: 'refusal', refusal: text } : { type: 'output_text', text, annotations: [], logprobs: [] };
  const done = { id, type: 'message', role: 'assistant', status, content: [part] };
  const empty = kind === 'refusal' ? { type: 'refusal', refusal: '' } : { type: 'output_text', text: '', annotations: [], logprobs: [] };
  const deltas = text.match(/.{1,7}/gs)!.map((delta) => (kind === 'refusal'
    ? { type: 'response.refusal.delta', content_index: 0, delta }
    : { type: 'response.output_text.delta', content_index: 0, delta, logprobs: [] }));
  const events = [{ type: 'response.content_part.added', content_index: 0, part: empty }, ...deltas, { type: 'response.content_part.done', content_index: 0, part }];
  return { done, events: outputItem(output_index, { id, type: 'message', role: 'assistant', status: 'in_progress', content: [] }, done, events) };
}

/** A response's whole stream: created, in progress, its items' events, then `end` with the final response. */
function responseStream(id: string, items: ReadonlyArray<{ done: Json; events: Json[] }>, end = 'response.completed', extra: Json = {}): SseScript {
  const status = end === 'response.completed' ? 'completed' : end.slice('response.'.length);
  const final = apiResponse(id, { status, usage: USAGE, output: items.map((item) => item.done), ...extra });
  const events = [
    { type: 'response.created', response: apiResponse(id) },
    { type: 'response.in_progress', response: apiResponse(id) },
    ...items.flatMap((item) => item.events),
    { type: end, response: final },
  ];
  return events.map((event, sequence_number) => [String(event.type), { ...event, sequence_number }]);
}

const reasoning = {
  done: { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'They want the weather.' }] },
  events: outputItem(0, { id: 'rs_1', type: 'reasoning', summary: [] }, { id: 'rs_1', type: 'reasoning', summary: [{ type: 'summary_text', text: 'They want the weather.' }] }, [
    { type: 'response.reasoning_summary_part.added', summary_index: 0, part: { type: 'summary_text', text: '' } },
    { type: 'response.reasoning_summary_text.delta', summary_index: 0, delta: 'They want ' },
    { type: 'response.reasoning_summary_text.delta', summary_index: 0, delta: 'the weather.' },
    { type: 'response.reasoning_summary_text.done', summary_index: 0, text: 'They want the weather.' },
    { type: 'response.reasoning_summary_part.done', summary_index: 0, part: { type: 'summary_text', text: 'They want the weather.' } },
  ]),
};
const call = {
  done: { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' },
  events: outputItem(2, { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '', status: 'in_progress' },
    { id: 'fc_1', type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}', status: 'completed' }, [
      { type: 'response.function_call_arguments.delta', delta: '{"city":' },
      { type: 'response.function_call_arguments.delta', delta: '"Paris"}' },
      { type: 'response.function_call_arguments.done', arguments: '{"city":"Paris"}' },
    ]),
};
const toolTurn = responseStream('resp_1', [reasoning, message(1, 'msg_1', 'Let me **check** the forecast.'), call]);
const answerTurn = responseStream('resp_2', [message(0, 'msg_2', 'It is **18 °C** in Paris.')]);
const output = { type: 'function_call_output', id: 'fco_1', call_id: 'call_1', output: '18 °C, sunny' };

const client = (scripts: SseScript[]) =>
  new OpenAI({ apiKey: 'test', baseURL: 'http://mock.invalid/v1', dangerouslyAllowBrowser: true, fetch: scriptedFetch(scripts), maxRetries: 0 });
const params = { model: MODEL, input: question.content };

describe('OpenAI Responses live', () => {
  it('streams reasoning, text and a call, then the answer, and ends as the saved conversation renders', async () => {
    const { list, target, drafts } = await watchedList();
    const live = liveOpenAIResponses(target);
    const openai = client([toolTurn, answerTurn]);
    live.push(question);
    const first = openai.responses.stream(params);
    await live.consume(first);
    await settle(list);
    expect(deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item')[0].status, 'the host runs the call').to.equal('executing');
    live.push(output);
    const second = openai.responses.stream(params);
    await live.consume(second);
    expect(list.draft).to.equal(null);
    expect(live.problems).to.deep.equal([]);

    const streamingCall = drafts.map((draft) => draft.find((item) => item.type === 'tool_call')).find((item) => item?.content.arguments === '{"city":');
    expect(streamingCall?.status, 'a call whose arguments are streaming').to.equal('pending');
    expect(drafts.some((draft) => draft.some((item) => item.type === 'thinking' && item.content.text === 'They want ')), 'the summary streamed').to.equal(true);
    expect(drafts.flat().every((item) => item.message_type === 'assistant'), 'only the assistant streams').to.equal(true);

    // The stored conversation: the input items, each final Response between them.
    const saved = fromOpenAIResponses([question, await first.finalResponse(), output, await second.finalResponse()]);
    expect(saved.problems).to.deep.equal([]);
    expectWellFormed(list.items as never);
    await expectSameAsSaved(list, saved.items);
    expectWeatherTurn(list);
    list.remove();
  });

  it('an aborted stream, and one that ends before its terminal event, stop as cancelled', async () => {
    const list = await mountList([]);
    const live = liveOpenAIResponses(list);
    const controller = new AbortController();
    const openai = client([toolTurn, answerTurn.slice(0, 6)]);
    await live.consume(abortAfter(openai.responses.stream(params, { signal: controller.signal }), 12, controller), controller.signal);
    await settle(list);
    expect(lastMark(list).reason).to.equal('cancelled');
    expect(shownMessages(list).at(-1)!.text).to.contain('Let me');
    expect(list.draft).to.equal(null);
    live.push({ id: 'q2', role: 'user', content: 'And tomorrow?' });
    await live.consume(await openai.responses.create({ ...params, stream: true }));
    await settle(list);
    expect(lastMark(list).reason).to.equal('cancelled');
    expect(shownMessages(list).at(-1)!.text).to.contain('It is');
    expect(shownMessages(list).map((shownMessage) => shownMessage.unfinished)).to.deep.equal([true, false, true]);
    list.remove();
  });

  it('a refusal is marked content_filtered with its text; max_output_tokens reads as length', async () => {
    const list = await mountList([]);
    const live = liveOpenAIResponses(list);
    // Its terminal event leaves the output out, which the API may do: the items streamed are the output.
    const refused = responseStream('resp_r', [message(0, 'msg_r', 'I can’t help with that.', 'refusal')], 'response.completed', { output: null });
    const cut = responseStream('resp_l', [message(0, 'msg_l', 'The history of Paris begins', 'output_text', 'incomplete')], 'response.incomplete', {
      incomplete_details: { reason: 'max_output_tokens' },
    });
    const openai = client([refused, cut]);
    live.push(question);
    await live.consume(await openai.responses.create({ ...params, stream: true }));
    await settle(list);
    expect(lastMark(list).reason).to.equal('content_filtered');
    expect(shownMessages(list).at(-1)!.text).to.contain('I can’t help with that.');
    live.push({ id: 'q2', role: 'user', content: 'Tell me about Paris.' });
    await live.consume(openai.responses.stream(params));
    await settle(list);
    expect(lastMark(list).reason).to.equal('length');
    expect(shownMessages(list).map((shownMessage) => shownMessage.unfinished)).to.deep.equal([false, true, false, true]);
    await expect(list).to.be.accessible();
    list.remove();
  });

  it('a failed response, an error event and a thrown error stop as stream_error with their message', async () => {
    const list = await mountList([]);
    const live = liveOpenAIResponses(list);
    const failed = responseStream('resp_f', [message(0, 'msg_f', 'Looking', 'output_text', 'incomplete')], 'response.failed', {
      error: { code: 'server_error', message: 'The model crashed.' },
    });
    const overloaded: SseScript = [...answerTurn.slice(0, 6), ['error', { type: 'error', code: 'server_is_overloaded', message: 'Overloaded.', param: null, sequence_number: 6 }]];
    const openai = client([failed, overloaded]);
    await live.consume(openai.responses.stream(params));
    await settle(list);
    expect(lastMark(list).reason).to.equal('stream_error');
    expect(shownMessages(list).at(-1)!.text).to.contain('Looking').and.to.contain('The model crashed.');

    // The SDK throws an error event.
    live.push({ id: 'q2', role: 'user', content: 'Again?' });
    await live.consume(openai.responses.stream(params));
    await settle(list);
    expect(lastMark(list).reason).to.equal('stream_error');
    expect(shownMessages(list).at(-1)!.text).to.contain('It is').and.to.contain('Overloaded.');

    // A host that reads the events itself (a relay, a websocket) pushes it as it came.
    live.push({ id: 'q3', role: 'user', content: 'Once more?' });
    for (const [, event] of responseStream('resp_3', [message(0, 'msg_3', 'Checking the sky.')]).slice(0, 6)) live.push(event);
    live.push({ type: 'error', code: 'server_error', message: 'Relay lost the model.', param: null, sequence_number: 6 });
    live.end();
    await settle(list);
    expect(lastMark(list).reason).to.equal('stream_error');
    expect(shownMessages(list).at(-1)!.text).to.contain('Checking').and.to.contain('Relay lost the model.');
    expect(list.draft).to.equal(null);
    list.remove();
  });

  it('any chunking of the stream ends in the same list', async () => {
    const text = 'A **bold** claim, `code`, and a [link](https://example.com/a).\n\n- one\n- two\n';
    const args = '{"query":"weather in Paris","units":"metric"}';
    const said = { id: 'msg_c', type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [], logprobs: [] }] };
    const searched = { id: 'fc_c', type: 'function_call', call_id: 'call_c', name: 'search', arguments: args, status: 'completed' };
    await expectAnyChunkingSame((pieces) => [
      question,
      { type: 'response.created', response: apiResponse('resp_c') },
      ...outputItem(0, { ...said, status: 'in_progress', content: [] }, said, [
        { type: 'response.content_part.added', content_index: 0, part: { type: 'output_text', text: '', annotations: [], logprobs: [] } },
        ...pieces(text).map((delta) => ({ type: 'response.output_text.delta', content_index: 0, delta, logprobs: [] })),
      ]),
      ...outputItem(1, { ...searched, arguments: '', status: 'in_progress' }, searched,
        pieces(args).map((delta) => ({ type: 'response.function_call_arguments.delta', delta }))),
      { type: 'response.completed', response: apiResponse('resp_c', { status: 'completed', usage: USAGE, output: [said, searched] }) },
      { type: 'function_call_output', id: 'fco_c', call_id: 'call_c', output: 'Sunny.' },
    ], liveOpenAIResponses);
  });
});
