import { expect } from '@open-wc/testing';
import { fromOpenAIChat } from '../../src/adapters/index.js';
import { groupMessages } from '../../src/model/group.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { expectWellFormed } from './invariants.js';

/** A Chat Completions conversation as the API documents it: request history plus a returned choice. */
const conversation = [
  { role: 'developer', content: 'You are a weather assistant.' },
  {
    role: 'user',
    content: [
      { type: 'text', text: 'What is the weather where this photo was taken?' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
    ],
  },
  {
    role: 'assistant',
    content: null,
    reasoning_content: 'The photo shows the Eiffel Tower, so Paris.',
    tool_calls: [
      { id: 'call_abc', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
      { id: 'call_def', type: 'function', function: { name: 'get_time', arguments: '{"tz":"Europe/Paris"}' } },
    ],
  },
  { role: 'tool', tool_call_id: 'call_abc', content: '{"temp_c": 18, "sky": "clear"}' },
  { role: 'tool', tool_call_id: 'call_def', content: [{ type: 'text', text: '14:05' }] },
  {
    index: 0,
    message: { role: 'assistant', content: 'It is 18 °C and clear in Paris, and the time is', refusal: null, annotations: [] },
    logprobs: null,
    finish_reason: 'length',
  },
];

describe('fromOpenAIChat', () => {
  it('converts a whole conversation in order and keeps the extractor rules', () => {
    const { items, problems } = fromOpenAIChat(conversation);
    expect(problems).to.deep.equal([]);
    expect(items.map((item) => `${item.message_type}/${item.type}`)).to.deep.equal([
      'system/text', 'user/text', 'user/image',
      'assistant/thinking', 'assistant/tool_call', 'assistant/tool_call',
      'tool/tool_result', 'tool/tool_result',
      'assistant/text',
    ]);
    expectWellFormed(items);
  });

  it('reads string and part-list content, images included', () => {
    const { items } = fromOpenAIChat(conversation);
    expect(items[0].content).to.deep.equal({ text: 'You are a weather assistant.' });
    expect(items[2].content).to.deep.equal({ data: 'iVBORw0KGgo=', mime_type: 'image/png' });
    const { items: remote } = fromOpenAIChat([{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.jpg' } }] }]);
    expect(remote[0].content).to.deep.equal({ url: 'https://example.com/a.jpg' });
  });

  it('turns reasoning_content into thinking ahead of the answer', () => {
    const { items } = fromOpenAIChat([{ role: 'assistant', content: 'Paris.', reasoning_content: 'France → Paris.' }]);
    expect(items.map((item) => [item.type, item.content.text])).to.deep.equal([['thinking', 'France → Paris.'], ['text', 'Paris.']]);
  });

  it('parses tool call arguments, nested or flat (Nous), and pairs results by tool_call_id', () => {
    const { items } = fromOpenAIChat(conversation);
    expect(items[4].content).to.deep.equal({ call_id: 'call_abc', name: 'get_weather', arguments: { city: 'Paris' }, display_text: null });
    expect(items[6].content).to.deep.equal({ tool_call_id: 'call_abc', name: 'get_weather', content: '{"temp_c": 18, "sky": "clear"}', is_error: false, is_interrupt: false });
    expect(items[7].content).to.deep.include({ tool_call_id: 'call_def', name: 'get_time', content: '14:05' });
    expect(items[6].message_id).to.equal(items[7].message_id);

    const flat = fromOpenAIChat([
      { role: 'assistant', content: 'Let me search', tool_calls: [{ id: 'call_1', name: 'search', arguments: { query: 'elixir' } }] },
      { role: 'tool', tool_call_id: 'call_1', name: 'search', content: 'Search results: 42' },
    ]);
    expect(flat.items.map((item) => item.content)).to.deep.equal([
      { text: 'Let me search' },
      { call_id: 'call_1', name: 'search', arguments: { query: 'elixir' }, display_text: null },
      { tool_call_id: 'call_1', name: 'search', content: 'Search results: 42', is_error: false, is_interrupt: false },
    ]);
  });

  it('uses the original parts Nous keeps in metadata.content_parts', () => {
    const { items } = fromOpenAIChat([{
      role: 'user',
      content: "What's in this image?[Image: https://example.com/image.jpg]",
      metadata: { content_parts: [{ type: 'text', content: "What's in this image?" }, { type: 'image_url', content: 'https://example.com/image.jpg' }] },
    }]);
    expect(items.map((item) => [item.type, item.content])).to.deep.equal([
      ['text', { text: "What's in this image?" }],
      ['image', { url: 'https://example.com/image.jpg' }],
    ]);
  });

  it('maps finish_reason from the message or its choice: length, content_filter; stop and tool_calls finish', () => {
    const last = (message: unknown) => {
      const { items } = fromOpenAIChat([message]);
      return items[items.length - 1].content;
    };
    expect(last(conversation[5]).stop_reason).to.equal('length');
    expect(last({ message: { role: 'assistant', content: 'I can' }, finish_reason: 'content_filter' }).stop_reason).to.equal('content_filtered');
    expect(last({ role: 'assistant', content: 'Partial', finish_reason: 'length' }).stop_reason).to.equal('length');
    expect(last({ role: 'assistant', content: 'Done', finish_reason: 'stop' })).not.to.have.property('stop_reason');
    expect(last({ role: 'assistant', content: 'Hm', finish_reason: 'something_new' }).stop_reason).to.equal('something_new');
    const calls = fromOpenAIChat([{ message: { role: 'assistant', content: 'Calling', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: 'tool_calls' }]);
    expect(calls.items.some((item) => 'stop_reason' in item.content)).to.equal(false);
  });

  it('puts the stop mark on the last tool call of a cut-off message', () => {
    const { items } = fromOpenAIChat([{
      message: { role: 'assistant', content: 'Writing the file', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'write', arguments: '{"path": "/a", "body": "hel' } }] },
      finish_reason: 'length',
    }]);
    expect(items.map((item) => [item.type, item.content.stop_reason])).to.deep.equal([['text', undefined], ['tool_call', 'length']]);
    expect(items[1].content.arguments).to.equal('{"path": "/a", "body": "hel');
  });

  it('keeps refusals and url citations', () => {
    const { items } = fromOpenAIChat([
      { role: 'assistant', content: null, refusal: 'I cannot help with that.' },
      { role: 'assistant', content: 'See the docs.', annotations: [{ type: 'url_citation', url_citation: { url: 'https://example.com', title: 'Docs', start_index: 0, end_index: 3 } }] },
    ]);
    expect(items[0].content).to.deep.equal({ text: 'I cannot help with that.', refusal: true, stop_reason: 'content_filtered', stop_details: { type: 'refusal' } });
    expect(items[1].content.citations).to.deep.equal([{ start_index: 0, end_index: 3, source: { type: 'web', title: 'Docs', url: 'https://example.com' } }]);
  });

  it('a refusal stops its message: content_filtered with {type: refusal}, unless the finish reason says it was cut off', () => {
    const stopOf = (choice: unknown) => {
      const { items } = fromOpenAIChat([choice]);
      expectWellFormed(items);
      const content = items[items.length - 1].content;
      return [content.stop_reason, content.stop_details];
    };
    const refusal = { role: 'assistant', content: null, refusal: 'I cannot help with that.' };
    expect(stopOf({ index: 0, message: refusal, finish_reason: 'stop' })).to.deep.equal(['content_filtered', { type: 'refusal' }]);
    expect(stopOf({ index: 0, message: refusal, finish_reason: 'content_filter' })).to.deep.equal(['content_filtered', { type: 'refusal' }]);
    expect(stopOf({ index: 0, message: refusal, finish_reason: 'length' })).to.deep.equal(['length', undefined]);
    expect(stopOf({ role: 'assistant', content: 'Sure.', refusal: null })).to.deep.equal([undefined, undefined]);

    const messages = groupMessages(normalizeItems(fromOpenAIChat([{ role: 'user', content: 'Help me.' }, refusal]).items));
    expect(messages.map((m) => m.stop?.kind ?? null)).to.deep.equal([null, 'refusal']);
    expect(messages[1].stop?.details).to.deep.include({ type: 'refusal' });
  });

  it('reports broken input by index and never throws', () => {
    expect(fromOpenAIChat({ role: 'user' }).problems).to.have.length(1);
    expect(fromOpenAIChat(null).items).to.deep.equal([]);
    const hostile = { role: 'assistant', get content(): never { throw new Error('boom'); } };
    const { items, problems } = fromOpenAIChat([
      null,
      { content: 'no role' },
      { role: 'assistant', content: 'ok', tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{oops' } }] },
      { role: 'tool', content: 'orphan' },
      { role: 'user', content: [{ type: 'mystery_part' }] },
      hostile,
    ]);
    expect(problems.map((problem) => problem.index)).to.deep.equal([0, 1, 2, 3, 4]);
    expect(problems[2].message).to.match(/not complete JSON/);
    expect(items.find((item) => item.type === 'tool_call')?.content.arguments).to.equal('{oops');
    expect(items.map((item) => item.type)).to.deep.equal(['text', 'tool_call', 'tool_result']);
  });

  it('survives a list that throws while being read, keeping what it converted', () => {
    const list = new Proxy([{ role: 'user', content: 'Hi' }, { role: 'user', content: 'again' }], {
      get(target, key, receiver) {
        if (key === '1') throw new Error('hostile getter');
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const { items, problems } = fromOpenAIChat(list);
    expect(items.map((item) => item.content.text)).to.deep.equal(['Hi']);
    expect(problems).to.have.length(1);
    expect(problems[0].message).to.match(/hostile getter/);
  });

  it('groups into the expected messages through normalizeItems + groupMessages', () => {
    const messages = groupMessages(normalizeItems(fromOpenAIChat(conversation).items));
    expect(messages.map((m) => `${m.role}:${m.items.map((item) => item.kind).join('+')}`)).to.deep.equal([
      'system:text', 'user:text+image', 'assistant:thinking+tool_call+tool_call', 'tool:tool_result+tool_result', 'assistant:text',
    ]);
    expect(messages.map((m) => m.stop?.reason ?? null)).to.deep.equal([null, null, null, null, 'length']);
    expect(messages[3].items.map((item) => item.toolCallId)).to.deep.equal(['call_abc', 'call_def']);
  });
});
