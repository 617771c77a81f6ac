import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { fromAISDKMessages } from '../../src/adapters/ai-sdk.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import { deepText, firstInView, listAtItsEnd, listInBox, mountedArticles, offsetInView, settle, turnWheel, type Row } from '../helpers.js';
import { frames, painted, readWhenPainted, transitionsDone } from '../waits.js';

const hosts: HTMLElement[] = [];
afterEach(() => {
  hosts.splice(0).forEach((host) => host.remove());
  scrollTo(0, 0);
});

/** One message a row, of a few lines (every third longer), so estimated heights are wrong. */
function conversation(n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `m${i}`, message_type: i % 2 ? 'assistant' : 'user', content_type: 'text', sequence: 0,
    content: { text: `Message ${i}\n\n${'Some words to give it height. '.repeat(i % 3 === 0 ? 24 : 4)}` },
  }));
}

/**
 * `rows` with a call (`call-row`, call id `c1`) and its result (`result-row`) after message 120,
 * and with `subAgent`, a sub-agent's turn under the call (`sub-row`): a result's row and a
 * sub-agent's have no message of their own, and show inside the call.
 */
function withCall(rows: Row[], { subAgent = false } = {}): Row[] {
  rows.splice(121, 0,
    { id: 'call-row', message_type: 'assistant', content_type: 'tool_call', sequence: 0, status: 'completed', tool_call_id: 'c1', content: { call_id: 'c1', name: 'research', arguments: { query: 'hay' } } },
    ...(subAgent ? [{ id: 'sub-row', message_type: 'assistant', content_type: 'text', sequence: 0, metadata: { parent_call_id: 'c1' }, content: { text: 'The sub-agent looked under the hay' } }] : []),
    { id: 'result-row', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'c1', content: { tool_call_id: 'c1', content: 'Found it' } },
  );
  return rows;
}

const logOf = (el: MessageList) => el.shadowRoot!.querySelector<HTMLElement>('.log')!;
// Whether one is mounted is checked as a boolean (\`articleOf(…) !== null\`): chai describing a
// mounted article among 2,000 on a failure held the page until the runner gave up on the file.
const articleOf = (el: MessageList, key: string) => el.shadowRoot!.querySelector<HTMLElement>(`article[data-key="${key}"]`);

/**
 * How far the message's top lies below the top of what shows it (px), as the next frame paints it
 * (see `readWhenPainted`: a slice mounting between a frame and a check moves it until the next).
 */
function offsetShown(el: MessageList, key: string, top: () => number): Promise<number> {
  const article = articleOf(el, key)!;
  const log = logOf(el);
  return readWhenPainted(() => Math.round(article.getBoundingClientRect().top - top()), [log, log.querySelector('.list')!], article);
}

