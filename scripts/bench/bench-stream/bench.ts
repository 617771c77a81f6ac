/**
 * In-page half of `npm run bench:stream`: one streaming path per page, driven a chunk at a time
 * by the Node half (which reads the main thread's task time between chunks over CDP).
 *
 * `setup` builds the stage for one path and lets it settle; `step` feeds one chunk in a task of
 * its own and resolves once that chunk's frame has been painted; `pace` feeds them all as a
 * model's stream arrives (paced mode); `settle` waits until the page is idle; `check` compares
 * the rendered text, read through shadow roots, with the end of the document rendered at once.
 *
 * The kit is driven only through its public elements, the way hosts stream into them. The
 * streaming answer is one row; "earlier items" are the rows before it (the user's question, and
 * for `items-1000` 999 rows of a seeded conversation before that).
 */
import { corpus, type Row } from '../bench-list/corpus.js';
import { fromAISDKMessages } from '../../../src/adapters/index.js';
import { liveAGUI } from '../../../src/live/index.js';
import { generateDocument } from '../../../test/markdown/generate.js';
import { nextTask, painted } from '../../../test/waits.js';

/** The kit's public surface that the paths use; nothing internal. */
type ListElement = HTMLElement & {
  items: unknown;
  draft: unknown;
  thinkingOpen: boolean;
  upsert(rows: unknown): unknown;
  readonly mountComplete: Promise<void>;
};
type ItemElement = HTMLElement & { item: unknown };

/** Takes the text so far and renders it; called once per chunk. */
type Feed = (text: string) => void;

const QUESTION: Row = {
  id: 'question', message_type: 'user', content_type: 'text', sequence: 0, status: 'completed',
  inserted_at: '2026-08-21T10:00:00.000000Z', metadata: {}, content: { text: 'How does the stream render a long answer?' },
  tool_call_id: null,
};

/** The streaming row before its first chunk. */
const ANSWER: Row = {
  id: 'answer', message_type: 'assistant', content_type: 'text', sequence: 0, status: 'completed',
  inserted_at: '2026-08-21T10:00:01.000000Z', metadata: {}, content: { text: '' }, tool_call_id: null,
};

/** What a host holding messages in framework state makes per chunk: a new row object, same id. */
function grown(row: Row, text: string): Row {
  return { ...row, content: { ...(row.content as Record<string, unknown>), text } };
}

/** Registers the six tags, and fails if that brought a second copy of Lit into the page. */
async function loadKit(): Promise<void> {
  await import('../../../src/define.js');
  const versions = (globalThis as { litElementVersions?: string[] }).litElementVersions ?? [];
  if (versions.length !== 1) throw new Error(`Lit is loaded ${versions.length} times (${versions.join(', ')})`);
  if ('litIssuedWarnings' in globalThis) throw new Error('Lit is its development build: the benchmark needs NODE_ENV=production.');
}

async function mountList(stage: HTMLElement, history: Row[]): Promise<ListElement> {
  await loadKit();
  const list = document.createElement('message-list') as ListElement;
  list.items = history;
  stage.append(list);
  await list.mountComplete;
  return list;
}

/** React/Vue/Svelte state: a new array each chunk, earlier rows kept, the streaming row new. */
async function replaceItems(stage: HTMLElement, history: Row[]): Promise<Feed> {
  const list = await mountList(stage, history);
  let last = ANSWER;
  return (text) => {
    last = grown(last, text);
    list.items = [...history, last];
  };
}

/** The history as AI SDK UIMessages: what `useChat` holds (its text rows, one message each). */
function uiMessages(rows: readonly Row[]): Array<Record<string, unknown>> {
  return rows
    .filter((row) => row.content_type === 'text')
    .map((row) => ({ id: row.id, role: row.message_type, parts: [{ type: 'text', text: (row.content as { text: string }).text, state: 'done' }] }));
}

