import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect } from 'storybook/test';
import { germanStrings } from '../src/i18n/locales/de.js';
import type { DisplayKitStrings, ToolCallItem } from '../src/index.js';
import stopped from '../test/fixtures/sagents-stopped-early.json';
import { animationsDone, deepElements, deepQueryAll, deepText, expectText, settled } from './support/dom.js';
import { brokenImageSettled, frames, until } from '../test/waits.js';
import { expectOpen, focusStart, press, tabTo } from './support/keyboard.js';
import { renderElement } from './support/render.js';
import {
  assistantText,
  hostileConversation,
  longConversation,
  malformedItems,
  MARKDOWN_SAMPLE,
  PIXEL_PNG,
  REFUSAL_CATEGORY_ONLY,
  REFUSAL_EXPLANATION_ONLY,
  REFUSAL_FULL,
  REFUSAL_NO_DETAILS,
  row,
  stoppedText,
  thinking,
  toolCall,
  toolConversation,
  toolResult,
  userText,
  withStop,
  TOOL_STATUSES,
  playgroundConversation,
  type Row,
} from './support/items.js';
import { chunksOf, hasProperty, STREAM_TEXT } from './support/stream.js';
import { apiCheckStory } from './support/api-checks.js';
import { ElementDocsPage } from './support/element-docs.js';
import { NARRATION_DISPLAY_MODES, TOOL_DISPLAY_MODES } from '../src/model/types.js';

/**
 * The list's own look, from outside: its tokens, its parts, and its items' parts through it (each
 * item's part as `<tag>__<part>`), shown on the docs page.
 */
const CUSTOMIZING = `
message-list {
  --dk-message-gap: 1.5rem;
  --dk-list-padding: 1rem;
  --dk-avatar-size: 2rem;
}
message-list::part(role) {
  text-transform: uppercase;
  letter-spacing: 0.06em;
}
/* an item's parts, through the list */
message-list::part(tool-call-item__base) {
  border-radius: 0;
}
message-list::part(text-item__code-block) {
  border: 1px solid var(--dk-color-border);
}
`;

const meta = {
  title: 'Elements/message-list',
  component: 'message-list',
  args: { items: toolConversation(), 'tool-display': 'full' },
  argTypes: {
    'tool-display': { control: 'inline-radio', options: [...TOOL_DISPLAY_MODES] },
    narration: { control: 'inline-radio', options: [...NARRATION_DISPLAY_MODES] },
  },
  parameters: { docs: { page: ElementDocsPage }, customizing: CUSTOMIZING },
} satisfies Meta;

export default meta;
type Story = StoryObj;

const listIn = (canvas: HTMLElement) => canvas.querySelector('message-list')!;

/** Every control, on a conversation with something for each to change. */
export const Playground: Story = {
  args: {
    items: playgroundConversation(),
    draft: null,
    locale: 'en',
    'time-zone': 'UTC',
    'image-origins': '',
    'link-target': '_blank',
    'stop-actions': 'continue',
    messageActions: [{ id: 'pin', label: 'Pin' }],
    participants: { assistant: { name: 'Trail guide' } },
    approvalActions: [],
  },
  render: (args, context) => {
    const list = renderElement(args, context);
    list.style.height = '80vh';
    return list;
  },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    await expectText(list, ['Find a hike near Zurich', 'Trail guide', 'The answer reached its length limit', 'Waiting for user response']);
  },
};

/**
 * Not in the sidebar, a test: every member of custom-elements.json has its own row on the docs
 * page, and every control of the playground changes what the list shows.
 */
export const ApiCheck: Story = {
  ...apiCheckStory(
    Playground,
    {
      items: toolConversation(),
      draft: { text: 'And one more thing' },
      locale: 'de',
      'time-zone': 'Asia/Tokyo',
      'image-origins': '*',
      'link-target': '_self',
      'stop-actions': '',
      messageActions: [],
      participants: {},
      approvalActions: [{ id: 'later', label: 'Ask me later' }],
      linkSchemes: ['https'],
      strings: germanStrings,
    },
    {
      approvalActions: { approvals: true },
      '--dk-caret-color': { draft: { text: 'Still writing' } },
      '--dk-avatar-size': { participants: { assistant: { name: 'Trail guide', avatar: `data:image/png;base64,${PIXEL_PNG}` } } },
    },
  ),
  tags: ['!dev', '!autodocs', 'no-screenshot'],
};