describe('scrollToMessage', () => {
  it('mounts a message far above the view, puts its top at the top of the list, stops following and keeps it there while older history mounts', async function () {
    // Waits for 2,000 messages to mount (a few seconds in WebKit on a busy machine).
    this.timeout(30_000);
    const el = await listAtItsEnd(conversation(2_000));
    expect(articleOf(el, 'm:id:m150') !== null, 'not mounted before').to.equal(false);
    expect(await el.scrollToMessage('m150')).to.equal(true);
    const top = () => logOf(el).getBoundingClientRect().top;
    expect(Math.abs(await offsetShown(el, 'm:id:m150', top)), 'at the top of the list').to.be.at.most(1);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="jump-button"]'), '"Jump to latest" offered').to.exist;
    await el.mountComplete;
    await settle(el);
    await frames(3);
    expect(mountedArticles(el).length, 'everything mounted').to.equal(2_000);
    expect(Math.abs(await offsetShown(el, 'm:id:m150', top)), 'still at the top once older history mounted').to.be.at.most(2);
  });

  it("goes to a message by the host's message_id, as by any of its rows' ids", async () => {
    const rows: Row[] = conversation(400).map((row, i) => ({ ...row, message_id: `turn-${i}` }));
    // One message of two rows: its text and a call, under one message_id.
    rows.splice(102, 0, {
      id: 'call-row', message_type: 'assistant', content_type: 'tool_call', message_id: 'turn-101', sequence: 1, status: 'completed', tool_call_id: 'c1',
      content: { call_id: 'c1', name: 'search', arguments: { query: 'hay' } },
    });
    const el = await listAtItsEnd(rows);
    const top = () => logOf(el).getBoundingClientRect().top;
    for (const id of ['turn-101', 'call-row', 'm101']) {
      expect(await el.scrollToMessage(id), id).to.equal(true);
      expect(Math.abs(await offsetShown(el, 'm:id:m101', top)), `${id}: message 101 at the top`).to.be.at.most(1);
      logOf(el).scrollTop = 0;
      await frames(2);
    }
  });

  it("opens the call that shows a tool result's row, or a sub-agent's, and puts the call at the top", async () => {
    const rows = withCall(conversation(400), { subAgent: true });
    const el = await listAtItsEnd(rows);
    expect(articleOf(el, 'm:id:result-row') !== null, 'the result has no message of its own').to.equal(false);
    const top = () => logOf(el).getBoundingClientRect().top;
    for (const id of ['result-row', 'sub-row']) {
      expect(await el.scrollToMessage(id), id).to.equal(true);
      const call = articleOf(el, 'm:id:call-row')!.querySelector<HTMLElement & { open: boolean }>('tool-call-item')!;
      expect(call.open, `${id}: the call opened`).to.equal(true);
      const offset = await readWhenPainted(() => Math.round(call.getBoundingClientRect().top - top()), [logOf(el), logOf(el).querySelector('.list')!], call);
      expect(Math.abs(offset), `${id}: the call at the top of the list`).to.be.at.most(1);
      // A sub-agent's turns are slotted into its call, in the call's light DOM.
      const sub = [...call.querySelectorAll('text-item')].find((item) => deepText(item).includes('under the hay'));
      expect(sub?.checkVisibility(), `${id}: the sub-agent's turn shown`).to.equal(true);
      call.open = false;
      logOf(el).scrollTop = 0;
      await frames(2);
    }
  });

  it('moves focus there when asked (to the message, or to the call that shows the row), and only then', async () => {
    const rows = withCall(conversation(400));
    const el = await listAtItsEnd(rows);
    const go = document.createElement('button');
    go.textContent = 'Go';
    document.body.append(go);
    hosts.push(go);
    go.focus();
    expect(await el.scrollToMessage('m40')).to.equal(true);
    expect(document.activeElement === go, 'without focus, it stays where it was').to.equal(true);

    expect(await el.scrollToMessage('m50', { focus: true })).to.equal(true);
    const article = articleOf(el, 'm:id:m50')!;
    expect(el.shadowRoot!.activeElement === article, 'the message has focus').to.equal(true);
    const top = () => logOf(el).getBoundingClientRect().top;
    expect(Math.abs(await offsetShown(el, 'm:id:m50', top)), 'focus scrolled nothing: still at the top').to.be.at.most(1);
    // Its actions fade in with focus (120 ms): read at rest, not mid-fade (once in WebKit, axe
    // read Copy's grey half faded in, 3.78:1 against 4.5 at rest).
    await transitionsDone(article.querySelector('.actions')!);
    await expect(el).to.be.accessible();
    await sendKeys({ press: 'Tab' });
    expect(article.contains(el.shadowRoot!.activeElement), 'Tab goes on inside the message').to.equal(true);
    expect(article.hasAttribute('tabindex'), 'the message left the tab order again').to.equal(false);

    expect(await el.scrollToMessage('result-row', { focus: true })).to.equal(true);
    const call = articleOf(el, 'm:id:call-row')!.querySelector('tool-call-item')!;
    expect(el.shadowRoot!.activeElement === call, 'the call that shows the result').to.equal(true);
    expect(call.shadowRoot!.activeElement?.localName, "the call's summary").to.equal('summary');
  });

  it('goes to the message of the call where tool activity is hidden (a trace line stands in for the call)', async () => {
    const rows = withCall(conversation(400));
    const el = await listAtItsEnd(rows);
    el.toolDisplay = 'hidden';
    await settle(el);
    expect(await el.scrollToMessage('result-row')).to.equal(true);
    const top = () => logOf(el).getBoundingClientRect().top;
    expect(Math.abs(await offsetShown(el, 'm:id:call-row', top)), "the call's message at the top").to.be.at.most(1);
  });

  it("goes to an AI SDK message by the message's own id (an adapter's items carry it as their message_id)", async () => {
    const messages = Array.from({ length: 300 }, (_, i) => ({
      id: `ui-${i}`, role: i % 2 ? 'assistant' : 'user', parts: [{ type: 'text', text: `Message ${i}\n\n${'Some words. '.repeat(i % 3 === 0 ? 60 : 10)}` }],
    }));
    const el = await listAtItsEnd(fromAISDKMessages(messages).items);
    expect(await el.scrollToMessage('ui-120')).to.equal(true);
    const top = () => logOf(el).getBoundingClientRect().top;
    expect(Math.abs(await offsetShown(el, 'm:id:ui-120:0', top)), 'at the top of the list').to.be.at.most(1);
  });

  it('matches a number as the rows\' numeric ids, which are read as text', async () => {
    const el = await listAtItsEnd(conversation(300).map((row, i) => ({ ...row, id: i })));
    expect(await el.scrollToMessage(120)).to.equal(true);
    const top = () => logOf(el).getBoundingClientRect().top;
    expect(Math.abs(await offsetShown(el, 'm:id:120', top)), 'at the top of the list').to.be.at.most(1);
  });

  it('resolves false, and moves nothing, for an id no saved message holds (nor the draft)', async () => {
    const el = await listAtItsEnd(conversation(300));
    el.draft = { text: 'Streaming', tool_calls: [] };
    await settle(el);
    expect(await el.scrollToMessage('nowhere')).to.equal(false);
    expect(await el.scrollToMessage('')).to.equal(false);
    // Read once older history stopped mounting above: a list sent elsewhere no longer follows
    // and would be left far from its end.
    await el.mountComplete;
    await settle(el);
    await frames(2);
    const log = logOf(el);
    expect(log.scrollHeight - log.scrollTop - log.clientHeight, 'still at the end').to.be.at.most(1);
    expect(el.shadowRoot!.querySelector('[part="jump-button"]'), 'still following').to.equal(null);
  });

  it('scrolls the page, or the scroller it sits in, for a list with no height of its own', async () => {
    const inPage = () => {
      const el = document.createElement('message-list');
      el.items = conversation(300);
      document.body.append(el);
      hosts.push(el);
      return { el, top: () => 0 };
    };
    const inScroller = () => {
      const { box, el } = listInBox(conversation(300), 'height: 400px; overflow: auto');
      hosts.push(box);
      return { el, top: () => box.getBoundingClientRect().top + box.clientTop };
    };
    for (const [where, make] of [['the window', inPage], ['its scroller', inScroller]] as const) {
      const { el, top } = make();
      await el.updateComplete;
      expect(articleOf(el, 'm:id:m240') !== null, `${where}: not mounted before`).to.equal(false);
      expect(await el.scrollToMessage('m240'), where).to.equal(true);
      expect(Math.abs(await offsetShown(el, 'm:id:m240', top)), `${where}: at the top of what shows it`).to.be.at.most(1);
    }
  });

  it('lets a later jump take over from one still on its way, which stops mounting the messages between', async () => {
    const el = await listAtItsEnd(conversation(2_000));
    // The first has 1,900 messages to mount on its way; the second's is mounted.
    const first = el.scrollToMessage('m100');
    const second = el.scrollToMessage('m1996');
    // Resolved before it got there: the message is there, but its jump went no further.
    expect(await first, 'the first resolved, its message there').to.equal(true);
    expect(articleOf(el, 'm:id:m100') !== null, 'its message mounted').to.equal(false);
    expect(mountedArticles(el).length, 'nor most of those between').to.be.below(1_000);
    expect(await second).to.equal(true);
    await frames(3);
    const top = () => logOf(el).getBoundingClientRect().top;
    expect(Math.abs(await offsetShown(el, 'm:id:m1996', top)), 'the later one shown').to.be.at.most(2);
  });

  it('ends on its way when the reader scrolls, mounting no more of the messages between', async () => {
    const el = await listAtItsEnd(conversation(2_000));
    const log = logOf(el);
    const jump = el.scrollToMessage('m100');
    await frames(2);
    // The reader pages up before the jump gets there: where they go is theirs. (A key, not the
    // wheel: WebKitGTK scrolls on for a wheel event a script dispatches.)
    log.dispatchEvent(new KeyboardEvent('keydown', { key: 'PageUp', bubbles: true }));
    log.scrollTop -= 200;
    const seen = firstInView(el);
    expect(await jump, 'resolved, the message there').to.equal(true);
    expect(articleOf(el, 'm:id:m100') !== null, 'its message mounted').to.equal(false);
    expect(mountedArticles(el).length, 'nor most of those between').to.be.below(1_000);
    // Once the list settles (Firefox and WebKit lay messages mounted above out a frame late, and
    // the list keeps the place a frame later), the message the reader saw is where it was.
    const moved = () => Math.abs(offsetInView(el, seen.key)! - seen.offset);
    for (let frame = 0; frame < 60 && moved() > 1; frame++) await painted();
    expect(moved(), 'the reader left where they scrolled to').to.be.at.most(1);
  });

  it('is not taken over by find counting its matches again as the list changes', async function () {
    // Walks to a message 1,900 above (a few seconds in WebKit on a busy machine).
    this.timeout(30_000);
    const rows = conversation(2_000);
    const el = await listAtItsEnd(rows);
    expect((await el.find('Message 1999')).count).to.equal(1);
    const jump = el.scrollToMessage('m150');
    // A row arrives on the way: find counts again and shows its match where it is, not moving.
    el.items = [...rows, { id: 'm2000', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'One more' } }];
    expect(await jump).to.equal(true);
    await frames(3);
    const top = () => logOf(el).getBoundingClientRect().top;
    expect(Math.abs(await offsetShown(el, 'm:id:m150', top)), 'the message at the top of the list').to.be.at.most(2);
  });

  it('leaves the reader where they scroll to while it settles', async () => {
    const el = await listAtItsEnd(conversation(2_000));
    const log = logOf(el);
    const top = () => log.getBoundingClientRect().top;
    // As the jump lands, the reader turns the wheel and scrolls down, away from the message.
    const readerScrolls = () => {
      const article = articleOf(el, 'm:id:m150');
      if (!article || Math.abs(article.getBoundingClientRect().top - top()) > 2) return;
      log.removeEventListener('scroll', readerScrolls);
      turnWheel(log, 2_000);
      log.scrollTop += 2_000;
    };
    log.addEventListener('scroll', readerScrolls);
    expect(await el.scrollToMessage('m150')).to.equal(true);
    log.removeEventListener('scroll', readerScrolls);
    // Read as it resolves: a jump that went on settling would have scrolled back to the message
    // in the frames between the reader's scroll and now.
    expect(articleOf(el, 'm:id:m150')!.getBoundingClientRect().top - top(), 'the message left above, where the reader scrolled from it').to.be.below(-1_000);
  });
});
