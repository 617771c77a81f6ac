import { expect } from '@open-wc/testing';
import {
  DisplayKitHook,
  mergeRows,
  parseItems,
  rowsOf,
  serverJson,
  type DisplayKitHookState,
  type LiveViewHookContext,
} from '../../src/integrations/liveview.js';
import { deepText, loadFixture, settle, type Row } from '../helpers.js';

const row = (id: string | number, text: string, extra: Row = {}): Row => ({
  id,
  message_type: 'assistant',
  content_type: 'text',
  sequence: 0,
  content: { text },
  ...extra,
});

describe('LiveView: mergeRows', () => {
  it('replaces a row with a known id in place and appends new ones in arrival order', () => {
    const current = [row('a', 'one'), row('b', 'two')];
    const merged = mergeRows(current, [row('c', 'three'), row('a', 'one, edited')]);
    expect(merged.map((r) => (r as Row).id)).to.deep.equal(['a', 'b', 'c']);
    expect((merged[0] as Row).content).to.deep.equal({ text: 'one, edited' });
  });

  it('never appends the same id twice, also within one batch; the last one wins', () => {
    const merged = mergeRows([], [row('a', 'first'), row('a', 'second')]);
    expect(merged).to.have.length(1);
    expect((merged[0] as Row).content).to.deep.equal({ text: 'second' });
  });

  it('keys numbers and strings alike, and appends rows without an id', () => {
    const merged = mergeRows([row(7, 'seven')], [row('7', 'seven again'), { content_type: 'text', content: { text: 'no id' } }, 'junk']);
    expect(merged).to.have.length(3);
    expect((merged[0] as Row).content).to.deep.equal({ text: 'seven again' });
  });

  it('changes neither input', () => {
    const current = Object.freeze([row('a', 'one')]);
    const incoming = Object.freeze([row('a', 'two')]);
    const merged = mergeRows(current, incoming);
    expect(merged).not.to.equal(current);
    expect((current[0] as Row).content).to.deep.equal({ text: 'one' });
  });
});

describe('LiveView: pushes and server-rendered items', () => {
  it('reads the rows of each push shape', () => {
    const r = row('a', 'x');
    expect(rowsOf({ display_message: r })).to.deep.equal([r]);
    expect(rowsOf({ display_messages: [r, r] })).to.deep.equal([r, r]);
    expect(rowsOf(r)).to.deep.equal([r]);
    expect(rowsOf([r])).to.deep.equal([r]);
    expect(rowsOf(null)).to.deep.equal([]);
    expect(rowsOf('text')).to.deep.equal([]);
  });

  it('reads items from the attribute first, else the script child, and never throws on bad JSON', () => {
    const el = document.createElement('div');
    el.innerHTML = '<script type="application/json">[1]</script>';
    expect(serverJson(el)).to.equal('[1]');
    el.setAttribute('items', '[2]');
    expect(serverJson(el)).to.equal('[2]');
    expect(parseItems('[2]')).to.deep.equal([2]);
    expect(parseItems('{"not": "an array"}')).to.equal(null);
    expect(parseItems('[oops')).to.equal(null);
    expect(parseItems(null)).to.equal(null);
  });
});

/** A stand-in for LiveView's hook `this`: records handlers so a test can push to them. */
function fakeLiveView(el: HTMLElement) {
  const handlers = new Map<string, (payload: unknown) => void>();
  const removed: unknown[] = [];
  const context: LiveViewHookContext & DisplayKitHookState = {
    el,
    handleEvent(event, callback) {
      handlers.set(event, callback);
      return event;
    },
    removeHandleEvent(ref) {
      removed.push(ref);
    },
  };
  return { context, removed, push: (event: string, payload: unknown) => handlers.get(event)!(payload) };
}

function serverRenderedList(rows: Row[]): HTMLElementTagNameMap['message-list'] {
  const el = document.createElement('message-list');
  el.id = 'chat';
  const script = document.createElement('script');
  script.type = 'application/json';
  script.textContent = JSON.stringify(rows);
  el.append(script);
  document.body.append(el);
  return el;
}

describe('LiveView: DisplayKitHook', () => {
  let rows: Row[];
  before(async () => {
    rows = await loadFixture('sagents-hitl-file-delete');
  });

  it('upserts saved and updated rows into <message-list>', async () => {
    const el = serverRenderedList(rows.slice(0, 6));
    const live = fakeLiveView(el);
    DisplayKitHook.mounted.call(live.context);
    await settle(el);
    expect(el.items).to.have.length(6);

    const pending = rows[6];
    live.push('display_message_saved', { display_message: pending });
    live.push('display_message_updated', { display_message: { ...pending, status: 'completed' } });
    await settle(el);
    expect(el.items).to.have.length(7);
    expect((el.items[6] as Row).status).to.equal('completed');
    el.remove();
  });

  it('merges into items on an element without upsert()', () => {
    const el = Object.assign(document.createElement('div'), { items: [row('a', 'one')] as unknown });
    const live = fakeLiveView(el);
    DisplayKitHook.mounted.call(live.context);
    live.push('display_message_saved', row('b', 'two'));
    live.push('display_message_updated', row('a', 'one, edited'));
    expect(el.items).to.deep.equal([row('a', 'one, edited'), row('b', 'two')]);
  });

  it('takes the server items when LiveView patched in new ones, and keeps pushed rows otherwise', async () => {
    const el = serverRenderedList(rows.slice(0, 2));
    const live = fakeLiveView(el);
    DisplayKitHook.mounted.call(live.context);
    live.push('display_message_saved', rows[2]);
    el.setAttribute('class', 'patched');
    DisplayKitHook.updated.call(live.context);
    expect(el.items, 'an unrelated patch keeps pushed rows').to.have.length(3);

    el.querySelector('script')!.textContent = JSON.stringify(rows);
    DisplayKitHook.updated.call(live.context);
    await settle(el);
    expect(el.items).to.have.length(rows.length);
    expect(deepText(el)).to.contain('Found it!');
    el.remove();
  });

  it('lets go of its push handlers when destroyed', () => {
    const el = serverRenderedList([]);
    const live = fakeLiveView(el);
    DisplayKitHook.mounted.call(live.context);
    DisplayKitHook.destroyed.call(live.context);
    expect(live.removed).to.deep.equal(['display_message_saved', 'display_message_updated']);
    el.remove();
  });
});