/** `tool-display="full"`: every call with its status, grouped, results inside their calls. */
export const ToolDisplayFull: Story = {
  args: { 'tool-display': 'full' },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const calls = deepQueryAll<ToolCallItem>(list, 'tool-call-item');
    await expect(calls.map((call) => call.status)).toEqual([...TOOL_STATUSES]);
    await expectText(list, '7 tool calls');
  },
};

/** `tool-display="compact"`: one line per call; a click (or Enter) expands it. */
export const ToolDisplayCompact: Story = {
  args: { 'tool-display': 'compact' },
  play: async ({ canvasElement }) => {
    await settled(canvasElement);
    const calls = deepQueryAll(listIn(canvasElement), 'tool-call-item');
    await expect(calls.length).toBe(7);
    await expect(calls.every((call) => call.hasAttribute('compact'))).toBe(true);
  },
};

/** `tool-display="hidden"`: a one-line trace stands in, so nothing vanishes silently. */
export const ToolDisplayHidden: Story = {
  args: { 'tool-display': 'hidden' },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    await expect(deepQueryAll(list, 'tool-call-item').length).toBe(0);
    await expectText(list, '7 tool steps hidden');
  },
};

/** Keyboard only: the tool group's summary closes and reopens the group. */
export const KeyboardToolGroup: Story = {
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const group = deepQueryAll<HTMLDetailsElement>(list, 'details[part~="tool-group"]')[0];
    const summary = group.querySelector('summary')!;
    const cleanup = focusStart(canvasElement);
    await tabTo(summary, 30);
    await press('Enter');
    await expectOpen(group, false);
    await press('Enter');
    await expectOpen(group, true);
    cleanup();
    // Focus in the message faded its actions in: axe reads colours once the fade is over.
    await animationsDone(list);
  },
};

/**
 * Every stop reason, and refusals with full, partial and no details, each ending a message: the
 * reader's cancel quiet, limits as notices, failures as errors, refusals in their own style; no raw
 * reason in any line.
 */
export const EveryStopReason: Story = {
  args: {
    'tool-display': 'full',
    items: [
      userText('Write the whole history.'),
      stoppedText('Elixir was created in 2011 and', 'length'),
      userText('Try again.'),
      stoppedText('Elixir', 'cancelled'),
      userText('Write an exploit.'),
      stoppedText("I can't help with", 'content_filtered', REFUSAL_FULL),
      userText('Again.'),
      stoppedText('I', 'content_filtered', REFUSAL_CATEGORY_ONLY),
      userText('Again.'),
      stoppedText('I', 'content_filtered', REFUSAL_EXPLANATION_ONLY),
      userText('Again.'),
      stoppedText('I', 'content_filtered', REFUSAL_NO_DETAILS),
      userText('Again.'),
      stoppedText('I', 'content_filtered'),
      userText('Hello'),
      stoppedText('Partial answ', 'stream_error'),
      userText('Hello again'),
      stoppedText('Let me pause here', 'pause_turn'),
      userText('Go on.'),
      stoppedText('Waiting on', 'paused_by_operator'),
      userText('Think first.'),
      withStop(thinking('I should start by'), 'length'),
      userText('Use a tool.'),
      withStop(toolCall('executing'), 'cancelled'),
    ],
  },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const unfinished = deepQueryAll(list, 'article[data-unfinished]');
    await expect(unfinished.length).toBe(12);
    await expectText(list, [
      'The answer reached its length limit',
      'You stopped this response',
      'The model declined to answer. Cybersecurity — Declined to assist.',
      'The model declined to answer. Declined to assist.',
      "The provider's content filter stopped this answer",
      'The response failed before it finished',
      'The model paused before finishing',
      'Stopped early',
    ]);
    const severities = deepQueryAll(list, 'stop-mark').map((mark) => mark.shadowRoot!.querySelector<HTMLElement>('[part~="base"]')!.dataset.severity);
    await expect(new Set(severities)).toEqual(new Set(['quiet', 'notice', 'error', 'refusal']));
    for (const label of deepQueryAll(list, '[part="label"]').filter((label) => label.closest('.mark'))) {
      await expect(label.textContent).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    }
  },
};

