/**
 * The kit's built-in views of common tools inside `<tool-call-item>`: each drawn from a call and
 * its result as the list hands them over (read by `readToolView`). They come with the tool
 * elements: test/elements/tool-code-on-first-use.test.ts proves a text-only list loads none of it.
 */
import '../../src/elements/message-list/define.js';
import '../../src/elements/tool-call-item/define.js';
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { ToolCallItem } from '../../src/elements/tool-call-item/tool-call-item.js';
import { deepQueryAll, mountItem, mountList, settle, until } from '../helpers.js';
import { calls, violations } from '../security/violations.js';
import { germanStrings } from '../../src/i18n/locales/de.js';
import { fromAnthropicMessages, fromOpenAIResponses } from '../../src/adapters/index.js';
type MessageListElement = HTMLElementTagNameMap['message-list'];
import { recording, type Provider } from '../live/recorded/corpus.js';

const ESC = '\u001b';

function call(name: string, args: unknown, status = 'completed', id = 'c1') {
  return { id: `row-${id}`, message_type: 'assistant', content_type: 'tool_call', status, tool_call_id: id, content: { call_id: id, name, arguments: args, display_text: null } };
}

function result(content: unknown, { id = 'c1', isError = false, name = 'tool' } = {}) {
  return {
    id: `result-${id}`, message_type: 'tool', content_type: 'tool_result', tool_call_id: id,
    content: { tool_call_id: id, name, content: typeof content === 'string' ? content : JSON.stringify(content), is_error: isError },
  };
}

/** An open call, once its built-in view shows (its code may still be loading at first). */
async function shown(callRow: unknown, resultRow: unknown, extra: Record<string, unknown> = {}): Promise<ToolCallItem> {
  const el = await mountItem('tool-call-item', callRow, { result: resultRow, open: true, ...extra });
  await until(() => el.shadowRoot!.querySelector('[part~="builtin-view"]') !== null, 'the built-in view');
  await settle(el);
  return el;
}

const part = (el: Element, name: string) => el.shadowRoot!.querySelector<HTMLElement>(`[part~="${name}"]`);
const parts = (el: Element, name: string) => Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>(`[part~="${name}"]`));

