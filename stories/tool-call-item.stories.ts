import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import { deepText, expectText, inShadow, settled } from './support/dom.js';
import { deepActiveElement, expectOpen, focusStart, press, tabTo } from './support/keyboard.js';
import { callIdOf, toolCall, toolResult, withStop, type ToolStatus } from './support/items.js';
import { germanStrings } from '../src/i18n/locales/de.js';
import { apiCheckStory } from './support/api-checks.js';
import { ElementDocsPage } from './support/element-docs.js';

/** Tool cards in grey, square, with the arguments in a box of their own. */
const CUSTOMIZING = `
tool-call-item {
  --dk-tool-call-background: light-dark(#f3f4f6, #1f2937);
  --dk-tool-call-border: light-dark(#d1d5db, #374151);
  --dk-tool-arguments-background: light-dark(#ffffff, #111827);
}
tool-call-item::part(base) {
  border-radius: 0;
}
tool-call-item::part(label) {
  font-weight: 600;
}
tool-call-item:state(awaiting-approval)::part(base) {
  border-color: var(--dk-color-warning);
}
`;

const meta = {
  title: 'Elements/tool-call-item',
  component: 'tool-call-item',
  // The URL policy applies to Markdown, and a call shows none (its result is text or JSON): the
  // rows stay in the table, with no control that would change nothing.
  argTypes: { 'image-origins': { control: false }, 'link-target': { control: false }, linkSchemes: { control: false } },
  parameters: { docs: { page: ElementDocsPage }, customizing: CUSTOMIZING },
} satisfies Meta;

export default meta;
type Story = StoryObj;

const search = toolCall('completed', { callId: 'play-1', name: 'search', displayText: null, args: { q: 'hiking trails Zurich', limit: 3 } });
const waiting = toolCall('interrupted', { name: 'delete_file', displayText: 'Deleting file', args: { file_path: '/Memories/dad_jokes.txt' } });

/** Every control, on an opened call with its arguments and its result. */
export const Playground: Story = {
  args: {
    item: search,
    result: toolResult(callIdOf(search), JSON.stringify({ hits: 2, results: ['Uetliberg', 'Felsenegg'] }), { name: 'search' }),
    open: true,
    'stop-actions': 'continue',
    approvalActions: [],
  },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('tool-call-item')!, ['hiking trails Zurich', 'Uetliberg']);
  },
};

const shell = toolCall('completed', { callId: 'play-shell', name: 'bash', displayText: null, args: { command: 'ls' } });
const terminalScene = { item: shell, result: toolResult(callIdOf(shell), JSON.stringify({ stdout: 'a.txt\nb.txt\n', stderr: '', exit_code: 0 }), { name: 'bash' }) };
const read = toolCall('completed', { callId: 'play-read', name: 'Read', displayText: null, args: { file_path: 'src/area.py' } });
const readScene = { item: read, result: toolResult(callIdOf(read), '     1→def area(r):\n     2→    return 3.14159 * r ** 2\n', { name: 'Read' }) };
const edit = toolCall('completed', { callId: 'play-edit', name: 'Edit', displayText: null, args: { file_path: 'a.js', old_string: 'let a = 1;', new_string: 'let a = 2;' } });
const editScene = { item: edit, result: toolResult(callIdOf(edit), 'Edited.', { name: 'Edit' }) };

/**
 * Not in the sidebar, a test: the docs page lists every member, and every control changes what
 * shows (each on a call it applies to: `ended` on a running one, `approvals` on a waiting one…).
 */
export const ApiCheck: Story = {
  ...apiCheckStory(
    Playground,
    {
      item: toolCall('failed'),
      result: toolResult(callIdOf(search), 'No trails found.', { name: 'search' }),
      ended: 'cancelled',
      'stop-actions': '',
      approvalActions: [{ id: 'later', label: 'Ask me later' }],
      strings: germanStrings,
    },
    {
      ended: { item: toolCall('executing'), result: null },
      approvals: { item: waiting },
      approvalActions: { item: waiting, approvals: true },
      developer: { item: toolCall('failed') },
      raw: { toolViews: { search: () => 'Two trails near Zurich.' } },
      'stop-actions': { item: withStop(search, 'length') },
      'no-stop-mark': { item: withStop(search, 'length') },
      // The built-in views' tokens, on a call that has one.
      '--dk-code-background': readScene,
      '--dk-terminal-background': terminalScene,
      '--dk-terminal-color': terminalScene,
      '--dk-diff-added-background': editScene,
      '--dk-diff-removed-background': editScene,
    },
  ),
  tags: ['!dev', '!autodocs', 'no-screenshot'],
};