/**
 * A few hundred generated items; older messages mount in chunks, nothing is dropped.
 *
 * axe checks the whole list with every rule but the two that measure geometry, colour contrast
 * and target size: for each node they check, they measure the whole page, and with 300+ items
 * (most skipped by `content-visibility: auto`) those two take 5–20 s per theme on a 2-core
 * machine. Every kind of item this list holds gets them in the other stories, in both themes.
 */
export const LongConversation: Story = {
  args: { items: longConversation(80) },
  // Its older messages mount in idle time, and where the list comes to rest differs by a subpixel
  // from run to run: no baseline screenshot (scripts/test/visual.mjs).
  tags: ['no-screenshot'],
  parameters: {
    a11y: {
      config: {
        rules: [
          { id: 'color-contrast', enabled: false },
          { id: 'target-size', enabled: false },
        ],
      },
    },
  },
  render: (args) => html`<message-list style="height: 70vh" .items=${args.items}></message-list>`,
  play: async ({ canvasElement, args }) => {
    const list = listIn(canvasElement);
    await expect((args.items as unknown[]).length).toBeGreaterThanOrEqual(300);
    // Older messages mount in chunks above the newest: wait for the very first one.
    await expectText(list, ['Turn 80: what is the state of', 'Turn 1: what is the state of the build?'], 8000);
  },
};

/**
 * The same history in a list with no height of its own: the page scrolls it, and shows its top.
 * The oldest messages paint first and stay where they are while the newer ones mount below them.
 * axe skips the same two rules as above, for the same reason.
 */
export const LongConversationInPage: Story = {
  args: { items: longConversation(80) },
  parameters: LongConversation.parameters,
  render: (args) => html`<message-list .items=${args.items}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement) as HTMLElement & { updateComplete: Promise<unknown> };
    await list.updateComplete;
    const first = list.shadowRoot!.querySelector('article[data-key]')!;
    await settled(first);
    await expect(deepText(first)).toContain('Turn 1: what is the state of the build?');
    await expectText(list, ['Turn 1: what is the state of the build?', 'Turn 80: what is the state of'], 8000);
  },
};

/**
 * A host's own way to a message (a link, its own search, a table of contents): `scrollToMessage`
 * with the id of one of the message's rows. The list mounts it (most of this history is not mounted
 * when the page opens), puts it at the top, gives it focus and stops following; "Jump to latest" goes back. axe
 * skips the same two rules as above, for the same reason.
 */
export const GoToAMessage: Story = {
  args: { items: longConversation(80) },
  tags: ['no-screenshot'],
  parameters: LongConversation.parameters,
  render: (args) => html`<form
      style="display: flex; gap: 0.5rem; align-items: center; margin-block-end: 0.5rem"
      @submit=${(event: SubmitEvent) => {
        event.preventDefault();
        const form = event.currentTarget as HTMLFormElement;
        const turn = Number(new FormData(form).get('turn'));
        // The reader asked to go there: focus goes too, so the keyboard and a screen reader follow.
        void listIn(form.parentElement!).scrollToMessage(`u${turn - 1}`, { focus: true });
      }}
    >
      <label>Turn <input name="turn" type="number" min="1" max="80" value="3" style="inline-size: 5em" /></label>
      <button type="submit">Go</button>
    </form>
    <message-list style="height: 60vh" .items=${args.items}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await list.updateComplete;
    canvasElement.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    const log = list.shadowRoot!.querySelector('.log')!;
    const article = () => list.shadowRoot!.querySelector('article[data-key="m:id:u2"]');
    const atTop = () => Math.abs(article()!.getBoundingClientRect().top - log.getBoundingClientRect().top) <= 1;
    await until(() => article() !== null && atTop(), 'turn 3 at the top of the list');
    await settled(article()!);
    await expect(deepText(article()!)).toContain('Turn 3: what is the state of');
    // Read as frames show it: a read between two frames may see older messages just mounted above,
    // before the list puts the place back in the next frame (one run in four, in Firefox).
    await until(atTop, 'turn 3 at the top once its message settled');
    await expect(list.shadowRoot!.querySelector('[part="jump-button"]')).not.toBeNull();
    await until(() => list.shadowRoot!.activeElement === article(), 'turn 3 has focus');
  },
};

