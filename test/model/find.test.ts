import { expect } from '@open-wc/testing';
import { countIn, entryOf, findInConversation, firstMatchFrom, foldText } from '../../src/model/find.js';
import { markdownText } from '../../src/model/markdown-text.js';
import { buildModel } from '../../src/model/list-model.js';
import { normalizeItems } from '../../src/model/normalize.js';
import { loadFixture, type Row } from '../fixtures.js';

const modelOf = (rows: unknown[]) => buildModel(normalizeItems(rows));

describe('find: folding and counting', () => {
  it('ignores case and runs of white space, and keeps offsets for characters whose lower case is longer', () => {
    expect(foldText('Hello  \n World')).to.equal('hello world');
    expect(foldText('İstanbul')).to.have.length('İstanbul'.length);
    expect(countIn(foldText('Aaa aa'), 'aa')).to.equal(2);
  });

  it('reads Markdown as rendered', () => {
    const source = '# Title\n\n- **bold** item with `code` and [a link](https://x.test)\n> quoted _word_\n\n```js\nlet snake_case = 1;\n```\n| a | b |\n|---|---|';
    const text = foldText(markdownText(source));
    expect(text).to.contain('title');
    expect(text).to.contain('bold item with code and a link');
    expect(text).to.contain('quoted word');
    expect(text).to.contain('let snake_case = 1;');
    expect(text).not.to.contain('https');
    expect(text).not.to.contain('```');
  });
});

describe('findInConversation', () => {
  it('counts every match in reading order, a call\'s result with the call', async () => {
    const model = modelOf(await loadFixture('sagents-hitl-file-delete'));
    const results = findInConversation(model, 'dad_jokes');
    // The found file (in the result shown inside its call), the text, the call's arguments.
    expect(results.count).to.equal(3);
    expect(results.entries.map((entry) => [entry.message, entry.item.id, entry.field, entry.count])).to.deep.equal([
      [1, 'r4', 'result', 1],
      [3, 'r6', 'text', 1],
      [3, 'r7', 'arguments', 1],
    ]);
    // The request, the reasoning (collapsed), the reply.
    expect(findInConversation(model, 'DAD  JOKES').count).to.equal(3);
  });

  it('finds what collapsed reasoning, tool labels, errors, questions and sub-agents hold', async () => {
    const rows: Row[] = [
      { id: 'u', message_type: 'user', content_type: 'text', content: { text: 'Plan it' } },
      { id: 't', message_type: 'assistant', content_type: 'thinking', sequence: 0, content: { text: 'I need a *zebra* plan' } },
      { id: 'c', message_type: 'assistant', content_type: 'tool_call', sequence: 1, status: 'failed', tool_call_id: 'c1',
        metadata: { error: 'zebra crossing closed' }, content: { call_id: 'c1', name: 'task', arguments: { goal: 'zebra' }, display_text: 'Zebra task' } },
      { id: 's', message_type: 'assistant', content_type: 'text', sequence: 0, metadata: { parent_call_id: 'c1' }, content: { text: 'Sub-agent saw a zebra' } },
      { id: 'q', message_type: 'assistant', content_type: 'tool_call', sequence: 0, tool_call_id: 'q1',
        content: { call_id: 'q1', name: 'ask_user', arguments: { question: 'Which zebra?', options: ['Zebra A'] } } },
    ];
    const results = findInConversation(modelOf(rows), 'zebra');
    expect(results.entries.map((entry) => `${entry.item.id}:${entry.field}:${entry.count}:${entry.path.map((call) => call.id).join('/')}`)).to.deep.equal([
      't:text:1:', 'c:label:1:', 'c:error:1:', 'c:arguments:1:', 's:text:1:c', 'q:question:2:', 'q:arguments:2:',
    ]);
    expect(results.count).to.equal(9);
    // A list that hides tool activity finds only what it shows.
    expect(findInConversation(modelOf(rows), 'zebra', { tools: false }).entries.map((entry) => entry.item.id)).to.deep.equal(['t']);
  });

  it('steps through matches by number, and starts from the reader\'s message', async () => {
    const model = modelOf(await loadFixture('sagents-hitl-file-delete'));
    const results = findInConversation(model, 'dad_jokes');
    expect(entryOf(results, 0)!.entry.item.id).to.equal('r4');
    expect(entryOf(results, 2)).to.deep.include({ occurrence: 0 });
    expect(entryOf(results, 3)).to.equal(null);
    expect(firstMatchFrom(results, 3)).to.equal(1);
    expect(firstMatchFrom(results, 9), 'none after: the nearest before').to.equal(2);
    expect(firstMatchFrom(findInConversation(model, 'nothing like it'), 0)).to.equal(-1);
  });

  it('finds nothing for an empty query, and is exact across 10,000 items', () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      id: `m${i}`, message_type: i % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0,
      content: { text: i % 7 === 0 ? `Needle ${i} and another needle` : `Hay ${i}` },
    }));
    const model = modelOf(rows);
    expect(findInConversation(model, '  ').count).to.equal(0);
    const results = findInConversation(model, 'needle');
    expect(results.count).to.equal(2 * Math.ceil(10_000 / 7));
    expect(entryOf(results, results.count - 1)!.entry.message).to.equal(9996);
  });
});
