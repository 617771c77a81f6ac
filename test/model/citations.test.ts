import { expect } from '@open-wc/testing';
import { citedMarkdown, citedSources, insertMarkers, markerPlaces, readCitations, type Citation } from '../../src/model/citations.js';
import { normalizeItem } from '../../src/model/normalize.js';

const cite = (fields: Partial<Citation>): Citation => ({ start: null, end: null, url: null, title: null, citedText: null, pages: null, ...fields });

describe('citations', () => {
  describe('readCitations', () => {
    it("reads the kit's own shape (LangChain's Citation) with its span", () => {
      const text = 'Elixir runs on the BEAM.';
      expect(readCitations([{ cited_text: 'BEAM', start_index: 19, end_index: 23, source: { type: 'web', title: 'Elixir', url: 'https://elixir-lang.org' } }], text))
        .to.deep.equal([cite({ start: 19, end: 23, url: 'https://elixir-lang.org', title: 'Elixir', citedText: 'BEAM' })]);
    });

    it("reads Anthropic's locations, whose char indexes count in the document, not the answer", () => {
      const citations = readCitations([
        { type: 'char_location', cited_text: 'a', document_index: 0, document_title: 'Memo', start_char_index: 400, end_char_index: 411 },
        { type: 'page_location', cited_text: 'b', document_title: 'Report', start_page_number: 3, end_page_number: 5 },
        { type: 'content_block_location', cited_text: 'c', document_title: 'Deck', start_block_index: 1, end_block_index: 2 },
        { type: 'web_search_result_location', cited_text: 'd', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris', encrypted_index: 'x' },
        { type: 'search_result_location', cited_text: 'e', source: 'https://docs.example/guide', title: 'Guide', search_result_index: 0 },
      ], 'short');
      expect(citations).to.deep.equal([
        cite({ title: 'Memo', citedText: 'a' }),
        cite({ title: 'Report', citedText: 'b', pages: { start: 3, end: 4 } }),
        cite({ title: 'Deck', citedText: 'c' }),
        cite({ title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris', citedText: 'd' }),
        cite({ title: 'Guide', url: 'https://docs.example/guide', citedText: 'e' }),
      ]);
    });

    it("reads OpenAI's url_citation nested and flat, and a file_citation's point", () => {
      const text = 'See the docs and the file.';
      expect(readCitations([
        { type: 'url_citation', url_citation: { url: 'https://example.com', title: 'Docs', start_index: 4, end_index: 12 } },
        { type: 'url_citation', url: 'https://example.org', title: 'Org', start_index: 0, end_index: 3 },
        { type: 'file_citation', file_id: 'file-1', filename: 'notes.pdf', index: 25 },
      ], text)).to.deep.equal([
        cite({ start: 4, end: 12, url: 'https://example.com', title: 'Docs' }),
        cite({ start: 0, end: 3, url: 'https://example.org', title: 'Org' }),
        cite({ start: 25, end: 25, title: 'notes.pdf' }),
      ]);
    });

    it('reads LangChain.js citation annotations (camelCase)', () => {
      expect(readCitations([{ type: 'citation', url: 'https://a.example', title: 'A', startIndex: 1, endIndex: 2, citedText: 'q' }], 'abc'))
        .to.deep.equal([cite({ start: 1, end: 2, url: 'https://a.example', title: 'A', citedText: 'q' })]);
    });

    it('treats a span outside the text, backwards or not whole numbers as unknown, and skips what names nothing', () => {
      expect(readCitations([
        { title: 'late', start_index: 0, end_index: 99 },
        { title: 'backwards', start_index: 3, end_index: 1 },
        { title: 'fraction', start_index: 0.5, end_index: 1.5 },
        { title: 'negative', end_index: -1 },
        { start_index: 0, end_index: 1 },
        null,
        'https://example.com',
        { source: { type: 'web' } },
      ], 'abc').map((c) => [c.title, c.start, c.end])).to.deep.equal([
        ['late', null, null], ['backwards', null, null], ['fraction', null, null], ['negative', null, null],
      ]);
      expect(readCitations('nope', 'abc')).to.deep.equal([]);
      expect(readCitations({ length: 1, 0: { title: 'x' } }, 'abc')).to.deep.equal([]);
    });

    it('never throws on hostile objects', () => {
      const hostile = new Proxy({}, { get: () => { throw new Error('boom'); } });
      expect(readCitations([hostile, { source: hostile, title: 'ok' }], 'x').map((c) => c.title)).to.deep.equal(['ok']);
    });
  });

  describe('citedSources', () => {
    it('numbers sources in order of first citation, one number per source, passages once', () => {
      const { sources, numbers } = citedSources([
        cite({ url: 'https://a.example', title: 'A', citedText: 'one' }),
        cite({ title: 'Memo', citedText: 'two', pages: { start: 2, end: 2 } }),
        cite({ url: 'https://a.example', title: 'A again', citedText: 'one' }),
        cite({ url: 'https://a.example', citedText: 'three' }),
      ]);
      expect(numbers).to.deep.equal([1, 2, 1, 1]);
      expect(sources).to.deep.equal([
        { number: 1, url: 'https://a.example', title: 'A', passages: ['one', 'three'], pages: [] },
        { number: 2, url: null, title: 'Memo', passages: ['two'], pages: [{ start: 2, end: 2 }] },
      ]);
    });
  });

  describe('markerPlaces', () => {
    const place = (text: string, end: number) => markerPlaces(text, [cite({ end, title: 't' })], [1])[0].at;

    it('puts a marker at the end of its span, never inside a word, link, emphasis or address', () => {
      expect(place('The capital is Paris.', 20)).to.equal(21);
      expect(place('The capital is Paris. Next', 20)).to.equal(21);
      expect(place('The capital is Paris ', 21)).to.equal(20);
      expect(place('see [the docs](https://example.com/a) now', 8)).to.equal(37);
      expect(place('it is _Paris_ and', 12)).to.equal(13);
      expect(place('at https://example.com/path?q=1 ok', 10)).to.equal(31);
      expect(place('use `a b` here', 6)).to.equal(9);
      expect(place('see [the docs][ref] now', 8)).to.equal(19);
    });

    it('moves a marker off a line that only draws a block, onto the line above', () => {
      expect(place('```\ncode\n```', 12)).to.equal(8);
      expect(place('| a |\n|---|\n| b |', 11)).to.equal(5);
      expect(place('Title\n===\n\nmore', 9)).to.equal(5);
    });

    it('keeps one marker per source and place, in text order', () => {
      const places = markerPlaces('one two three', [cite({ end: 13 }), cite({ end: 3 }), cite({ end: 13 }), cite({})], [2, 1, 2, 3]);
      expect(places).to.deep.equal([{ at: 3, number: 1 }, { at: 13, number: 2 }]);
      expect(insertMarkers('one two three', places, (n) => `[${n}]`)).to.equal('one[1] two three[2]');
    });
  });

  describe('citedMarkdown', () => {
    it('writes footnote references at the spans and a footnote per source', () => {
      const markdown = citedMarkdown('The capital is Paris. It is large.', [
        cite({ start: 15, end: 20, url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris', citedText: 'Paris is\nthe capital' }),
        cite({ title: 'Atlas [2nd ed.]' }),
      ], () => true);
      expect(markdown).to.equal(
        'The capital is Paris.[^1] It is large.[^2]\n\n' +
          '[^1]: [Paris](<https://en.wikipedia.org/wiki/Paris>) “Paris is the capital”\n' +
          '[^2]: Atlas \\[2nd ed.\\]',
      );
    });

    it('leaves out an address the URL policy refuses', () => {
      const markdown = citedMarkdown('x', [cite({ end: 1, url: 'javascript:alert(1)', title: 'Bad' })], (url) => url.startsWith('https:'));
      expect(markdown).to.equal('x[^1]\n\n[^1]: Bad');
    });

    it('returns the text as it is without citations', () => {
      expect(citedMarkdown('plain', [], () => true)).to.equal('plain');
    });
  });

  describe('normalized text items', () => {
    it('carry typed citations and the utterance marker', () => {
      const item = normalizeItem({
        type: 'text',
        content: { text: 'Checking.', utterance: 'narration', citations: [{ title: 'Log', start_index: 0, end_index: 8 }] },
      });
      expect(item.kind).to.equal('text');
      if (item.kind !== 'text') return;
      expect(item.utterance).to.equal('narration');
      expect(item.citations).to.deep.equal([cite({ start: 0, end: 8, title: 'Log' })]);
    });

    it('read an unknown utterance or a missing list as unmarked and uncited', () => {
      const item = normalizeItem({ type: 'text', content: { text: 'Hi', utterance: 'shouting', citations: 'x' } });
      expect(item.kind === 'text' && [item.utterance, item.citations]).to.deep.equal([null, []]);
    });
  });
});
