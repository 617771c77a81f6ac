import { expect } from '@open-wc/testing';
import { mountItem, deepQueryAll, brokenImageSettled, toggled } from '../helpers.js';

const item = (type: string, content: unknown, message_type = 'assistant') => ({ type, message_type, content });
const shadow = (el: Element) => el.shadowRoot!;

describe('text-item', () => {
  it('renders assistant Markdown as prose', async () => {
    const el = await mountItem('text-item', item('text', { text: 'Hello **world**' }));
    expect(el.author).to.equal('assistant');
    expect(el.kind).to.equal('text');
    expect(el.matches(':state(assistant)') && el.matches(':state(text)')).to.equal(true);
    expect(el.hasAttribute('author'), 'derived state is not an attribute').to.equal(false);
    expect(shadow(el).querySelector('.markdown strong')!.textContent).to.equal('world');
    await expect(el).to.be.accessible();
  });

  it('renders user text as a bubble and system text as a notice', async () => {
    const user = await mountItem('text-item', item('text', { text: 'Hi' }, 'user'));
    expect(shadow(user).querySelector('.text.user')).to.exist;
    expect(getComputedStyle(shadow(user).querySelector('.text.user')!).backgroundColor).not.to.equal('rgba(0, 0, 0, 0)');
    const system = await mountItem('text-item', item('text', { text: 'Note' }, 'system'));
    expect(shadow(system).querySelector('.text.system')).to.exist;
    await expect(user).to.be.accessible();
    await expect(system).to.be.accessible();
  });

  it('sets its words on the padding of their box: no margin below the last block, none above the first', async () => {
    const cases = [
      ['a user\'s bubble', item('text', { text: 'Hello' }, 'user'), '.text.user'],
      ['a system notice', item('text', { text: 'You are a helpful assistant.' }, 'system'), '.text.system'],
      ['an answer of three blocks', item('text', { text: '# Plan\n\nFirst.\n\n- one\n- two' }), '.markdown'],
      ['an answer ending in a paragraph', item('text', { text: '- one\n- two\n\nThat is all.' }), '.markdown'],
    ] as const;
    for (const [label, raw, selector] of cases) {
      const el = await mountItem('text-item', raw);
      const box = shadow(el).querySelector<HTMLElement>(selector)!;
      const blocks = Array.from(shadow(el).querySelectorAll<HTMLElement>('.markdown > *, .markdown > .run > *')).filter((block) => !block.classList.contains('run'));
      const content = box.getBoundingClientRect();
      const style = getComputedStyle(box);
      const inside = [content.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop), content.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom)];
      const edges = [blocks[0].getBoundingClientRect().top, blocks.at(-1)!.getBoundingClientRect().bottom];
      expect(edges.map((edge, at) => Math.abs(edge - inside[at]) < 1), `${label}: its blocks span ${edges}, its box's inside ${inside}`).to.deep.equal([true, true]);
      // Without a box of its own an answer's last margin would fall out of it, into the gap before the next item.
      expect([getComputedStyle(blocks[0]).marginTop, getComputedStyle(blocks.at(-1)!).marginBottom], label).to.deep.equal(['0px', '0px']);
    }
  });

  it('reads a text its message stopped in the middle of as it read streaming: no raw markers', async () => {
    const el = await mountItem('text-item', item('text', { text: 'Paris is about the **S', stop_reason: 'cancelled' }));
    const body = shadow(el).querySelector('[part~="body"]')!;
    expect(body.textContent).not.to.contain('**');
    expect(body.querySelector('strong')!.textContent).to.equal('S');
    const finished = await mountItem('text-item', item('text', { text: 'A literal **S' }));
    expect(shadow(finished).querySelector('[part~="body"]')!.textContent, 'a finished text stays as written').to.contain('**S');
  });

  describe('an image that cannot be loaded', () => {
    const missing = () => new URL(`/no-such-image-${Math.random().toString(36).slice(2)}.png`, location.href).href;
    /** Resolves once the element shows an image that could not be loaded (its error event ran). */
    const brokenShown = async (el: Element) => {
      for (let tries = 0; tries < 100 && !shadow(el).querySelector('[part~="broken-image"]'); tries++) await new Promise((resolve) => setTimeout(resolve, 20));
      return shadow(el).querySelector<HTMLElement>('[part~="broken-image"]');
    };

    it('in Markdown, once the reader loads it: its alt text as a link to it, and a note, not a blank gap', async () => {
      const src = missing();
      const el = await mountItem('text-item', item('text', { text: `See ![A chart of sales](${src}) here.` }));
      shadow(el).querySelector<HTMLButtonElement>('.image-placeholder')!.click();
      const marker = await brokenShown(el);
      expect(marker, 'the broken image is replaced').not.to.equal(null);
      expect(shadow(el).querySelector('img')).to.equal(null);
      const link = marker!.querySelector('a')!;
      expect(link.textContent).to.equal('A chart of sales');
      expect(link.href).to.equal(src);
      expect(link.rel).to.equal('noopener noreferrer');
      expect(marker!.textContent).to.contain('image not loaded');
      await expect(el).to.be.accessible();
    });

    it('as an image item: its alt text and a link; inline data that does not decode: its alt text alone', async () => {
      const src = missing();
      const el = await mountItem('text-item', item('image', { url: src, alt_text: 'The floor plan' }));
      const marker = await brokenShown(el);
      expect(marker!.textContent).to.contain('image not loaded').and.to.contain('The floor plan');
      expect(marker!.querySelector('a')!.href).to.equal(src);
      await expect(el).to.be.accessible();
      const inline = await mountItem('text-item', item('image', { data: 'AAAA', mime_type: 'image/png', alt_text: 'A pixel' }));
      const inlineMarker = await brokenShown(inline);
      expect(inlineMarker!.textContent).to.contain('A pixel');
      expect(inlineMarker!.querySelector('a'), 'no link to inline data').to.equal(null);
    });
  });

  it('marks a done task with a tick and an open one with an empty box, each named for assistive technology', async () => {
    const el = await mountItem('text-item', item('text', { text: '- [x] read the docs\n- [ ] benchmark it' }));
    const [done, open] = Array.from(shadow(el).querySelectorAll<HTMLElement>('.task'));
    expect([done.getAttribute('aria-label'), open.getAttribute('aria-label')]).to.deep.equal(['Done:', 'Not done:']);
    expect(getComputedStyle(done, '::after').content, 'a tick in the box').not.to.equal('none');
    expect(getComputedStyle(open, '::after').content, 'an empty box').to.equal('none');
    await expect(el).to.be.accessible();
  });

  it('keeps raw HTML inert', async () => {
    (window as unknown as { __pwned?: boolean }).__pwned = false;
    const el = await mountItem('text-item', item('text', { text: 'a <img src=x onerror="window.__pwned=true"> <script>window.__pwned=true</script> <b>b</b>' }));
    await brokenImageSettled();
    expect((window as unknown as { __pwned?: boolean }).__pwned).to.equal(false);
    expect(shadow(el).querySelector('script')).to.equal(null);
    expect(shadow(el).querySelector('[onerror]')).to.equal(null);
    expect(shadow(el).querySelector('b')!.textContent).to.equal('b');
  });

  it('shows a notification as a notice, with its stop mark', async () => {
    const el = await mountItem('text-item', item('notification', { text: 'Agent execution cancelled.', stop_reason: 'cancelled' }, 'system'));
    expect(shadow(el).querySelector('.notice')!.textContent).to.contain('Agent execution cancelled.');
    expect(deepQueryAll(el, 'stop-mark')).to.have.length(1);
    await expect(el).to.be.accessible();
  });

  it('shows what a notice holds beyond its line behind a disclosure, as Markdown (a compacted conversation)', async () => {
    const summary = '## Summary\n\nThe user asked about **sorting**.\n\n<img src=x onerror="window.__pwned=true">';
    (window as unknown as { __pwned?: boolean }).__pwned = false;
    const el = await mountItem('text-item', item('notification', { text: 'Earlier messages were summarized.', details: summary }));
    const details = shadow(el).querySelector<HTMLDetailsElement>('details[part~="details"]')!;
    expect(shadow(el).querySelector('.notice-text')!.textContent).to.contain('Earlier messages were summarized.');
    expect(details.open, 'closed until the reader opens it').to.equal(false);
    expect(details.querySelector('summary')!.textContent).to.equal('Details');
    expect(details.querySelector('h2')!.textContent).to.equal('Summary');
    expect(details.querySelector('strong')!.textContent).to.equal('sorting');
    expect(details.querySelector('[onerror]')).to.equal(null);
    await expect(el).to.be.accessible();
    details.querySelector('summary')!.click();
    await el.updateComplete;
    expect(details.open).to.equal(true);
    await expect(el).to.be.accessible();
    expect((window as unknown as { __pwned?: boolean }).__pwned).to.equal(false);
  });

  it('shows an error row with its error type', async () => {
    const el = await mountItem('text-item', item('error', { text: 'Sorry, I encountered an error: overloaded', error_type: 'overloaded' }, 'system'));
    const notice = shadow(el).querySelector('.notice.error')!;
    expect(notice.textContent).to.contain('Sorry, I encountered an error');
    expect(notice.querySelector('.error-type')!.textContent).to.equal('overloaded');
    await expect(el).to.be.accessible();
  });

  it('shows a todo snapshot as a checklist with progress', async () => {
    const el = await mountItem('text-item', item('todo_snapshot', {
      todos: [
        { id: 1, content: 'Choose database', status: 'completed' },
        { id: 2, content: 'Write migration', status: 'in_progress' },
        { id: 3, content: 'Deploy', status: 'pending' },
        { id: 4, content: 'Party', status: 'cancelled' },
        'a bare string todo',
      ],
    }, 'system'));
    const rows = Array.from(shadow(el).querySelectorAll('.todo'));
    expect(rows.map((r) => r.className)).to.deep.equal(['todo completed', 'todo in_progress', 'todo pending', 'todo cancelled', 'todo pending']);
    expect(rows[0].textContent).to.contain('Done');
    expect(rows[1].textContent).to.contain('In progress');
    expect(rows[4].textContent).to.contain('a bare string todo');
    expect(shadow(el).querySelector('.todo-progress')!.textContent).to.contain('1 of 5 done');
    await expect(el).to.be.accessible();
  });

  it('draws the to-do list\'s progress bar in the theme\'s colours, not the platform\'s', async () => {
    const el = await mountItem('text-item', item('todo_snapshot', { todos: [{ content: 'a', status: 'completed' }, { content: 'b', status: 'pending' }] }, 'system'));
    const bar = shadow(el).querySelector('.todo-progress progress')!;
    // The track is the border colour: Firefox drew its own near-white track in the dark theme.
    for (const [theme, border] of [['dark', 'rgba(255, 255, 255, 0.16)'], ['light', 'rgb(208, 215, 222)']]) {
      el.setAttribute('theme', theme);
      await el.updateComplete;
      expect(getComputedStyle(bar).backgroundColor, theme).to.equal(border);
    }
    await expect(el).to.be.accessible();
  });

  it('keeps the links its schemes allow, marks the rest blocked, and drops no link silently', async () => {
    const text = [
      '[open](vscode://file/a.ts)',
      '[web](https://example.com/a)',
      '[run](javascript:alert(1))',
      // Raw HTML: marked escapes a Markdown link's address, DOMPurify refuses this one's
      '<a href="https://example.com/a-->b">arrow</a>',
      '<a href="https://example.com/raw">raw</a> <span href="javascript:alert(1)">span</span>',
    ].join(' ');
    const shown = (el: Element) => ({
      links: Array.from(shadow(el).querySelectorAll('.markdown a')).map((a) => `${a.textContent} ${a.getAttribute('href')}`),
      blocked: Array.from(shadow(el).querySelectorAll('.markdown [part="blocked"]')).map((b) => b.textContent!.replace(/\s+/g, ' ').trim()),
      hrefs: shadow(el).querySelectorAll('.markdown [href]').length,
    });
    const custom = await mountItem('text-item', item('text', { text }), { linkSchemes: ['https:', 'vscode:'] });
    expect(shown(custom)).to.deep.equal({
      links: ['open vscode://file/a.ts', 'web https://example.com/a', 'raw https://example.com/raw'],
      blocked: ['run blocked link', 'arrow blocked link'],
      hrefs: 3,
    });
    const plain = await mountItem('text-item', item('text', { text }));
    expect(shown(plain).links).to.deep.equal(['web https://example.com/a', 'raw https://example.com/raw']);
    expect(shown(plain).blocked).to.deep.equal(['open blocked link', 'run blocked link', 'arrow blocked link']);
    // The refused link's own words are marked too, in every engine: WebKit drops a `text-decoration`
    // shorthand that names a style or colour, so these are longhands.
    const marked = getComputedStyle(shadow(plain).querySelector('.markdown [part="blocked"]')!);
    expect([marked.textDecorationLine, marked.textDecorationStyle]).to.deep.equal(['underline', 'dotted']);
    await expect(custom).to.be.accessible();
  });

  it('loads host images over https and raster data URLs only', async () => {
    const ok = await mountItem('text-item', item('image', { url: 'https://example.com/a.png', alt_text: 'A chart', caption: 'Figure 1' }));
    expect(shadow(ok).querySelector('img')!.getAttribute('src')).to.equal('https://example.com/a.png');
    expect(shadow(ok).querySelector('figcaption')!.textContent).to.equal('Figure 1');
    const data = await mountItem('text-item', item('image', { data: 'iVBORw0KGgo=', mime_type: 'image/png', alt_text: 'dot' }));
    expect(shadow(data).querySelector('img')!.getAttribute('src')).to.equal('data:image/png;base64,iVBORw0KGgo=');
    for (const url of ['javascript:alert(1)', 'data:text/html;base64,PHNjcmlwdD4=', 'data:image/svg+xml,<svg onload=alert(1)>']) {
      const bad = await mountItem('text-item', item('image', { url, alt_text: 'bad' }));
      expect(shadow(bad).querySelector('img'), url).to.equal(null);
      expect(shadow(bad).querySelector('.blocked')!.textContent).to.contain('blocked image');
    }
    await expect(ok).to.be.accessible();
  });

  it('shows a file reference and structured data', async () => {
    const file = await mountItem('text-item', item('file_reference', { path: '/Memories/notes.md', name: 'notes.md' }));
    expect(shadow(file).querySelector('.file-name')!.textContent).to.equal('notes.md');
    expect(shadow(file).querySelector('.file-path')!.textContent).to.equal('/Memories/notes.md');
    const data = await mountItem('text-item', item('structured_data', { format: 'json', data: { rows: 2 } }));
    expect(shadow(data).querySelector('.json-tree')!.textContent).to.contain('"rows": 2');
    await expect(file).to.be.accessible();
    await expect(data).to.be.accessible();
  });

  it('shows structured data in the JSON tree a tool\'s arguments and results use, and text that is not JSON as it is', async () => {
    const data = await mountItem('text-item', item('structured_data', { format: 'json', data: '{"rows": 2, "meta": {"source": "<img src=x onerror=alert(1)>"}}' }));
    const tree = shadow(data).querySelector<HTMLElement>('.json-tree')!;
    expect(Array.from(tree.querySelectorAll('.j-key'), (key) => key.textContent)).to.deep.equal(['"rows"', '"meta"', '"source"']);
    expect(tree.querySelectorAll('details.j-node')).to.have.length(2);
    expect(tree.querySelector('img'), 'its strings are text').to.equal(null);
    const csv = await mountItem('text-item', item('structured_data', { format: 'csv', data: 'a,b\n1,2' }));
    expect(shadow(csv).querySelector('pre.json')!.textContent).to.equal('a,b\n1,2');
    await expect(data).to.be.accessible();
  });

  it('shows an unknown kind’s text, else its content', async () => {
    const withText = await mountItem('text-item', item('hologram', { text: 'beam me up' }));
    expect(shadow(withText).textContent).to.contain('beam me up');
    expect(shadow(withText).textContent).to.contain('Item of kind “Hologram”'); // its kind in words, as any code a reader sees
    const withoutText = await mountItem('text-item', item('hologram', { beam: 3 }));
    expect(shadow(withoutText).querySelector('.json')!.textContent).to.contain('"beam": 3');
    await expect(withoutText).to.be.accessible();
  });

  for (const [label, raw] of [
    ['missing content', { type: 'text', message_type: 'assistant' }],
    ['content of the wrong type', { type: 'text', message_type: 'assistant', content: 'oops' }],
    ['text of the wrong type', { type: 'text', message_type: 'assistant', content: { text: { nested: true } } }],
    ['a string', 'not an item'],
    ['null', null],
  ] as const) {
    it(`renders a visible fallback for ${label}`, async () => {
      const el = await mountItem('text-item', raw);
      const fallback = shadow(el).querySelector('[part~="fallback"]');
      expect(fallback).to.exist;
      expect(fallback!.textContent).to.contain('This item could not be displayed');
      await expect(el).to.be.accessible();
    });
  }

  it('words a fallback as one quiet line, what went wrong and what came behind its disclosure', async () => {
    const el = await mountItem('text-item', { type: 'text', message_type: 'assistant', content: null });
    const fallback = shadow(el).querySelector<HTMLElement>('[part~="fallback"]')!;
    expect(fallback.getAttribute('role')).to.equal('note');
    const summary = fallback.querySelector<HTMLElement>('summary')!;
    expect(summary.innerText.trim()).to.equal('This item could not be displayed');
    const line = parseFloat(getComputedStyle(summary).lineHeight) || 20;
    expect(fallback.getBoundingClientRect().height, 'one line').to.be.below(2 * line);
    expect(fallback.checkVisibility()).to.equal(true);
    await expect(el).to.be.accessible();
    const details = fallback.querySelector('details')!;
    const opened = toggled(details);
    summary.click();
    await opened;
    expect(fallback.querySelector<HTMLElement>('.fallback-problem')!.checkVisibility()).to.equal(true);
    expect(fallback.querySelector('pre')!.textContent).to.contain('"content": null');
    await expect(el).to.be.accessible();
  });

  it('renders a fallback for circular content instead of throwing', async () => {
    const content: Record<string, unknown> = { text: 5 };
    content.self = content;
    const el = await mountItem('text-item', { type: 'text', content });
    expect(shadow(el).querySelector('[part~="fallback"] pre')!.textContent).to.contain('[Circular]');
  });

  it('puts the stop mark after the text', async () => {
    const el = await mountItem('text-item', item('text', { text: 'Partial answ', stop_reason: 'stream_error' }));
    const base = shadow(el).querySelector('[part~="base"]')!;
    const mark = shadow(el).querySelector('stop-mark')!;
    expect(base.compareDocumentPosition(mark) & Node.DOCUMENT_POSITION_FOLLOWING).to.be.greaterThan(0);
    expect(mark.shadowRoot!.textContent).to.contain('failed before it finished');
  });
});

describe('text-item in a host page', () => {
  it('keeps its own alignment and spacing where the page centres and styles its text', async () => {
    const page = document.createElement('div');
    page.style.cssText = 'text-align: center; text-transform: uppercase; letter-spacing: 3px; font-style: italic; white-space: pre';
    document.body.append(page);
    try {
      const el = document.createElement('text-item');
      el.item = { type: 'text', message_type: 'assistant', content: { text: 'A paragraph of the answer.\n\n```js\nrun()\n```' } };
      page.append(el);
      await el.updateComplete;
      const paragraph = el.shadowRoot!.querySelector('.markdown p')!;
      const style = getComputedStyle(paragraph);
      expect([style.textAlign, style.textTransform, style.letterSpacing, style.fontStyle, style.whiteSpace]).to.deep.equal(['start', 'none', 'normal', 'normal', 'normal']);
      expect(getComputedStyle(el.shadowRoot!.querySelector('pre')!).textAlign).to.equal('start');
    } finally {
      page.remove();
    }
  });
});
