import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { TextItem } from '../../src/elements/text-item/text-item.js';
import type { ThinkingItem } from '../../src/elements/thinking-item/thinking-item.js';
import { fromLangChainTrace } from '../../src/adapters/langchain-trace.js';
import { germanStrings } from '../../src/i18n/locales/de.js';
import { SLICE_MAX } from '../../src/elements/message-list/controllers/mount-controller.js';
import { deepQueryAll, listAtItsEnd, listInBox, loadFixture, mountedArticles, settle, type Row } from '../helpers.js';
import { frames, readWhenPainted, until, watchFrames } from '../waits.js';

const hosts: HTMLElement[] = [];
afterEach(() => hosts.splice(0).forEach((host) => host.remove()));

const currentRange = () => [...(CSS.highlights.get('dk-find-current') ?? [])][0] as Range | undefined;
const allRanges = () => [...(CSS.highlights.get('dk-find') ?? [])] as Range[];

/**
 * The current match is highlighted, reads as the query, and shows inside the list's viewport in
 * the next frame painted (read so: older messages mounting in idle time between a frame and a
 * check move it in a layout no frame shows, see `readWhenPainted`).
 */
async function expectShown(el: MessageList, query: string): Promise<void> {
  const range = currentRange();
  expect(range, 'a current match').to.exist;
  expect(range!.toString().toLowerCase()).to.equal(query);
  const logElement = el.shadowRoot!.querySelector('.log')!;
  const text = range!.startContainer.parentElement!;
  const [match, log] = await readWhenPainted(() => {
    const box = range!.getBoundingClientRect();
    // WebKit gives a range in slotted content (a sub-agent's turns) an empty box: its text's element then.
    return [box.width > 0 || box.height > 0 ? box : text.getBoundingClientRect(), logElement.getBoundingClientRect()];
  }, [logElement, logElement.querySelector('.list')!], text);
  expect(match.top, 'below the top of the list').to.be.at.least(log.top - 1);
  expect(match.bottom, 'above its bottom').to.be.at.most(log.bottom + 1);
}

/** 10,000 messages; "needle" in a few, one of them in collapsed reasoning and one in a call's details. */
function longConversation(length = 10_000): Row[] {
  const rows: Row[] = Array.from({ length }, (_, i) => ({
    id: `m${i}`, message_type: i % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0, content: { text: `Message ${i} says hay` },
  }));
  const at = (offset: number) => length - 10_000 + offset;
  rows[at(9001)] = { ...rows[at(9001)], content: { text: 'A **needle** in message 9001' } };
  rows[at(9401)] = { ...rows[at(9401)], content_type: 'thinking', content: { text: 'Reasoning about a needle' } };
  rows[at(9801)] = {
    ...rows[at(9801)], content_type: 'tool_call', status: 'completed', tool_call_id: 'c1',
    content: { call_id: 'c1', name: 'search', arguments: { query: 'needle', deep: true } },
  };
  rows[at(9802)] = {
    ...rows[at(9802)], message_type: 'tool', content_type: 'tool_result', tool_call_id: 'c1',
    content: { tool_call_id: 'c1', name: 'search', content: 'Found the needle twice: NEEDLE' },
  };
  rows[at(9990)] = { ...rows[at(9990)], content: { text: 'needle, near the end' } };
  return rows;
}

