/**
 * The soak page: a `<message-list>` under compressed live traffic, driven by scripts/soak/soak.mjs.
 * `soak.start()` mounts it, `soak.run(ms)` plays traffic for that long (a frame at a time),
 * `soak.check()` compares what it shows with a fresh list of the same final data.
 */
import { registered } from './watch.js';
// All six tags, as `display-kit/define` registers them (src/index.ts has no side effects).
import '../../../src/define.js';
import type { MessageList, ToolDisplay } from '../../../src/elements/message-list/message-list.js';
import { corpus, type Row } from '../../bench/bench-list/corpus.js';
import { Fuzz } from '../../../test/fuzz/items.js';
import { outline, outlineDifference, settle, wakeAll } from '../../../test/dom.js';

const stage = document.querySelector<HTMLElement>('#stage')!;
const errors: string[] = [];
addEventListener('error', (event) => errors.push(event.message));
addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));

const INITIAL_ROWS = 300;
/** Past this many rows the oldest are removed, as a host paging out history would. */
const MAX_ROWS = 400;
const WORDS = 'the agent keeps streaming while tools run and results arrive so the list must follow without a jump'.split(' ');

let list: MessageList;
const fuzz = new Fuzz(99, { huge: 0.002 });
const random = fuzz.random;
let clock = Date.UTC(2026, 7, 21, 9);
let earliest = Date.UTC(2026, 7, 20, 9);
let serial = 0;

const stamp = (time: number) => new Date(time).toISOString().replace('Z', '000Z');
const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

function savedRows(text: string, calls: Row[]): Row[] {
  const rows: Row[] = calls.map((call, sequence) => ({ ...call, sequence, inserted_at: stamp((clock += 10)) }));
  rows.push({ id: `answer-${serial++}`, message_type: 'assistant', content_type: 'text', sequence: rows.length, status: 'completed', inserted_at: stamp((clock += 10)), content: { text } });
  return rows;
}

function toolCall(): Row {
  const id = `call-${serial++}`;
  return {
    id: `row-${id}`, message_type: 'assistant', content_type: 'tool_call', status: 'pending', tool_call_id: id,
    content: { call_id: id, name: 'read_file', arguments: { path: `/src/${words(1)}.ex` }, display_text: 'Reading a file' },
  };
}

export interface Traffic {
  drafts: number;
  upserts: number;
  statusUpdates: number;
  removals: number;
  prepends: number;
  themes: number;
  toolDisplays: number;
  scrolls: number;
  fuzzRows: number;
}

/** A new list of `from`'s rows, draft, theme and tool display, mounted and woken. */
async function freshCopy(from: MessageList): Promise<MessageList> {
  const fresh = document.createElement('message-list');
  fresh.items = [...from.items];
  fresh.draft = from.draft;
  fresh.theme = from.theme;
  fresh.toolDisplay = from.toolDisplay;
  stage.append(fresh);
  await settle(fresh);
  await fresh.mountComplete;
  await wakeAll(fresh);
  return fresh;
}