/** A tab chosen: it alone is selected, and its panel alone is shown. */
function chooseTab(event: Event): void {
  const chosen = event.currentTarget as HTMLElement;
  const root = chosen.closest('.tabs')!;
  for (const tab of root.querySelectorAll<HTMLElement>('[role="tab"]')) {
    const selected = tab === chosen;
    tab.setAttribute('aria-selected', String(selected));
    tab.style.fontWeight = selected ? 'bold' : '';
    root.querySelector<HTMLElement>(`#${tab.getAttribute('aria-controls')}`)!.hidden = !selected;
  }
}

/**
 * The same history in a list with no height, in a tab not chosen at first, as a page shows a
 * conversation beside other views (or in a dialog not open yet). Hidden, the list mounts it newest
 * first; chosen, the page shows the conversation's top: the oldest messages paint in the frame that
 * shows the tab, and stay where they are while the rest mount below them. axe skips the same two
 * rules as above, for the same reason.
 */
export const LongConversationInATab: Story = {
  args: { items: longConversation(80) },
  parameters: LongConversation.parameters,
  render: (args) => html`<div class="tabs">
    <div role="tablist" aria-label="Views of the run" style="display: flex; gap: 0.5rem; margin-block-end: 1rem">
      <button type="button" role="tab" id="tab-summary" aria-selected="true" aria-controls="panel-summary" style="font-weight: bold" @click=${chooseTab}>Summary</button>
      <button type="button" role="tab" id="tab-conversation" aria-selected="false" aria-controls="panel-conversation" @click=${chooseTab}>Conversation</button>
    </div>
    <div role="tabpanel" id="panel-summary" aria-labelledby="tab-summary"><p>Eighty turns on the state of the build.</p></div>
    <div role="tabpanel" id="panel-conversation" aria-labelledby="tab-conversation" hidden><message-list .items=${args.items}></message-list></div>
  </div>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement) as HTMLElement & { updateComplete: Promise<unknown> };
    await list.updateComplete;
    canvasElement.querySelector<HTMLElement>('#tab-conversation')!.click();
    await frames(2);
    const first = list.shadowRoot!.querySelector('article[data-key]')!;
    await settled(first);
    await expect(deepText(first)).toContain('Turn 1: what is the state of the build?');
    await expectText(list, ['Turn 1: what is the state of the build?', 'Turn 80: what is the state of'], 8000);
  },
};

/**
 * Streaming: a live host's in-flight message grows (thinking, then text, then a tool call),
 * then the saved rows replace it. Uses the list's `draft` when it has one, else grows the rows.
 */
export const Streaming: Story = {
  args: { items: [userText('Plan the orders migration.', { id: 's-u1' })] },
  render: (args) => html`<message-list style="height: 70vh" .items=${args.items}></message-list>`,
  play: async ({ canvasElement, args }) => {
    const list = listIn(canvasElement) as HTMLElement & { items: unknown[]; draft?: unknown };
    const base = args.items as Row[];
    const thought = 'Read the schema, then write the migration, then test it on a copy.';
    const tick = () => frames(2);
    const useDraft = hasProperty(list, 'draft');
    const show = (partial: { thinking: string; text: string; status?: string }) => {
      if (useDraft) {
        list.draft = {
          thinking: partial.thinking,
          text: partial.text,
          tool_calls: partial.status ? [{ call_id: 's-call', name: 'run_migration', arguments: { dry_run: true }, execution_status: partial.status }] : [],
        };
      } else {
        list.items = [
          ...base,
          thinking(partial.thinking, { id: 's-t', sequence: 0 }),
          ...(partial.text ? [assistantText(partial.text, { id: 's-a', sequence: 1 })] : []),
          ...(partial.status ? [toolCall('executing', { id: 's-c', callId: 's-call', sequence: 2, name: 'run_migration', args: { dry_run: true } })] : []),
        ];
      }
    };
    let sentThought = '';
    for (const piece of chunksOf(thought, 16)) {
      sentThought += piece;
      show({ thinking: sentThought, text: '' });
      await tick();
    }
    let sentText = '';
    for (const piece of chunksOf(STREAM_TEXT, 40)) {
      sentText += piece;
      show({ thinking: thought, text: sentText });
      await tick();
    }
    show({ thinking: thought, text: STREAM_TEXT, status: 'executing' });
    await tick();
    // The run ends: the saved rows replace the in-flight message in the same task.
    if (useDraft) list.draft = null;
    list.items = [
      ...base,
      thinking(thought, { id: 's-t', sequence: 0 }),
      assistantText(STREAM_TEXT, { id: 's-a', sequence: 1 }),
      toolCall('completed', { id: 's-c', callId: 's-call', sequence: 2, name: 'run_migration', args: { dry_run: true }, displayText: null }),
      toolResult('s-call', 'Migration ran on a copy: 3 tables changed.', { id: 's-r', name: 'run_migration' }),
    ];
    await settled(canvasElement);
    await expectText(list, 'Then we check the numbers and ship it.');
    await expect(deepQueryAll(list, 'tool-call-item').length).toBe(1);
  },
};

/**
 * A response that has begun and said nothing yet (`draft = {}`, as the live bindings set it from a
 * run's start): dots rising in turn in the assistant's message, announced as "Responding…", until
 * its first words take their place.
 */
export const WaitingForFirstWords: Story = {
  args: { items: [userText('Plan the orders migration.', { id: 'w-u1' })] },
  render: (args) => html`<message-list style="height: 40vh" .items=${args.items} .draft=${{}}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const dots = deepQueryAll(list, '[part="waiting"]');
    await expect(dots.length).toBe(1);
    await expect(dots[0].getAttribute('aria-label')).toBe('Responding…');
    await expect(list.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim()).toBe('Responding…');
  },
};

