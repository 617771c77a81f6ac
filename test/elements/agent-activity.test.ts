import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { ToolCallItem } from '../../src/elements/tool-call-item/tool-call-item.js';
import type { ThinkingItem } from '../../src/elements/thinking-item/thinking-item.js';
import { germanStrings } from '../../src/i18n/locales/de.js';
import { deepQueryAll, loadFixture, mountItem, mountList, settle, type Row } from '../helpers.js';
import { nextEvent } from '../waits.js';

const callOf = (el: MessageList, callId: string) =>
  deepQueryAll<ToolCallItem>(el, 'tool-call-item').find((call) => (call.item as { toolCallId: string }).toolCallId === callId)!;
const summaryText = (call: ToolCallItem) => call.shadowRoot!.querySelector('summary')!.textContent!.replace(/\s+/g, ' ').trim();
/** Nothing in the call spins: no running or pending icon, whatever its row says. */
const spinners = (call: ToolCallItem) => call.shadowRoot!.querySelectorAll('.status-icon.executing, .status-icon.pending').length;

const laterUser: Row = {
  id: 'r8', message_type: 'user', content_type: 'text', sequence: 0, status: 'completed', content: { text: 'Never mind.' },
  metadata: {}, inserted_at: '2026-08-20T17:05:00.000001Z',
};
const cancelledNotice: Row = {
  id: 'r8', message_type: 'system', content_type: 'notification', sequence: 0, content: { text: 'Agent execution cancelled.', stop_reason: 'cancelled' },
  inserted_at: '2026-08-20T17:05:00.000001Z',
};

describe('honest lifecycles in the list', () => {
  it('shows the waiting delete as pending while it is the newest thing said', async () => {
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'));
    const call = callOf(el, 'toolu_02');
    expect(call.status).to.equal('pending');
    expect(call.matches(':state(pending)')).to.equal(true);
  });

  it('never shows a spinner for a call left pending in a conversation that moved on', async () => {
    const el = await mountList([...(await loadFixture('sagents-hitl-file-delete')), laterUser]);
    const call = callOf(el, 'toolu_02');
    expect(call.status).to.equal('incomplete');
    expect(call.matches(':state(incomplete)')).to.equal(true);
    expect(summaryText(call)).to.contain('Did not finish');
    expect(spinners(call)).to.equal(0);
    await expect(el).to.be.accessible();
  });

  it('says it did not finish when a cancellation notice follows, once, and turns back when its row arrives finished', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const el = await mountList([...rows, cancelledNotice]);
    const call = callOf(el, 'toolu_02');
    expect(summaryText(call)).to.contain('Did not finish');
    // The notice and its mark say why; the card does not say it again.
    expect(summaryText(call)).not.to.match(/cancel|stopped/i);
    expect(deepQueryAll(el, 'stop-mark')).to.have.length(1);
    el.upsert({ ...rows[6], status: 'cancelled' });
    await settle(el);
    expect(call.status).to.equal('cancelled');
  });

  it('reads a running call in a message that stopped as not finished, with the stop mark under it', async () => {
    const el = await mountList([
      { id: 'u', message_type: 'user', content_type: 'text', content: { text: 'Go' } },
      { id: 'c', message_type: 'assistant', content_type: 'tool_call', status: 'executing', tool_call_id: 'x', content: { call_id: 'x', name: 'fetch', arguments: {}, stop_reason: 'stream_error' } },
    ]);
    const call = callOf(el, 'x');
    expect(call.status).to.equal('incomplete');
    expect(spinners(call)).to.equal(0);
    // The mark right under the call names the reason; the status does not repeat it.
    expect(summaryText(call)).not.to.contain('Interrupted');
    expect(deepQueryAll(el, 'stop-mark')).to.have.length(1);
  });

  it('ends a draft whose stream ended without saved rows: stopped, its calls not finished, nothing streaming', async () => {
    const el = await mountList([{ id: 'u', message_type: 'user', content_type: 'text', content: { text: 'Go' } }]);
    el.draft = { text: 'Reading the file', tool_calls: [{ call_id: 'd1', name: 'read_file', arguments: {}, execution_status: 'executing' }] };
    await settle(el);
    const log = el.shadowRoot!.querySelector('[part="log"]')!;
    expect(log.getAttribute('aria-busy')).to.equal('true');
    expect(callOf(el, 'd1').status).to.equal('executing');
    el.draft = { ...(el.draft as object), stop_reason: 'stream_error' };
    await settle(el);
    const call = callOf(el, 'd1');
    expect(call.status).to.equal('incomplete');
    expect(spinners(call)).to.equal(0);
    expect(log.getAttribute('aria-busy')).to.equal('false');
    expect(deepQueryAll(el, 'text-item[streaming]')).to.have.length(0);
    expect(el.shadowRoot!.querySelector('[role="status"][aria-live]')!.textContent!.trim()).to.equal('The response failed before it finished');
    const draft = el.shadowRoot!.querySelector('article[data-key="draft"]')!;
    expect(draft.hasAttribute('data-streaming')).to.equal(false);
    expect(draft.hasAttribute('data-unfinished')).to.equal(true);
  });
});