describe('find in conversation', () => {
  it('counts every match of 10,000 items, mounted or not, and jumps to each', async function () {
    // It reads 10,000 rows and mounts its way to each match: WebKit beside three busy processes
    // took over the default 10 s (a slower CI machine could too). Nothing here is timed.
    this.timeout(30_000);
    const el = await listAtItsEnd(longConversation());
    expect(el.shadowRoot!.querySelectorAll('article').length, 'most of the history is not mounted yet').to.be.lessThan(1000);
    const found = await el.find('needle');
    // The reader is at the end, below every match: the nearest one above, then around from the oldest.
    expect(found).to.deep.equal({ query: 'needle', count: 6, current: 6 });
    await expectShown(el, 'needle');
    const seen: number[] = [];
    for (let step = 0; step < 6; step++) {
      const state = await el.findNext();
      seen.push(state.current);
      await frames(2);
      await expectShown(el, 'needle');
    }
    expect(seen).to.deep.equal([1, 2, 3, 4, 5, 6]);
    // On the way it mounted message 9001 and opened the reasoning and the call's details.
    const thinking = deepQueryAll<HTMLElement & { open: boolean }>(el, 'thinking-item')[0];
    expect(thinking.open).to.equal(true);
    const call = deepQueryAll<HTMLElement & { open: boolean }>(el, 'tool-call-item')[0];
    expect(call.open).to.equal(true);
  });

  it('in a list with no height of its own, shows a match further down the page, mounting the messages on the way', async () => {
    const el = document.createElement('message-list');
    el.items = longConversation(2_000);
    document.body.append(el);
    hosts.push(el);
    await el.updateComplete;
    try {
      expect(mountedArticles(el).length, 'the oldest messages first').to.be.lessThan(100);
      expect(await el.find('in message 9001')).to.deep.equal({ query: 'in message 9001', count: 1, current: 1 });
      await frames(2);
      const match = currentRange()!.getBoundingClientRect();
      expect(match.top, 'below the top of the window').to.be.at.least(0);
      expect(match.bottom, 'above its bottom').to.be.at.most(innerHeight);
    } finally {
      scrollTo(0, 0);
    }
  });

  it('in a list with no height of its own, starts from the message at the top of the window, where the page was scrolled to', async () => {
    const el = document.createElement('message-list');
    el.items = Array.from({ length: 300 }, (_, i) => ({
      id: `m${i}`, message_type: i % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0,
      content: { text: i === 20 || i === 250 ? `A needle in message ${i}` : `Message ${i} says hay` },
    }));
    document.body.append(el);
    hosts.push(el);
    await el.mountComplete;
    try {
      // Where the page shows the list's middle. Blocks that come near take their own size after the
      // scroll and may move what shows (WebKit does not anchor the page's scroll; a slow machine may
      // still be laying them out), so the test reads which message is at the top rather than
      // requiring message 200 there: anything between the two needles starts find at the second.
      const target = el.shadowRoot!.querySelector('article[data-key="m:id:m200"]')!;
      for (let frame = 0, still = 0; frame < 20 && still < 2; frame++) {
        still = Math.abs(target.getBoundingClientRect().top) <= 2 ? still + 1 : 0;
        if (still === 0) target.scrollIntoView();
        await frames(1);
      }
      const atTop = mountedArticles(el).find((article) => article.getBoundingClientRect().bottom > 0)!;
      const index = Number(atTop.dataset.key!.replace('m:id:m', ''));
      expect(index, 'a message between the two needles at the top of the window').to.be.within(21, 249);
      expect(await el.find('needle')).to.deep.equal({ query: 'needle', count: 2, current: 2 });
      expect(currentRange()!.startContainer.textContent).to.contain('message 250');
    } finally {
      scrollTo(0, 0);
    }
  });

  it("in a list with no height of its own inside the host's own scroller, shows a match further down in that scroller", async () => {
    const { box, el } = listInBox(longConversation(2_000), 'height: 400px; overflow: auto');
    hosts.push(box);
    await el.updateComplete;
    await el.find('in message 9001');
    await frames(2);
    const match = currentRange()!.getBoundingClientRect();
    const shown = box.getBoundingClientRect();
    expect(match.top, 'below the top of the scroller').to.be.at.least(shown.top - 1);
    expect(match.bottom, 'above its bottom').to.be.at.most(shown.bottom + 1);
  });

  it('keeps its place on the match while older history mounts above it', async function () {
    // It waits for 1,500 messages to mount: see the first test on WebKit under load.
    this.timeout(30_000);
    // Long enough to mount in several idle periods; short enough to mount whole in every engine.
    const el = await listAtItsEnd(longConversation(1_500));
    await el.find('near the end');
    await el.find('in message 9001');
    // Where a frame shows it: find resolves in an animation frame, and the list keeps the place
    // later in that frame (the messages near the match draw their Markdown in between); a slice
    // of older messages mounted in a task between two frames moves it until the next frame.
    const log = el.shadowRoot!.querySelector('.log')!;
    const shownTop = () => {
      const match = currentRange()!;
      return readWhenPainted(() => match.getBoundingClientRect().top, [log, log.querySelector('.list')!], match.startContainer.parentElement!);
    };
    const before = await shownTop();
    await el.mountComplete;
    await settle(el);
    await frames(3);
    expect(Math.abs((await shownTop()) - before)).to.be.lessThan(2);
  });

  it('mounts the messages between the reader and an older match a slice a frame, the page drawn between', async () => {
    const el = await listAtItsEnd(longConversation(3_000));
    const mounted = () => mountedArticles(el).length;
    const before = mounted();
    let updates = 0;
    el.addController({ hostUpdated: () => void updates++ });
    const stopWatching = watchFrames(mounted);
    await el.find('in message 9001');
    const seen = stopWatching();
    await expectShown(el, 'in message 9001');
    const after = mounted();
    expect(after - before, 'the jump mounted a long stretch of history').to.be.greaterThan(4 * SLICE_MAX);
    // A render mounts a slice at most (idle slices too), and frames were drawn in between.
    expect(updates, 'renders').to.be.at.least(Math.ceil((after - before) / SLICE_MAX));
    expect(seen.some((count) => count > before && count < after), 'a frame drawn halfway').to.equal(true);
  });

  it('keeps the matches around highlighted in every frame while stepping', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      id: `m${i}`, message_type: i % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0, content: { text: `Message ${i} holds a needle` },
    }));
    const el = await listAtItsEnd(rows);
    await el.find('needle');
    expect(allRanges().length, 'the matches around the current one').to.be.greaterThan(0);
    const stopWatching = watchFrames(() => allRanges().length);
    for (let i = 0; i < 4; i++) await el.findPrevious();
    const seen = stopWatching();
    expect(seen.length, 'frames watched').to.be.at.least(4);
    expect(Math.min(...seen), 'a frame showed no match but the current one').to.be.greaterThan(0);
  });

  it('opens with Ctrl+F in the list, steps with Enter, says "2 of 3", and closes with Escape', async () => {
    const el = await listAtItsEnd(await loadFixture('sagents-hitl-file-delete'));
    const log = el.shadowRoot!.querySelector<HTMLElement>('.log')!;
    log.focus();
    // Dispatched, not sent: WebDriver (WebKit) cannot hold a modifier down for another key.
    const shortcut = new KeyboardEvent('keydown', { key: 'f', ctrlKey: true, bubbles: true, composed: true, cancelable: true });
    log.dispatchEvent(shortcut);
    expect(shortcut.defaultPrevented, 'the browser\'s own find stays closed').to.equal(true);
    // The finder's code loads on first use.
    await until(() => el.shadowRoot!.activeElement?.getAttribute('part') === 'find-input', 'the find field to have focus');
    await sendKeys({ type: 'dad jokes' });
    await settle(el);
    const count = () => el.shadowRoot!.querySelector('[part="find-count"]')!.textContent!.trim();
    for (let i = 0; i < 60 && count() !== '1 of 3'; i++) await frames(1);
    expect(count()).to.equal('1 of 3');
    await sendKeys({ press: 'Enter' });
    for (let i = 0; i < 60 && count() !== '2 of 3'; i++) await frames(1);
    expect(count()).to.equal('2 of 3');
    // The second is inside the collapsed reasoning: it opened.
    expect((deepQueryAll(el, 'thinking-item')[0] as HTMLElement & { open: boolean }).open).to.equal(true);
    expect(currentRange()!.toString()).to.equal('dad jokes');
    expect(allRanges().length).to.be.greaterThan(0);
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Escape' });
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part="find"]')).to.equal(null);
    expect(currentRange()).to.equal(undefined);
    expect(el.shadowRoot!.activeElement === log, 'focus back on the conversation').to.equal(true);
  });

  it('counts again when rows change, and says "No matches" in the list\'s language', async () => {
    const rows = await loadFixture('sagents-hitl-file-delete');
    const el = await listAtItsEnd(rows, { strings: germanStrings });
    await el.openFind();
    // Three paths in the listing, one in the reply, one in the call's arguments.
    expect((await el.find('memories')).count).to.equal(5);
    el.upsert({ id: 'r9', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Keep /Memories/notes.md' }, inserted_at: '2026-08-20T17:09:00.000001Z' });
    await settle(el);
    await el.updateComplete;
    expect((await el.findNext()).count).to.equal(6);
    await el.find('zzz');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="find-count"]')!.textContent!.trim()).to.equal('Keine Treffer');
    expect(el.shadowRoot!.querySelector('[part="find-input"]')!.getAttribute('aria-label')).to.equal('In der Unterhaltung suchen');
    el.closeFind();
  });

  it('reads a query in its own direction, and an empty one as the page does', async () => {
    const el = await listAtItsEnd([{ id: 'a', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: 'البناء ناجح' } }]);
    await el.openFind();
    const input = el.shadowRoot!.querySelector<HTMLInputElement>('[part="find-input"]')!;
    expect(input.matches(':dir(ltr)'), 'empty, in an English page').to.equal(true);
    expect((await el.find('ناجح')).count).to.equal(1);
    await el.updateComplete;
    expect(input.value).to.equal('ناجح');
    expect(input.matches(':dir(rtl)'), 'an Arabic query, typed from the right').to.equal(true);
    await el.find('');
    el.parentElement!.dir = 'rtl';
    await el.updateComplete;
    // Empty, an input of `dir="auto"` reads left to right in any page (three engines).
    expect(input.matches(':dir(rtl)'), 'empty, in a right-to-left page').to.equal(true);
    el.closeFind();
  });

  it('opens the call that started a sub-agent to show a match in its turns, and counts only what shows', async () => {
    const trace = await (await fetch(new URL('../fixtures/langchain-trace-subagent.jsonl', import.meta.url))).text();
    const el = await listAtItsEnd(fromLangChainTrace(trace).items);
    // Said only by the sub-agent, whose turns show inside the `task` call that started it.
    const query = 'timed out at 02:14 (line 412)';
    expect((await el.find(query)).count).to.equal(1);
    const task = deepQueryAll<HTMLElement & { open: boolean; item: { toolCallId: string } }>(el, 'tool-call-item')
      .find((call) => call.item.toolCallId === 'toolu_01TaskA9x')!;
    expect(task.open, 'the sub-agent\'s call opened').to.equal(true);
    await frames(2);
    await expectShown(el, query);
    el.toolDisplay = 'hidden';
    await settle(el);
    expect((await el.find(query)).count, 'tool activity hidden: nothing of it is found').to.equal(0);
  });

  it('finds a match in a result that the Markdown and JSON views fold away', async () => {
    const el = await listAtItsEnd([
      { id: 'c', message_type: 'assistant', content_type: 'tool_call', status: 'completed', tool_call_id: 'c1', sequence: 0,
        content: { call_id: 'c1', name: 'inspect', arguments: { deep: { deeper: { deepest: 'the hidden gem' } } } } },
    ]);
    const state = await el.find('hidden gem');
    expect(state.count).to.equal(1);
    await expectShown(el, 'hidden gem');
  });

  it('asks the item showing a match to show it and where it shows (Findable), and searches nowhere else', async () => {
    const el = await listAtItsEnd([
      { id: 't', message_type: 'assistant', content_type: 'thinking', sequence: 0, content: { text: 'Reasoning about a needle' } },
      { id: 'a', message_type: 'assistant', content_type: 'text', sequence: 1, content: { text: 'Another needle' } },
    ]);
    const thinking = deepQueryAll<ThinkingItem>(el, 'thinking-item')[0];
    const text = deepQueryAll<TextItem>(el, 'text-item')[0];
    const asked: unknown[] = [];
    const revealed: Node[] = [];
    const prepare = thinking.prepareFind.bind(thinking);
    const reveal = thinking.revealFind.bind(thinking);
    thinking.prepareFind = (what) => (asked.push(what), prepare(what));
    thinking.revealFind = (node) => (revealed.push(node), reveal(node));
    // The text item answers that its text shows nowhere: its match is counted (the model holds it), never highlighted.
    text.findRegions = () => [];
    expect(await el.find('needle')).to.deep.equal({ query: 'needle', count: 2, current: 1 });
    expect(asked, 'the reasoning was asked to show its text').to.include('text');
    expect(thinking.open).to.equal(true);
    const range = currentRange()!;
    expect(range.toString()).to.equal('needle');
    expect(thinking.findRegions('text').some((region) => region.root.contains(range.startContainer)), 'in a region it named').to.equal(true);
    expect(revealed, 'and asked to open what hides the match').to.include(range.startContainer);
    // Around the current match the others show too: here only the reasoning's, again.
    const roots = allRanges().map((each) => each.startContainer.getRootNode());
    expect(roots.length > 0 && roots.every((root) => root === thinking.shadowRoot), 'nothing highlighted in the text item').to.equal(true);
    expect((await el.findNext()).current).to.equal(2);
    expect(currentRange(), 'no region named, no highlight').to.equal(undefined);
  });
});
