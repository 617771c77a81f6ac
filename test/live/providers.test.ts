import { expect } from '@open-wc/testing';
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { fromAnthropicMessages, fromOpenAIChat } from '../../src/adapters/index.js';
import { liveAnthropic, liveOpenAIChat } from '../../src/live/index.js';
import { deepQueryAll, mountList, settle, shownMessages } from '../helpers.js';
import { expectAnyChunkingSame, expectSameAsSaved, lastMark, expectWeatherTurn } from './live-helpers.js';
import { expectWellFormed } from '../adapters/invariants.js';
import { abortAfter, scriptedFetch, type SseScript } from './mock-fetch.js';


const question = { id: 'q1', role: 'user', content: 'What is the weather in Paris?' };

describe('Anthropic live', () => {
  const message = (id: string) => ({
    id, type: 'message', role: 'assistant', model: 'claude-sonnet-4-6', content: [], stop_reason: null, stop_sequence: null, stop_details: null,
    usage: { input_tokens: 20, output_tokens: 1 },
  });
  const toolTurn: SseScript = [
    ['message_start', { type: 'message_start', message: message('msg_1') }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '', signature: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'They want the ' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'weather.' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'EqQB' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'Let me **che' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'text_delta', text: 'ck** the forecast.' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 1 }],
    ['content_block_start', { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } }],
    ['content_block_delta', { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{"city":' } }],
    ['content_block_delta', { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } }],
    ['content_block_stop', { type: 'content_block_stop', index: 2 }],
    ['message_delta', { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null, stop_details: null }, usage: { output_tokens: 40 } }],
    ['message_stop', { type: 'message_stop' }],
  ];
  const answer = (id: string, text: string, stop: Record<string, unknown> = { stop_reason: 'end_turn' }): SseScript => [
    ['message_start', { type: 'message_start', message: message(id) }],
    ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }],
    ...text.match(/.{1,7}/gs)!.map((piece): [string, unknown] => ['content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } }]),
    ['content_block_stop', { type: 'content_block_stop', index: 0 }],
    ['message_delta', { type: 'message_delta', delta: { stop_sequence: null, stop_details: null, ...stop }, usage: { output_tokens: 12 } }],
    ['message_stop', { type: 'message_stop' }],
  ];
  const client = (scripts: Array<SseScript | { json: unknown }>) =>
    new Anthropic({ apiKey: 'test', baseURL: 'http://mock.invalid', dangerouslyAllowBrowser: true, fetch: scriptedFetch(scripts), maxRetries: 0 });
  const params = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user' as const, content: question.content }] };

  it('streams a turn with a tool call through MessageStream and ends as the saved messages render', async () => {
    const list = await mountList([]);
    const live = liveAnthropic(list);
    const anthropic = client([toolTurn, answer('msg_2', 'It is **18 °C** in Paris.')]);
    live.push(question);
    const first = anthropic.messages.stream(params);
    await live.consume(first);
    await settle(list);
    expect(deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item')[0].status, 'the host runs the call').to.equal('executing');
    const results = { id: 'r1', role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: '18 °C, sunny' }] };
    live.push(results);
    const second = anthropic.messages.stream(params);
    await live.consume(second);
    expect(list.draft).to.equal(null);
    expect(live.problems).to.deep.equal([]);
    const saved = fromAnthropicMessages([question, await first.finalMessage(), results, await second.finalMessage()]);
    expectWellFormed(list.items as never);
    await expectSameAsSaved(list, saved.items);
    expectWeatherTurn(list);
    list.remove();
  });

  it('an aborted stream stops as cancelled', async () => {
    const list = await mountList([]);
    const live = liveAnthropic(list);
    const controller = new AbortController();
    const stream = client([toolTurn]).messages.stream(params, { signal: controller.signal });
    await live.consume(abortAfter(stream, 8, controller), controller.signal);
    await settle(list);
    expect(lastMark(list).reason).to.equal('cancelled');
    expect(shownMessages(list).at(-1)!.text).to.contain('Let me');
    expect(list.draft).to.equal(null);
    list.remove();
  });

  it('a refusal shows its category and explanation; max_tokens reads as length', async () => {
    const list = await mountList([]);
    const live = liveAnthropic(list);
    const stop = { stop_reason: 'refusal', stop_details: { type: 'refusal', category: 'cyber', explanation: 'This could enable malware.' } };
    const anthropic = client([answer('msg_r', 'I can’t help with that.', stop), answer('msg_l', 'The history of Paris begins', { stop_reason: 'max_tokens' })]);
    await live.consume(anthropic.messages.stream(params));
    await settle(list);
    expect(lastMark(list).reason).to.equal('content_filtered');
    expect(shownMessages(list).at(-1)!.text).to.contain('Cybersecurity').and.to.contain('This could enable malware.');
    live.push({ id: 'q2', role: 'user', content: 'Tell me about Paris.' });
    await live.consume(anthropic.messages.stream(params));
    await settle(list);
    expect(lastMark(list).reason).to.equal('length');
    expect(shownMessages(list).map((shownMessage) => shownMessage.unfinished)).to.deep.equal([true, false, true]);
    await expect(list).to.be.accessible();
    list.remove();
  });

  it('an error event mid-stream stops the message as stream_error with the error', async () => {
    const list = await mountList([]);
    const live = liveAnthropic(list);
    const broken: SseScript = [...toolTurn.slice(0, 9), ['error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]];
    await live.consume(client([broken]).messages.stream(params));
    await settle(list);
    expect(lastMark(list).reason).to.equal('stream_error');
    expect(shownMessages(list).at(-1)!.text).to.contain('Overloaded').and.not.to.contain('"type"');
    // The SDK throws the event with its body as the message: the code and the words are read from the body.
    const stopped = (list.items as Array<{ content: Record<string, unknown> }>).at(-1)!.content;
    expect(stopped.stop_details).to.deep.equal({ type: 'error', category: 'overloaded_error', explanation: 'Overloaded' });
    list.remove();
  });

  it('an event or delta it does not read is a problem, and the run goes on to its end', async () => {
    const list = await mountList([]);
    const live = liveAnthropic(list);
    const script: SseScript = [
      ...toolTurn.slice(0, 7),
      ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'hologram_delta', hologram: '✦' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 1, delta: { type: 'hologram_delta', hologram: '✦' } }],
      ['telemetry', { type: 'telemetry', spans: 3 }],
      ...toolTurn.slice(7),
    ];
    await live.consume(await client([script]).messages.create({ ...params, stream: true }));
    await settle(list);
    expect(live.problems.map((problem) => problem.message)).to.deep.equal([
      'The stream\'s "hologram_delta" delta is not read; what it carried is not shown.',
      'The stream\'s "telemetry" event is not read; what it carried is not shown.',
    ]);
    expect(deepQueryAll(list, 'stop-mark'), 'not a failed run').to.have.length(0);
    expect(shownMessages(list).at(-1)!.text).to.contain('Let me check the forecast');
    list.remove();
  });

  it('a server tool ends when its result block arrives, and a call given its whole input at the start keeps it', async () => {
    const list = await mountList([]);
    const live = liveAnthropic(list);
    const script: SseScript = [
      ['message_start', { type: 'message_start', message: message('msg_s') }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_fetch', input: { url: 'https://example.com' } } }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['content_block_start', { type: 'content_block_start', index: 1, content_block: { type: 'web_fetch_tool_result', tool_use_id: 'srvtoolu_1', content: { type: 'web_fetch_result', url: 'https://example.com', content: { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'Example Domain' }, title: 'Example' } } } }],
      ['content_block_stop', { type: 'content_block_stop', index: 1 }],
      ['content_block_start', { type: 'content_block_start', index: 2, content_block: { type: 'text', text: '' } }],
      ['content_block_delta', { type: 'content_block_delta', index: 2, delta: { type: 'text_delta', text: 'The page says Example Domain.' } }],
      ['content_block_stop', { type: 'content_block_stop', index: 2 }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null, stop_details: null }, usage: { output_tokens: 9 } }],
    ];
    const stream = await client([script]).messages.create({ ...params, stream: true });
    // Read up to the answer's text, before the message stops: the call already reads done.
    let seen = 0;
    for await (const event of stream) {
      live.push(event);
      if (++seen === 7) break;
    }
    await settle(list);
    const call = deepQueryAll<HTMLElement & { status: string; item: { content: { arguments: unknown } } }>(list, 'tool-call-item')[0];
    expect(call.status).to.equal('completed');
    expect(call.item.content.arguments).to.deep.equal({ url: 'https://example.com' });
    live.end();
    list.remove();
  });
  it('a turn the server paused (pause_turn) shows no stop, and goes on with the next response', async () => {
    const list = await mountList([]);
    const live = liveAnthropic(list);
    const search = (index: number, id: string): SseScript => [
      ['content_block_start', { type: 'content_block_start', index, content_block: { type: 'server_tool_use', id, name: 'web_search', input: {} } }],
      ['content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '{"query":"Paris weather"}' } }],
      ['content_block_stop', { type: 'content_block_stop', index }],
      ['content_block_start', { type: 'content_block_start', index: index + 1, content_block: { type: 'web_search_tool_result', tool_use_id: id, content: [{ type: 'web_search_result', title: 'Paris forecast', url: 'https://example.com/paris', encrypted_content: 'x' }] } }],
      ['content_block_stop', { type: 'content_block_stop', index: index + 1 }],
    ];
    const paused: SseScript = [
      ['message_start', { type: 'message_start', message: message('msg_p1') }],
      ...search(0, 'srvtoolu_p1'),
      ['message_delta', { type: 'message_delta', delta: { stop_reason: 'pause_turn', stop_sequence: null, stop_details: null }, usage: { output_tokens: 20 } }],
      ['message_stop', { type: 'message_stop' }],
    ];
    const anthropic = client([paused, answer('msg_p2', 'It is 18 °C in Paris.')]);
    live.push(question);
    await live.consume(await anthropic.messages.create({ ...params, stream: true }));
    await settle(list);
    expect(deepQueryAll(list, 'stop-mark'), 'a pause is no stop').to.have.length(0);
    expect(deepQueryAll<HTMLElement & { status: string }>(list, 'tool-call-item')[0].status).to.equal('completed');
    // The host sends the paused response back as it is, and the model goes on.
    await live.consume(await anthropic.messages.create({ ...params, stream: true }));
    await settle(list);
    expect(deepQueryAll(list, 'stop-mark')).to.have.length(0);
    expect(shownMessages(list).at(-1)!.text).to.contain('It is 18 °C in Paris.');
    expect(live.problems).to.deep.equal([]);
    list.remove();
  });
  it('any chunking of the stream ends in the same list', async () => {
    const text = 'A **bold** claim, `code`, and a [link](https://example.com/a).\n\n- one\n- two\n';
    const args = '{"query":"weather in Paris","units":"metric"}';
    await expectAnyChunkingSame((pieces) => [
      { type: 'message_start', message: message('msg_c') },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      ...pieces(text).map((piece) => ({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } })),
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_c', name: 'search', input: {} } },
      ...pieces(args).map((piece) => ({ type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: piece } })),
      { type: 'content_block_stop', index: 1 },
      { type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null, stop_details: null }, usage: { output_tokens: 9 } },
      { type: 'message_stop' },
      { id: 'r_c', role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_c', content: 'Sunny.' }] },
    ], liveAnthropic);
  });
});

