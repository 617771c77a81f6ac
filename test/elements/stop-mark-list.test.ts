import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { StopMark } from '../../src/elements/stop-mark/stop-mark.js';
import { StopActionEvent } from '../../src/events.js';
import { deepQueryAll, deepText, loadFixture, mountList, settle, type Row } from '../helpers.js';

const user = (id: string, text: string): Row => ({ id, message_type: 'user', content_type: 'text', content: { text } });
const stopped = (id: string, text: string, stop_reason: string, more: Record<string, unknown> = {}): Row => ({
  id, message_type: 'assistant', content_type: 'text', content: { text, stop_reason, ...more },
});
const call = (id: string, callId: string, stop_reason?: string): Row => ({
  id, message_type: 'assistant', content_type: 'tool_call', status: 'executing',
  content: { call_id: callId, name: 'list_files', arguments: {}, ...(stop_reason ? { stop_reason } : {}) },
});

const rows: Row[] = [
  user('u1', 'Write the whole history.'),
  stopped('a1', 'Elixir was created in', 'max_tokens'),
  user('u2', 'Again.'),
  stopped('a2', 'Partial answ', 'stream_error', { stop_details: { type: 'error', category: 'overloaded_error', explanation: 'Overloaded' } }),
  user('u3', 'Again.'),
  stopped('a3', 'Elixir', 'cancelled'),
  user('u4', 'Two tools.'),
  call('a4', 'c1'),
  call('a5', 'c2', 'length'),
];

const marks = (el: HTMLElement) => deepQueryAll<StopMark>(el, 'stop-mark');
/** The button a mark offers, by the reason of its stop. */
const offered = (el: HTMLElement): Record<string, HTMLButtonElement | null> =>
  Object.fromEntries(marks(el).map((mark) => [mark.reason, mark.shadowRoot!.querySelector<HTMLButtonElement>('button')]));

describe('stop marks in a list', () => {
  it('shows one mark per stopped message, and no action unless the host asks', async () => {
    const el = await mountList(rows);
    expect(marks(el).map((mark) => mark.reason).sort()).to.deep.equal(['cancelled', 'length', 'max_tokens', 'stream_error']);
    expect(Object.values(offered(el)).filter(Boolean)).to.have.length(0);
    await expect(el).to.be.accessible();
  });

  it('passes stop-actions down to every mark, the one after a group of calls too', async () => {
    const el = await mountList(rows);
    el.setAttribute('stop-actions', 'continue retry');
    await settle(el);
    expect(el.stopActions).to.equal('continue retry');
    const words = Object.entries(offered(el)).map(([reason, button]) => [reason, button?.textContent!.trim() ?? null]);
    expect(Object.fromEntries(words)).to.deep.equal({ max_tokens: 'Continue', stream_error: 'Retry', cancelled: null, length: 'Continue' });
    await expect(el).to.be.accessible();
  });

  it('fires stop-action out of the list with the stopped row, by click and by keyboard', async () => {
    const el = await mountList(rows, { stopActions: 'continue retry' });
    const events: StopActionEvent[] = [];
    el.addEventListener('stop-action', (event) => events.push(event));
    offered(el).max_tokens!.click();
    offered(el).stream_error!.focus();
    await sendKeys({ press: ' ' });
    expect(events.every((event) => event instanceof StopActionEvent)).to.equal(true);
    expect(events.map((event) => [event.action, event.reason, event.itemId])).to.deep.equal([
      ['continue', 'max_tokens', 'a1'],
      ['retry', 'stream_error', 'a2'],
    ]);
  });

  it('says a cancelled run once: the call did not finish, the notice and one quiet mark say why', async () => {
    const notice: Row = {
      id: 'r8', message_type: 'system', content_type: 'notification', content: { text: 'Agent execution cancelled.', stop_reason: 'cancelled' },
      inserted_at: '2026-08-20T17:05:00.000001Z',
    };
    const el = await mountList([...(await loadFixture('sagents-hitl-file-delete')), notice]);
    const text = deepText(el.shadowRoot!);
    expect(text).to.contain('Did not finish');
    expect(text.match(/cancel/gi) ?? [], text).to.have.length.at.most(2);
    expect(marks(el)).to.have.length(1);
    expect(marks(el)[0].shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!.dataset.severity).to.equal('quiet');
  });
});