/** A story for one status: the status text shows, and (for the ones that ended) the result. */
function statusStory(status: ToolStatus, statusText: string, result?: (callId: string) => unknown): Story {
  const call = toolCall(status, { callId: `call-${status}` });
  return {
    args: { item: call, result: result?.(callIdOf(call)) },
    play: async ({ canvasElement }) => {
      const element = canvasElement.querySelector('tool-call-item')!;
      await expectText(element, statusText);
      await expect(element.status).toBe(status);
      await expect(element.matches(`:state(${status})`)).toBe(true);
    },
  };
}

export const Pending = statusStory('pending', 'Pending');
export const Executing = statusStory('executing', 'Running');
export const Completed = statusStory('completed', 'Done', (id) => toolResult(id, 'Sunny, 21°C'));
/** Failed calls open by default: the error is the first thing read. */
export const Failed = statusStory('failed', 'weather service timeout');
/** Waiting for a person: the status label comes from `metadata.display_text`. */
export const Interrupted = statusStory('interrupted', 'Waiting for user response', (id) =>
  toolResult(id, 'Waiting for user response...', { isInterrupt: true }),
);
export const Cancelled = statusStory('cancelled', 'Cancelled');
/** Failed + `hitl_decision: rejected` reads as declined, not as an error. */
export const Declined = statusStory('declined', 'Declined', (id) => toolResult(id, 'The user declined.', { decision: 'rejected' }));

/** A status string the kit does not know reads as words ("Paused by operator"), never as its code. */
export const UnknownStatus: Story = {
  args: { item: { ...toolCall('completed'), status: 'paused_by_operator' } },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('tool-call-item')!;
    await expectText(element, 'Paused by operator');
    await expect(deepText(element)).not.toContain('paused_by_operator');
  },
};

/**
 * One header line at any width: a long label is cut with an ellipsis (whole in its tooltip and
 * to assistive technology) and the status keeps its place; the query shows beside the label,
 * or under it when the card is narrow.
 */
export const LongLabel: Story = {
  args: {
    item: toolCall('completed', {
      name: 'web_search',
      displayText: 'Searching the web for hiking trails near Zurich with lake views and a train back',
      args: { query: 'hiking trails Zurich lake view train', max_results: 5 },
    }),
  },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('tool-call-item')!;
    await expectText(element, ['Searching the web for hiking trails', 'hiking trails Zurich lake view train', 'Done']);
    await expect(deepText(element)).not.toContain('web_search');
  },
};

/** Opened: arguments as a JSON tree, and the paired result inside. */
export const OpenWithResult: Story = {
  args: {
    open: true,
    item: toolCall('completed', { callId: 'open-1', name: 'search', displayText: null, args: { q: 'elixir', limit: 3, filters: { lang: 'en' } } }),
    result: toolResult('open-1', JSON.stringify({ hits: [{ title: 'elixir-lang.org' }, { title: 'hexdocs.pm' }] }), { name: 'search' }),
  },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('tool-call-item')!, ['Search', 'hexdocs.pm']);
  },
};

export const NoArguments: Story = {
  args: { open: true, item: toolCall('completed', { name: 'list_files', displayText: 'Listing files', args: {} }) },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('tool-call-item')!, 'No arguments');
  },
};

/** Arguments that are not JSON (a model's broken output) show as text. */
export const TextArguments: Story = {
  args: { open: true, item: toolCall('failed', { args: '{"city": "NYC", "units": ' }) },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('tool-call-item')!, '"units":');
  },
};

export const Compact: Story = {
  args: { compact: true, item: toolCall('completed', { name: 'search', args: { q: 'elixir' } }) },
};

/** An `ask_user` call shows its question and options. */
export const AskUser: Story = {
  args: {
    item: toolCall('completed', {
      name: 'ask_user',
      displayText: 'Asking a question',
      args: {
        question: 'Which database should we use?',
        options: [
          { label: 'PostgreSQL', description: 'Relational, battle-tested' },
          { label: 'SQLite', description: 'One file, no server' },
        ],
      },
    }),
  },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('tool-call-item')!, 'Which database should we use?');
  },
};

/** The message stopped at this call: the mark sits after it, outside the disclosure; the call did not finish. */
export const StoppedAtCall: Story = {
  args: { item: withStop(toolCall('executing'), 'cancelled') },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('tool-call-item')!;
    await expectText(element, ['Did not finish', 'You stopped this response']);
    await expect(element.status).toBe('incomplete');
  },
};

