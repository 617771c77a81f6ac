import { expect } from '@open-wc/testing';
import { deepQueryAll, mountItem } from '../helpers.js';

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

  it('lines up the arguments\' tree as the result\'s: the call\'s own summary style stays on its summary', async () => {
    const el = await mountItem('tool-call-item', call({ arguments: { q: 'elixir', filters: { lang: 'en' } } }), { result, open: true });
    const toggles = deepQueryAll<HTMLElement>(el, '.j-node > summary');
    expect(toggles.length, 'the arguments\' and the result\'s toggles').to.be.at.least(3);
    for (const toggle of toggles) {
      const style = getComputedStyle(toggle);
      expect([style.display, style.paddingLeft, style.paddingRight], `"${toggle.textContent}"`).to.deep.equal(['inline', '0px', '0px']);
    }
  });

  it('shows the tool\'s own name only where the label does not already say it', async () => {
    const named = await mountItem('tool-call-item', call(), { open: true });
    expect(deepQueryAll(named, '.tool-name'), 'Get weather already says get_weather').to.have.length(0);
    const described = await mountItem('tool-call-item', call({ display_text: 'Checking the sky' }), { open: true });
    expect(deepQueryAll(described, '.tool-name').map((node) => node.textContent!.trim())).to.deep.equal(['get_weather']);
    await expect(described).to.be.accessible();
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
    expect(table.scrollWidth, 'wider than the text: it scrolls').to.be.greaterThan(table.clientWidth);
    expect(table.tabIndex).to.equal(0);
    const line = parseFloat(getComputedStyle(table).lineHeight) || 24;
    for (const heading of deepQueryAll<HTMLElement>(table, 'th')) {
      expect(heading.getBoundingClientRect().height, `"${heading.textContent}" on one line`).to.be.below(2 * line);
    }
    await expect(el).to.be.accessible();
  });
});
