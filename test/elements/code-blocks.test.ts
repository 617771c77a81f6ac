import { expect } from '@open-wc/testing';
import { mountItem } from '../helpers.js';
import { nextEvent } from '../waits.js';
import { highlightsSettled, setCodeHighlighter } from '../../src/markdown/highlight.js';
import { useHighlightJs } from '../../src/highlight/index.js';

const answer = (text: string) => ({ type: 'text', message_type: 'assistant', content: { text } });
const CODE = '```elixir\ndefmodule Demo do\n  def run, do: :ok\nend\n```';

describe('code blocks', () => {
  afterEach(() => setCodeHighlighter(null));

  it('show a language label, scroll sideways, and copy with feedback and an event', async () => {
    const writes: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void writes.push(t) } });
    try {
      const el = await mountItem('text-item', answer(CODE));
      const block = el.shadowRoot!.querySelector('[part="code-block"]')!;
      expect(block.querySelector('.code-language')!.textContent).to.equal('elixir');
      const pre = block.querySelector('pre')!;
      expect(getComputedStyle(pre).overflowX).to.equal('auto');
      expect(pre.tabIndex).to.equal(0);
      const button = block.querySelector<HTMLButtonElement>('[part="copy-button"]')!;
      const heard = nextEvent(el, 'content-copy');
      button.click();
      const event = await heard;
      expect(event.content).to.equal('code');
      expect(writes).to.deep.equal(['defmodule Demo do\n  def run, do: :ok\nend\n']);
      expect(button.textContent).to.equal('Copied');
      expect(block.querySelector('[role="status"]')!.textContent).to.equal('Copied');
      await expect(el).to.be.accessible();
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });

  it('are colored by a registered highlighter, whose output is kept to classed spans', async () => {
    setCodeHighlighter((code) => code.replace('defmodule', '<span class="kw" onclick="alert(1)">defmodule</span>'));
    const el = await mountItem('text-item', answer(CODE));
    await highlightsSettled();
    const span = el.shadowRoot!.querySelector('code .kw')!;
    expect(span.textContent).to.equal('defmodule');
    expect(span.hasAttribute('onclick')).to.equal(false);
  });

  it('ignore a highlighter that would change what the code says or add markup', async () => {
    for (const evil of [
      () => '<img src=x onerror="window.__hl=1">',
      (code: string) => `<span>${code}</span><b>extra</b>`,
      () => 'something else entirely',
    ]) {
      setCodeHighlighter(evil);
      const el = await mountItem('text-item', answer(CODE));
      await highlightsSettled();
      const code = el.shadowRoot!.querySelector('pre code')!;
      expect(code.textContent).to.equal('defmodule Demo do\n  def run, do: :ok\nend\n');
      expect(code.querySelector('img, b')).to.equal(null);
    }
    expect((window as unknown as { __hl?: number }).__hl).to.equal(undefined);
  });

  it('use highlight.js through the optional entry, loaded on demand', async () => {
    await useHighlightJs(['elixir']);
    const el = await mountItem('text-item', answer(CODE));
    await highlightsSettled();
    expect(el.shadowRoot!.querySelector('code .hljs-keyword')!.textContent).to.equal('defmodule');
    const plain = await mountItem('text-item', answer('```cobol\nDISPLAY "HI".\n```'));
    await highlightsSettled();
    expect(plain.shadowRoot!.querySelector('code span')).to.equal(null);
  });
});
