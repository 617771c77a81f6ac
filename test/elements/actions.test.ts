import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { loadFixture, settle, deepQueryAll, stubClipboard, transitionsDone } from '../helpers.js';
import { nextEvent } from '../waits.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { MessageActionEvent } from '../../src/events.js';

async function list(items: unknown[], attrs: Partial<MessageList> = {}): Promise<MessageList> {
  const el = await fixture<MessageList>(html`<message-list .items=${items}></message-list>`);
  Object.assign(el, attrs);
  await settle(el);
  return el;
}
const times = (el: MessageList) => Array.from(el.shadowRoot!.querySelectorAll('[part="time"]')).map((t) => t.textContent!.trim());
const days = (el: MessageList) => Array.from(el.shadowRoot!.querySelectorAll('[part="day-separator"]')).map((d) => d.textContent!.trim());

describe('metadata: time', () => {
  it('shows each message’s time in two locales and time zones, with the full timestamp', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const us = await list(rows, { locale: 'en-US', timeZone: 'America/New_York' });
    // The time of day under the message; the day separator says the date, the title all of it.
    expect(times(us)[0]).to.equal('1:03 PM');
    const time = us.shadowRoot!.querySelector('time[part="time"]')!;
    expect(time.getAttribute('datetime')).to.equal('2026-08-20T17:03:12.100Z');
    expect(time.getAttribute('title')).to.contain('Thursday, August 20, 2026');
    const de = await list(rows, { locale: 'de-DE', timeZone: 'Europe/Berlin' });
    expect(times(de)[0]).to.equal('19:03');
    expect(days(de)).to.deep.equal(['Donnerstag, 20. August 2026']);
    await expect(de).to.be.accessible();
  });

  it('separates days where the date changes, in the reader’s time zone', async () => {
    const row = (id: string, at: string, type = 'user') => ({ id, message_type: type, content_type: 'text', sequence: 0, inserted_at: at, content: { text: id } });
    const rows = [row('a', '2026-08-20T10:00:00Z'), row('b', '2026-08-20T23:30:00Z', 'assistant'), row('c', '2026-08-21T09:00:00Z')];
    const utc = await list(rows, { locale: 'en-US', timeZone: 'UTC' });
    expect(days(utc)).to.deep.equal(['Thursday, August 20, 2026', 'Friday, August 21, 2026']);
    const berlin = await list(rows, { locale: 'en-US', timeZone: 'Europe/Berlin' });
    expect(days(berlin).length).to.equal(2);
    expect(berlin.shadowRoot!.querySelectorAll('article')[1].previousElementSibling!.getAttribute('part')).to.equal('day-separator');
  });

  it('keeps the time and day when a message’s first row is replaced in place, and follows a change of zone', async () => {
    const row = { id: 'a', message_type: 'user', content_type: 'text', sequence: 0, inserted_at: '2026-08-20T23:30:00Z', content: { text: 'first' } };
    const el = await list([row], { locale: 'en-US', timeZone: 'UTC' });
    el.upsert({ ...row, content: { text: 'edited' } });
    await settle(el);
    expect(times(el)).to.deep.equal(['11:30 PM']);
    expect(days(el)).to.deep.equal(['Thursday, August 20, 2026']);
    el.timeZone = 'Europe/Berlin';
    await settle(el);
    expect(times(el)).to.deep.equal(['1:30 AM']);
    expect(days(el)).to.deep.equal(['Friday, August 21, 2026']);
  });

  it('shows only the time of day for today’s messages', async () => {
    const now = new Date().toISOString();
    const el = await list([{ id: 't', message_type: 'user', content_type: 'text', sequence: 0, inserted_at: now, content: { text: 'hi' } }], { locale: 'en-US' });
    expect(times(el)[0]).to.match(/^\d{1,2}:\d{2}\s?[AP]M$/);
  });

  it('shows no time for extracted items, and none with no-timestamps', async () => {
    expect(times(await list(await loadFixture('extracted-items')))).to.deep.equal([]);
    const hidden = await list(await loadFixture('sagents-hitl-file-delete'), { noTimestamps: true });
    expect(times(hidden)).to.deep.equal([]);
    expect(days(hidden)).to.deep.equal([]);
  });
});