describe('OpenAI Chat Completions live', () => {
  const chunk = (id: string, delta: Record<string, unknown>, finish: string | null = null) => ({
    id, object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-5', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  });
  const done: [null, string] = [null, '[DONE]'];
  const callTurn: SseScript = [
    [null, chunk('c1', { role: 'assistant', content: '' })],
    [null, chunk('c1', { content: 'Let me **che' })],
    [null, chunk('c1', { content: 'ck** the forecast.' })],
    [null, chunk('c1', { tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '' } }] })],
    [null, chunk('c1', { tool_calls: [{ index: 0, function: { arguments: '{"city":' } }] })],
    [null, chunk('c1', { tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] })],
    [null, chunk('c1', {}, 'tool_calls')],
    done,
  ];
  const answerTurn = (id: string, text: string, finish = 'stop', key: 'content' | 'refusal' = 'content'): SseScript => [
    [null, chunk(id, { role: 'assistant', [key]: '' })],
    ...text.match(/.{1,7}/gs)!.map((piece): [null, unknown] => [null, chunk(id, { [key]: piece })]),
    [null, chunk(id, {}, finish)],
    [null, { id, object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-5', choices: [], usage: { prompt_tokens: 30, completion_tokens: 9, total_tokens: 39 } }],
    done,
  ];
  const client = (scripts: SseScript[]) =>
    new OpenAI({ apiKey: 'test', baseURL: 'http://mock.invalid/v1', dangerouslyAllowBrowser: true, fetch: scriptedFetch(scripts), maxRetries: 0 });
  const params = { model: 'gpt-5', messages: [{ role: 'user' as const, content: question.content }], stream: true as const, stream_options: { include_usage: true } };

  /** The completion as a host saves it: the message, under the completion's id, with its finish reason and usage. */
  const saved = (completion: OpenAI.Chat.Completions.ChatCompletion) => ({
    id: completion.id, ...completion.choices[0].message, finish_reason: completion.choices[0].finish_reason, ...(completion.usage ? { usage: completion.usage } : {}),
  });

  it('streams a turn with a tool call and ends as the saved messages render', async () => {
    const list = await mountList([]);
    const live = liveOpenAIChat(list);
    const openai = client([callTurn, answerTurn('c2', 'It is **18 °C** in Paris.')]);
    live.push(question);
    const first = openai.chat.completions.stream(params);
    await live.consume(first);
    const result = { role: 'tool', tool_call_id: 'call_1', content: '18 °C, sunny', id: 't1' };
    live.push(result);
    const second = openai.chat.completions.stream(params);
    await live.consume(second);
    expect(list.draft).to.equal(null);
    const items = fromOpenAIChat([question, saved(await first.finalChatCompletion()), result, saved(await second.finalChatCompletion())]).items;
    expectWellFormed(list.items as never);
    await expectSameAsSaved(list, items);
    expect(shownMessages(list).map((shownMessage) => shownMessage.text)).to.have.length(3);
    expect(shownMessages(list)[2].text).to.contain('It is 18 °C in Paris.');
    list.remove();
  });

  it('an aborted stream stops as cancelled; length and content_filter give their marks', async () => {
    const list = await mountList([]);
    const live = liveOpenAIChat(list);
    const controller = new AbortController();
    const openai = client([callTurn, answerTurn('c3', 'Paris has a long', 'length'), answerTurn('c4', 'Some text', 'content_filter')]);
    await live.consume(abortAfter(openai.chat.completions.stream(params, { signal: controller.signal }), 3, controller), controller.signal);
    await settle(list);
    expect(lastMark(list).reason).to.equal('cancelled');
    live.push({ id: 'q2', role: 'user', content: 'More?' });
    await live.consume(openai.chat.completions.stream(params));
    await settle(list);
    expect(lastMark(list).reason).to.equal('length');
    live.push({ id: 'q3', role: 'user', content: 'And?' });
    await live.consume(openai.chat.completions.stream(params));
    await settle(list);
    expect(lastMark(list).reason).to.equal('content_filtered');
    list.remove();
  });
  it('any chunking of the stream ends in the same list', async () => {
    const text = 'A **bold** claim, `code`, and a [link](https://example.com/a).\n\n- one\n- two\n';
    const args = '{"query":"weather in Paris","units":"metric"}';
    await expectAnyChunkingSame((pieces) => [
      chunk('cc', { role: 'assistant', content: '' }),
      ...pieces(text).map((piece) => chunk('cc', { content: piece })),
      chunk('cc', { tool_calls: [{ index: 0, id: 'call_c', type: 'function', function: { name: 'search', arguments: '' } }] }),
      ...pieces(args).map((piece) => chunk('cc', { tool_calls: [{ index: 0, function: { arguments: piece } }] })),
      chunk('cc', {}, 'tool_calls'),
      { id: 'tc', role: 'tool', tool_call_id: 'call_c', content: 'Sunny.' },
    ], liveOpenAIChat);
  });
});
