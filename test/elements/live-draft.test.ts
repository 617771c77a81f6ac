/**
 * LiveDraft, the list's in-flight draft: when a stream starts and how it ends (what the list
 * announces), and the message it shows beside the saved rows.
 */
import { expect } from '@open-wc/testing';
import { LiveDraft } from '../../src/elements/message-list/controllers/live-draft.js';
import { normalizeItems } from '../../src/model/normalize.js';
import type { Message } from '../../src/model/types.js';

const call = { call_id: 'c1', name: 'list_files', arguments: {}, execution_status: 'executing' };

describe('LiveDraft', () => {
  it('says a stream started once, and that it ended complete when the host clears it', () => {
    const live = new LiveDraft();
    expect(live.streaming).to.equal(false);
    expect(live.set({ text: 'So' }, undefined)).to.equal('started');
    expect(live.streaming).to.equal(true);
    expect(live.set({ text: 'So far' }, undefined)).to.equal(null);
    expect(live.set(null, undefined)).to.deep.equal({ stop: null });
    expect(live.streaming).to.equal(false);
    expect(live.set(null, undefined)).to.equal(null);
  });

  it('says a stream ended with its own stop reason, or else the newest saved message’s', () => {
    const live = new LiveDraft();
    live.set({ text: 'So' }, undefined);
    const stopped = live.set({ text: 'So far', stop_reason: 'max_tokens' }, undefined);
    expect(stopped && stopped !== 'started' && stopped.stop?.reason).to.equal('max_tokens');

    const saved: Message = { key: 'm1', role: 'assistant', items: [], stop: { reason: 'refusal', kind: 'content_filtered', details: null } };
    live.set({ text: 'Again' }, undefined);
    const cleared = live.set(null, saved);
    expect(cleared && cleared !== 'started' && cleared.stop?.reason).to.equal('refusal');
  });

  it('shows as one message without the calls that saved rows already hold', () => {
    const live = new LiveDraft();
    live.set({ text: 'Looking', tool_calls: [call] }, undefined);
    live.show([]);
    expect(live.message?.key).to.equal('draft');
    expect(live.message?.items.map((item) => item.kind)).to.deep.equal(['text', 'tool_call']);

    const savedCall = normalizeItems([{ type: 'tool_call', message_type: 'assistant', content: { call_id: 'c1', name: 'list_files', arguments: {} } }]);
    live.show(savedCall);
    expect(live.message?.items.map((item) => item.kind)).to.deep.equal(['text']);

    live.set({ tool_calls: [call] }, undefined);
    live.show(savedCall);
    expect(live.message).to.equal(null);
  });
});
