import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { deepQueryAll, fallbackSummaryLook, mountItem, settle, toggled } from '../helpers.js';
import type { ToolCallItem } from '../../src/elements/tool-call-item/tool-call-item.js';

const call = (row: Record<string, unknown> = {}, content: Record<string, unknown> = {}) => ({
  id: 'r1', content_type: 'tool_call', message_type: 'assistant', tool_call_id: 'c1', status: 'completed', metadata: {},
  content: { call_id: 'c1', name: 'list_files', arguments: { path: '/tmp', depth: 2 }, display_text: null, ...content },
  ...row,
});
const result = (content: Record<string, unknown> = {}) => ({
  type: 'tool_result', message_type: 'tool',
  content: { tool_call_id: 'c1', name: 'list_files', content: 'a.txt\nb.txt', is_error: false, is_interrupt: false, ...content },
});
const root = (el: Element) => el.shadowRoot!;
const summaryText = (el: Element) => root(el).querySelector('summary')!.textContent!.replace(/\s+/g, ' ').trim();

describe('tool-call-item', () => {
  const labels: Record<string, string> = {
    pending: 'Pending', executing: 'Running', completed: 'Done', failed: 'Failed', interrupted: 'Waiting', cancelled: 'Cancelled',
  };
  for (const [status, label] of Object.entries(labels)) {
    it(`shows ${status} with its own icon and text`, async () => {
      const el = await mountItem('tool-call-item', call({ status }));
      expect(el.status).to.equal(status);
      expect(summaryText(el)).to.contain(label);
      expect(root(el).querySelector(`.status-icon.${status}`)).to.exist;
      await expect(el).to.be.accessible();
    });
  }

  it('reads failed + rejected as declined, not as an error', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'failed', metadata: { hitl_decision: 'rejected' } }));
    expect(el.status).to.equal('declined');
    expect(summaryText(el)).to.contain('Declined');
    expect(summaryText(el)).not.to.contain('Failed');
    await expect(el).to.be.accessible();
  });

  it('labels from display_text, else the humanized name', async () => {
    expect(summaryText(await mountItem('tool-call-item', call()))).to.contain('List files');
    expect(summaryText(await mountItem('tool-call-item', call({}, { display_text: 'Listing files' })))).to.contain('Listing files');
  });

  it('shows arguments as pretty JSON on demand, by keyboard', async () => {
    const el = await mountItem('tool-call-item', call());
    expect(el.open).to.equal(false);
    expect(root(el).querySelector('[part="arguments"]')).to.equal(null);
    root(el).querySelector<HTMLElement>('summary')!.focus();
    const opened = toggled(root(el).querySelector('details')!);
    await sendKeys({ press: 'Enter' });
    await opened;
    await el.updateComplete;
    const keys = Array.from(root(el).querySelectorAll('[part="arguments"] .j-key')).map((k) => k.textContent);
    expect(keys).to.deep.equal(['"path"', '"depth"']);
    expect(root(el).querySelector('[part="arguments"] .j-string')!.textContent).to.equal('"/tmp"');
    expect(root(el).querySelector('[part="arguments"] .j-number')!.textContent).to.equal('2');
    await expect(el).to.be.accessible();
  });

  it('opens failed calls by default and shows the failure', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'failed', metadata: { error: 'weather service timeout' } }));
    expect(el.open).to.equal(true);
    expect(root(el).querySelector('[part~="error"]')!.textContent).to.contain('weather service timeout');
    await expect(el).to.be.accessible();
  });

  it('says a failure once when the result repeats it', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'failed', metadata: { error: 'timeout' } }), {
      result: result({ content: 'timeout', is_error: true }),
    });
    expect(root(el).querySelector('[part~="error"]')).to.equal(null);
    expect(root(el).querySelector('tool-result-item')!.shadowRoot!.textContent).to.contain('timeout');
  });

  it('shows its paired result inside it', async () => {
    const el = await mountItem('tool-call-item', call(), { result: result(), open: true });
    await el.updateComplete;
    const inner = root(el).querySelector('tool-result-item')!;
    await inner.updateComplete;
    expect(inner.shadowRoot!.querySelector('.content')!.textContent).to.equal('a.txt\nb.txt');
  });

  it('shows metadata.display_text while interrupted, not after: the status said once', async () => {
    const waiting = await mountItem('tool-call-item', call({ status: 'interrupted', metadata: { display_text: 'Waiting for user response' } }));
    expect(summaryText(waiting)).to.contain('Waiting for user response');
    expect(summaryText(waiting).match(/Waiting/g), 'not "Waiting · Waiting for user response"').to.have.length(1);
    expect(root(waiting).querySelector('[part="status"]')!.textContent!.trim()).to.equal('Waiting for user response');
    const done = await mountItem('tool-call-item', call({ status: 'completed', metadata: { display_text: 'Waiting for user response' } }, { display_text: 'Asking a question' }));
    expect(summaryText(done)).not.to.contain('Waiting for user response');
    expect(summaryText(done)).to.contain('Asking a question');
  });

  it('never shows the Elixir inspect string as a result', async () => {
    const el = await mountItem('tool-call-item', call({ metadata: { result: '%LangChain.Message.ToolResult{}' } }), { open: true });
    expect(root(el).textContent).not.to.contain('%LangChain');
  });

  it('keeps an unknown status visible, in words', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'paused_by_operator' }));
    expect(el.status).to.equal('unknown');
    expect(root(el).querySelector('[part="status"]')!.textContent!.trim()).to.equal('Paused by operator');
    expect(summaryText(el)).not.to.contain('paused_by_operator');
    expect(summaryText(el)).not.to.contain('Unknown status');
    await expect(el).to.be.accessible();
  });

  it('survives huge, deep and circular arguments', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1000; i++) deep = [deep];
    const circular: Record<string, unknown> = { a: 1 };
    circular.me = circular;
    for (const args of [{ big: 'x'.repeat(2_000_000) }, deep, circular]) {
      const el = await mountItem('tool-call-item', call({}, { arguments: args }), { open: true });
      const text = root(el).querySelector('[part="arguments"]')!.textContent!;
      expect(text.length).to.be.lessThan(20_000);
    }
  });

  it('renders a fallback for a call with no content', async () => {
    const el = await mountItem('tool-call-item', { type: 'tool_call', message_type: 'assistant', content: null });
    expect(root(el).querySelector('[part~="fallback"]')).to.exist;
    // "What was received" is a disclosure like any other fallback's, marker and all: the call's
    // own summary style (no marker, padded) stays on the call's summary.
    const text = await mountItem('text-item', { type: 'text', message_type: 'assistant', content: null });
    expect(fallbackSummaryLook(el)).to.deep.equal(fallbackSummaryLook(text));
    await expect(el).to.be.accessible();
  });

  it('shows the stop mark after the call, outside the disclosure', async () => {
    const el = await mountItem('tool-call-item', call({}, { stop_reason: 'cancelled' }));
    const mark = root(el).querySelector('stop-mark')!;
    expect(root(el).querySelector('details')!.contains(mark)).to.equal(false);
    expect(mark.checkVisibility()).to.equal(true);
    expect(mark.getBoundingClientRect().height).to.be.greaterThan(0);
  });
});

