import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor } from 'storybook/test';
import type { MessageList, ThinkingItem, ToolApprovalEvent, ToolCallItem, ToolViewContext } from '../src/index.js';
import hitl from '../test/fixtures/sagents-hitl-file-delete.json';
import { animationsDone, deepQueryAll, deepText, expectText, settled } from './support/dom.js';
import { deepActiveElement, press } from './support/keyboard.js';
import { longConversation, row, userText, type Row } from './support/items.js';

/**
 * What an agent did, in a form people can act on (issue 19): calls whose run is over read "Did
 * not finish", calls waiting for a person offer Approve and Decline, reasoning and tools say how
 * long they took and messages what they cost (all from storage), a host's own views of its tools,
 * and find in the conversation.
 */
const meta = {
  title: 'Features/Agent activity',
  component: 'message-list',
} satisfies Meta;

export default meta;
type Story = StoryObj;

const rows = hitl as Row[];
const listIn = (canvas: HTMLElement) => canvas.querySelector<MessageList>('message-list')!;
const callOf = (list: Element, callId: string) =>
  deepQueryAll<ToolCallItem>(list, 'tool-call-item').find((call) => (call.item as { toolCallId?: string }).toolCallId === callId)!;
const later = (text: string): Row => ({ ...userText(text, { id: 'later' }), inserted_at: '2026-08-20T17:05:00.000001Z' });
/** The fixture's delete, waiting for approval as Sagents stores it. */
const waiting = (): Row[] => [...rows.slice(0, 6), { ...rows[6], status: 'interrupted', metadata: { display_text: 'Task awaiting approval' } }];
const listOf = (args: Record<string, unknown>) =>
  html`<message-list style="height: 80vh" .items=${args.items} ?approvals=${args.approvals === true}></message-list>`;

/** The user moved on while the delete was pending: it never ran, and says so — no spinner. */
export const DidNotFinish: Story = {
  args: { items: [...rows, later('Never mind, keep them.')] },
  render: listOf,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const call = callOf(list, 'toolu_02');
    await expect(call.status).toBe('incomplete');
    await expectText(call, 'Did not finish');
    await expect(call.shadowRoot!.querySelectorAll('.status-icon.executing, .status-icon.pending').length).toBe(0);
  },
};

/**
 * The run was cancelled: the call did not finish, the host's notice and one quiet mark say why;
 * the card does not say it again.
 */
export const CancelledRun: Story = {
  args: {
    items: [...rows, { ...row('system', 'notification', { text: 'Agent execution cancelled.', stop_reason: 'cancelled' }), inserted_at: '2026-08-20T17:05:00.000001Z' }],
  },
  render: listOf,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await expectText(callOf(list, 'toolu_02'), 'Did not finish');
    await expectText(list, ['Agent execution cancelled.', 'You stopped this response']);
    await expect(deepText(callOf(list, 'toolu_02'))).not.toMatch(/cancel/i);
    await expect(deepText(list).match(/cancel/gi)?.length ?? 0).toBeLessThanOrEqual(2);
    await expect(deepQueryAll(list, 'stop-mark')).toHaveLength(1);
  },
};

