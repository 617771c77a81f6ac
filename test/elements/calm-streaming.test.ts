import { expect } from '@open-wc/testing';
import hljs from '@highlightjs/cdn-assets/es/core.min.js';
import { deepQueryAll, mountList } from '../helpers.js';
import { frames } from '../waits.js';
import { useHighlightJs } from '../../src/highlight/index.js';
import { setCodeHighlighter } from '../../src/markdown/highlight.js';
import type { TextItem } from '../../src/elements/text-item/text-item.js';

/**
 * An answer with code blocks streaming through the draft, a few characters a frame, with
 * highlight.js on: nothing above the growing tail moves, and a code block is never shown plain
 * where the highlighter colours it (no flash between plain and highlighted). Checked at every
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

/** The code blocks whose colouring differs from what highlight.js gives their text now. */
function plainWhereColoured(answer: TextItem): string[] {
  return Array.from(answer.shadowRoot!.querySelectorAll<HTMLElement>('pre[data-language]')).flatMap((pre) => {
    const code = pre.querySelector('code')!;
    const language = pre.dataset.language!;
    const text = code.textContent ?? '';
    const coloured = hljs.getLanguage(language) !== undefined && hljs.highlight(text, { language, ignoreIllegals: true }).value.includes('<span');
    return coloured === (code.querySelector('span') !== null) ? [] : [`${language} ${coloured ? 'plain' : 'coloured'}: ${JSON.stringify(text)}`];
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
      flashes.push(...plainWhereColoured(answer));
    }
    await frames(2);
    observer.disconnect();
    expect(moved).to.deep.equal([]);
    expect(flashes).to.deep.equal([]);
    expect(deepQueryAll(list, 'pre[data-language] code span').length).to.be.greaterThan(5);
    if (layoutShifts) expect(shifts.reduce((sum, value) => sum + value, 0)).to.equal(0);
  });
});