describe('tool-result-item', () => {
  it('shows JSON content as a tree', async () => {
    const el = await mountItem('tool-result-item', result({ content: '{"temp":21,"sky":"sunny"}' }));
    const keys = Array.from(root(el).querySelectorAll('.content .j-key')).map((k) => k.textContent);
    expect(keys).to.deep.equal(['"temp"', '"sky"']);
    expect(el.state).to.equal('ok');
    await expect(el).to.be.accessible();
  });

  it('keeps text that is not JSON as it is', async () => {
    const el = await mountItem('tool-result-item', result({ content: '{not json' }));
    expect(root(el).querySelector('.content')!.textContent).to.equal('{not json');
  });

  it('styles errors', async () => {
    const el = await mountItem('tool-result-item', result({ content: 'boom', is_error: true }));
    expect(el.state).to.equal('error');
    expect(root(el).querySelector('.badge.error')!.textContent).to.equal('Error');
    await expect(el).to.be.accessible();
  });

  it('shows the waiting state of an interrupt', async () => {
    const el = await mountItem('tool-result-item', result({ content: 'Waiting for user response...', is_interrupt: true }));
    expect(el.state).to.equal('waiting');
    expect(root(el).querySelector('.badge.waiting')!.textContent).to.equal('Waiting');
    await expect(el).to.be.accessible();
  });

  it('shows a person’s decision', async () => {
    const approved = await mountItem('tool-result-item', result({ hitl_decision: 'approved' }));
    expect(root(approved).querySelector('.badge.approved')!.textContent).to.equal('Approved');
    const rejected = await mountItem('tool-result-item', result({ hitl_decision: 'rejected' }));
    expect(root(rejected).querySelector('.badge.declined')!.textContent).to.equal('Declined');
    await expect(rejected).to.be.accessible();
  });

  it('says when a tool returned nothing, unless it still waits', async () => {
    const empty = await mountItem('tool-result-item', result({ content: '' }));
    expect(root(empty).querySelector('.empty')!.textContent).to.equal('No output');
    expect(root(empty).querySelector('[part~="content"]')).to.equal(null);
    await expect(empty).to.be.accessible();
    const waiting = await mountItem('tool-result-item', result({ content: '', is_interrupt: true }));
    expect(root(waiting).querySelector('.empty')).to.equal(null);
  });
});