/** The stream died with no saved rows: the draft stays, stopped, its call not running. */
export const StoppedDraft: Story = {
  args: { items: rows.slice(0, 1) },
  render: (args) => html`<message-list style="height: 80vh" .items=${args.items}
    .draft=${{
      thinking: 'List the files first.',
      text: 'Let me look for the file.',
      tool_calls: [{ call_id: 'd1', name: 'list_files', arguments: {}, execution_status: 'executing', display_text: 'Listing files' }],
      stop_reason: 'stream_error',
    }}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    await expect(callOf(list, 'd1').status).toBe('incomplete');
    await expectText(list, 'The response failed before it finished');
  },
};

/** Waiting for a person: Approve and Decline in place, by keyboard; the choice fires `tool-approval`. */
export const ApprovalWaiting: Story = {
  args: { items: waiting(), approvals: true },
  render: listOf,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const call = callOf(list, 'toolu_02');
    const approve = call.shadowRoot!.querySelector<HTMLButtonElement>('[part~="approve-button"]')!;
    await expect(call.shadowRoot!.querySelector('[part="approval"]')!.getAttribute('aria-label')).toBe('Deleting file: approve or decline?');
    const heard: ToolApprovalEvent[] = [];
    list.addEventListener('tool-approval', (event) => heard.push(event));
    approve.focus();
    await expect(deepActiveElement()).toBe(approve);
    await press('Enter');
    await waitFor(() => expect(heard.map((event) => [event.callId, event.decision])).toEqual([['toolu_02', 'approved']]));
    await expectText(call, 'Sent: Approve');
    await animationsDone(list);
  },
};

/** The stored decision after a reload: shown beside the status, no buttons. */
export const ApprovalStored: Story = {
  args: {
    items: [
      ...rows.slice(0, 6),
      { ...rows[6], status: 'completed', metadata: { display_text: 'Task awaiting approval', hitl_decision: 'approved' } },
      {
        ...row('tool', 'tool_result', { tool_call_id: 'toolu_02', name: 'delete_file', content: 'Deleted /Memories/dad_jokes.txt' }, { toolCallId: 'toolu_02' }),
        // Saved 4 s after the call asked, as a person's approval and the tool's run would take.
        inserted_at: '2026-08-20T17:03:20.220702Z',
      },
    ],
    approvals: true,
  },
  render: listOf,
  play: async ({ canvasElement }) => {
    const call = callOf(listIn(canvasElement), 'toolu_02');
    await expectText(call, ['Done', 'Approved']);
    await expect(call.shadowRoot!.querySelector('[part="approval"]')).toBeNull();
  },
};

/** Reasoning and tools say how long they took, and each message what it cost — from the rows. */
export const TimeAndUsage: Story = {
  args: {
    items: rows.map((each) =>
      each.message_type === 'assistant'
        ? { ...each, metadata: { ...(each.metadata as object), usage: { input_tokens: 1840, output_tokens: 96, input_token_details: { cache_read: 1500 }, cost: 0.0042 } } }
        : each,
    ),
  },
  render: (args) => html`<message-list style="height: 80vh" .items=${args.items}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const [thinking] = deepQueryAll<ThinkingItem>(list, 'thinking-item');
    await expectText(thinking, 'Thought for 2.5 s');
    await expectText(callOf(list, 'toolu_01'), '0.3 s');
    await expectText(list, '1,936 tokens · $0.0042');
    await expect(list.usage).toMatchObject({ messages: 2, total: 3872 });
  },
};

/** A host's own view of `list_files` (a Lit template here), with "Show raw" for the default body. */
export const CustomToolView: Story = {
  args: { items: rows },
  render: (args) => html`<message-list style="height: 80vh" .items=${args.items} .toolViews=${{
    list_files: ({ result, status }: ToolViewContext) => html`<div style="border: 1px dashed currentColor; padding: 0.5rem">
      <strong>${status}</strong>
      <ul>${(result?.output ?? '').split('\n').filter(Boolean).map((file) => html`<li>${file}</li>`)}</ul>
    </div>`,
  }}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    await waitFor(() => expect(list.querySelectorAll('[data-dk-tool-view] li').length).toBe(3));
    const call = callOf(list, 'toolu_01');
    const raw = call.shadowRoot!.querySelector<HTMLButtonElement>('[part~="raw-button"]')!;
    raw.click();
    await expectText(call, 'Arguments');
  },
};

/** Find: every message, with what collapsed reasoning holds; "2 of 3" and the match in view. */
export const Find: Story = {
  args: { items: rows },
  render: (args) => html`<message-list style="height: 60vh" .items=${args.items}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    await list.openFind();
    await list.find('dad jokes');
    await list.findNext();
    await waitFor(() => expect(list.shadowRoot!.querySelector('[part="find-count"]')!.textContent!.trim()).toMatch(/^\d of 3$/));
    const [thinking] = deepQueryAll<ThinkingItem>(list, 'thinking-item');
    await expect(thinking.open).toBe(true);
  },
};

/** Find in a long history, most of it not mounted yet: the count is right at once. */
export const FindInLongHistory: Story = {
  args: { items: longConversation(120) },
  // A long history comes to rest where find left it, a few pixels apart from run to run in
  // WebKit: no baseline screenshot (scripts/test/visual.mjs).
  tags: ['no-screenshot'],
  parameters: {
    // Items far above the viewport stay dormant, unstyled until they near it (wake-controller.ts),
    // so their buttons show the engine's own colours where nobody sees them: WebKit's dark ones
    // (white on #c0c0c0) fail axe's contrast rule. Contrast is checked in every other story.
    a11y: { config: { rules: [{ id: 'color-contrast', enabled: false }] } },
  },
  render: (args) => html`<message-list style="height: 60vh" .items=${args.items}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const { count } = await list.find('turn 7:');
    await expect(count).toBe(1);
    await list.openFind();
    await waitFor(() => expect(list.shadowRoot!.querySelector('[part="find-count"]')!.textContent!.trim()).toBe('1 of 1'));
  },
};