/** The last `earlier` messages of the seeded conversation and the question, as `useChat` holds them. */
function aiSdkHistory(earlier: number): Array<Record<string, unknown>> {
  return uiMessages([...corpus(earlier * 3), QUESTION]).slice(-earlier - 1);
}

/** The reply as `useChat` hands it over mid-stream: a new object every chunk. */
function streamingReply(text: string): Record<string, unknown> {
  return { id: 'answer', role: 'assistant', parts: [{ type: 'text', text, state: 'streaming' }] };
}

/**
 * A React app on `useChat`: every chunk, its messages (the same history objects, the reply a new
 * object) go through `fromAISDKMessages` into `list.items`, as derived state would.
 */
async function aiSdkMessages(stage: HTMLElement, earlier: number): Promise<Feed> {
  const history = aiSdkHistory(earlier);
  const list = await mountList(stage, fromAISDKMessages(history).items);
  return (text) => {
    list.items = fromAISDKMessages([...history, streamingReply(text)]).items;
  };
}

/**
 * The control for `ai-sdk-1000`: the same messages as rows converted once, and per chunk only
 * the grown reply's row new, as `items` hosts do: what the list costs without the adapter.
 */
async function aiSdkRows(stage: HTMLElement, earlier: number): Promise<Feed> {
  const history = fromAISDKMessages(aiSdkHistory(earlier)).items;
  const list = await mountList(stage, history);
  return (text) => {
    list.items = [...history, ...fromAISDKMessages([streamingReply(text)]).items];
  };
}

/** An AG-UI agent's events through `liveAGUI`: each chunk one TEXT_MESSAGE_CONTENT delta. */
async function agUiEvents(stage: HTMLElement, history: Row[]): Promise<Feed> {
  const list = await mountList(stage, history);
  const live = liveAGUI(list);
  live.push({ type: 'RUN_STARTED', threadId: 'thread', runId: 'run' });
  live.push({ type: 'TEXT_MESSAGE_START', messageId: 'answer', role: 'assistant' });
  let sent = 0;
  return (text) => {
    live.push({ type: 'TEXT_MESSAGE_CONTENT', messageId: 'answer', delta: text.slice(sent) });
    sent = text.length;
  };
}

const PATHS: Record<string, (stage: HTMLElement) => Promise<Feed>> = {
  /** Feeds nothing: what the harness itself costs per chunk (the CDP calls, the frame wait). */
  idle: async () => () => {},
  async draft(stage) {
    const list = await mountList(stage, [QUESTION]);
    return (text) => {
      list.draft = { text };
    };
  },
  items: (stage) => replaceItems(stage, [QUESTION]),
  'items-1000': (stage) => replaceItems(stage, [...corpus(999), QUESTION]),
  'ai-sdk': (stage) => aiSdkMessages(stage, 2),
  'ai-sdk-1000': (stage) => aiSdkMessages(stage, 1000),
  'ai-sdk-1000-rows': (stage) => aiSdkRows(stage, 1000),
  'ag-ui': (stage) => agUiEvents(stage, corpus(2)),
  'ag-ui-1000': (stage) => agUiEvents(stage, corpus(1000)),
  'items-48': (stage) => replaceItems(stage, [...corpus(47), QUESTION]),
  'ai-sdk-48': (stage) => aiSdkMessages(stage, 48),
  'ag-ui-48': (stage) => agUiEvents(stage, corpus(48)),
  async item(stage) {
    await loadKit();
    const element = document.createElement('text-item') as ItemElement;
    let last = ANSWER;
    return (text) => {
      last = grown(last, text);
      element.item = last;
      if (!element.isConnected) stage.append(element);
    };
  },
  async upsert(stage) {
    const list = await mountList(stage, [QUESTION]);
    let last = ANSWER;
    return (text) => {
      last = grown(last, text);
      list.upsert(last);
    };
  },
  /**
   * With the reasoning shown open (`thinking-open`): collapsed, it renders no Markdown at all. The
   * host opens it, not a reader's click, which would be a task of its own among the chunks'.
   */
  async thinking(stage) {
    const list = await mountList(stage, [QUESTION]);
    list.thinkingOpen = true;
    return (text) => {
      list.draft = { thinking: text };
    };
  },
  /** What rendering was before streaming: marked + DOMPurify over the whole text, every chunk. */
  async naive(stage) {
    const [{ marked }, { default: DOMPurify }] = await Promise.all([import('marked'), import('dompurify')]);
    return (text) => {
      const html = marked.parse(text, { async: false });
      stage.replaceChildren(DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true }));
    };
  },
  async streamdown(stage) {
    const { streamdown } = await import('./streamdown.js');
    return streamdown(stage, { batched: paced, code: withCode });
  },
  /**
   * What a chat built on Streamdown does (and what the list does on its own): keep the newest
   * line in view. The kit's list paths follow the bottom; (h) leaves the stream below the fold.
   */
  async 'streamdown-follow'(stage) {
    const { streamdown } = await import('./streamdown.js');
    return streamdown(stage, { batched: paced, follow: true, code: withCode });
  },
};