/** Hostile content in text, tool names, arguments, results and details: all of it stays inert. */
export const HostileContent: Story = {
  args: { items: hostileConversation() },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    const win = window as unknown as { __dkPwned?: string };
    delete win.__dkPwned;
    await settled(canvasElement);
    // Any injected onerror would have fired once an image from a broken source has failed.
    await brokenImageSettled();
    await expect(win.__dkPwned).toBeUndefined();
    const elements = deepElements(list);
    await expect(elements.filter((e) => ['script', 'iframe', 'object', 'embed', 'form', 'style'].includes(e.localName))).toEqual([]);
    const handlers = elements.filter((e) => [...e.attributes].some((a) => a.name.startsWith('on')));
    await expect(handlers.map((e) => e.outerHTML)).toEqual([]);
    const scriptLinks = elements.filter((e) => /^\s*(javascript|data|vbscript):/i.test(e.getAttribute('href') ?? e.getAttribute('src') ?? '') && e.localName !== 'img');
    await expect(scriptLinks.map((e) => e.outerHTML)).toEqual([]);
    await expect(getComputedStyle(document.body).display).not.toBe('none');
    // The payloads are shown as text, not dropped.
    await expect(deepText(list)).toContain('onerror');
  },
};

/** Malformed items: each renders a visible fallback; the rest of the list renders as usual. */
export const MalformedItems: Story = {
  args: { items: malformedItems() },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const fallbacks = deepQueryAll(list, '[part~="fallback"]');
    await expect(fallbacks.length).toBeGreaterThanOrEqual(10);
    await expectText(list, 'A fine item after the broken ones.');
  },
};

