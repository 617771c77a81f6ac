import { expect } from '@open-wc/testing';
import { deepQueryAll, mountItem, settle } from '../helpers.js';

const call = (content: Record<string, unknown> = {}) => ({
  id: 'r1', content_type: 'tool_call', message_type: 'assistant', tool_call_id: 'c1', status: 'completed', metadata: {},
  content: { call_id: 'c1', name: 'get_weather', arguments: { city: 'Paris' }, display_text: null, ...content },
});
const result = {
  type: 'tool_result', message_type: 'tool',
  content: { tool_call_id: 'c1', name: 'get_weather', content: '{"city":"Paris","temp_c":18,"conditions":"cloudy","wind":{"kph":12,"dir":"NW"}}', is_error: false, is_interrupt: false },
};

describe('a JSON result in a call', () => {
  it('is as tall as its lines: no blank lines from the markup above its keys or before its closing brace', async () => {
    const el = await mountItem('tool-call-item', call(), { result, open: true });
    const [tree] = deepQueryAll<HTMLElement>(el, '.json-tree').filter((node) => node.textContent!.includes('temp_c'));
    expect(tree, 'the result shows as a tree').to.exist;
    const line = parseFloat(getComputedStyle(tree).lineHeight);
    const padding = parseFloat(getComputedStyle(tree).paddingTop) + parseFloat(getComputedStyle(tree).paddingBottom);
    // `{`, four keys, the two of `wind`, its `}` and the last `}`: 9 lines.
    expect(tree.getBoundingClientRect().height - padding, `height against ${line}px lines`).to.be.at.most(9 * line + 2);
    const [first] = deepQueryAll<HTMLElement>(tree, '.j-key');
    expect(first.getBoundingClientRect().top - tree.getBoundingClientRect().top, 'the first key right under the `{`').to.be.below(2 * line + padding);
  });

  it('reads as pretty-printed JSON: toggles at the lines\' start, commas, closing brackets under their openers', async () => {
    const el = await mountItem('tool-call-item', call({ arguments: { filters: { lang: 'en' }, q: 'elixir' } }), { result, open: true });
    await settle(el);
    const trees = deepQueryAll<HTMLElement>(el, '.json-tree');
    expect(trees, 'the arguments\' tree and the result\'s').to.have.length(2);
    // What shows (a folded node's count hides while it is open), line by line.
    const shown = (tree: HTMLElement) =>
      deepQueryAll<HTMLElement>(tree, '.j-line').filter((line) => line.checkVisibility()).map((line) => line.innerText.replace(/\s+/g, ' ').trim());
    expect(shown(trees[0])).to.deep.equal(['{', '"filters": {', '"lang": "en"', '},', '"q": "elixir"', '}']);
    const tree = trees[1];
    expect(shown(tree)).to.deep.equal([
      '{',
      '"city": "Paris",', '"temp_c": 18,', '"conditions": "cloudy",', '"wind": {', '"kph": 12,', '"dir": "NW"', '}', '}',
    ]);
    for (const node of deepQueryAll<HTMLDetailsElement>(tree, 'details.j-node')) {
      const opener = node.querySelector(':scope > summary')!;
      const closer = node.querySelector(':scope > .j-close')!;
      expect(closer.getBoundingClientRect().left, `"${closer.textContent}" under its opener`).to.be.closeTo(opener.getBoundingClientRect().left, 1);
      // The toggle sits before the line's text, in the gutter, not between a key and its brace.
      const toggle = getComputedStyle(opener, '::before');
      expect([getComputedStyle(opener).display, parseFloat(toggle.marginLeft) < 0], `"${opener.textContent}"`).to.deep.equal(['block', true]);
    }
    // A key that opens a fold starts where its sibling keys start.
    const entries = tree.querySelector(':scope > details > ul')!;
    const keys = Array.from(entries.querySelectorAll<HTMLElement>('.j-key')).filter((key) => key.closest('ul') === entries);
    expect(new Set(keys.map((key) => Math.round(key.getBoundingClientRect().left))).size, keys.map((key) => key.textContent).join()).to.equal(1);
    await expect(el).to.be.accessible();
  });

  it('opens a small result whole and folds a large part with its count', async () => {
    const big = { ...result, content: { ...result.content, content: JSON.stringify({ ok: true, hours: Array.from({ length: 40 }, (_, h) => ({ h, t: 10 })) }) } };
    const el = await mountItem('tool-call-item', call(), { result: big, open: true });
    await settle(el);
    const [, tree] = deepQueryAll<HTMLElement>(el, '.json-tree');
    const nodes = deepQueryAll<HTMLDetailsElement>(tree, 'details.j-node');
    const hours = nodes.find((node) => node.querySelector('summary')!.textContent!.includes('"hours"'))!;
    expect(hours.open).to.equal(false);
    expect(hours.querySelector('summary')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('"hours": [ 40 items ]');
    hours.open = true;
    await settle(el);
    const inside = deepQueryAll<HTMLDetailsElement>(hours, 'details.j-node');
    expect(inside.every((node) => node.open), 'opened, its small objects show open: no "{2 keys}" stubs').to.equal(true);
    await expect(el).to.be.accessible();
  });
});

describe('layout of wide content in a narrow text', () => {
  const TABLE = [
    '| id | name | region | status | owner | created | updated | tags | notes |',
    '|---:|---|---|---|---|---|---|---|---|',
    '| 1 | service-one-xxxxxxxxxxxx | eu-west-1 | running | team-a | 2026-08-20 | 2026-08-21 | a,b,c | note note note |',
  ].join('\n');

  it('keeps a dense table\'s words whole: it scrolls sideways, and the keyboard reaches it', async () => {
    const el = await mountItem('text-item', { type: 'text', message_type: 'assistant', content: { text: TABLE } });
    el.style.width = '320px';
    await el.updateComplete;
    const [table] = deepQueryAll<HTMLTableElement>(el, 'table');
    const box = table.parentElement!;
    expect(box.scrollWidth, 'wider than the text: its box scrolls').to.be.greaterThan(box.clientWidth);
    expect(box.tabIndex).to.equal(0);
    const line = parseFloat(getComputedStyle(table).lineHeight) || 24;
    for (const heading of deepQueryAll<HTMLElement>(table, 'th')) {
      expect(heading.getBoundingClientRect().height, `"${heading.textContent}" on one line`).to.be.below(2 * line);
    }
    await expect(el).to.be.accessible();
  });
});
