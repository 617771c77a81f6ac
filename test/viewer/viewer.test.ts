import { expect } from '@open-wc/testing';
import { deepQueryAll, deepText, settle, until } from '../helpers.js';
import '../../demo/viewer/viewer-app.js';
import type { ConversationOpenEvent, DkViewer } from '../../demo/viewer/viewer-app.js';
import { RecentFiles } from '../../demo/viewer/recent.js';

/** A key of its own, so the test never touches a real viewer's recent list. */
const RECENT_KEY = 'display-kit-viewer:test';

async function loadTrace(): Promise<string> {
  return (await fetch(new URL('../fixtures/langchain-trace-subagent.jsonl', import.meta.url))).text();
}

const mounted: HTMLElement[] = [];

async function mountViewer(): Promise<DkViewer> {
  const viewer = document.createElement('dk-viewer');
  viewer.recentFiles = new RecentFiles(localStorage, RECENT_KEY);
  document.body.append(viewer);
  mounted.push(viewer);
  await settle(viewer);
  return viewer;
}

afterEach(() => {
  for (const el of mounted.splice(0)) el.remove();
  localStorage.removeItem(RECENT_KEY);
});

const shadow = (viewer: DkViewer) => viewer.shadowRoot!;
const fileInput = (viewer: DkViewer) => shadow(viewer).querySelector<HTMLInputElement>('input[type="file"]')!;
const list = (viewer: DkViewer) => shadow(viewer).querySelector('message-list')!;
const problemItems = (viewer: DkViewer) => Array.from(shadow(viewer).querySelectorAll('.problems li'));
const recentButtons = (viewer: DkViewer) => Array.from(shadow(viewer).querySelectorAll<HTMLButtonElement>('button.recent'));

/** Resolves when the viewer has read a conversation and rendered it. */
async function opened(viewer: DkViewer, action: () => void): Promise<ConversationOpenEvent> {
  const event = new Promise<ConversationOpenEvent>((resolve) =>
    viewer.addEventListener('conversation-open', (e) => resolve(e as ConversationOpenEvent), { once: true }),
  );
  action();
  const result = await event;
  await settle(viewer);
  return result;
}