/** Paced mode's mark for each batch of DOM changes; the Node half looks for it in its trace. */
const RENDER_MARK = 'bench-render';
/** Marks are left only while the stream runs: mounting a long history is not a render of it. */
let recording = false;
let renders = 0;

/**
 * A watched paced stream: one MutationObserver on the stage and on every shadow root made from
 * now on (the kit's elements attach theirs as they connect), so it sees every change a reader
 * could. Each batch it is handed leaves a mark naming where the changes were; the trace places
 * the mark in the task that made the changes, and so before the frame that painted them.
 */
function watchRenders(stage: HTMLElement): void {
  const observer = new MutationObserver((records) => {
    if (!recording) return;
    renders++;
    performance.mark(`${RENDER_MARK} ${whereChanged(records)}`);
  });
  const observe = (root: Node) => observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (this: Element, init: ShadowRootInit) {
    const shadow = attachShadow.call(this, init);
    observe(shadow);
    return shadow;
  };
  observe(stage);
}

/** The elements whose shadow roots the changes were in ("page" outside any), e.g. "message-list text-item". */
function whereChanged(records: MutationRecord[]): string {
  const where = new Set(
    records.map((record) => {
      const root = record.target.getRootNode();
      if (root instanceof ShadowRoot) return root.host.localName;
      return root === document ? 'page' : 'detached';
    }),
  );
  return [...where].sort().join(' ');
}

/** A task of its own `delay` ms from now (at once when it is past). */
function timer(delay: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, delay)));
}

async function idle(): Promise<void> {
  // Safari has no idle callbacks: a few painted frames stand in.
  if (typeof requestIdleCallback === 'function') await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 2000 }));
  else for (let i = 0; i < 5; i++) await painted();
  await painted();
}