const api = {
  async start(): Promise<{ rows: number }> {
    list = document.createElement('message-list');
    list.items = corpus(INITIAL_ROWS);
    stage.append(list);
    await settle(list);
    await list.mountComplete;
    // Woken and opened as at the end, so that start and end measure alike.
    await wakeAll(list);
    return { rows: list.items.length };
  },

  /** Live traffic for `ms` milliseconds, one step a frame (as fast as a page can draw). */
  async run(ms: number): Promise<Traffic> {
    const traffic: Traffic = { drafts: 0, upserts: 0, statusUpdates: 0, removals: 0, prepends: 0, themes: 0, toolDisplays: 0, scrolls: 0, fuzzRows: 0 };
    const end = performance.now() + ms;
    let answer = '';
    let calls: Row[] = [];
    const open: Row[] = [];
    let nextTheme = performance.now() + 5_000;
    let nextDisplay = performance.now() + 7_000;
    let nextScroll = performance.now() + 3_000;
    while (performance.now() < end) {
      const roll = random();
      // A streaming answer grows by a few words a frame; now and then it calls a tool, and ends.
      answer += ` ${words(2 + Math.floor(random() * 8))}${random() < 0.05 ? '\n\n' : ''}${random() < 0.02 ? '\n\n```ts\nconst x = 1;\n```\n\n' : ''}`;
      if (roll < 0.02) calls.push(toolCall());
      list.draft = { text: answer, tool_calls: calls.map((call) => ({ ...(call.content as Row), execution_status: 'executing' })) };
      traffic.drafts++;
      if (answer.length > 300 + random() * 1_500) {
        // The saved rows replace the draft in the same task: no duplicate, no flash.
        const rows = savedRows(answer, calls);
        list.draft = null;
        list.upsert(rows);
        traffic.upserts += rows.length;
        open.push(...rows.filter((row) => row.content_type === 'tool_call'));
        answer = '';
        calls = [];
        if (random() < 0.5) {
          list.upsert({ id: `user-${serial++}`, message_type: 'user', content_type: 'text', sequence: 0, inserted_at: stamp((clock += 10)), content: { text: `${words(6)}?` } });
          traffic.upserts++;
        }
      }
      if (open.length > 0 && roll > 0.97) {
        // A saved call moves on: executing, then done (with its result) or failed.
        const call = open.shift()!;
        const done = random() < 0.8;
        list.upsert({ ...call, status: done ? 'completed' : 'failed', metadata: done ? {} : { error: 'timeout' } });
        list.upsert({ id: `result-${call.tool_call_id}`, message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: call.tool_call_id, inserted_at: stamp((clock += 10)), content: { tool_call_id: call.tool_call_id, name: 'read_file', content: words(20), is_error: !done } });
        traffic.statusUpdates += 2;
      }
      if (roll > 0.99) {
        // History loaded from further back (a prepend), or a hostile row from a buggy host.
        const older = corpus(6, serial++).map((row) => ({ ...row, id: `old-${serial++}`, inserted_at: stamp((earliest -= 1_000)) }));
        list.upsert(older);
        traffic.prepends += older.length;
        const odd = fuzz.rows(2);
        list.upsert(odd);
        traffic.fuzzRows += odd.length;
      }
      if (list.items.length > MAX_ROWS) {
        const ids = list.items.slice(0, list.items.length - INITIAL_ROWS).map((row) => (row as Row).id).filter((id): id is string => typeof id === 'string');
        traffic.removals += list.removeRows(ids);
      }
      const now = performance.now();
      if (now > nextTheme) {
        list.theme = (['light', 'dark', ''] as const)[traffic.themes++ % 3];
        nextTheme = now + 5_000;
      }
      if (now > nextDisplay) {
        list.toolDisplay = (['compact', 'hidden', 'full'] as ToolDisplay[])[traffic.toolDisplays++ % 3];
        nextDisplay = now + 7_000;
      }
      if (now > nextScroll) {
        const log = list.shadowRoot!.querySelector<HTMLElement>('[part="log"]')!;
        if (traffic.scrolls++ % 2 === 0) log.scrollTop = 0;
        else list.scrollToLatest();
        nextScroll = now + 3_000;
      }
      await new Promise(requestAnimationFrame);
    }
    // The answer in flight is saved, as it would be at the end of a run.
    if (answer) list.upsert(savedRows(answer, calls));
    list.draft = null;
    await settle(list);
    return traffic;
  },

  /** What the list shows against a fresh list of its final data. */
  async check(): Promise<{ rows: number; errors: string[]; difference: string | null }> {
    await settle(list);
    await list.mountComplete;
    await wakeAll(list);
    const fresh = await freshCopy(list);
    const difference = outlineDifference(outline(list), outline(fresh));
    fresh.remove();
    return { rows: list.items.length, errors, difference };
  },

  /** Takes the soaked list out and mounts a fresh one of the same rows, woken alike, to measure against. */
  async fresh(): Promise<void> {
    const soaked = list;
    soaked.remove();
    list = await freshCopy(soaked);
  },

  registered,
};

(window as unknown as { soak: typeof api }).soak = api;
(window as unknown as { soakReady: boolean }).soakReady = true;