describe('tool-call-item: arguments still arriving', () => {
  it('shows streamed JSON arguments as far as they arrived, then settles into the whole arguments', async () => {
    const list = document.createElement('message-list');
    document.body.append(list);
    try {
      const source = JSON.stringify({ path: '/srv/app/config.yaml', options: { recursive: true, exclude: ['node_modules', '.git'] } });
      let call: ToolCallItem | undefined;
      for (const end of [10, 25, 48, 70, source.length]) {
        // A tool with no built-in view: the generic card shows the arguments as they arrive.
        list.draft = { tool_calls: [{ call_id: 'k1', name: 'inspect_file', arguments: source.slice(0, end), execution_status: 'identified' }] };
        await settle(list);
        call ??= deepQueryAll<ToolCallItem>(list, 'tool-call-item')[0];
        call.open = true;
        await settle(list);
        const text = root(call).querySelector('[part="arguments"]')?.textContent ?? '';
        const arriving = root(call).querySelector('.arriving');
        if (end < source.length) {
          expect(arriving?.textContent, `at ${end}`).to.equal('still arriving');
          expect(root(call).querySelector('[part="arguments"] .json-tree'), `a tree at ${end}`).to.exist;
        } else {
          expect(arriving, 'whole arguments').to.equal(null);
          expect(text).to.contain('node_modules');
        }
      }
      expect(root(call!).querySelector('[part="arguments-summary"]')!.textContent).to.equal('/srv/app/config.yaml');
      await expect(call!).to.be.accessible();
    } finally {
      list.remove();
    }
  });

  it('shows arguments that never parse as the text they are once the call has run', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'completed' }, { arguments: '{"path": "/tm' }));
    el.open = true;
    await el.updateComplete;
    expect(root(el).querySelector('.arriving')).to.equal(null);
    expect(root(el).querySelector('pre[part="arguments"]')!.textContent).to.equal('{"path": "/tm');
  });
});

describe('tool-call-item: its result inside', () => {
  it('names the tool once: the result inside a call says "Tool result", not the tool again', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'failed', metadata: { error: 'timeout' } }), {
      result: result({ is_error: true, content: 'timeout after 30 s' }),
    });
    el.open = true;
    await settle(el);
    const inside = root(el).querySelector('tool-result-item')!;
    expect(inside.shadowRoot!.querySelector('.name')!.textContent).to.equal('Tool result');
    expect(root(el).querySelector('[part="label"]')!.textContent).to.equal('List files');
    const alone = await mountItem('tool-result-item', result());
    expect(alone.shadowRoot!.querySelector('.name')!.textContent).to.equal('List files');
  });
});