/** `thinking-open`: reasoning shows open, not behind its disclosure; the reader can still close it. */
export const ThinkingOpen: Story = {
  args: {
    items: [
      userText('Which index should the orders table get?'),
      thinking('The query filters on **customer** and sorts by date, so a composite index covers both.', { sequence: 0 }),
      assistantText('Add an index on `(customer_id, inserted_at)`.', { sequence: 1 }),
    ],
  },
  render: (args) => html`<message-list .items=${args.items} thinking-open></message-list>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const [reasoning] = deepQueryAll<HTMLElement & { open: boolean }>(list, 'thinking-item');
    await expect(reasoning.open).toBe(true);
    await expectText(list, 'a composite index covers both');
  },
};

/** German, with `germanStrings` on the list (it passes them to every item) and `locale="de"` for its times. */
export const German: Story = {
  args: {
    items: [...(stopped as Row[]), ...toolConversation(), row('system', 'todo_snapshot', {
      todos: [
        { id: 1, content: 'Datenbank wählen', status: 'completed' },
        { id: 2, content: 'Migration schreiben', status: 'in_progress' },
      ],
    })],
  },
  render: (args) => html`<div lang="de">
    <message-list locale="de" .items=${args.items} .strings=${germanStrings as Partial<DisplayKitStrings>}></message-list>
  </div>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    await expectText(list, [
      'Die Antwort hat ihre Längengrenze erreicht',
      'Die Antwort ist fehlgeschlagen, bevor sie fertig war',
      '7 Werkzeugaufrufe',
      '1 von 2 erledigt',
      'Fehlgeschlagen',
      'Donnerstag, 20. August 2026',
    ]);
  },
};

/** Every string this story's reader meets, in Arabic: nothing of the kit's is left in English. */
const arabic: Partial<DisplayKitStrings> = {
  roles: { user: 'أنت', assistant: 'المساعد', tool: 'أداة', system: 'النظام' },
  message: (role, unfinished) => (unfinished ? `رسالة من ${role}، غير مكتملة` : `رسالة من ${role}`),
  unfinished: 'غير مكتملة',
  thinking: 'التفكير',
  thinkingNow: 'يفكّر…',
  thoughtFor: (duration) => `فكّر لمدة ${duration}`,
  stop: {
    cancelled: 'لقد أوقفت هذا الرد',
    length: 'بلغت الإجابة حدّ طولها',
    context_window: 'توقفت الإجابة: امتلأت نافذة سياق النموذج',
    pause_turn: 'توقف النموذج مؤقتًا قبل أن ينتهي',
    stream_error: 'تعذّر إكمال الرد',
    timeout: 'استغرق الرد وقتًا طويلًا فأُوقف',
    content_filtered: 'أوقف مرشّح المحتوى لدى المزوّد هذه الإجابة',
    refusal: 'رفض النموذج الإجابة',
    other: 'توقف مبكرًا',
  },
  stopDetails: 'التفاصيل',
  stopReason: 'السبب',
  stopActions: { continue: 'متابعة', retry: 'إعادة المحاولة' },
  toolStatus: {
    pending: 'قيد الانتظار',
    executing: 'قيد التشغيل',
    completed: 'تم',
    failed: 'فشل',
    interrupted: 'بانتظار',
    cancelled: 'أُلغي',
    declined: 'مرفوض',
    incomplete: 'لم يكتمل',
    unknown: 'حالة غير معروفة',
  },
  toolCall: 'استدعاء أداة',
  toolResult: 'نتيجة أداة',
  arguments: 'المعاملات',
  noArguments: 'بلا معاملات',
  noOutput: 'لا مخرجات',
  result: 'النتيجة',
  toolDetails: 'التفاصيل',
  showRaw: 'عرض البيانات الخام',
  copyArguments: 'نسخ المعاملات',
  copyResult: 'نسخ النتيجة',
  toolGroup: (total, counts) => [`استدعاءات الأدوات: ${total}`, ...counts.map(([label, n]) => `${label}: ${n}`)].join(' · '),
  copyCode: 'نسخ',
  copied: 'تم النسخ',
  code: 'شيفرة',
  table: 'جدول',
  showMore: 'عرض المزيد',
  showLess: 'عرض أقل',
  showAll: (lines) => `عرض الكل (${lines} سطرًا)`,
  copyMessage: 'نسخ',
  messageActions: 'إجراءات الرسالة',
  sentAt: (time) => `أُرسلت ${time}`,
  conversation: 'المحادثة',
  responding: 'يجيب…',
  responseComplete: 'اكتمل الرد',
  jumpToLatest: (n) => (n > 0 ? `الانتقال إلى الأحدث (${n} جديدة)` : 'الانتقال إلى الأحدث'),
};