/**
 * Its run is over (`ended`, which the list sets once the conversation moved on): never a spinner.
 * Why it ended is the stop mark's to say, where the run stopped; the card does not repeat it.
 */
export const DidNotFinish: Story = {
  args: { item: toolCall('pending', { name: 'delete_file', displayText: 'Deleting file' }), ended: 'cancelled' },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('tool-call-item')!;
    await expectText(element, 'Did not finish');
    await expect(deepText(element)).not.toMatch(/cancel/i);
    await expect(element.matches(':state(incomplete)')).toBe(true);
  },
};

/** Waiting for a person, with `approvals`: Approve, Decline and the host's own choice. */
export const AwaitingApproval: Story = {
  args: {
    approvals: true,
    approvalActions: [{ id: 'edit', label: 'Edit first' }],
    item: toolCall('interrupted', { name: 'delete_file', displayText: 'Deleting file', args: { file_path: '/Memories/dad_jokes.txt' }, metadata: { display_text: 'Task awaiting approval' } }),
  },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('tool-call-item')!;
    await expectText(element, ['Task awaiting approval', 'Approve', 'Decline', 'Edit first']);
    await expect(element.matches(':state(awaiting-approval)')).toBe(true);
  },
};

/** A decision from storage, and how long the call took (from its row to its result's). */
export const ApprovedWithDuration: Story = {
  args: {
    item: { ...toolCall('completed', { callId: 'ok-1', name: 'delete_file', displayText: 'Deleting file', metadata: { hitl_decision: 'approved' } }), inserted_at: '2026-08-20T18:00:00.000001Z' },
    result: { ...toolResult('ok-1', 'Deleted.', { name: 'delete_file' }), inserted_at: '2026-08-20T18:00:12.400001Z' },
  },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('tool-call-item')!, ['Approved', 'took 12 s']);
  },
};

/** Keyboard only: Tab to the summary, Enter opens the details, Enter closes them. */
export const KeyboardDetails: Story = {
  args: {
    item: toolCall('completed', { callId: 'kb-1', name: 'search', args: { q: 'elixir' } }),
    result: toolResult('kb-1', 'Found 3 results'),
  },
  play: async ({ canvasElement, step }) => {
    const element = canvasElement.querySelector('tool-call-item')!;
    const details = await inShadow<HTMLDetailsElement>(element, 'details');
    const summary = await inShadow(element, 'summary');
    const toggles: boolean[] = [];
    element.addEventListener('tool-toggle', (event) => toggles.push(event.open));
    const cleanup = focusStart(canvasElement);
    await step('Tab to the summary', () => tabTo(summary));
    await step('Enter opens the details', async () => {
      await press('Enter');
      await expectOpen(details, true, element);
      await expectText(element, 'Found 3 results');
    });
    await step('Tab reaches the copy button inside', async () => {
      await press('Tab', await inShadow(element, '[part="copy-button"]'));
      await expect(deepActiveElement()?.getAttribute('part')).toBe('copy-button');
    });
    await step('Back on the summary, Enter closes the details', async () => {
      summary.focus();
      await press('Enter');
      await expectOpen(details, false, element);
    });
    await expect(toggles).toEqual([true, false]);
    cleanup();
  },
};

/** With `developer`, a failed call's "Details" button (keyboard: Enter) shows the raw row; readers never see it. */
export const KeyboardFailedDetails: Story = {
  args: {
    developer: true,
    item: toolCall('failed', { callId: 'kb-2', id: 'tool_call-kb-2' }),
    result: toolResult('kb-2', 'weather service timeout', { isError: true }),
  },
  play: async ({ canvasElement }) => {
    const element = canvasElement.querySelector('tool-call-item')!;
    await settled(canvasElement);
    await expect(element.open).toBe(true);
    const button = [...element.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Details')!;
    await expect(button.getAttribute('aria-expanded')).toBe('false');
    button.focus();
    await press('Enter');
    await expectText(element, 'Everything the row holds');
    await expect(button.getAttribute('aria-expanded')).toBe('true');
  },
};

export const Malformed: Story = {
  args: { item: { type: 'tool_call', message_type: 'assistant', content: 'not an object' } },
  play: async ({ canvasElement }) => {
    await expectText(canvasElement.querySelector('tool-call-item')!, 'This item could not be displayed');
  },
};