describe('tool-call-item: one header line', () => {
  const LONG = 'Deleting the memories file from the long-term store of the assistant';
  const centre = (el: Element, selector: string) => {
    const box = root(el).querySelector(selector)!.getBoundingClientRect();
    return box.top + box.height / 2;
  };

  for (const width of [320, 390]) {
    it(`keeps chevron, label and status on one line at ${width} px, the label cut with its whole text kept`, async () => {
      const waiting = call(
        { status: 'interrupted', metadata: { display_text: 'Task awaiting approval' } },
        { name: 'delete_file', display_text: LONG, arguments: { file_path: '/Memories/dad_jokes.txt' } },
      );
      for (const item of [waiting, call({ status: 'completed' }, { display_text: LONG })]) {
        const el = await mountItem('tool-call-item', item, { approvals: true });
        el.style.width = `${width}px`;
        await settle(el);
        const label = root(el).querySelector<HTMLElement>('[part="label"]')!;
        const line = centre(el, '[part="label"]');
        expect(Math.abs(centre(el, '[part="status"]') - line), 'the status beside the label').to.be.below(4);
        expect(Math.abs(centre(el, '.chevron') - line), 'the chevron beside the label').to.be.below(4);
        expect(label.scrollWidth, 'the label is cut').to.be.greaterThan(label.clientWidth);
        expect(getComputedStyle(label).textOverflow).to.equal('ellipsis');
        expect([label.title, label.textContent], 'whole on hover and to assistive technology').to.deep.equal([LONG, LONG]);
        const summary = root(el).querySelector('summary')!.getBoundingClientRect();
        expect(root(el).querySelector('[part="status"]')!.getBoundingClientRect().right, 'inside the card').to.be.at.most(summary.right);
        await expect(el).to.be.accessible();
      }
    });
  }

  it('shows a hostile label and argument as text, in the header and its tooltips', async () => {
    const attack = '<img src=x onerror="window.__pwned=true">';
    const el = await mountItem('tool-call-item', call({}, { display_text: `Search ${attack}`, arguments: { query: `${attack}<script>` } }));
    expect(root(el).querySelector('img')).to.equal(null);
    expect(root(el).querySelector('[part="label"]')!.getAttribute('title')).to.equal(`Search ${attack}`);
    expect(root(el).querySelector('[part="arguments-summary"]')!.textContent).to.equal(`${attack}<script>`);
    expect((window as { __pwned?: boolean }).__pwned).to.equal(undefined);
  });

  it('never repeats the raw name under the label', async () => {
    const el = await mountItem('tool-call-item', call({}, { name: 'web_search', display_text: 'Searching the web', arguments: { query: 'elixir' } }), { open: true });
    expect(root(el).querySelector('[part="body"]')!.textContent).not.to.contain('web_search');
    expect(summaryText(el)).to.equal('Searching the web Done elixir');
  });

  it('says a result\'s outcome once: inside its call, the call\'s status says it', async () => {
    const el = await mountItem('tool-call-item', call({ status: 'failed', metadata: { hitl_decision: 'approved' } }), {
      result: result({ is_error: true, content: 'disk full', hitl_decision: 'approved' }),
      open: true,
    });
    await settle(el);
    const inside = root(el).querySelector('tool-result-item')!;
    expect(inside.shadowRoot!.querySelectorAll('[part~="badge"]')).to.have.length(0);
    const alone = await mountItem('tool-result-item', result({ hitl_decision: 'edit_first' }));
    expect(alone.shadowRoot!.querySelector('[part~="badge"]')!.textContent, 'a decision of the host\'s own, in words').to.equal('Edit first');
  });
});
