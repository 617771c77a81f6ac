import { expect } from '@open-wc/testing';
import { createElement, type JSX } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import type {} from '../../src/react/jsx.js';
import { MessageList as MessageListWrapper } from '../../src/react/index.js';
import type { ToolToggleEvent } from '../../src/events.js';
import { deepQueryAll, deepText, loadFixture, settle, until, type Row } from '../helpers.js';

type ListElement = HTMLElementTagNameMap['message-list'];

let root: Root | null = null;

/** Renders `element` into a fresh React 19 root and commits it synchronously. */
function renderReact(element: JSX.Element): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  root ??= createRoot(host);
  flushSync(() => root!.render(element));
  return host;
}

function update(element: JSX.Element): void {
  flushSync(() => root!.render(element));
}

afterEach(() => {
  root?.unmount();
  root = null;
});

/** Clicks the summary of the first tool call and resolves with the event the host heard. */
function toggleFirstCall(list: ListElement, heard: ToolToggleEvent[]): Promise<ToolToggleEvent> {
  const count = heard.length;
  deepQueryAll(list, 'tool-call-item')[0].shadowRoot!.querySelector<HTMLElement>('summary')!.click();
  return until(() => heard.length > count, 'a tool-toggle reaching the React prop').then(() => heard[heard.length - 1]);
}

describe('React 19: the tags as they are', () => {
  let rows: Row[];
  before(async () => {
    rows = await loadFixture('sagents-hitl-file-delete');
  });

  it('sets items as a property and renders the conversation', async () => {
    const props: JSX.IntrinsicElements['message-list'] = { items: rows, 'tool-display': 'compact' };
    const host = renderReact(createElement('message-list', props));
    const list = host.querySelector('message-list')!;
    await settle(list);
    expect(list.items).to.have.length(rows.length);
    expect(list.hasAttribute('items'), 'an array never becomes an attribute').to.equal(false);
    expect(list.toolDisplay).to.equal('compact');
    expect(deepText(list)).to.contain('Delete the dad jokes.');
  });

  it('hears kit events through on<event-name> props, and swaps handlers on re-render', async () => {
    const first: ToolToggleEvent[] = [];
    const second: ToolToggleEvent[] = [];
    const props = (heard: ToolToggleEvent[]): JSX.IntrinsicElements['message-list'] => ({
      items: rows,
      'ontool-toggle': (event) => heard.push(event),
    });
    const host = renderReact(createElement('message-list', props(first)));
    const list = host.querySelector('message-list')!;
    await settle(list);
    const event = await toggleFirstCall(list, first);
    expect(event.callId).to.equal('toolu_01');
    update(createElement('message-list', props(second)));
    await toggleFirstCall(list, second);
    expect(first, 'the old handler is removed').to.have.length(1);
  });

  it('updates the same element when the rows change', async () => {
    const host = renderReact(createElement('message-list', { items: rows.slice(0, 3) }));
    const list = host.querySelector('message-list')!;
    await settle(list);
    update(createElement('message-list', { items: rows }));
    await settle(list);
    expect(host.querySelector('message-list'), 'not remounted').to.equal(list);
    expect(deepText(list)).to.contain('Found it!');
  });

  it('types the JSX: properties, attributes and events are checked', () => {
    // @ts-expect-error tool-display is full, compact or hidden
    const wrongMode: JSX.IntrinsicElements['message-list'] = { 'tool-display': 'wide' };
    // @ts-expect-error a tool-toggle handler receives a ToolToggleEvent
    const wrongEvent: JSX.IntrinsicElements['message-list'] = { 'ontool-toggle': (event: { nope: true }) => event };
    expect([wrongMode, wrongEvent]).to.have.length(2);
  });
});

describe('React: the @lit/react wrappers (written for React 18, run here on React 19)', () => {
  it('pass items as a property and events through onToolToggle-style props', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const heard: ToolToggleEvent[] = [];
    const host = renderReact(createElement(MessageListWrapper, { items: rows, toolDisplay: 'full', onToolToggle: (e) => heard.push(e) }));
    const list = host.querySelector('message-list')!;
    await settle(list);
    expect(list.items).to.have.length(rows.length);
    expect(deepText(list)).to.contain('Listing files');
    const event = await toggleFirstCall(list, heard);
    expect(event.open).to.be.a('boolean');
  });
});
