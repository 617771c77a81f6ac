/**
 * Items' parts reach the page through the elements that render them (`exportparts`), renamed
 * `<element>__<part>`: `message-list::part(tool-call-item__base)`, `::part(stop-mark__base)` for
 * every stop mark in a list, `tool-call-item::part(tool-result-item__content)`. The names come
 * from src/elements/support/part-names.ts; custom-elements.json (the elements' JSDoc) must name
 * the same, so neither can fall behind the other.
 */
import { expect } from '@open-wc/testing';
import * as names from '../../src/elements/support/part-names.js';
import { deepQueryAll, mountItem, mountList, settle } from '../helpers.js';
import { SURFACE_ROWS } from './surfaces-conversation.js';

interface Declaration {
  tagName?: string;
  cssParts?: Array<{ name: string }>;
}

async function manifestParts(): Promise<Map<string, string[]>> {
  const manifest = (await (await fetch('/custom-elements.json')).json()) as { modules: Array<{ declarations?: Declaration[] }> };
  const elements = manifest.modules.flatMap((module) => module.declarations ?? []).filter((decl) => decl.tagName);
  return new Map(elements.map((decl) => [decl.tagName!, (decl.cssParts ?? []).map((part) => part.name)]));
}

const sorted = (list: readonly string[]) => [...list].sort();

/** Each element another renders: its own parts, and its `exportparts` there. */
const LIFTED = {
  'stop-mark': { parts: names.STOP_MARK_PARTS, exports: names.STOP_MARK_EXPORTS },
  'text-item': { parts: names.TEXT_PARTS, exports: names.TEXT_EXPORTS },
  'thinking-item': { parts: names.THINKING_PARTS, exports: names.THINKING_EXPORTS },
  'tool-result-item': { parts: names.TOOL_RESULT_PARTS, exports: names.TOOL_RESULT_EXPORTS },
  'tool-call-item': { parts: names.TOOL_CALL_PARTS, exports: names.TOOL_CALL_EXPORTS },
};
type Lifted = keyof typeof LIFTED;

/** Which of them each element renders in its shadow root (its templates), and so lifts the parts of. */
const INNER: Record<string, Lifted[]> = {
  'stop-mark': [],
  'text-item': ['stop-mark'],
  'thinking-item': ['stop-mark'],
  'tool-result-item': ['stop-mark'],
  'tool-call-item': ['tool-result-item', 'stop-mark'],
  'message-list': ['text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark'],
};

function withStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  return style;
}

describe('part names: one list per element, lifted through whatever renders it', () => {
  let style: HTMLStyleElement | null = null;
  afterEach(() => style?.remove());

  it('names in part-names.ts each part the manifest names, and each lifted part', async () => {
    const manifest = await manifestParts();
    for (const [tag, { parts }] of Object.entries(LIFTED)) {
      const own = manifest.get(tag)!.filter((name) => !name.includes('__'));
      expect(sorted(parts.split(' ')), `${tag}'s own parts`).to.deep.equal(sorted(own));
    }
    for (const [tag, inner] of Object.entries(INNER)) {
      const lifted = manifest.get(tag)!.filter((name) => name.includes('__'));
      const passed = new Set(inner.flatMap((child) => names.liftedBy(LIFTED[child].exports)));
      expect(sorted([...passed]), `what ${tag} lifts`).to.deep.equal(sorted(lifted));
    }
    expect(manifest.get('message-list')).to.include.members(['tool-call-item__base', 'stop-mark__base', 'tool-result-item__content', 'text-item__code-block']);
  });

  it('reaches every item part inside a list from outside it, and keeps same-named parts apart', async () => {
    style = withStyle(`
      message-list::part(tool-call-item__base) { outline: 3px solid rgb(1, 2, 3); }
      message-list::part(stop-mark__base) { outline: 3px dashed rgb(4, 5, 6); }
      message-list::part(tool-result-item__content) { outline: 3px dotted rgb(7, 8, 9); }
      message-list::part(text-item__code-block) { outline: 3px double rgb(10, 11, 12); }
      message-list::part(thinking-item__summary) { outline: 3px solid rgb(13, 14, 15); }
      message-list::part(base) { outline: 3px solid rgb(200, 0, 0); }
    `);
    const el = await mountList([
      { id: 'r', message_type: 'assistant', content_type: 'thinking', content: { text: 'Hm.' } },
      ...SURFACE_ROWS,
    ]);
    const call = el.shadowRoot!.querySelector('tool-call-item')!;
    call.open = true;
    await settle(el);
    const outline = (node: Element | null | undefined) => (node ? getComputedStyle(node).outline : 'missing');
    expect(outline(call.shadowRoot!.querySelector('[part~="base"]'))).to.equal('rgb(1, 2, 3) solid 3px');
    const marks = deepQueryAll(el, 'stop-mark');
    expect(marks.map((mark) => mark.getAttribute('reason')).sort()).to.deep.equal(['cancelled', 'max_tokens', 'refusal', 'stream_error']);
    for (const mark of marks) expect(outline(mark.shadowRoot!.querySelector('[part~="base"]')), mark.getAttribute('reason')!).to.equal('rgb(4, 5, 6) dashed 3px');
    // The result inside the call: lifted by the call, then by the list.
    const result = call.shadowRoot!.querySelector('tool-result-item')!;
    expect(outline(result.shadowRoot!.querySelector('[part~="content"]'))).to.equal('rgb(7, 8, 9) dotted 3px');
    const code = deepQueryAll(el, 'text-item').map((item) => item.shadowRoot!.querySelector('[part~="code-block"]')).find(Boolean);
    expect(outline(code)).to.equal('rgb(10, 11, 12) double 3px');
    const thinking = el.shadowRoot!.querySelector('thinking-item')!;
    expect(outline(thinking.shadowRoot!.querySelector('[part~="summary"]'))).to.equal('rgb(13, 14, 15) solid 3px');
    // The list's own `base` is its frame, never an item's.
    expect(outline(el.shadowRoot!.querySelector('[part~="base"]'))).to.equal('rgb(200, 0, 0) solid 3px');
    const itemBases = [...deepQueryAll(el, 'text-item'), thinking, result].map((item) => outline(item.shadowRoot!.querySelector('[part~="base"]')));
    expect(itemBases.filter((value) => value.startsWith('rgb(200, 0, 0)'))).to.deep.equal([]);
  });

  it("lifts a call's result and stop mark out of a call placed on its own", async () => {
    style = withStyle(`
      tool-call-item::part(tool-result-item__base) { outline: 2px solid rgb(20, 30, 40); }
      tool-call-item::part(stop-mark__label) { outline: 2px solid rgb(50, 60, 70); }
    `);
    const call = await mountItem(
      'tool-call-item',
      { id: 'c', message_type: 'assistant', content_type: 'tool_call', status: 'completed', content: { call_id: '1', name: 'search', arguments: {}, stop_reason: 'length' } },
      { open: true, result: { id: 'r', message_type: 'tool', content_type: 'tool_result', content: { tool_call_id: '1', content: 'ok' } } },
    );
    const result = call.shadowRoot!.querySelector('tool-result-item')!;
    expect(getComputedStyle(result.shadowRoot!.querySelector('[part~="base"]')!).outline).to.equal('rgb(20, 30, 40) solid 2px');
    const mark = call.shadowRoot!.querySelector('stop-mark')!;
    expect(getComputedStyle(mark.shadowRoot!.querySelector('[part~="label"]')!).outline).to.equal('rgb(50, 60, 70) solid 2px');
  });
});