/**
 * Right to left: borders, indents and the user's bubble follow `dir="rtl"`. Code, a call's
 * arguments and JSON still read left to right, and an English paragraph reads as English.
 */
export const RightToLeft: Story = {
  args: {
    items: [
      userText('ما هو الطقس في القاهرة اليوم؟'),
      thinking('يجب أن أستخدم أداة الطقس.'),
      assistantText('سأتحقق من **الطقس** الآن باستدعاء `weather.get("cairo");`.', { sequence: 1 }),
      toolCall('completed', { callId: 'rtl-1', sequence: 2, args: { city: 'القاهرة', units: 'metric' }, displayText: 'التحقق من الطقس' }),
      toolResult('rtl-1', 'مشمس، ٣٢ درجة'),
      assistantText(['الجو مشمس. للتحقق بنفسك:', '', '```js', 'const today = await weather.get("cairo");', '```', '', 'Sunny, 32 °C in Cairo.'].join('\n'), { sequence: 3 }),
      stoppedText('الجو مشمس و', 'length'),
    ],
  },
  render: (args) => html`<div dir="rtl" lang="ar">
    <message-list locale="ar" .items=${args.items} .strings=${arabic}></message-list>
  </div>`,
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    await expect(getComputedStyle(list).direction).toBe('rtl');
    // The kit's own words are the page's: none of its English is left (the model's English is).
    for (const english of ['Copy', 'Done', 'length limit', 'Reasoning', 'Assistant']) await expect(deepText(list)).not.toContain(english);
    await expect(deepText(list)).toContain('بلغت الإجابة حدّ طولها');
    await expectText(list, 'مشمس');
    const [code] = deepQueryAll<HTMLElement>(list, 'pre');
    await expect(getComputedStyle(code).direction).toBe('ltr');
    const english = deepQueryAll<HTMLElement>(list, 'p').find((paragraph) => paragraph.textContent!.startsWith('Sunny'));
    await expect(english!.matches(':dir(ltr)')).toBe(true);
  },
};

/** An answer in Arabic in an English page: each block takes its direction from its own text. */
export const EachTextInItsOwnDirection: Story = {
  args: {
    items: [
      userText('What is the build status? Answer in Arabic, please.'),
      assistantText(
        [
          'البناء **ناجح** على الفرع `main`، وآخر تشغيل استغرق 42 ثانية.',
          '',
          '- الاختبارات: 120 ناجحة.',
          '- التحذيرات: 3.',
          '',
          '> ملاحظة: راجع ملف `config.yml` قبل النشر.',
          '',
          'In English: the build passed.',
        ].join('\n'),
        { sequence: 1 },
      ),
      userText('شكراً! وماذا عن الاختبارات البطيئة؟', { sequence: 2 }),
    ],
  },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const paragraphs = deepQueryAll<HTMLElement>(list, '.markdown p');
    const starting = (text: string) => paragraphs.find((paragraph) => paragraph.textContent!.startsWith(text))!;
    await expect(starting('البناء').matches(':dir(rtl)')).toBe(true);
    await expect(starting('In English').matches(':dir(ltr)')).toBe(true);
    await expect(deepQueryAll<HTMLElement>(list, 'ul')[0].matches(':dir(rtl)')).toBe(true);
  },
};

/**
 * What breaks layouts: a long URL and an unbroken word, a dense wide table, a very long tool name
 * and argument values, long headings and inline code. Nothing may widen the list: wide content
 * scrolls inside its own box (tables, code) or wraps.
 */
