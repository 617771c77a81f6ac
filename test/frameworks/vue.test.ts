import { expect } from '@open-wc/testing';
import { createApp, h, nextTick, shallowRef, type App, type GlobalComponents } from 'vue';
import type {} from '../../src/integrations/vue.js';
import type { ToolToggleEvent } from '../../src/events.js';
import { deepQueryAll, deepText, loadFixture, settle, until, type Row } from '../helpers.js';

const KIT_TAGS = ['message-list', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark'];

let app: App | null = null;
let warnings: string[] = [];
const originalWarn = console.warn;

beforeEach(() => {
  warnings = [];
  console.warn = (...args: unknown[]) => {
    warnings.push(args.map(String).join(' '));
    originalWarn(...args);
  };
});

afterEach(() => {
  console.warn = originalWarn;
  app?.unmount();
  app = null;
});

function mount(component: Parameters<typeof createApp>[0]): HTMLElement {
  const host = document.createElement('div');
  document.body.append(host);
  app = createApp(component);
  app.config.compilerOptions.isCustomElement = (tag) => KIT_TAGS.includes(tag);
  app.mount(host);
  return host;
}

function clickFirstCall(list: Element): void {
  deepQueryAll(list, 'tool-call-item')[0].shadowRoot!.querySelector<HTMLElement>('summary')!.click();
}


describe('Vue 3', () => {
  let rows: Row[];
  before(async () => {
    rows = await loadFixture('sagents-hitl-file-delete');
  });

  it('renders from a template with isCustomElement, .items as a property, and hears @tool-toggle', async () => {
    const heard: ToolToggleEvent[] = [];
    const host = mount({
      setup: () => ({ rows: shallowRef(rows), heard }),
      template: `<message-list :items.prop="rows" tool-display="full" @tool-toggle="heard.push($event)"></message-list>`,
    });
    const list = host.querySelector('message-list')!;
    await settle(list);
    expect(list.items).to.have.length(rows.length);
    expect(list.hasAttribute('items')).to.equal(false);
    expect(deepText(list)).to.contain('Delete the dad jokes.');
    clickFirstCall(list);
    await until(() => heard.length === 1, 'tool-toggle');
    expect(heard[0].callId).to.equal('toolu_01');
    expect(warnings.filter((w) => w.includes('[Vue warn]')), 'no "failed to resolve component"').to.deep.equal([]);
  });

  it('updates the element when reactive rows change', async () => {
    const current = shallowRef(rows.slice(0, 3));
    const host = mount({ setup: () => ({ current }), template: `<message-list .items="current"></message-list>` });
    const list = host.querySelector('message-list')!;
    await settle(list);
    expect(deepText(list)).not.to.contain('Found it!');
    current.value = rows;
    await nextTick();
    await settle(list);
    expect(host.querySelector('message-list'), 'not remounted').to.equal(list);
    expect(deepText(list)).to.contain('Found it!');
  });

  it('works from render functions: h() with .items and onToolToggle', async () => {
    const heard: ToolToggleEvent[] = [];
    const host = mount({ render: () => h('message-list', { '.items': rows, onToolToggle: (e: ToolToggleEvent) => heard.push(e) }) });
    const list = host.querySelector('message-list')!;
    await settle(list);
    expect(list.items).to.have.length(rows.length);
    clickFirstCall(list);
    await until(() => heard.length === 1, 'tool-toggle');
  });

  it('types the tags for templates (GlobalComponents)', () => {
    type ListProps = InstanceType<GlobalComponents['message-list']>['$props'];
    const good: ListProps = { items: rows, toolDisplay: 'compact', onToolToggle: (event) => event.callId, class: 'chat' };
    // @ts-expect-error tool-display is full, compact or hidden
    const wrongMode: ListProps = { toolDisplay: 'wide' };
    // @ts-expect-error an onToolToggle handler receives a ToolToggleEvent
    const wrongEvent: ListProps = { onToolToggle: (event: { nope: true }) => event };
    expect([good, wrongMode, wrongEvent]).to.have.length(3);
  });
});