describe('quiet chrome', () => {
  /** Ten rows saved within a minute: two questions, each answered by an assistant turn that tools split. */
  async function tenRows(): Promise<unknown[]> {
    const rows = (await loadFixture('sagents-hitl-file-delete')) as Array<Record<string, unknown>>;
    const at = (second: number) => `2026-08-20T17:03:${String(second).padStart(2, '0')}.000000Z`;
    const text = (id: string, type: string, second: number, words: string) =>
      ({ id, message_type: type, content_type: 'text', sequence: 0, status: 'completed', tool_call_id: null, content: { text: words }, metadata: {}, inserted_at: at(second) });
    return [...rows, text('r8', 'user', 40, 'Thanks! And the notes?'), text('r9', 'assistant', 42, 'They stay:'), text('r10', 'assistant', 43, '```js\nkeep(notes);\n```')];
  }
  const settled = (root: ShadowRoot) => Promise.all(root.getAnimations().map((animation) => animation.finished));
  /** Drawn, and not faded out by the message's footer. */
  const visible = (el: Element) => el.getClientRects().length > 0 && Number(getComputedStyle(el.parentElement!).opacity) > 0 && Number(getComputedStyle(el).opacity) > 0;

  it('labels each turn once, shows at most one clock time and the last answer\'s actions only, until the reader points or moves in', async () => {
    const el = await list(await tenRows(), { timeZone: 'UTC', locale: 'en-US' });
    const root = el.shadowRoot!;
    await settled(root);
    expect(Array.from(root.querySelectorAll('[part="role"]'), (role) => role.textContent)).to.deep.equal(['Assistant', 'Assistant']);
    const clocks = Array.from(root.querySelectorAll('[part="time"]'));
    expect(clocks.length, 'every message keeps its time').to.be.at.least(4);
    expect(clocks.filter(visible).length, 'visible clock times').to.be.at.most(1);
    const copies = Array.from(root.querySelectorAll<HTMLButtonElement>('[part="actions"] button'));
    const last = Array.from(root.querySelectorAll('article')).at(-1)!;
    expect(last.dataset.role).to.equal('assistant');
    expect(copies.filter((copy) => copy.closest('article') === last).every(visible), 'the last answer\'s actions').to.equal(true);
    // A pointer hides the others until it points at their message; a touch screen shows them.
    const others = copies.filter((copy) => copy.closest('article') !== last);
    expect(others.some(visible)).to.equal(!matchMedia('(hover: hover)').matches);
    // The code block's own copy stays on the block.
    expect(deepQueryAll(el, '.copy-code').filter(visible).length).to.equal(1);
    // Moving into a message shows its time, with the date and time in full on it.
    const first = clocks[0] as HTMLElement;
    first.focus();
    await settled(root);
    expect(visible(first)).to.equal(true);
    expect(first.getAttribute('title')).to.contain('August 20, 2026');
    await expect(el).to.be.accessible();
  });

  it('shows every time when the host asks, and none with no-timestamps', async () => {
    const el = await list(await tenRows(), { timeZone: 'UTC', locale: 'en-US' });
    el.setAttribute('timestamps', 'always');
    await settle(el);
    const clocks = () => Array.from(el.shadowRoot!.querySelectorAll('[part="time"]'));
    await settled(el.shadowRoot!);
    expect(clocks().length).to.be.at.least(4);
    expect(clocks().every(visible)).to.equal(true);
    el.noTimestamps = true;
    await settle(el);
    expect(clocks()).to.have.length(0);
  });

  it('draws a host\'s action with an icon as an icon button named by its label, and one without as its label', async () => {
    const el = await list(await tenRows(), {
      messageActions: [{ id: 'up', label: 'Good answer', icon: 'thumbs-up', roles: ['assistant'] }, { id: 'flag', label: 'Report', roles: ['assistant'] }],
    });
    const up = el.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action="up"]')!;
    expect(up.getAttribute('aria-label')).to.equal('Good answer');
    expect(up.querySelector('svg')).to.not.equal(null);
    const flag = el.shadowRoot!.querySelector<HTMLButtonElement>('button[data-action="flag"]')!;
    expect(flag.textContent!.trim()).to.equal('Report');
    expect(flag.hasAttribute('aria-label')).to.equal(false);
    await expect(el).to.be.accessible();
  });
});

