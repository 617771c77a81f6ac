import '../../../src/elements/message-list/define.js';
import 'deep-chat';
import { marked } from 'marked';
import DOMPurify from 'dompurify';
import { corpus, type Row } from './corpus.js';
import { painted, readWhenPainted } from '../../../test/waits.js';
import { firstInView, mountedArticles, offsetInView, turnWheel } from '../../../test/dom.js';
import type { MessageList } from '../../../src/elements/message-list/message-list.js';

const stage = document.querySelector<HTMLElement>('#stage')!;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** deep-chat at 10,000 items can take minutes: past this it is reported as "over the limit". */
const DEEP_CHAT_LIMIT = 85_000;

const content = (row: Row) => row.content as Record<string, unknown>;

/** How long after the page is ready a fetched conversation arrives, in `kitFetched`. */
const FETCH_MS = 100;

/** The final HTML, parsed and sanitized ahead of time: what the floor sets with one innerHTML. */
function floorHtml(rows: Row[]): string {
  const parts: string[] = [];
  for (const row of rows) {
    const c = content(row);
    const body =
      row.content_type === 'text' || row.content_type === 'thinking'
        ? DOMPurify.sanitize(marked.parse(String(c.text), { async: false }) as string)
        : row.content_type === 'tool_call'
          ? `<details><summary>${String(c.display_text)} · Done</summary><pre>${JSON.stringify(c.arguments, null, 2)}</pre></details>`
          : `<pre>${String(c.content)}</pre>`;
    parts.push(`<article><p class="role">${String(row.message_type)}</p><div>${body}</div></article>`);
  }
  return `<div class="floor">${parts.join('')}</div>`;
}

function deepChatHistory(rows: Row[]) {
  return rows.map((row) => {
    const c = content(row);
    const text =
      row.content_type === 'tool_call'
        ? `Tool call: ${String(c.display_text)} ${JSON.stringify(c.arguments)}`
        : row.content_type === 'tool_result'
          ? String(c.content)
          : String(c.text);
    return { role: row.message_type === 'user' ? 'user' : 'ai', text };
  });
}

/** Item elements update in microtasks after the list: let them run before reading the clock. */
async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/**
 * A first frame from `start` to the frame painted. The heap is collected first where the page may
 * (Chromium, launched with `--expose-gc`): every contender's data is made just before, and 10,000
 * rows' worth of the generator's garbage, collected inside the window, cost the first frame at
 * 10,000 items 7 to 14 ms that were the harness's, not the contender's.
 */
async function timed(start: () => void | Promise<void>): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  const t0 = performance.now();
  await start();
  await painted();
  return performance.now() - t0;
}

/** A new list given `rows`: resolves to it and its first frame, from the rows handed over to the frame painted. */
async function showList(rows: unknown[]): Promise<{ list: MessageList; firstFrame: number }> {
  const list = document.createElement('message-list') as MessageList;
  const firstFrame = await timed(() => {
    list.items = rows;
    stage.append(list);
  });
  return { list, firstFrame };
}

/**
 * Where the message with `key` is when the next frame is painted (`readWhenPainted`, its first
 * round of observers only, as every reading in benchmarks.md was taken). Firefox may call that
 * round before the list's own, and lays out what content-visibility shows between rounds: there
 * the place is read after the paint instead (`offsetAfterPaint`).
 */
function offsetWhenPainted(list: MessageList, key: string): Promise<number | null> {
  const log = list.shadowRoot!.querySelector<HTMLElement>('.log')!;
  return readWhenPainted(() => offsetInView(list, key), [log, log.querySelector('.list')!]);
}

/**
 * Firefox, told to (`dom.send_after_paint_to_content`, which the benchmarks set), fires
 * `MozAfterPaint` after it paints: where the message with `key` is after the paint of the next
 * frame. The event comes a while after the paint, so one can come for a frame painted before
 * the reader's scroll (about one in fifteen did): it is left, and the place read at the first
 * that comes after a frame has begun. Reading then lays out what the page holds now, which was
 * never painted if the event came for an older frame. `late`: more than one frame began before
 * it came, so a frame painted between was not read. Resolves to undefined where no such event
 * comes (another engine, or without the pref).
 */