describe('approvals in place', () => {
  /** The fixture's delete, now waiting for approval as Sagents stores it. */
  async function waiting(properties: Partial<MessageList> = {}): Promise<{ el: MessageList; rows: Row[] }> {
    const rows = await loadFixture('sagents-hitl-file-delete');
    rows[6] = { ...rows[6], status: 'interrupted', metadata: { display_text: 'Task awaiting approval' } };
    return { el: await mountList(rows, { approvals: true, ...properties }), rows };
  }
  const buttons = (call: ToolCallItem) => Array.from(call.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="approval"] button'));

  it('offers Approve and Decline on the waiting call, named for it, and nowhere else', async () => {
    const { el } = await waiting();
    const call = callOf(el, 'toolu_02');
    expect(call.matches(':state(awaiting-approval)')).to.equal(true);
    const group = call.shadowRoot!.querySelector('[part="approval"]')!;
    expect(group.getAttribute('role')).to.equal('group');
    expect(group.getAttribute('aria-label')).to.equal('Deleting file: approve or decline?');
    expect(buttons(call).map((button) => button.textContent!.trim())).to.deep.equal(['Approve', 'Decline']);
    expect(buttons(callOf(el, 'toolu_01'))).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('fires tool-approval with the call and the decision, once, and says it was sent', async () => {
    const { el } = await waiting();
    const call = callOf(el, 'toolu_02');
    const heard: string[] = [];
    el.addEventListener('tool-approval', (event) => heard.push(event.decision));
    const approval = nextEvent(el, 'tool-approval');
    buttons(call)[0].click();
    const event = await approval;
    expect([event.callId, event.decision, event.name, event.itemId, event.bubbles, event.composed]).to.deep.equal(['toolu_02', 'approved', 'delete_file', 'r7', true, true]);
    await settle(el);
    buttons(call)[1].click();
    await settle(el);
    expect(heard).to.deep.equal(['approved']);
    expect(buttons(call).every((button) => button.getAttribute('aria-disabled') === 'true')).to.equal(true);
    expect(call.shadowRoot!.querySelector('[part="approval"] [role="status"]')!.textContent).to.equal('Sent: Approve');
  });

  it('works from the keyboard, and leaves focus on the call when the stored decision takes the buttons away', async () => {
    const { el, rows } = await waiting();
    const call = callOf(el, 'toolu_02');
    buttons(call)[1].focus();
    const declined = nextEvent(el, 'tool-approval');
    await sendKeys({ press: 'Enter' });
    expect((await declined).decision).to.equal('rejected');
    el.upsert([
      { ...rows[6], status: 'failed', metadata: { display_text: 'Task awaiting approval', hitl_decision: 'rejected' } },
      { id: 'r8', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'toolu_02', inserted_at: '2026-08-20T17:04:00.000001Z',
        content: { tool_call_id: 'toolu_02', name: 'delete_file', content: 'The user declined.', is_error: true, hitl_decision: 'rejected' } },
    ]);
    await settle(el);
    expect(buttons(call)).to.have.length(0);
    expect(call.status).to.equal('declined');
    expect(call.shadowRoot!.activeElement?.localName).to.equal('summary');
  });

  it('shows the stored decision after a reload, without buttons', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    rows[6] = { ...rows[6], status: 'completed', metadata: { display_text: 'Task awaiting approval', hitl_decision: 'approved' } };
    const el = await mountList(rows, { approvals: true });
    const call = callOf(el, 'toolu_02');
    expect(buttons(call)).to.have.length(0);
    expect(call.shadowRoot!.querySelector('[part="decision"]')!.textContent).to.equal('Approved');
    expect(summaryText(call)).to.contain('Done');
  });

  it('adds the host\'s own choices, and offers none without `approvals`', async () => {
    const { el } = await waiting({ approvalActions: [{ id: 'edit', label: 'Edit first' }] });
    const call = callOf(el, 'toolu_02');
    expect(buttons(call).map((button) => button.textContent!.trim())).to.deep.equal(['Approve', 'Decline', 'Edit first']);
    const chosen = nextEvent(el, 'tool-approval');
    buttons(call)[2].click();
    expect((await chosen).decision).to.equal('edit');
    el.approvals = false;
    await settle(el);
    expect(buttons(call)).to.have.length(0);
  });

  it('offers none once the conversation moved on', async () => {
    const { el } = await waiting();
    el.upsert(laterUser);
    await settle(el);
    expect(buttons(callOf(el, 'toolu_02'))).to.have.length(0);
  });
});

describe('time and usage from storage', () => {
  it('says how long the reasoning and the tools took, from the rows\' timestamps', async () => {
    const el = await mountList(await loadFixture('sagents-hitl-file-delete'));
    const [thinking] = deepQueryAll<ThinkingItem>(el, 'thinking-item');
    expect(thinking.shadowRoot!.querySelector('summary')!.textContent!.trim()).to.equal('Thought for 2.5 s');
    expect(callOf(el, 'toolu_01').shadowRoot!.querySelector('[part="duration"]')!.textContent).to.equal('took 0.3 s0.3 s');
    // Still pending: no duration, never a clock.
    expect(callOf(el, 'toolu_02').shadowRoot!.querySelector('[part="duration"]')).to.equal(null);
  });

  it('reads a stored span, and says "Thinking…" while streaming', async () => {
    const item = { type: 'thinking', content: { text: 'Hmm' }, metadata: { duration_ms: 12_000 } };
    const thinking = await mountItem('thinking-item', item);
    expect(thinking.shadowRoot!.querySelector('summary')!.textContent!.trim()).to.equal('Thought for 12 s');
    thinking.streaming = true;
    await settle(thinking);
    expect(thinking.shadowRoot!.querySelector('summary')!.textContent!.trim()).to.equal('Thinking…');
    thinking.streaming = false;
    thinking.strings = germanStrings;
    await settle(thinking);
    expect(thinking.shadowRoot!.querySelector('summary')!.textContent!.trim()).to.equal('12 s nachgedacht');
  });

  it('shows each message\'s tokens and cost, and sums the conversation', async () => {
    const usage = { input_tokens: 1200, output_tokens: 80, total_tokens: 1280, input_token_details: { cache_read: 1000 }, cost: 0.0123 };
    const el = await mountList([
      { id: 'u', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Hi' } },
      { id: 'a1', message_type: 'assistant', content_type: 'thinking', sequence: 0, content: { text: 'Hmm' }, metadata: { usage } },
      { id: 'a2', message_type: 'assistant', content_type: 'text', sequence: 1, content: { text: 'Hello' }, metadata: { usage } },
      { id: 'u2', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'More' } },
      { id: 'a3', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: 'Sure' }, metadata: { usage: { input_tokens: 20, output_tokens: 5 } } },
    ]);
    const shown = Array.from(el.shadowRoot!.querySelectorAll('[part="usage"]'));
    expect(shown.map((part) => part.textContent!.replace(/\s+/g, ' ').trim())).to.deep.equal([
      '1,280 tokens · $0.0123 (1,200 input · 80 output · 1,000 cached)',
      '25 tokens (20 input · 5 output)',
    ]);
    expect(shown[0].getAttribute('title')).to.equal('1,200 input · 80 output · 1,000 cached');
    expect(el.usage).to.deep.include({ messages: 2, input: 1220, output: 85, total: 1305, cost: 0.0123, currency: 'USD' });
    await expect(el).to.be.accessible();
  });

  it('keep a number before its unit in right-to-left text', async () => {
    const el = await mountList([
      { id: 'a', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: 'مرحبا' }, metadata: { usage: { input_tokens: 1200, output_tokens: 84 } } },
      ...(await loadFixture('sagents-hitl-file-delete')),
    ]);
    el.dir = 'rtl';
    await settle(el);
    /** Where the first character of `word` starts, from the left, in the text under `root`. */
    const leftOf = (root: Node, word: string) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(word);
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + 1);
        return range.getBoundingClientRect().left;
      }
      throw new Error(`no "${word}"`);
    };
    const usage = el.shadowRoot!.querySelector('[part="usage"]')!;
    expect(leftOf(usage, '1,284'), '"1,284 tokens" reads as written').to.be.below(leftOf(usage, 'tokens'));
    const duration = callOf(el, 'toolu_01').shadowRoot!.querySelector('[part="duration"] [aria-hidden]')!;
    expect(leftOf(duration, '0.3'), '"0.3 s" reads as written').to.be.below(leftOf(duration, ' s'));
  });
});
