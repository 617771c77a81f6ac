import { expect } from '@open-wc/testing';
import { deepQueryAll, mountList } from '../helpers.js';
import { frames } from '../waits.js';
import { useHighlightJs } from '../../src/highlight/index.js';
import { highlighterFor } from '../../src/highlight/highlight-js.js';
import { setCodeHighlighter } from '../../src/markdown/highlight.js';
import type { TextItem } from '../../src/elements/text-item/text-item.js';

/**
 * An answer with code blocks streaming through the draft, a few characters a frame, with
 * highlight.js on: nothing above the growing tail moves, and a code block is coloured once it
 * closes and never shown plain again (no flash between plain and highlighted). Checked at every
 * frame; in Chromium the Layout Instability API must also report no shift at all.
 */
const ANSWER = [
  'Here is the plan, in **three** steps:',
  '',
  '```typescript',
  'export function add(a: number, b: number): number {',
  '  return a + b; // the sum',
  '}',
  '```',
  '',
  '1. Build it.',
  '2. Test it with `npm test`.',
  '',
  '```json',
  '{ "name": "demo", "private": true, "version": "1.0.0" }',
  '```',
  '',
  'Then a last paragraph that wraps over a few lines, so that the tail grows in height while it streams.',
].join('\n');

const QUESTION = { type: 'text', message_type: 'user', content: { text: 'How?' } };

interface Box {
  top: number;
  height: number;
}

/** The blocks of the streaming answer, each at its offset from the answer's top. */
function blocks(answer: TextItem): Box[] {
  const markdown = answer.shadowRoot!.querySelector('.markdown')!;
  const origin = markdown.getBoundingClientRect().top;
  return Array.from(markdown.children, (block) => {
    const box = block.getBoundingClientRect();
    return { top: box.top - origin, height: box.height };
  });
}

/** What the list colours with (below): highlight.js with these two languages. */
const highlight = highlighterFor(['typescript', 'json']);

/**
 * The code blocks whose colouring differs from what highlight.js gives their text now, but for the
 * last while the answer streams: it may be the block still being written, coloured once it closes
 * (it settles). A block coloured once must stay coloured (`coloured` holds their indices).
 */
function plainWhereColoured(answer: TextItem, streaming: boolean, coloured: Set<number>): string[] {
  const blocks = Array.from(answer.shadowRoot!.querySelectorAll<HTMLElement>('pre[data-language]'));
  return blocks.flatMap((pre, index) => {
    const code = pre.querySelector('code')!;
    const language = pre.dataset.language!;
    const text = code.textContent ?? '';
    const shownColoured = code.querySelector('span:not(.caret)') !== null;
    if (coloured.has(index) && !shownColoured) return [`${language} turned plain again: ${JSON.stringify(text)}`];
    if (shownColoured) coloured.add(index);
    if (streaming && index === blocks.length - 1) return [];
    const colours = highlight(text, language)?.includes('<span') ?? false;
    return colours === shownColoured ? [] : [`${language} ${colours ? 'plain' : 'coloured'}: ${JSON.stringify(text)}`];
  });
}

describe('calm while streaming', function () {
  this.timeout(60_000);

  before(() => useHighlightJs(['typescript', 'json']));
  after(() => setCodeHighlighter(null));

  it('moves nothing above the growing tail and never flashes a code block plain', async () => {
    const shifts: number[] = [];
    const layoutShifts = PerformanceObserver.supportedEntryTypes.includes('layout-shift');
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    });
    if (layoutShifts) observer.observe({ type: 'layout-shift' });
    const list = await mountList([QUESTION], {}, 'height: 480px; width: 520px');
    const moved: string[] = [];
    const flashes: string[] = [];
    const coloured = new Set<number>();
    // The block being written is not coloured (and rebuilt) at every frame: it grows as text does.
    let writtenPlain = false;
    let before: Box[] = [];
    for (let end = 4; end < ANSWER.length + 4; end += 4) {
      list.draft = { text: ANSWER.slice(0, end) };
      await frames(1);
      const answer = deepQueryAll<TextItem>(list, 'text-item').at(-1)!;
      const now = blocks(answer);
      // Every block but the last is final (the tail is the last block, caret included).
      for (let i = 0; i < Math.min(before.length, now.length) - 1; i++) {
        if (before[i].top !== now[i].top || before[i].height !== now[i].height) {
          moved.push(`block ${i} after ${end} characters: ${JSON.stringify(before[i])} → ${JSON.stringify(now[i])}`);
        }
      }
      before = now;
      flashes.push(...plainWhereColoured(answer, true, coloured));
      const open = Array.from(answer.shadowRoot!.querySelectorAll('pre[data-language] code')).at(-1);
      if (open && /^export function add\(a: number, b/.test(open.textContent ?? '') && !open.textContent!.includes('}')) writtenPlain ||= !open.querySelector('span:not(.caret)');
    }
    await frames(2);
    flashes.push(...plainWhereColoured(deepQueryAll<TextItem>(list, 'text-item').at(-1)!, false, coloured));
    observer.disconnect();
    expect(moved).to.deep.equal([]);
    expect(flashes).to.deep.equal([]);
    expect(writtenPlain, 'the open block grows plain').to.equal(true);
    expect(deepQueryAll(list, 'pre[data-language] code span').length).to.be.greaterThan(5);
    if (layoutShifts) expect(shifts.reduce((sum, value) => sum + value, 0)).to.equal(0);
  });
});