function offsetAfterPaint(list: MessageList, key: string): Promise<{ offset: number | null; late: boolean } | undefined> {
  if (!AFTER_PAINT) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    let frames = 0;
    const counting = () => {
      frames++;
      frame = requestAnimationFrame(counting);
    };
    let frame = requestAnimationFrame(counting);
    const done = (reading: { offset: number | null; late: boolean } | undefined) => {
      cancelAnimationFrame(frame);
      window.removeEventListener('MozAfterPaint', onPaint);
      clearTimeout(timer);
      resolve(reading);
    };
    const onPaint = () => {
      if (frames > 0) done({ offset: offsetInView(list, key), late: frames > 1 });
    };
    const timer = setTimeout(() => done(undefined), 500);
    window.addEventListener('MozAfterPaint', onPaint);
  });
}

/** A read-back's steps, scroll to painted frame: the typical one and the longest. */
function stepFigures(stepTimes: number[]): { medianStep: number; longestStep: number } {
  return { medianStep: median(stepTimes), longestStep: Math.max(0, ...stepTimes) };
}

/** How many long tasks there were, and the longest (null where the engine reports none). */
function taskFigures(longTasks: number[] | null): { count: number; longest: number } | null {
  return longTasks && { count: longTasks.length, longest: Math.max(0, ...longTasks) };
}

/** Whether this is Firefox, the one engine with `MozAfterPaint`. */
const AFTER_PAINT = 'mozInnerScreenX' in window;

/** The long tasks the browser reports while `run` runs (Chromium; null where there is no such report). */
async function longTasksDuring(run: () => Promise<void>): Promise<number[] | null> {
  if (!PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
    await run();
    return null;
  }
  const durations: number[] = [];
  const observer = new PerformanceObserver((entries) => entries.getEntries().forEach((entry) => durations.push(entry.duration)));
  observer.observe({ type: 'longtask' });
  await run();
  await painted();
  for (const entry of observer.takeRecords()) durations.push(entry.duration);
  observer.disconnect();
  return durations;
}

