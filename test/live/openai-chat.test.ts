import { expect } from '@open-wc/testing';
import OpenAI from 'openai';
import { fromOpenAIChat } from '../../src/adapters/index.js';
import { liveOpenAIChat } from '../../src/live/index.js';
import { deepQueryAll, deepText, mountList, settle } from '../helpers.js';
import { expectSameAsSaved } from './live-helpers.js';
import { scriptedFetch, type SseScript } from './mock-fetch.js';

const question = { id: 'q1', role: 'user', content: 'How tall is the Eiffel Tower, and how old?' };
const ANSWER = 'The Eiffel Tower is 330 m tall. It opened in 1889.';

/** A web search model's citations, as Chat Completions writes them (nested under `url_citation`). */
const HEIGHT = { type: 'url_citation', url_citation: { url: 'https://example.com/eiffel/height', title: 'Eiffel Tower facts', start_index: 0, end_index: 31 } };
const AGE = { type: 'url_citation', url_citation: { url: 'https://example.org/history/1889', title: 'Exposition of 1889', start_index: 32, end_index: 51 } };

const chunk = (id: string, delta: Record<string, unknown>, finish: string | null = null) => ({
  id, object: 'chat.completion.chunk', created: 1767225600, model: 'gpt-5-search-api', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
});

/** The answer a few characters a chunk, then `annotations` deltas (with no content), then the finish. */
function searchTurn(id: string, ...annotationDeltas: unknown[][]): SseScript {
  return [
    [null, chunk(id, { role: 'assistant', content: '' })],
    ...ANSWER.match(/.{1,9}/gs)!.map((piece): [null, unknown] => [null, chunk(id, { content: piece })]),
    ...annotationDeltas.map((annotations): [null, unknown] => [null, chunk(id, { annotations })]),
    [null, chunk(id, {}, 'stop')],
    [null, '[DONE]'],
  ];
}

const client = (scripts: SseScript[]) =>
  new OpenAI({ apiKey: 'test', baseURL: 'http://mock.invalid/v1', dangerouslyAllowBrowser: true, fetch: scriptedFetch(scripts), maxRetries: 0 });
const params = { model: 'gpt-5-search-api', messages: [{ role: 'user' as const, content: question.content }], stream: true as const };

/** The sources a list's answers cite, as a reader sees them. */
function shownSources(list: HTMLElement): string[] {
  return deepQueryAll(list, '[part~="source"]').map((source) => deepText(source));
}

describe('OpenAI Chat Completions live: url citations', () => {
  it('streamed annotations become the answer\'s citations, as the saved message shows them', async () => {
    const list = await mountList([]);
    const live = liveOpenAIChat(list);
    live.push(question);
    const stream = client([searchTurn('w1', [HEIGHT, AGE])]).chat.completions.stream(params);
    await live.consume(stream);
    await settle(list);
    expect(live.problems).to.deep.equal([]);
    const completion = await stream.finalChatCompletion();
    const message = { id: completion.id, ...completion.choices[0].message, finish_reason: completion.choices[0].finish_reason };
    const saved = fromOpenAIChat([question, message]);
    expect(saved.items.at(-1)!.content.citations, 'the saved message cites both').to.have.length(2);
    await expectSameAsSaved(list, saved.items);
    const sources = shownSources(list);
    expect(sources).to.have.length(2);
    expect(sources[0]).to.contain('Eiffel Tower facts');
    expect(sources[1]).to.contain('Exposition of 1889');
    list.remove();
  });

  it('gathers annotations that come over several deltas, each once', async () => {
    const list = await mountList([]);
    const live = liveOpenAIChat(list);
    live.push(question);
    await live.consume(client([searchTurn('w2', [HEIGHT], [HEIGHT, AGE])]).chat.completions.stream(params));
    const saved = fromOpenAIChat([question, { id: 'w2', role: 'assistant', content: ANSWER, annotations: [HEIGHT, AGE], finish_reason: 'stop' }]);
    await expectSameAsSaved(list, saved.items);
    expect(shownSources(list)).to.have.length(2);
    list.remove();
  });
});