describe('built-in tool views', () => {
  it('draws a shell command and its ANSI-coloured output as a terminal, without escape characters', async () => {
    const stdout = `${ESC}[32mok${ESC}[0m 3 passed\n${ESC}[1;31mFAIL${ESC}[0m test/a.test.ts\n${ESC}[38;5;94mbrown${ESC}[0m ${ESC}[38;2;10;20;30mtrue${ESC}[0m\n`;
    const el = await shown(call('bash', { command: 'npm test' }), result({ stdout, stderr: 'npm ERR! 1 failed\n', exit_code: 1 }));
    const command = part(el, 'command')!;
    expect(command.textContent).to.equal('$ npm test');
    expect(command.querySelector('.prompt')!.getAttribute('aria-hidden')).to.equal('true');
    const [out, errors] = parts(el, 'terminal');
    expect(out.getAttribute('role')).to.equal('group');
    expect(out.getAttribute('aria-label')).to.equal('Output');
    expect(out.textContent).to.equal('ok 3 passed\nFAIL test/a.test.ts\nbrown true\n');
    expect(out.textContent).not.to.contain(ESC);
    const spans = Array.from(out.querySelectorAll('span'));
    const plain = getComputedStyle(out).color;
    const green = spans.find((span) => span.textContent === 'ok')!;
    const red = spans.find((span) => span.textContent === 'FAIL')!;
    expect(getComputedStyle(green).color).not.to.equal(plain);
    expect(getComputedStyle(red).color).not.to.equal(getComputedStyle(green).color);
    expect(Number(getComputedStyle(red).fontWeight)).to.be.at.least(700);
    expect(getComputedStyle(spans.find((span) => span.textContent === 'brown')!).color).to.equal('rgb(135, 95, 0)');
    expect(getComputedStyle(spans.find((span) => span.textContent === 'true')!).color).to.equal('rgb(10, 20, 30)');
    // Errors are told apart by a word, not by colour alone.
    expect(errors.getAttribute('aria-label')).to.equal('Errors');
    expect(el.shadowRoot!.querySelector('.stream-label')!.textContent).to.equal('Errors');
    expect(errors.textContent).to.equal('npm ERR! 1 failed\n');
    expect(part(el, 'exit-code')!.textContent).to.equal('Exit code 1');
    // The words follow the element's strings: a locale's `builtinViews`, English without.
    el.strings = germanStrings;
    await settle(el);
    expect(part(el, 'exit-code')!.textContent).to.equal('Exit-Code 1');
    expect(errors.getAttribute('aria-label')).to.equal('Fehler');
    el.strings = undefined;
    await settle(el);
    // The generic body is one click away.
    expect(part(el, 'arguments')).to.equal(null);
    part(el, 'raw-button')!.click();
    await settle(el);
    expect(part(el, 'arguments')!.textContent).to.contain('npm test');
    await expect(el).to.be.accessible();
  });

  it('folds long output behind "Show all", which works from the keyboard', async () => {
    const stdout = Array.from({ length: 45 }, (_, index) => `line ${index + 1}`).join('\n');
    const el = await shown(call('bash', { command: 'seq 45' }), result({ stdout, stderr: '', exit_code: 0 }));
    const out = part(el, 'terminal')!;
    expect(out.textContent!.trim().split('\n')).to.have.length(20);
    expect(part(el, 'exit-code'), 'no exit code when zero').to.equal(null);
    const button = part(el, 'fold-button') as HTMLButtonElement;
    expect(button.localName).to.equal('button');
    expect(button.textContent!.trim()).to.equal('Show all (45 lines)');
    expect(button.getAttribute('aria-expanded')).to.equal('false');
    button.focus();
    await sendKeys({ press: 'Enter' });
    await settle(el);
    expect(part(el, 'terminal')!.textContent!.trim().split('\n')).to.have.length(45);
    expect(button.getAttribute('aria-expanded')).to.equal('true');
    expect(el.shadowRoot!.activeElement, 'focus stays on the button').to.equal(button);
    await sendKeys({ press: ' ' });
    await settle(el);
    expect(part(el, 'terminal')!.textContent!.trim().split('\n')).to.have.length(20);
    await expect(el).to.be.accessible();
  });

  it('draws an edit as a diff with signs, numbers and words for screen readers', async () => {
    const oldText = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].join('\n');
    const newText = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'I!', 'j'].join('\n');
    const el = await shown(call('Edit', { file_path: 'src/app.ts', old_string: oldText, new_string: newText }), result('The file was updated.'));
    expect(part(el, 'path')!.textContent).to.equal('src/app.tsEdited');
    const lines = Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('.diff-line'));
    const added = lines.filter((line) => line.classList.contains('added'));
    const removed = lines.filter((line) => line.classList.contains('removed'));
    expect(added).to.have.length(1);
    expect(removed).to.have.length(1);
    expect(added[0].querySelector('.sign')!.textContent).to.equal('+');
    expect(added[0].querySelector('.sign')!.getAttribute('aria-hidden')).to.equal('true');
    expect(removed[0].querySelector('.sign')!.textContent).to.equal('−');
    expect(added[0].querySelector('.text')!.textContent).to.equal('Added: I!');
    expect(removed[0].querySelector('.text')!.textContent).to.equal('Removed: i');
    expect(added[0].querySelector('.visually-hidden')!.textContent!.trim()).to.equal('Added:');
    expect(getComputedStyle(added[0]).backgroundColor).not.to.equal(getComputedStyle(removed[0]).backgroundColor);
    // Context further than 3 lines from the change is folded: a to e (5 lines).
    const fold = part(el, 'fold-button')!;
    expect(fold.textContent!.trim()).to.equal('Show 5 unchanged lines');
    expect(lines.map((line) => line.querySelector('.text')!.textContent)).not.to.include('a');
    fold.click();
    await settle(el);
    const after = Array.from(el.shadowRoot!.querySelectorAll('.diff-line .text')).map((text) => text.textContent);
    expect(after.slice(0, 2)).to.deep.equal(['a', 'b']);
    await expect(el).to.be.accessible();
  });

  it('numbers a unified diff\'s lines from its hunk header', async () => {
    const patch = '--- a/x.py\n+++ b/x.py\n@@ -10,3 +10,3 @@\n one\n-two\n+deux\n three\n';
    const el = await shown(call('run_tests', {}), result(patch));
    const numbers = Array.from(el.shadowRoot!.querySelectorAll('.diff-line')).map((line) =>
      Array.from(line.querySelectorAll('.number')).map((cell) => cell.textContent).join('/'),
    );
    expect(numbers).to.deep.equal(['10/10', '11/', '/11', '12/12']);
  });

  it('draws a read as numbered lines from startLine, coloured as code blocks are', async () => {
    const numbered = ['    12\tdef greet(name):', '    13\t    return f"hi {name}"', '    14\t', '    15\tprint(greet("you"))'].join('\n');
    const el = await shown(call('Read', { file_path: '/repo/app.py', offset: 12 }), result(numbered));
    expect(part(el, 'path')!.textContent).to.equal('/repo/app.py');
    const lines = part(el, 'lines')!;
    expect(lines.getAttribute('role')).to.equal('group');
    expect(lines.getAttribute('aria-label')).to.equal('Lines 12 to 15');
    expect(lines.querySelector('.gutter')!.textContent!.trim().split('\n')).to.deep.equal(['12', '13', '14', '15']);
    const code = lines.querySelector('code')!;
    const source = 'def greet(name):\n    return f"hi {name}"\n\nprint(greet("you"))';
    expect(code.textContent).to.equal(source);
    await until(() => code.querySelector('.hljs-keyword') !== null, 'the code coloured');
    expect(code.textContent).to.equal(source);
    expect(getComputedStyle(code.querySelector('.hljs-keyword')!).color).not.to.equal(getComputedStyle(code).color);
    await expect(el).to.be.accessible();
  });

  it('draws a search as linked results with their site, age and snippet; a blocked address is no link', async () => {
    const hits = [
      { title: 'Tide tables Brest', url: 'https://www.maree.info/brest', page_age: '2 days ago', snippet: 'High water 12:40' },
      { title: 'Not a page', url: 'javascript:window.__xss(1)', snippet: 'x' },
    ];
    const el = await shown(call('web_search', { query: 'tides Brest' }), result(hits));
    expect(el.shadowRoot!.querySelector('.query')!.textContent).to.equal('Searched for “tides Brest”');
    const list = part(el, 'search-results')!;
    expect(list.localName).to.equal('ol');
    expect(list.getAttribute('aria-label')).to.equal('Search results');
    const links = list.querySelectorAll('a');
    expect(links).to.have.length(1);
    expect(links[0].getAttribute('href')).to.equal('https://www.maree.info/brest');
    expect(links[0].getAttribute('rel')).to.equal('noopener noreferrer');
    expect(links[0].textContent).to.equal('Tide tables Brest');
    const first = list.querySelector('li')!;
    expect(first.querySelector('.site')!.textContent).to.equal('maree.info');
    expect(first.querySelector('.age')!.textContent).to.equal('2 days ago');
    expect(first.querySelector('.snippet')!.textContent).to.equal('High water 12:40');
    const blocked = part(el, 'blocked')!;
    expect(blocked.textContent).to.contain('Not a page');
    expect(blocked.textContent).to.contain('blocked link');
    await expect(el).to.be.accessible();
  });

  it('follows the element\'s link schemes: a scheme it refuses is no link', async () => {
    const el = await shown(call('web_search', { query: 'x' }), result([{ title: 'Mail', url: 'mailto:a@b.c' }]), { linkSchemes: ['https:'] });
    expect(part(el, 'search-results')!.querySelector('a')).to.equal(null);
    expect(part(el, 'blocked')!.textContent).to.contain('Mail');
  });

  it('says a failed search failed, and an empty one found nothing', async () => {
    const failed = await shown(call('web_search', { query: 'x' }), result({ type: 'web_search_tool_result_error', error_code: 'max_uses_exceeded' }));
    expect(part(failed, 'error')!.textContent).to.equal('Max uses exceeded');
    const empty = await shown(call('web_search', { query: 'nothing' }), result([]));
    expect(empty.shadowRoot!.querySelector('.view-note')!.textContent).to.equal('No results');
  });

  it('draws produced images (data: URLs) and files as chips; a remote image waits for a click', async () => {
    const pixel = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
    const el = await shown(call('make_chart', {}), result([
      { type: 'image', data: pixel.split(',')[1], mime_type: 'image/png' },
      { type: 'image', url: 'https://127.0.0.1:1/remote.png' },
      { type: 'file', file_id: 'file_1', filename: 'report.csv', size: 2048, mime_type: 'text/csv' },
    ]));
    const media = part(el, 'media')!;
    const image = media.querySelector('img')!;
    expect(image.getAttribute('src')).to.equal(pixel);
    expect(image.getAttribute('alt')).to.equal('Image');
    const placeholder = part(el, 'image-placeholder')!;
    expect(placeholder.localName).to.equal('button');
    expect(placeholder.textContent).to.contain('Load image from 127.0.0.1:1');
    const chip = part(el, 'file-chip')!;
    expect(chip.textContent!.replace(/\s+/g, ' ').trim()).to.equal('report.csv 2 kB · text/csv');
    await expect(el).to.be.accessible();
  });

  it('keeps the generic card where the host asks for it, or where the shape does not match', async () => {
    const turnedOff = await mountItem('tool-call-item', call('bash', { command: 'ls' }), { result: result({ stdout: 'a\n', stderr: '' }), open: true, toolViews: { bash: null } });
    await settle(turnedOff);
    expect(part(turnedOff, 'builtin-view')).to.equal(null);
    expect(part(turnedOff, 'arguments')!.textContent).to.contain('ls');
    expect(part(turnedOff, 'raw-button')).to.equal(null);
    const odd = await mountItem('tool-call-item', call('web_search', { query: 'x' }), { result: result({ hits: 'many' }), open: true });
    await settle(odd);
    expect(part(odd, 'builtin-view')).to.equal(null);
    expect(part(odd, 'arguments')).not.to.equal(null);
    expect(part(odd, 'result')).not.to.equal(null);
  });

  it('gives way to the host\'s own view of the tool, and turns off in a list by toolViews', async () => {
    const el = await mountItem('tool-call-item', call('bash', { command: 'ls' }), {
      result: result({ stdout: 'a\n', stderr: '' }), open: true, toolViews: { bash: () => 'my own view' },
    });
    await settle(el);
    expect(part(el, 'builtin-view')).to.equal(null);
    expect(el.textContent).to.contain('my own view');
    const list = await mountList([call('bash', { command: 'ls' }, 'failed'), result('boom', { isError: true })], { toolViews: { bash: null } });
    const inList = deepQueryAll<ToolCallItem>(list, 'tool-call-item')[0];
    await settle(inList);
    expect(inList.open, 'failed opens').to.equal(true);
    expect(part(inList, 'builtin-view')).to.equal(null);
    expect(part(inList, 'arguments')).not.to.equal(null);
  });

  it('keeps hostile strings in every field inert', async () => {
    const hostile = '<img src=x onerror=window.__xss(1)>';
    const osc8 = `${ESC}]8;;javascript:window.__xss(1)${ESC}\\click me${ESC}]8;;${ESC}\\ ${ESC}]0;title${ESC}\\`;
    const items = [
      shown(call('bash', { command: hostile }), result({ stdout: `${osc8}\n${hostile}`, stderr: hostile, exit_code: 2 })),
      shown(call('web_search', { query: hostile }), result([{ title: hostile, url: 'javascript:window.__xss(1)', snippet: hostile, page_age: hostile }, { title: hostile, url: `https://example.com/"onmouseover="window.__xss(1)`, snippet: hostile }])),
      shown(call('Edit', { file_path: hostile, old_string: hostile, new_string: `${hostile}!` }), result('ok')),
      shown(call('Read', { file_path: hostile }), result(`     1\t${hostile}`)),
      shown(call('make', {}), result([{ type: 'image', url: 'javascript:window.__xss(1)' }, { type: 'file', file_id: hostile, filename: hostile, mime_type: hostile }])),
      shown(call('web_fetch', { url: 'javascript:window.__xss(1)' }), result(hostile)),
    ];
    for (const el of await Promise.all(items)) {
      expect(violations(el), el.shadowRoot!.innerHTML.slice(0, 200)).to.deep.equal([]);
      expect(el.shadowRoot!.querySelectorAll('img[src="x"], a[href^="javascript"]')).to.have.length(0);
      expect(part(el, 'builtin-view')!.textContent).not.to.contain(ESC);
    }
    expect(calls).to.deep.equal([]);
  });
});