export const StressLayout: Story = {
  args: {
    items: [
      userText(`Summarize https://example.com/${'very-long-path-segment/'.repeat(6)}index.html?query=${'x'.repeat(60)} please`),
      assistantText(
        [
          `# A heading that goes on and on ${'and on '.repeat(8)}until it has to wrap`,
          '',
          `An unbroken word: ${'Donaudampfschifffahrtsgesellschaftskapitän'.repeat(3)}, and \`inline_code_${'that_never_breaks_'.repeat(5)}\`.`,
          '',
          `A link: [${'https://example.com/'.repeat(3)}](https://example.com/a) and a bare one: https://example.com/${'segment/'.repeat(12)}`,
          '',
          '| id | name | region | status | owner | created | updated | tags | notes |',
          '|---:|---|---|---|---|---|---|---|---|',
          ...Array.from({ length: 4 }, (_, i) => `| ${i + 1} | service-${i}-${'x'.repeat(12)} | eu-west-${i} | running | team-${i} | 2026-08-2${i} | 2026-08-2${i} | a,b,c | ${'note '.repeat(4)} |`),
          '',
          '```json',
          `{"key_${'long_'.repeat(10)}": "${'value '.repeat(20)}"}`,
          '```',
        ].join('\n'),
        { sequence: 1 },
      ),
      toolCall('completed', {
        callId: 'stress-1',
        sequence: 2,
        name: `fetch_${'and_transform_'.repeat(6)}records`,
        displayText: null,
        args: { url: `https://api.example.com/${'v1/'.repeat(10)}records?page=1`, filter: 'x'.repeat(120), nested: { deeper: { deepest: ['a'.repeat(80)] } } },
      }),
      toolResult('stress-1', JSON.stringify({ records: Array.from({ length: 3 }, (_, i) => ({ id: i, url: `https://example.com/${'p/'.repeat(20)}${i}` })) })),
    ],
  },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    const width = list.getBoundingClientRect().right;
    // Every element ends inside the list, except what scrolls inside a box of its own.
    const overflowing = deepElements(list).filter((element) => {
      if (element.closest('pre, table, .json, [part~="arguments"]') || element.getClientRects().length === 0) return false;
      return element.getBoundingClientRect().right > width + 1;
    });
    await expect(overflowing.map((element) => element.localName + (element.className ? `.${element.className}` : ''))).toEqual([]);
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};

/**
 * The list in a modal dialog with no width of its own, opened from a button: as wide as its
 * messages, within the window. (It once was a size container, and 0 px wide in any box sized by
 * what it holds: a dialog, an inline-block, a flex row.)
 */
export const InADialog: Story = {
  args: {
    items: [
      userText('What changed in the build since Monday?', { id: 'd-u' }),
      assistantText('Two things: the **cache** moved to a new bucket, and the tests now run in three engines.\n\n- cache: `s3://builds/cache`\n- tests: Chromium, Firefox and WebKit', { id: 'd-a', sequence: 1 }),
    ],
  },
  render: (args) => html`<button type="button" @click=${(event: Event) => ((event.currentTarget as HTMLElement).nextElementSibling as HTMLDialogElement).showModal()}>
      Show the conversation
    </button>
    <dialog aria-label="Conversation">
      <message-list .items=${args.items}></message-list>
      <form method="dialog">
        <button style="font: inherit; color: inherit; background: none; border: 1px solid currentColor; border-radius: 0.3em; padding: 0.2em 0.6em">Close</button>
      </form>
    </dialog>`,
  play: async ({ canvasElement }) => {
    canvasElement.querySelector('button')!.click();
    const list = listIn(canvasElement);
    await settled(canvasElement);
    await expectText(list, 'Chromium, Firefox and WebKit');
    await expect(list.getBoundingClientRect().width).toBeGreaterThan(300);
  },
};

/** Markdown in a list, with images waiting for a click and links checked. */
export const MarkdownAndImages: Story = {
  args: {
    items: [
      userText('Summarize with a chart.'),
      assistantText(`${MARKDOWN_SAMPLE}\n\n![chart](https://images.example.com/chart.png)`),
    ],
  },
  play: async ({ canvasElement }) => {
    const list = listIn(canvasElement);
    await settled(canvasElement);
    // A remote image in model output waits behind a placeholder: no request until a click.
    await expect(deepQueryAll(list, 'img[src^="https://images.example.com"]').length).toBe(0);
  },
};