/** Block elements end a word: the rendered text of `<p>a</p><p>b</p>` is "a b", not "ab". */
const BLOCKS = new Set(['P', 'DIV', 'LI', 'TD', 'TH', 'TR', 'PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'BR', 'HR', 'ARTICLE', 'SECTION']);

/** The text a reader sees, through shadow roots. */
function deepText(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return (node as Text).data;
  if (node.nodeName === 'STYLE' || node.nodeName === 'SCRIPT' || node.nodeName === 'TEMPLATE') return '';
  const shadow = node instanceof Element ? node.shadowRoot : null;
  let text = '';
  for (const child of shadow?.childNodes ?? []) text += deepText(child);
  // Slotted children are read in light DOM order: enough to find words, not to place them.
  for (const child of node.childNodes) text += deepText(child);
  return BLOCKS.has(node.nodeName) ? `${text} ` : text;
}

/** The whole document rendered at once, by marked alone: what a reader should see at the end (link targets and definitions are not text). */
async function referenceRendering(markdown: string): Promise<Node> {
  const { marked } = await import('marked');
  return new DOMParser().parseFromString(marked.parse(markdown, { async: false }), 'text/html').body;
}

const words = (text: string) => text.match(/[A-Za-z0-9]+/g) ?? [];

/** How many of the document's last words must appear, in order, in what was rendered. */
const LAST_WORDS = 6;

let feed: Feed | null = null;
let source = '';
let chunkSize = 16;
/** Paced mode: Streamdown renders as app state does, when React's scheduler gets to it. */
let paced = false;
/** An answer heavy in code: Streamdown colours it with its code plugin (Shiki), as the kit does with its own highlighter. */
let withCode = false;
const stage = () => document.querySelector<HTMLElement>('#stage')!;
const chunkCount = () => Math.ceil(source.length / chunkSize);
/** The text so far once chunk `index` has arrived. */
const chunkText = (index: number) => source.slice(0, Math.min((index + 1) * chunkSize, source.length));

declare global {
  interface Window {
    streamBench: {
      setup(path: string, seed: number, length: number, size: number, paced: boolean, watch: boolean, codeHeavy?: boolean): Promise<{ chunks: number; characters: number }>;
      step(index: number): Promise<number>;
      burst(from: number, to: number): Promise<number>;
      pace(burst: number, interval: number): Promise<{ wall: number; renders: number }>;
      settle(): Promise<void>;
      check(): Promise<{ ok: boolean; expected: string; tail: string }>;
    };
  }
}

window.streamBench = {
  async setup(path, seed, length, size, pacedMode, watch, codeHeavy = false) {
    const contender = PATHS[path];
    if (!contender) throw new Error(`Unknown path "${path}"`);
    source = generateDocument(seed, { length, codeHeavy });
    withCode = codeHeavy;
    chunkSize = size;
    paced = pacedMode;
    // Before the path loads the kit: its shadow roots are attached as its elements connect.
    if (watch) watchRenders(stage());
    feed = await contender(stage());
    await idle();
    await painted();
    return { chunks: chunkCount(), characters: source.length };
  },
  /** Feeds chunk `index` in a task of its own; resolves with the milliseconds to its painted frame. */
  async step(index) {
    const text = chunkText(index);
    await nextTask();
    const started = performance.now();
    feed!(text);
    await painted();
    return performance.now() - started;
  },
  /**
   * Feeds chunks `from` to `to` as fast as the page takes them, each in a task of its own, then
   * waits for a painted frame; resolves with the milliseconds it all took. Where no task count
   * can be read, this is the cost: frames are drawn as the main thread allows, and a path that
   * does more per chunk or per frame takes longer.
   */
  async burst(from, to) {
    const started = performance.now();
    for (let index = from; index < to; index++) {
      await nextTask();
      feed!(chunkText(index));
    }
    await painted();
    return performance.now() - started;
  },
  /**
   * Paced mode: feeds every chunk as a model's stream arrives, `burst` chunks every `interval` ms,
   * each in a task of its own (the burst's first in its timer's task, the rest a message each),
   * then waits for a painted frame. A burst that falls due while the page is busy is fed as soon
   * as it can be, as network data that queued up would be. Resolves with the stream's
   * milliseconds and how many batches of DOM changes it made (see `watchRenders`).
   */
  async pace(burst, interval) {
    renders = 0;
    recording = true;
    const started = performance.now();
    for (let first = 0; first < chunkCount(); first += burst) {
      await timer(started + (first / burst) * interval - performance.now());
      for (let index = first; index < Math.min(first + burst, chunkCount()); index++) {
        if (index > first) await nextTask();
        feed!(chunkText(index));
      }
    }
    await painted();
    recording = false;
    return { wall: performance.now() - started, renders };
  },
  settle: idle,
  async check() {
    const expected = words(deepText(await referenceRendering(source))).slice(-LAST_WORDS).join(' ');
    const rendered = words(deepText(stage())).join(' ');
    return { ok: ` ${rendered} `.includes(` ${expected} `), expected, tail: rendered.slice(-120) };
  },
};