/**
 * The recorded provider responses (test/fixtures/recorded/SOURCE.md) as a host shows them: through
 * the kit's adapter into a list, each call opened as a reader would, its built-in view drawn.
 */
describe('built-in tool views: recorded responses in a list', () => {
  async function listOf(provider: Provider, name: string): Promise<MessageListElement> {
    const saved = JSON.parse(await recording(provider, name)) as unknown;
    const question = { id: 'q', role: 'user', content: 'The recorded request.' };
    const converted = provider === 'anthropic' ? fromAnthropicMessages([question, saved]) : fromOpenAIResponses([{ ...question, type: 'message' }, saved]);
    return mountList(converted.items);
  }

  async function openCall(list: MessageListElement, name: RegExp): Promise<ToolCallItem> {
    await until(() => deepQueryAll(list, 'tool-call-item').length > 0, 'the tool elements');
    const calls = deepQueryAll(list, 'tool-call-item') as ToolCallItem[];
    const call = calls.find((el) => name.test(el.shadowRoot!.querySelector('[part~="label"]')?.textContent ?? ''));
    expect(call, `a call labelled ${name}`).to.exist;
    call!.open = true;
    await until(() => part(call!, 'builtin-view') !== null, `the built-in view of ${name}`);
    await settle(call!);
    return call!;
  }

  it('Anthropic web search: the query and linked results', async () => {
    const call = await openCall(await listOf('anthropic', 'anthropic-web-search-tool.1.json'), /search/i);
    const links = Array.from(part(call, 'search-results')!.querySelectorAll('a'));
    expect(links.length).to.be.at.least(5);
    expect(links[0].href).to.equal('https://developer.apple.com/news/');
    await expect(call).to.be.accessible();
  });

  it('Anthropic code execution: a command and its output as a terminal; a file it read as numbered lines', async () => {
    const list = await listOf('anthropic', 'anthropic-code-execution-20250825.pptx-skill.json');
    const read = await openCall(list, /.+/);
    expect(part(read, 'builtin-view')!.className).to.contain('file');
    expect(part(read, 'lines')!.getAttribute('aria-label')).to.match(/^Lines 1 to \d+$/);
    const call = await openCall(list, /bash/i);
    expect(part(call, 'builtin-view')!.className).to.contain('terminal');
    expect(part(call, 'command')!.textContent).to.match(/\S/);
    expect(call.shadowRoot!.textContent).not.to.contain('\u001b');
  });

  it('OpenAI shell and apply_patch: a terminal and a diff with signs', async () => {
    const shell = await openCall(await listOf('openai-responses', 'openai-shell-container.1.json'), /.+/);
    expect(part(shell, 'builtin-view')!.className).to.contain('terminal');
    expect(part(shell, 'terminal')!.textContent).to.match(/\S/);
    const patch = await openCall(await listOf('openai-responses', 'openai-apply-patch-tool.1.json'), /.+/);
    const diff = part(patch, 'diff')!;
    expect(diff.textContent).to.contain('+');
    expect(diff.textContent).to.contain('Added:');
    await expect(patch).to.be.accessible();
  });
});