const api = {
  async kit(n: number) {
    const { list, firstFrame } = await showList(corpus(n));
    const t0 = performance.now();
    await list.mountComplete;
    return { firstFrame, fullyMounted: firstFrame + (performance.now() - t0) };
  },
  /**
   * The kit's first frame on a page that already showed a list (a short one, then removed): what
   * a conversation costs once the page has compiled the kit's code and built its styles.
   */
  async kitWarm(n: number) {
    const rows = corpus(n);
    (await showList(corpus(10))).list.remove();
    return { firstFrame: (await showList(rows)).firstFrame };
  },
  /**
   * The kit's first frame on a fresh page when the conversation arrives a while after the page
   * is ready, as one a page fetches does: the list has had idle time to prepare.
   */
  async kitFetched(n: number) {
    const rows = corpus(n);
    await new Promise((resolve) => setTimeout(resolve, FETCH_MS));
    return { firstFrame: (await showList(rows)).firstFrame };
  },
  /**
   * A frame with nothing handed over: what every first frame above costs before its content
   * (the wait for the next frame, and the task after it), the part no renderer can save.
   */
  async nothing() {
    return { firstFrame: await timed(() => {}) };
  },
  /**
   * How many of the newest rows fill the list's height as the floor's HTML: the least a renderer
   * that shows what fills the viewport has to render. It lays them out, so it runs on a page of
   * its own, before the measurement that uses it.
   */
  rowsToFill(n: number) {
    const rows = corpus(n);
    let count = 0;
    while (count < rows.length) {
      stage.innerHTML = floorHtml(rows.slice(-++count));
      if (stage.firstElementChild!.getBoundingClientRect().height >= stage.clientHeight) break;
    }
    stage.replaceChildren();
    return count;
  },
  /**
   * Markdown alone on what fills the list: the newest `count` rows parsed by marked and sanitized
   * by DOMPurify in the page, then one innerHTML, to the painted frame. No framework, no
   * components, no styles of their own: what no renderer that parses its Markdown in the page
   * goes under. `warm`: after the same for other rows, as `kitWarm` is after another list.
   */
  async markdownAlone(n: number, count: number, warm: boolean) {
    if (warm) {
      stage.innerHTML = floorHtml(corpus(10));
      await painted();
      stage.replaceChildren();
      await painted();
    }
    const rows = corpus(n).slice(-count);
    return {
      firstFrame: await timed(() => {
        stage.innerHTML = floorHtml(rows);
        stage.scrollTop = stage.scrollHeight;
      }),
    };
  },
  async floor(n: number) {
    const htmlText = floorHtml(corpus(n));
    return {
      firstFrame: await timed(() => {
        stage.innerHTML = htmlText;
        stage.scrollTop = stage.scrollHeight;
      }),
    };
  },
  async deepChat(n: number) {
    const history = deepChatHistory(corpus(n));
    const chat = document.createElement('deep-chat') as HTMLElement & { history: unknown };
    const firstFrame = await timed(async () => {
      chat.history = history;
      stage.append(chat);
      // deep-chat renders its history after connecting: wait until the messages are in its DOM.
      const deadline = performance.now() + DEEP_CHAT_LIMIT;
      while (performance.now() < deadline) {
        const count = chat.shadowRoot?.querySelectorAll('.outer-message-container').length ?? 0;
        if (count >= history.length) break;
        await new Promise((r) => setTimeout(r, 0));
      }
    });
    return { firstFrame };
  },
  /**
   * Upserts of a tool call's status in the newest messages (on screen, so they lay out), then
   * appends of one message, then updates of a streaming draft, in a mounted list of `n` items:
   * main-thread time from the call to a laid-out DOM, median of each series after two warm-up
   * rounds.
   */
  async upsert(n: number) {
    const rows = corpus(n);
    const list = document.createElement('message-list') as MessageList;
    list.items = rows;
    stage.append(list);
    await list.mountComplete;
    await painted();
    const call = [...rows].reverse().find((row) => row.content_type === 'tool_call')!;
    const upserts: number[] = [];
    const layouts: number[] = [];
    const appends: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t0 = performance.now();
      list.upsert({ ...call, status: i % 2 ? 'completed' : 'failed', updated_at: `2027-01-01T00:00:${String(i).padStart(2, '0')}Z`, metadata: { error: `timeout ${i}` } });
      await list.updateComplete;
      await flushMicrotasks();
      const tLayout = performance.now();
      void document.body.offsetHeight;
      upserts.push(performance.now() - t0);
      layouts.push(performance.now() - tLayout);
      await painted();
    }
    for (let i = 0; i < 12; i++) {
      const t0 = performance.now();
      list.upsert([
        { id: `new-user-${i}`, message_type: 'user', content_type: 'text', sequence: 0, inserted_at: `2027-01-01T00:${String(i).padStart(2, '0')}:00.000000Z`, content: { text: 'One more question?' } },
        { id: `new-answer-${i}`, message_type: 'assistant', content_type: 'text', sequence: 0, inserted_at: `2027-01-01T00:${String(i).padStart(2, '0')}:01.000000Z`, content: { text: 'One more **answer**, with `code`.' } },
      ]);
      await list.updateComplete;
      await flushMicrotasks();
      void document.body.offsetHeight;
      appends.push(performance.now() - t0);
      await painted();
    }
    // The draft's Markdown renders in the next frame (bench:stream measures that): this is the list's own share.
    const drafts: number[] = [];
    for (let i = 0; i < 12; i++) {
      const t0 = performance.now();
      list.draft = { text: `Streaming an answer, chunk ${i}: ${'more words '.repeat(i + 1)}`, tool_calls: [] };
      await list.updateComplete;
      await flushMicrotasks();
      void document.body.offsetHeight;
      drafts.push(performance.now() - t0);
      await painted();
    }
    return {
      upsert: median(upserts.slice(2)),
      append: median(appends.slice(2)),
      layout: median(layouts.slice(2)),
      draft: median(drafts.slice(2)),
    };
  },
  /**
   * Reading back up through a list of `n` items: after its first frame, the reader scrolls up a
   * viewport each frame (a turn of the wheel, then its scroll) until the top of the history,
   * every message mounted. Returns the long tasks meanwhile (over 50 ms, as Chromium reports
   * them), the longest step (scroll → frame painted, all the page did between them), and how far
   * the message the reader saw first before a scroll ends up from where the scroll took it, in
   * the frame painted next (0 when the reader's place holds: what they saw moved by exactly their
   * scroll, whatever came into view above it and whatever mounted), and in how many steps it
   * did not, among those that mounted older messages and among all.
   */
  async readBack(n: number) {
    const list = document.createElement('message-list') as MessageList;
    list.items = corpus(n);
    stage.append(list);
    await painted();
    const log = list.shadowRoot!.querySelector<HTMLElement>('.log')!;
    const mountedCount = () => log.querySelectorAll('article[data-key]').length;
    let allMounted = false;
    void list.mountComplete.then(() => (allMounted = true));
    let steps = 0;
    let mountingSteps = 0;
    const stepTimes: number[] = [];
    const moved = { mounting: 0, any: 0 };
    let lateReadings = 0;
    let movedOnward = 0;
    const movedSteps = { mounting: 0, any: 0 };
    const longTasks = await longTasksDuring(async () => {
      for (; steps < 5_000 && !(allMounted && log.scrollTop === 0); steps++) {
        const mounted = mountedCount();
        const seen = firstInView(list);
        turnWheel(log, -log.clientHeight);
        // After the list took the reader's place at the input: what it moved then (so that what
        // the reader sees did not move) is not the reader's scroll.
        const from = log.scrollTop;
        log.scrollBy(0, -log.clientHeight);
        const scrolled = from - log.scrollTop;
        const t0 = performance.now();
        const afterPaint = offsetAfterPaint(list, seen.key);
        const whenPainted = await offsetWhenPainted(list, seen.key);
        stepTimes.push(performance.now() - t0);
        const paintedAt = await afterPaint;
        if (paintedAt?.late) lateReadings++;
        const shown = paintedAt === undefined ? whenPainted : paintedAt.offset;
        /** How far from where the reader's scroll took it the message they saw is, read at `offset`. */
        const driftAt = (offset: number | null) => Math.abs((offset ?? Infinity) - (seen.offset + scrolled));
        const drift = driftAt(shown);
        moved.any = Math.max(moved.any, drift);
        if (drift > 1) movedSteps.any++;
        // Where Firefox's paints are read: whether the next one still shows it moved, or only that frame did.
        if (drift > 1 && paintedAt) {
          const next = await offsetAfterPaint(list, seen.key);
          if (next && driftAt(next.offset) > 1) movedOnward++;
        }
        if (mountedCount() === mounted) continue;
        mountingSteps++;
        moved.mounting = Math.max(moved.mounting, drift);
        if (drift > 1) movedSteps.mounting++;
      }
    });
    return {
      messages: mountedCount(),
      steps,
      mountingSteps,
      moved,
      movedSteps,
      ...stepFigures(stepTimes),
      longTasks: taskFigures(longTasks),
      lateReadings: AFTER_PAINT ? lateReadings : null,
      movedOnward: AFTER_PAINT ? movedOnward : null,
    };
  },
  /**
   * The floor of reading back: the same history's final HTML (the floor's, set with one
   * innerHTML), scrolled as `readBack` scrolls the list, from the end to the top. What the engine
   * itself costs to bring a viewport of this content into view each frame: nothing mounts and
   * nothing is skipped, so no step has more to lay out than what scrolls in.
   */
  async readBackFloor(n: number) {
    stage.innerHTML = floorHtml(corpus(n));
    stage.scrollTop = stage.scrollHeight;
    await painted();
    const stepTimes: number[] = [];
    const longTasks = await longTasksDuring(async () => {
      while (stepTimes.length < 5_000 && stage.scrollTop > 0) {
        turnWheel(stage, -stage.clientHeight);
        stage.scrollBy(0, -stage.clientHeight);
        const t0 = performance.now();
        await painted();
        stepTimes.push(performance.now() - t0);
      }
    });
    return { steps: stepTimes.length, ...stepFigures(stepTimes), longTasks: taskFigures(longTasks) };
  },
  /**
   * Find in a list of `n` items right after its first frame (most of it not mounted yet): the
   * first search (which loads the finder and reads every item), another one, a step to the next
   * match, and the step around to the oldest match (which mounts the whole history above it, with
   * the long tasks it held). Each from the call to the match shown (highlighted, in view).
   */
  async find(n: number) {
    const list = document.createElement('message-list') as MessageList;
    list.style.height = '600px';
    list.items = corpus(n);
    stage.append(list);
    await list.updateComplete;
    await painted();
    const time = async (step: () => Promise<{ count: number; current: number }>) => {
      const t0 = performance.now();
      const state = await step();
      return { ms: performance.now() - t0, ...state };
    };
    const first = await time(() => list.find('phoenix'));
    const again = await time(() => list.find('supervisors'));
    const steps: number[] = [];
    for (let i = 0; i < 5; i++) steps.push((await time(() => list.findPrevious())).ms);
    // From the first match, one step back goes around to the last; from the last, forward to the oldest.
    await list.find('supervisors');
    while ((await list.findNext()).current !== again.count);
    const mountedCount = () => mountedArticles(list).length;
    const mountedBefore = mountedCount();
    let oldest = { ms: 0 };
    const jumpTasks = await longTasksDuring(async () => {
      oldest = await time(() => list.findNext());
    });
    const mounted = mountedCount() - mountedBefore;
    return { first: first.ms, count: first.count, again: again.ms, step: median(steps), oldest: oldest.ms, mounted, jumpTasks: taskFigures(jumpTasks) };
  },
};

(window as unknown as { bench: typeof api }).bench = api;
(window as unknown as { benchReady: boolean }).benchReady = true;