function chooseFile(viewer: DkViewer, file: File): void {
  const transfer = new DataTransfer();
  transfer.items.add(file);
  const input = fileInput(viewer);
  input.files = transfer.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('<dk-viewer>', () => {
  it('opens a LangChain trace from the file input and renders it with its stop mark and failed tool', async () => {
    const viewer = await mountViewer();
    const trace = await loadTrace();
    const event = await opened(viewer, () => chooseFile(viewer, new File([trace], 'trace.jsonl')));
    expect(event.name).to.equal('trace.jsonl');
    expect(event.detection.format).to.equal('langchain-trace');
    expect(shadow(viewer).querySelector('.format')!.textContent).to.contain('LangChain stream trace');
    expect(shadow(viewer).querySelector('#conversation-title')!.textContent).to.equal('trace.jsonl');

    const messageList = list(viewer);
    expect(messageList.items).to.have.length(11);
    expect(messageList.exportable).to.equal(true);
    const marks = deepQueryAll(messageList, 'stop-mark');
    expect(marks.some((mark) => deepText(mark).includes('length limit'))).to.equal(true);

    const failed = deepQueryAll(messageList, 'tool-result-item:state(error)');
    expect(failed).to.have.length(1);
    expect(deepText(failed[0])).to.contain('permission denied');
    const readCall = deepQueryAll(messageList, 'tool-call-item').find((call) => deepText(call).includes('permission denied'))!;
    expect(readCall, 'the read_file call holds its failed result').to.exist;
    expect(deepText(readCall)).to.match(/read.?file/i);
  });

  it('lists runs with model, token usage, stop reason and sub-agent label', async () => {
    const viewer = await mountViewer();
    const traceText = await loadTrace();
    await opened(viewer, () => viewer.openText('trace.jsonl', traceText));
    const runs = Array.from(shadow(viewer).querySelectorAll('.runs > li'));
    expect(runs).to.have.length(6);
    expect(runs[0].textContent).to.contain('claude-sonnet-4-6');
    expect(runs[0].textContent).to.contain('1,820 in · 64 out · 1,884 total');
    expect(runs[0].textContent).to.contain('finished');
    expect(runs.filter((run) => run.classList.contains('subagent'))).to.have.length(3);
    expect(runs[2].textContent).to.contain('Sub-agent');
    expect(runs[2].textContent).to.contain('log-investigator');
    expect(runs[5].textContent).to.contain('length');
    expect(runs[5].classList.contains('stopped')).to.equal(true);
  });

  it('lists malformed lines by line number next to the conversation', async () => {
    const viewer = await mountViewer();
    const lines = (await loadTrace()).split('\n');
    lines.splice(3, 0, '{"type": "AIMessageChunk", "id": "lc_run--x", "content": [');
    const event = await opened(viewer, () => chooseFile(viewer, new File([lines.join('\n')], 'broken.jsonl')));
    expect(event.detection.problems.map((problem) => problem.line)).to.include(4);
    const texts = problemItems(viewer).map((item) => item.textContent!.replace(/\s+/g, ' ').trim());
    expect(texts.some((text) => text.startsWith('Line 4') && text.includes('not valid JSON'))).to.equal(true);
    expect(shadow(viewer).querySelector('#problems-title')!.textContent).to.match(/Problems \(\d+\)/);
    expect(list(viewer).items.length).to.be.greaterThan(5);
  });

  it('remembers opened files in localStorage and reopens them from the recent list', async () => {
    const first = await mountViewer();
    const trace = await loadTrace();
    await opened(first, () => chooseFile(first, new File([trace], 'trace.jsonl')));
    expect(recentButtons(first).map((button) => button.textContent)).to.deep.equal(['trace.jsonl']);
    expect(JSON.parse(localStorage.getItem(RECENT_KEY)!)[0].name).to.equal('trace.jsonl');

    // A later visit: a new viewer reads the same storage.
    first.remove();
    const second = await mountViewer();
    const [button] = recentButtons(second);
    expect(button.textContent).to.equal('trace.jsonl');
    const event = await opened(second, () => button.click());
    expect(event.detection.format).to.equal('langchain-trace');
    expect(list(second).items).to.have.length(11);
  });

  it('keeps only the name of a large file and asks for it again', async () => {
    const viewer = await mountViewer();
    const rows = Array.from({ length: 3000 }, (_, index) =>
      JSON.stringify({ id: `r${index}`, message_type: 'assistant', content_type: 'text', content: { text: 'x'.repeat(60) }, sequence: 0 }),
    );
    await opened(viewer, () => chooseFile(viewer, new File([rows.join('\n')], 'big.jsonl')));
    expect(shadow(viewer).querySelector('.recent-list')!.textContent).to.contain('open it again');
    recentButtons(viewer)[0].click();
    await settle(viewer);
    expect(shadow(viewer).querySelector('.status')!.textContent).to.contain('too large to keep');
    expect(shadow(viewer).activeElement).to.equal(fileInput(viewer));
  });

  it('clears the recent list', async () => {
    const viewer = await mountViewer();
    await opened(viewer, () => chooseFile(viewer, new File(['[]'], 'empty.json')));
    expect(recentButtons(viewer)).to.have.length(1);
    shadow(viewer).querySelector<HTMLButtonElement>('button.clear-recent')!.click();
    await settle(viewer);
    expect(recentButtons(viewer)).to.have.length(0);
    expect(localStorage.getItem(RECENT_KEY)).to.equal(null);
  });

  it('opens a file dropped on it', async () => {
    const viewer = await mountViewer();
    const transfer = new DataTransfer();
    transfer.items.add(new File([await loadTrace()], 'dropped.jsonl'));
    viewer.dispatchEvent(new DragEvent('dragenter', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    await settle(viewer);
    expect(viewer.dragging).to.equal(true);
    const drop = new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true, composed: true });
    const dropZone = shadow(viewer).querySelector('.drop-zone')!;
    const event = await opened(viewer, () => dropZone.dispatchEvent(drop));
    expect(drop.defaultPrevented, 'the browser must not navigate to the file').to.equal(true);
    expect(event.name).to.equal('dropped.jsonl');
    expect(event.detection.format).to.equal('langchain-trace');
    expect(viewer.dragging).to.equal(false);
    expect(recentButtons(viewer).map((button) => button.textContent)).to.deep.equal(['dropped.jsonl']);
  });

  it('switches how tool calls show', async () => {
    const viewer = await mountViewer();
    const trace = await loadTrace();
    await opened(viewer, () => viewer.openText('trace.jsonl', trace));
    expect(list(viewer).toolDisplay).to.equal('full');
    for (const mode of ['compact', 'hidden', 'full'] as const) {
      shadow(viewer).querySelector<HTMLInputElement>(`input[name="tool-display"][value="${mode}"]`)!.click();
      await settle(viewer);
      expect(list(viewer).toolDisplay).to.equal(mode);
    }
  });

  it('shows list_files with its own view (the viewer\'s styles reach it), and the kit\'s when turned off', async () => {
    const viewer = await mountViewer();
    const rows = await (await fetch(new URL('../fixtures/sagents-hitl-file-delete.json', import.meta.url))).text();
    await opened(viewer, () => viewer.openText('hitl.json', rows));
    // The views' code loads with the first list given one.
    await list(viewer).mountComplete;
    await settle(list(viewer));
    const view = list(viewer).querySelector('[data-dk-tool-view] .demo-view')!;
    expect(view.textContent!.replace(/\s+/g, ' ')).to.contain('3 entries');
    expect(getComputedStyle(view).borderInlineStartWidth).to.equal('3px');
    const toggle = shadow(viewer).querySelector<HTMLInputElement>('.tool-views input')!;
    toggle.click();
    await settle(viewer);
    await settle(list(viewer));
    expect(list(viewer).querySelector('[data-dk-tool-view]')).to.equal(null);
  });

  it('opens the list\'s search bar from its Find button', async () => {
    const viewer = await mountViewer();
    const trace = await loadTrace();
    await opened(viewer, () => viewer.openText('trace.jsonl', trace));
    shadow(viewer).querySelector<HTMLButtonElement>('button.find')!.click();
    await until(() => list(viewer).shadowRoot!.activeElement?.getAttribute('part') === 'find-input', 'the find field');
    expect((await list(viewer).find('task')).count).to.be.greaterThan(0);
  });

  it('shows pasted text and opens examples', async () => {
    const viewer = await mountViewer();
    viewer.examples = [{ name: 'LangChain trace', filename: 'langchain-trace-subagent.jsonl', text: await loadTrace() }];
    await settle(viewer);
    const textarea = shadow(viewer).querySelector<HTMLTextAreaElement>('textarea')!;
    textarea.value = JSON.stringify([{ role: 'user', content: 'Hi' }, { role: 'assistant', content: 'Hello', tool_calls: [] }]);
    const pasted = await opened(viewer, () => shadow(viewer).querySelector<HTMLButtonElement>('button.show-pasted')!.click());
    expect(pasted.detection.format).to.equal('openai-chat');
    expect(list(viewer).items).to.have.length(2);

    const select = shadow(viewer).querySelector<HTMLSelectElement>('select#examples')!;
    select.value = '0';
    const example = await opened(viewer, () => select.dispatchEvent(new Event('change', { bubbles: true })));
    expect(example.name).to.equal('LangChain trace');
    expect(example.detection.format).to.equal('langchain-trace');
  });

  it('names the example it opened with in the picker (the demo page opens on the first), and a file of the reader’s as none', async () => {
    const viewer = await mountViewer();
    const trace = { name: 'LangChain trace', filename: 'langchain-trace-subagent.jsonl', text: await loadTrace() };
    viewer.examples = [trace];
    viewer.openText(trace.name, trace.text);
    await settle(viewer);
    const select = shadow(viewer).querySelector<HTMLSelectElement>('select#examples')!;
    expect(select.value).to.equal('0');
    expect(list(viewer).items.length).to.be.greaterThan(0);
    viewer.openText('Mine', JSON.stringify([{ role: 'user', content: 'Hi' }]));
    await settle(viewer);
    expect(select.value).to.equal('');
  });

  it('is accessible, empty and with a conversation open', async () => {
    const viewer = await mountViewer();
    await expect(viewer).to.be.accessible();
    const trace = await loadTrace();
    viewer.examples = [{ name: 'LangChain trace', filename: 'langchain-trace-subagent.jsonl', text: trace }];
    await opened(viewer, () => viewer.openText('trace.jsonl', trace));
    await expect(viewer).to.be.accessible();
  });
});
