/**
 * The Markdown parser keeps nothing of a document once it is parsed: marked hangs its
 * tokenizer and renderer on the options it is handed, each pointing back at the last lexer
 * (and its token tree) or parser. Measured after forced garbage collection (Chromium, CDP).
 */
import { expect } from '@open-wc/testing';
import { lexBlocks, markdownToHtml, renderBlocks } from '../../src/markdown/parse.js';
import { generateDocument } from '../markdown/generate.js';
import { measureMemory, skipWithoutMemory } from './measure.js';

const MEGABYTE = 1024 * 1024;
const ANSWER = generateDocument(17, { length: MEGABYTE });

/** Lexes (and renders) a document in a frame of its own, keeping only a weak reference to its tokens. */
function lexAndForget(render: boolean): WeakRef<object> {
  const tokens = lexBlocks(ANSWER);
  if (render) renderBlocks(tokens);
  return new WeakRef(tokens);
}

describe('memory: Markdown parser', function () {
  before(async function () {
    await skipWithoutMemory(this);
  });

  it('lets a document’s token tree go once it is lexed and rendered', async () => {
    const lexed = lexAndForget(false);
    const rendered = lexAndForget(true);
    // A weak reference holds its target to the end of the current task: measuring awaits past it.
    await measureMemory();
    expect(lexed.deref(), 'tokens of a lexed document').to.equal(undefined);
    expect(rendered.deref(), 'tokens of a rendered document').to.equal(undefined);
  });

  it('keeps no more than it did before after turning a 1 MB answer into HTML', async function () {
    this.timeout(30_000);
    markdownToHtml('warm *up*');
    const before = await measureMemory();
    expect(markdownToHtml(ANSWER).length).to.be.greaterThan(MEGABYTE);
    const after = await measureMemory();
    // The answer's tokens take about 6 MB; anything near that would be a document kept alive.
    expect(after.heap - before.heap, 'heap growth after the parse (bytes)').to.be.lessThan(MEGABYTE / 2);
  });
});