describe('actions: copy and export', () => {
  it('copies an answer’s Markdown, leaving thinking and tools out', async () => {
    const clipboard = stubClipboard();
    try {
      const el = await list(await loadFixture('sagents-hitl-file-delete'));
      const article = el.shadowRoot!.querySelectorAll('article')[1];
      const copy = article.querySelector<HTMLButtonElement>('[part="actions"] button')!;
      expect(copy.getAttribute('aria-label')).to.equal('Copy');
      expect(copy.textContent!.trim(), 'an icon: no words join the log').to.equal('');
      const heard = nextEvent(el, 'content-copy');
      copy.click();
      const event = await heard;
      expect(event.content).to.equal('message');
      expect(clipboard.writes).to.deep.equal(["I'll help you delete the dad jokes. Let me first find them in the filesystem."]);
      await settle(el);
      expect(copy.getAttribute('aria-label')).to.equal('Copied');
      expect(el.shadowRoot!.querySelector('[role="status"]')!.textContent!.trim()).to.equal('Copied');
    } finally {
      clipboard.restore();
    }
  });

  it('exports the conversation as a faithful Markdown transcript and as JSON', async () => {
    const rows = await loadFixture('sagents-stopped-early');
    const el = await list(rows);
    expect(el.toMarkdown()).to.equal(
      [
        '## You\n\nExplain the plan in detail.',
        '## Assistant\n\n> **Reasoning:** I should start by\n\nHere is the\n\n> The answer reached its length limit',
        '## You\n\nHello',
        '## Assistant\n\nPartial answ\n\n> The response failed before it finished',
        '## You\n\nHello',
        '## System\n\nAgent execution cancelled.\n\n> You stopped this response',
      ].join('\n\n') + '\n',
    );
    expect(JSON.parse(el.toJSONString())).to.deep.equal(rows);
    const refusal = await list(await loadFixture('sagents-refusal-and-tools'));
    expect(refusal.toMarkdown()).to.contain('> The model declined to answer (Cybersecurity — Declined to assist.)');
  });

  it('downloads either format from the export toolbar', async () => {
    const el = await list(await loadFixture('extracted-items'), { exportable: true });
    // The list clicks a download link inside itself: stop the download there and read the file.
    const downloads: Array<Promise<[string, string]>> = [];
    el.shadowRoot!.addEventListener('click', (event) => {
      const link = event.target;
      if (!(link instanceof HTMLAnchorElement) || !link.download) return;
      event.preventDefault();
      downloads.push(fetch(link.href).then(async (response) => [link.download, await response.text()]));
    });
    const buttons = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part="toolbar"] button');
    buttons[0].click();
    buttons[1].click();
    const files = await Promise.all(downloads);
    expect(files.map(([name]) => name)).to.deep.equal(['conversation.md', 'conversation.json']);
    expect(files[0][1]).to.equal(el.toMarkdown());
    expect(JSON.parse(files[1][1])).to.deep.equal(el.items);
    await expect(el).to.be.accessible();
  });
});

describe('actions: the host’s own', () => {
  it('adds a retry action to assistant messages and reports the message it was chosen on', async () => {
    const el = await list(await loadFixture('sagents-stopped-early'), {
      messageActions: [{ id: 'retry', label: 'Retry', roles: ['assistant'] }],
    });
    const retries = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[data-action="retry"]');
    expect(retries).to.have.length(2);
    expect(retries[0].closest('article')!.getAttribute('data-role')).to.equal('assistant');
    const heard = nextEvent(el, 'message-action');
    retries[1].click();
    const event = await heard;
    expect(event.action).to.equal('retry');
    expect(event.role).to.equal('assistant');
    expect(event.itemIds).to.deep.equal(['b5']);
    expect(event.bubbles && event.composed).to.equal(true);
    await expect(el).to.be.accessible();
  });

  it('shows the actions on keyboard focus and runs them from the keyboard', async () => {
    const el = await list(await loadFixture('sagents-stopped-early'), {
      messageActions: [{ id: 'retry', label: 'Retry', roles: ['assistant'] }],
    });
    // The last assistant message: far from where the pointer rests, so only focus can reveal it.
    const retry = Array.from(el.shadowRoot!.querySelectorAll<HTMLButtonElement>('button[data-action="retry"]')).at(-1)!;
    const bar = retry.closest<HTMLElement>('[part="actions"]')!;
    // Headless Chromium reports (hover: none), where actions always show (as on touch screens):
    // what is tested here is that focus reaches them and reveals them.
    const copy = bar.querySelector<HTMLButtonElement>('button')!;
    copy.focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot!.activeElement).to.equal(retry);
    await transitionsDone(bar);
    expect(getComputedStyle(bar).opacity).to.equal('1');
    const heard: MessageActionEvent[] = [];
    el.addEventListener('message-action', (e) => heard.push(e));
    await sendKeys({ press: 'Enter' });
    expect(heard.map((e) => e.action)).to.deep.equal(['retry']);
  });

  it('shows participants’ names and avatars when given', async () => {
    const el = await list(await loadFixture('sagents-hitl-file-delete'), {
      participants: { assistant: { name: 'Ada', avatar: 'data:image/png;base64,iVBORw0KGgo=' }, user: { name: 'Sam' } },
    });
    const roles = Array.from(el.shadowRoot!.querySelectorAll('[part="role"]')).map((r) => r.textContent);
    // One header per turn: Ada's two messages answer one question.
    expect(roles).to.deep.equal(['Sam', 'Ada']);
    expect(el.shadowRoot!.querySelectorAll('[part="avatar"]')).to.have.length(1);
    expect(el.shadowRoot!.querySelector('article')!.getAttribute('aria-label')).to.equal('Sam message');
    expect(deepQueryAll(el, 'img[part="avatar"]')[0].getAttribute('alt')).to.equal('');
  });
});
