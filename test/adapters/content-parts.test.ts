import { expect } from '@open-wc/testing';
import { convertContentPart, fromAnthropicMessages, fromLangChainTrace, fromOpenAIChat } from '../../src/adapters/index.js';

/** LangChain ContentParts as they serialize to JSON (`{type, content, options}`). */
describe('content parts shared by the adapters', () => {
  const entries = (part: unknown) => convertContentPart(part).entries.map((entry) => ({ kind: entry.kind, content: entry.content }));

  it('keeps the narration marker and the citations of a text part', () => {
    expect(entries({ type: 'text', content: "I'll check the logs first.", options: { utterance: 'narration' } })).to.deep.equal([
      { kind: 'text', content: { text: "I'll check the logs first.", utterance: 'narration' } },
    ]);
    expect(entries({ type: 'text', content: 'Hi', options: [['utterance', 'narration']] })[0].content.utterance).to.equal('narration');
    expect(entries({ type: 'text', content: 'Hi', options: { utterance: 'shouting' } })[0].content).to.deep.equal({ text: 'Hi' });
    expect(entries({
      type: 'text',
      content: 'Elixir runs on the BEAM.',
      citations: [{ cited_text: 'BEAM', source: { type: 'web', title: 'Elixir', url: 'https://elixir-lang.org' }, start_index: 0, end_index: 4 }],
    })[0].content.citations).to.deep.equal([
      { cited_text: 'BEAM', start_index: 0, end_index: 4, source: { type: 'web', title: 'Elixir', url: 'https://elixir-lang.org' } },
    ]);
  });

  it('turns a tool reference into a "Tool available" text', () => {
    expect(entries({ type: 'tool_reference', content: 'devices_list' })).to.deep.equal([
      { kind: 'text', content: { text: 'Tool available: devices_list', tool_reference: 'devices_list' } },
    ]);
  });

  it('never emits provider items or opaque parts, but shows redacted thinking as redacted', () => {
    expect(entries({ type: 'provider_item', content: null, options: { provider: 'anthropic', item: { type: 'tool_search_tool_result' } } })).to.deep.equal([]);
    expect(entries({ type: 'unsupported', content: 'x', options: { type: 'reasoning' } })).to.deep.equal([]);
    expect(entries({ type: 'unsupported', content: 'redacted_data', options: { type: 'redacted_thinking' } })).to.deep.equal([
      { kind: 'thinking', content: { text: '_Reasoning redacted by the provider._', redacted: true } },
    ]);
    expect(convertContentPart({ type: 'provider_item' }).unknownType).to.equal(undefined);
  });

  it('makes images and files items, whatever their spelling', () => {
    expect(entries({ type: 'image', content: 'iVBORw0KGgo=', options: { media: 'png' } })).to.deep.equal([
      { kind: 'image', content: { data: 'iVBORw0KGgo=', mime_type: 'image/png' } },
    ]);
    expect(entries({ type: 'image_url', content: 'https://example.com/house.jpg' })[0]).to.deep.equal({ kind: 'image', content: { url: 'https://example.com/house.jpg' } });
    expect(entries({ type: 'file_url', content: 'https://example.com/docs/report.pdf' })[0]).to.deep.equal({
      kind: 'file_reference', content: { name: 'report.pdf', path: 'https://example.com/docs/report.pdf' },
    });
    expect(entries({ type: 'file', content: 'JVBERi0=', options: { media: 'application/pdf', filename: 'spec.pdf' } })[0]).to.deep.equal({
      kind: 'file_reference', content: { name: 'spec.pdf', mime_type: 'application/pdf' },
    });
    expect(entries({ type: 'file', file: { file_id: 'file-abc', filename: 'data.csv' } })[0]).to.deep.equal({
      kind: 'file_reference', content: { name: 'data.csv', file_id: 'file-abc' },
    });
    expect(entries({ type: 'document', source: { type: 'url', url: 'https://example.com/a.pdf' }, title: 'Annual report' })[0]).to.deep.equal({
      kind: 'file_reference', content: { name: 'Annual report', path: 'https://example.com/a.pdf' },
    });
  });

  it('reports unknown parts instead of throwing, and ignores signature-only thinking', () => {
    expect(convertContentPart({ type: 'hologram' })).to.deep.equal({ entries: [], unknownType: 'hologram' });
    expect(convertContentPart(null).unknownType).to.equal('null');
    expect(entries({ type: 'thinking', signature: 'sig' })).to.deep.equal([]);
  });

  it('is used the same way by every adapter, in any role', () => {
    const narration = { type: 'text', content: 'Looking that up.', options: { utterance: 'narration' } };
    const image = { type: 'image_url', image_url: { url: 'https://example.com/i.png' } };
    expect(fromOpenAIChat([{ role: 'assistant', content: [narration, image] }]).items.map((item) => item.type)).to.deep.equal(['text', 'image']);
    expect(fromOpenAIChat([{ role: 'assistant', content: [narration] }]).items[0].content.utterance).to.equal('narration');
    expect(fromAnthropicMessages([{ role: 'user', content: [{ type: 'tool_reference', tool_name: 'devices_list' }] }]).items[0].content.text).to.equal('Tool available: devices_list');
    const trace = fromLangChainTrace(JSON.stringify({ type: 'tool', id: 't', name: 'search_tools', tool_call_id: 'c', status: 'success', content: [{ type: 'tool_reference', content: 'devices_list' }, { type: 'provider_item', content: null }] }));
    expect(trace.items.map((item) => item.content.content)).to.deep.equal(['Tool available: devices_list']);
  });
});
