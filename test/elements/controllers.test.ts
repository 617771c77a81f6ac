import { expect } from '@open-wc/testing';
import { html, LitElement } from 'lit';
import { FollowController } from '../../src/elements/message-list/controllers/follow-controller.js';
import { FILL_FACTOR, FIRST_MOUNT_MAX, FIRST_MOUNT_MIN, MountController, SLICE_MAX, WHOLE_HISTORY, type UnreadHistory, type Heights } from '../../src/elements/message-list/controllers/mount-controller.js';
import { Announcer } from '../../src/elements/message-list/controllers/announcer.js';
import { ChunkRequest } from '../../src/elements/support/chunk-request.js';
import { HydrationController } from '../../src/elements/message-list/controllers/hydration-controller.js';
import { SERVER_OPTIONS } from '../../src/elements/message-list/server-options.js';
import { CopyController } from '../../src/elements/controllers/copy-controller.js';
import { CustomStates, FALLBACK_ATTRIBUTE } from '../../src/elements/support/custom-states.js';
import { JsonTreeController } from '../../src/elements/controllers/json-tree-controller.js';
import { MarkdownController } from '../../src/elements/controllers/markdown-controller.js';
import { WakeController } from '../../src/elements/controllers/wake-controller.js';
import { watchedTargets } from '../../src/elements/controllers/near-viewport.js';
import { englishStrings } from '../../src/i18n/strings.js';
import type { Message } from '../../src/model/types.js';
import { frames, nextEvent, painted, stubClipboard, until, watchFrames } from '../waits.js';

/** Defines a test host once per test file under a unique name. */
let defined = 0;
function define<T extends CustomElementConstructor>(element: T): T {
  customElements.define(`controller-host-${(defined += 1)}`, element);
  return element;
}

function mount<T extends HTMLElement>(element: T): T {
  document.body.append(element);
  return element;
}

afterEach(() => {
  for (const host of Array.from(document.body.querySelectorAll('[data-test-host]'))) host.remove();
});

class FollowHost extends LitElement {
  static override properties = { lines: { type: Number } };
  lines = 5;
  readonly follow = new FollowController(this);
  constructor() {
    super();
    this.dataset.testHost = '';
  }
  protected override willUpdate(): void {
    this.follow.beforeContentChange();
  }
  override render() {
    return html`<div class="log" @scroll=${this.follow.onScroll} style="height: 200px; overflow-y: auto; overflow-anchor: none">
      <div class="list">
        <div class="block">
          ${Array.from({ length: this.lines }, (_, i) => html`<article data-key="l${i}" style="height: 50px; margin: 0">line ${i}</article>`)}
        </div>
      </div>
    </div>`;
  }
  get log(): HTMLElement {
    return this.shadowRoot!.querySelector<HTMLElement>('.log')!;
  }
}
define(FollowHost);

const atBottom = (log: HTMLElement) => Math.abs(log.scrollHeight - log.clientHeight - log.scrollTop) < 2;

describe('FollowController', () => {
  it('keeps to the bottom as content grows', async () => {
    const host = mount(new FollowHost());
    await host.updateComplete;
    host.lines = 20;
    await host.updateComplete;
    await painted();
    expect(atBottom(host.log)).to.equal(true);
    host.lines = 40;
    await host.updateComplete;
    await painted();
    expect(atBottom(host.log)).to.equal(true);
  });

  it('stops following when the reader scrolls up, keeps their place, and counts what arrives below', async () => {
    const host = mount(new FollowHost());
    host.lines = 20;
    await host.updateComplete;
    await painted();
    host.follow.readerInput.handleEvent();
    host.log.scrollTop = 100;
    await nextEvent(host.log, 'scroll');
    expect(host.follow.following).to.equal(false);
    const seen = host.log.scrollTop;
    const previous = [{ key: 'a' }] as Message[];
    host.follow.countUnseen(previous, [{ key: 'a' }, { key: 'b' }, { key: 'c' }] as Message[]);
    host.lines = 40;
    await host.updateComplete;
    await painted();
    expect(host.log.scrollTop).to.equal(seen);
    expect(host.follow.unseen).to.equal(2);
    host.follow.scrollToLatest(false);
    expect(host.follow.following).to.equal(true);
    expect(host.follow.unseen).to.equal(0);
    expect(atBottom(host.log)).to.equal(true);
  });

  it('keeps the reader\'s place, not following, when content above them shrinks and the browser pulls the position up to the end', async () => {
    const host = mount(new FollowHost());
    host.lines = 40;
    await host.updateComplete;
    await painted();
    host.follow.readerInput.handleEvent(new WheelEvent('wheel', { deltaY: -300 }));
    host.log.scrollTop -= 300;
    await nextEvent(host.log, 'scroll');
    expect(host.follow.following, 'scrolled up').to.equal(false);
    const line = (i: number) => host.log.querySelector<HTMLElement>(`[data-key="l${i}"]`)!;
    const offset = (i: number) => line(i).getBoundingClientRect().top - host.log.getBoundingClientRect().top;
    const place = offset(30);
    // What a block laid out at its own size does (smaller than its estimate, as the reader scrolls
    // into it): everything above the reader shrinks by 1,200 px, and the position, 300 px from the
    // end, is pulled up to the new end. No input comes with it.
    for (let i = 0; i < 30; i++) line(i).style.height = '10px';
    await painted();
    await painted();
    expect(host.follow.following, 'still reading, not following').to.equal(false);
    expect(offset(30), 'the line they saw where they saw it').to.be.closeTo(place, 1);
  });

  it('keeps following after the host moves in the page', async () => {
    const host = mount(new FollowHost());
    host.lines = 20;
    await host.updateComplete;
    await painted();
    const elsewhere = mount(document.createElement('section'));
    elsewhere.dataset.testHost = '';
    elsewhere.append(host);
    host.lines = 60;
    await host.updateComplete;
    await painted();
    expect(atBottom(host.log)).to.equal(true);
  });
});

class MountHost extends LitElement {
  readonly mount: MountController;
  updates = 0;
  constructor(unread?: UnreadHistory, heights?: Heights, grows?: () => boolean) {
    super();
    this.mount = new MountController(this, unread, heights, grows);
    this.dataset.testHost = '';
  }
  protected override updated(): void {
    this.updates += 1;
  }
}
define(MountHost);

const messages = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `m${i}`, role: 'user', items: [], stop: null })) as Message[];

describe('MountController', () => {
  it('mounts the newest messages of a fresh history now and the rest in idle time', async () => {
    const host = mount(new MountHost());
    const all = messages(500);
    host.mount.plan([], all, false);
    expect(host.mount.from).to.equal(all.length - host.mount.firstMount().count);
    await host.mount.complete;
    expect(host.mount.from).to.equal(0);
    expect(host.updates, 'one update per slice at least').to.be.at.least(2);
  });

  it('mounts what fills the viewport by estimated height, within bounds', () => {
    const host = mount(new MountHost());
    host.style.display = 'block';
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    // The estimate is 8rem a message: a viewport of 40rem holds five.
    host.style.height = `${40 * rem}px`;
    expect(host.mount.firstMount().count).to.equal(5);
    host.style.height = '10px';
    expect(host.mount.firstMount().count).to.equal(FIRST_MOUNT_MIN);
    host.style.height = '100000px';
    expect(host.mount.firstMount().count).to.equal(FIRST_MOUNT_MAX);
  });

  /** Older rows never read: idle time goes to reading them, and mounts nothing. */
  const unreadForever: UnreadHistory = { pending: () => true, read: () => {} };

  it('mounts more as the first frame begins while what it mounted leaves the viewport partly empty', async () => {
    const all = messages(500);
    const asked: number[] = [];
    // Messages 40px high in a viewport of 1,200: thirty fill it.
    const host: MountHost = mount(new MountHost(unreadForever, () => {
      asked.push(all.length - host.mount.from);
      return { viewport: 1_200, shown: 40 * (all.length - host.mount.from) };
    }));
    host.mount.plan([], all, false);
    const first = all.length - host.mount.from;
    await host.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(asked, 'asked once, as the frame began').to.deep.equal([first]);
    expect(all.length - host.mount.from, 'as many as fill it, at the height of those shown').to.equal(30);
    await host.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(asked, 'asked again once they are drawn').to.deep.equal([first, 30]);
    expect(all.length - host.mount.from, 'and no more once filled').to.equal(30);
  });

  it('fills up to the oldest message it may mount, and no more than the estimate allows should those shown have no height', async () => {
    const empty = () => ({ viewport: 10_000, shown: 0 });
    const host = mount(new MountHost(unreadForever, empty));
    host.mount.plan([], messages(20), false);
    await host.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(host.mount.from, 'the oldest but one: older rows are unread').to.equal(1);
    const tall = mount(new MountHost(unreadForever, empty));
    tall.mount.plan([], messages(5_000), false);
    const first = 5_000 - tall.mount.from;
    await tall.updateComplete;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const estimate = 8 * parseFloat(getComputedStyle(document.documentElement).fontSize);
    expect(5_000 - tall.mount.from - first).to.equal(Math.ceil(10_000 / (estimate / FILL_FACTOR)));
  });

  it('mounts a short history whole at once', () => {
    const host = mount(new MountHost());
    host.style.display = 'block';
    host.style.height = '10px';
    host.mount.plan([], messages(WHOLE_HISTORY), false);
    expect(host.mount.from).to.equal(0);
    host.mount.plan([], messages(WHOLE_HISTORY + 1), false);
    expect(host.mount.from).to.equal(WHOLE_HISTORY + 1 - FIRST_MOUNT_MIN);
    // The newest messages of a longer history, older rows not read yet.
    const newest = mount(new MountHost(unreadForever));
    newest.style.display = 'block';
    newest.style.height = '10px';
    newest.mount.plan([], messages(WHOLE_HISTORY), false);
    expect(newest.mount.from).to.equal(WHOLE_HISTORY - FIRST_MOUNT_MIN);
  });

  it('mounts everything at once when asked (hydration), and keeps its place on appends', () => {
    const host = mount(new MountHost());
    host.mount.plan([], messages(500), true);
    expect(host.mount.from).to.equal(0);
    const list = messages(host.mount.firstMount().count + 10);
    host.mount.plan([], list, false);
    expect(host.mount.from).to.equal(10);
    host.mount.plan(list, messages(list.length + 1), false);
    expect(host.mount.from, 'an append is not a fresh history').to.equal(10);
  });

  it('reads unread history before it mounts older messages, and keeps the oldest mounted one first', async () => {
    let left = 3;
    const all = messages(200);
    const newest = all.slice(150);
    let oldestWhenRead = '';
    const host: MountHost = mount(new MountHost({
      pending: () => left > 0,
      read: () => {
        left -= 1;
        if (left > 0) return;
        host.mount.historyRead(newest, all);
        // Read at once: the next idle slice may come before the next frame (a timer in WebKit).
        oldestWhenRead = all[host.mount.from].key;
      },
    }));
    host.mount.plan([], newest, false);
    const oldest = newest[host.mount.from].key;
    // Reading comes first: nothing older mounts meanwhile.
    while (left > 0) {
      expect(newest[host.mount.from].key).to.equal(oldest);
      await frames(1);
    }
    expect(oldestWhenRead, 'the same message is the oldest mounted').to.equal(oldest);
    await host.mount.complete;
    expect(host.mount.from).to.equal(0);
  });

  it('mounts the next slice at once when the reader nears the top of what is mounted', () => {
    const host = mount(new MountHost());
    host.mount.plan([], messages(500), false);
    const from = host.mount.from;
    const log = { scrollTop: 10_000, clientHeight: 400 } as HTMLElement;
    host.mount.readerScrolled(log);
    expect(host.mount.from, 'far from the top').to.equal(from);
    log.scrollTop = 100;
    host.mount.readerScrolled(log);
    expect(host.mount.from).to.be.lessThan(from);
  });

  it('walks to a message find jumps to a slice a frame, in one walk however often it is asked', async () => {
    const host = mount(new MountHost());
    host.mount.plan([], messages(3_000), false);
    const start = host.mount.from;
    const updates = host.updates;
    const stopWatching = watchFrames(() => true);
    const first = host.mount.reach(1_000);
    // Asked again meanwhile, further up (a reader pressing Enter again).
    const second = host.mount.reach(500);
    expect(host.mount.from, 'not at once').to.be.greaterThan(1_000);
    expect(await first).to.equal(true);
    expect(host.mount.from, 'its message mounted').to.be.at.most(1_000);
    expect(await second).to.equal(true);
    expect(host.mount.from, 'the one walk went on to the oldest asked for').to.be.at.most(500);
    const drawn = stopWatching().length;
    expect(host.updates - updates, 'a slice a render').to.be.at.least(Math.ceil((start - 500) / SLICE_MAX));
    // Idle slices mount beside the walk's: fewer frames than renders, but frames between.
    expect(drawn, 'frames drawn on the way').to.be.at.least(2);
  });

  it('stops walking for a message no longer wanted, and goes on for one that still is', async () => {
    const host = mount(new MountHost());
    host.mount.plan([], messages(3_000), false);
    let firstWanted = true;
    const first = host.mount.reach(100, () => firstWanted);
    const second = host.mount.reach(2_000);
    expect(await second, 'the nearer one reached').to.equal(true);
    expect(host.mount.from, 'the walk on its way to the further one').to.be.greaterThan(100);
    firstWanted = false;
    expect(await first, 'the further one given up').to.equal(false);
    expect(host.mount.from, 'on the way, not there').to.be.greaterThan(100);
  });

  describe('a host that grows with its messages (no height of its own)', () => {
    const grows = () => true;

    it('mounts the oldest messages of a fresh history now, and the newer ones below them in idle time', async () => {
      const host = mount(new MountHost(undefined, undefined, grows));
      const first = host.mount.firstMount();
      expect(first.fromTop).to.equal(true);
      host.mount.plan([], messages(500), false);
      expect([host.mount.from, host.mount.to]).to.deep.equal([0, first.count]);
      const seen = [host.mount.to];
      while (host.mount.to < Infinity) {
        await host.updateComplete;
        await frames(1);
        expect(host.mount.from, 'none above the oldest').to.equal(0);
        seen.push(host.mount.to);
      }
      expect(seen, 'newer ones only ever added below').to.deep.equal([...seen].sort((a, b) => a - b));
      await host.mount.complete;
    });

    it('fills the window below its top in the first frame', async () => {
      const all = messages(500);
      const asked: boolean[] = [];
      // Messages 40px high, and 1,200 px of window below the host's top: thirty fill it.
      const host: MountHost = mount(new MountHost(unreadForever, (inWindow) => {
        asked.push(inWindow);
        return { viewport: 1_200, shown: 40 * host.mount.to };
      }, grows));
      host.mount.plan([], all, false);
      await host.updateComplete;
      await new Promise((resolve) => requestAnimationFrame(resolve));
      expect(asked, 'the window asked for, by the first mount and as the frame begins').to.deep.equal([true, true]);
      expect([host.mount.from, host.mount.to]).to.deep.equal([0, 30]);
    });

    it('mounts the next slice below at once when what scrolls it nears the end of what is mounted', () => {
      let below = 10 * innerHeight;
      const host: MountHost = mount(new MountHost(undefined, () => ({ viewport: innerHeight, shown: innerHeight + below }), grows));
      host.mount.plan([], messages(500), false);
      const to = host.mount.to;
      host.mount.scrolledAlong();
      expect(host.mount.to, 'far from the end').to.equal(to);
      below = innerHeight;
      host.mount.scrolledAlong();
      expect(host.mount.to).to.be.greaterThan(to);
    });

    it('reads the newer rows at once when what scrolls it nears the last message it may mount before them', () => {
      const read = messages(3);
      const all = messages(500);
      let left = true;
      const host: MountHost = mount(new MountHost({
        pending: () => left,
        read: () => {
          left = false;
          host.mount.historyRead(read, all);
        },
      }, () => ({ viewport: innerHeight, shown: 0 }), grows));
      host.mount.plan([], read, false);
      // The newest row read waits for the rows after it (whether its run is over is in them).
      expect(host.mount.to).to.equal(2);
      host.mount.scrolledAlong();
      expect(left, 'the rest read').to.equal(false);
      expect(host.mount.to, 'and the next slice mounted').to.be.greaterThan(3);
    });

    it('walks down to a message find jumps to, a slice a frame', async () => {
      const host = mount(new MountHost(unreadForever, undefined, grows));
      host.mount.plan([], messages(3_000), false);
      const reached = host.mount.reach(2_000);
      expect(host.mount.to, 'not at once').to.be.at.most(2_000);
      await reached;
      expect(host.mount.to, 'mounted down to it').to.be.greaterThan(2_000);
      expect(host.mount.from).to.equal(0);
    });

    it('has messages that arrive while it mounts wait below the others, and those that arrive after mount at once', async () => {
      const host = mount(new MountHost(undefined, undefined, grows));
      const list = messages(500);
      host.mount.plan([], list, false);
      const to = host.mount.to;
      expect(to, 'mounting from the top').to.be.lessThan(list.length);
      const longer = messages(501);
      host.mount.plan(list, longer, false);
      expect(host.mount.to, 'an append is not a fresh history').to.equal(to);
      await host.mount.complete;
      host.mount.plan(longer, messages(502), false);
      expect([host.mount.from, host.mount.to]).to.deep.equal([0, Infinity]);
    });

    it('keeps the same message first among those waiting when older ones are added before it', () => {
      const host = mount(new MountHost(undefined, undefined, grows));
      const list = messages(500).slice(100);
      host.mount.plan([], list, false);
      const waiting = list[host.mount.to].key;
      const all = messages(500);
      host.mount.plan(list, all, false);
      expect(all[host.mount.to].key).to.equal(waiting);
    });
  });

  it('stops mounting while disconnected and resumes when back', async () => {
    const host = mount(new MountHost());
    host.mount.plan([], messages(1000), false);
    host.remove();
    const from = host.mount.from;
    await frames(3);
    expect(host.mount.from).to.equal(from);
    mount(host);
    await host.mount.complete;
    expect(host.mount.from).to.equal(0);
  });
});

class AnnounceHost extends LitElement {
  readonly announcer = new Announcer(this);
  constructor() {
    super();
    this.dataset.testHost = '';
  }
  override render() {
    return this.announcer.render();
  }
  get region(): HTMLElement {
    return this.shadowRoot!.querySelector('[role="status"]')!;
  }
}
define(AnnounceHost);

describe('Announcer', () => {
  it('says a message in a polite live region, and forgets it when the host leaves', async () => {
    const host = mount(new AnnounceHost());
    host.announcer.say('Responding…');
    await host.updateComplete;
    expect(host.region.getAttribute('aria-live')).to.equal('polite');
    expect(host.region.textContent).to.equal('Responding…');
    host.remove();
    mount(host);
    host.requestUpdate();
    await host.updateComplete;
    expect(host.region.textContent).to.equal('');
  });
});

class CopyHost extends LitElement {
  readonly clipboard = new CopyController(this);
  constructor() {
    super();
    this.dataset.testHost = '';
  }
}
define(CopyHost);

describe('CopyController', () => {
  it('copies, says so by key, tells listeners, and lets go of its timer when the host leaves', async () => {
    const clipboard = stubClipboard();
    try {
      const host = mount(new CopyHost());
      const heard = nextEvent(host, 'content-copy');
      await host.clipboard.copy('text', () => new CustomEvent('content-copy'), 'm1');
      await heard;
      expect(clipboard.writes).to.deep.equal(['text']);
      expect(host.clipboard.copiedKey).to.equal('m1');
      host.remove();
      expect(host.clipboard.copied, 'no "Copied" left behind').to.equal(false);
    } finally {
      clipboard.restore();
    }
  });

  it('goes back to its label after a moment', async () => {
    const clipboard = stubClipboard();
    try {
      const host = mount(new CopyHost());
      await host.clipboard.copy('text', () => new Event('x'));
      expect(host.clipboard.copied).to.equal(true);
      await until(() => !host.clipboard.copied, 'the copied state to end', 600);
    } finally {
      clipboard.restore();
    }
  });

  it('says nothing was copied when the browser refuses', async () => {
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    try {
      const host = mount(new CopyHost());
      let announced = false;
      await host.clipboard.copy('text', () => ((announced = true), new Event('x')));
      expect(host.clipboard.copied).to.equal(false);
      expect(announced).to.equal(false);
    } finally {
      delete (navigator as unknown as Record<string, unknown>).clipboard;
    }
  });
});

class MarkdownHost extends LitElement {
  static override properties = { source: {}, streaming: { type: Boolean } };
  source = '';
  streaming = false;
  readonly clipboard = new CopyController(this);
  readonly markdown = new MarkdownController(this, this.clipboard);
  constructor() {
    super();
    this.dataset.testHost = '';
  }
  override render() {
    this.markdown.show(this.source, { policy: {}, labels: englishStrings }, { streaming: this.streaming });
    return html`<div class="markdown"></div>`;
  }
  get body(): HTMLElement {
    return this.shadowRoot!.querySelector('.markdown')!;
  }
}
define(MarkdownHost);

describe('MarkdownController', () => {
  it('renders into the bound container once the host has updated', async () => {
    const host = mount(new MarkdownHost());
    host.source = 'Some **bold**';
    await host.updateComplete;
    expect(host.body.querySelector('strong')!.textContent).to.equal('bold');
  });

  it('streams at most once a frame, and draws what it holds when the host leaves', async () => {
    const host = mount(new MarkdownHost());
    host.streaming = true;
    host.source = 'First';
    await host.updateComplete;
    expect(host.body.textContent, 'drawn with the host').to.contain('First');
    host.source = 'First words';
    await host.updateComplete;
    expect(host.body.textContent, 'not yet drawn').not.to.contain('words');
    host.remove();
    expect(host.body.textContent).to.contain('First words');
  });

  it('copies a code block through the host clipboard, and the button goes back to its label', async () => {
    const clipboard = stubClipboard();
    try {
      const host = mount(new MarkdownHost());
      host.source = '```js\nrun()\n```';
      await host.updateComplete;
      const button = host.body.querySelector<HTMLButtonElement>('.copy-code')!;
      const heard = nextEvent(host, 'content-copy');
      button.click();
      expect((await heard).text).to.equal('run()\n');
      await host.updateComplete;
      expect(button.textContent).to.equal('Copied');
      await until(() => button.textContent === englishStrings.copyCode, 'the label to come back', 600);
    } finally {
      clipboard.restore();
    }
  });
});

class WakeHost extends LitElement {
  static override properties = { lazy: { type: Boolean } };
  static override styles = [];
  lazy = true;
  readonly wake = new WakeController(this);
  constructor() {
    super();
    this.dataset.testHost = '';
  }
  protected override createRenderRoot() {
    return this.wake.createRenderRoot(() => super.createRenderRoot());
  }
  override render() {
    return html`${this.wake.dormant ? 'asleep' : 'awake'}`;
  }
}
define(WakeHost);

describe('WakeController', () => {
  it('keeps a lazy host asleep far from view, watched; wakes it near; stops watching when it leaves', async () => {
    const spacer = mount(document.createElement('div'));
    spacer.dataset.testHost = '';
    spacer.style.height = '8000px';
    const host = mount(new WakeHost());
    await host.updateComplete;
    await frames(2);
    expect(host.shadowRoot!.textContent).to.equal('asleep');
    expect(watchedTargets()).to.include(host);
    host.remove();
    expect(watchedTargets()).not.to.include(host);
    mount(host);
    expect(watchedTargets()).to.include(host);
    host.scrollIntoView();
    await until(() => host.shadowRoot!.textContent === 'awake', 'the host to wake');
    expect(watchedTargets()).not.to.include(host);
  });

  it('wakes at once a host that is not lazy', async () => {
    const host = new WakeHost();
    host.lazy = false;
    mount(host);
    await host.updateComplete;
    await host.updateComplete;
    expect(host.wake.dormant).to.equal(false);
  });
});

class TreeHost extends LitElement {
  readonly trees = new JsonTreeController(this);
}
define(TreeHost);

describe('JsonTreeController', () => {
  it('keeps each tree’s expanded paths apart and re-renders its host on a change', async () => {
    const host = mount(new TreeHost());
    host.dataset.testHost = '';
    await host.updateComplete;
    host.trees.state('args', englishStrings).expand('$/a');
    expect(host.isUpdatePending).to.equal(true);
    expect([...host.trees.state('args', englishStrings).expanded]).to.deep.equal(['$/a']);
    expect([...host.trees.state('result', englishStrings).expanded]).to.deep.equal([]);
  });
});

class StatesHost extends LitElement {
  readonly states = new CustomStates(this);
}
define(StatesHost);

describe('CustomStates', () => {
  it('publishes exactly the names given, for :state() selectors, without attributes', () => {
    const host = mount(new StatesHost());
    host.dataset.testHost = '';
    host.states.set(['failed', null, false, 'unfinished']);
    expect(host.matches(':state(failed)') && host.matches(':state(unfinished)')).to.equal(true);
    host.states.set(['completed']);
    expect(host.matches(':state(failed)')).to.equal(false);
    expect(host.matches(':state(completed)')).to.equal(true);
    expect(host.hasAttribute(FALLBACK_ATTRIBUTE)).to.equal(false);
  });
});

class HydrateHost extends LitElement {
  static override properties = { messageActions: { attribute: false } };
  messageActions: unknown = [];
  readonly hydration = new HydrationController(this);
  /** What each render saw. */
  readonly seen: unknown[] = [];
  protected override willUpdate(): void {
    this.hydration.willUpdate();
    this.seen.push(this.messageActions);
  }
}

describe('HydrationController', () => {
  it('renders first with what the server sent, then with the host’s own, and asks for a fresh drawing', async () => {
    // As a server leaves it: a shadow root already drawn, the options beside the items.
    const name = `controller-hydrate-${(defined += 1)}`;
    const host = document.createElement(name) as HydrateHost;
    host.dataset.testHost = '';
    host.attachShadow({ mode: 'open' }).innerHTML = '<p>drawn on the server</p>';
    host.innerHTML = `<script type="application/json" ${SERVER_OPTIONS}>{"messageActions": [{"id": "server"}]}</script>`;
    (host as unknown as { messageActions: unknown }).messageActions = [{ id: 'host' }];
    customElements.define(name, HydrateHost);
    mount(host);
    expect(host.hydration.hydrating, 'before its first render').to.equal(true);
    await host.updateComplete;
    await until(() => host.seen.length >= 2, 'the render with the host’s options');
    expect(host.seen).to.deep.equal([[{ id: 'server' }], [{ id: 'host' }]]);
    expect(host.hydration.drawn).to.equal(1);
    expect(host.hydration.hydrating).to.equal(false);
  });

  it('does nothing for a list rendered in the browser', async () => {
    const name = `controller-hydrate-${(defined += 1)}`;
    customElements.define(name, class extends HydrateHost {});
    const host = mount(document.createElement(name) as HydrateHost);
    host.dataset.testHost = '';
    await host.updateComplete;
    expect(host.seen).to.deep.equal([[]]);
    expect(host.hydration.drawn).to.equal(0);
  });
});

/** A host that counts its renders. */
class CountingHost extends LitElement {
  renders = 0;
  constructor() {
    super();
    this.dataset.testHost = '';
  }
  protected override updated(): void {
    this.renders++;
  }
}

describe('ChunkRequest', () => {
  it('fetches once however often it is asked, and renders the host again with what arrived', async () => {
    const host = mount(new (define(class extends CountingHost {}))());
    await host.updateComplete;
    let fetches = 0;
    const arrived: string[] = [];
    const chunk = new ChunkRequest(host, async () => `chunk ${++fetches}`, (value) => arrived.push(value));
    await Promise.all([chunk.request(), chunk.request()]);
    await chunk.request();
    await chunk.settled();
    expect(fetches).to.equal(1);
    expect(arrived).to.deep.equal(['chunk 1']);
    expect(host.renders, 'the first render and the one after the chunk').to.equal(2);
  });

  it('goes on without a chunk that failed to fetch, and fetches it again when next asked', async () => {
    const host = mount(new (define(class extends CountingHost {}))());
    let fetches = 0;
    const arrived: number[] = [];
    const chunk = new ChunkRequest(
      host,
      async () => {
        if (++fetches === 1) throw new TypeError('Failed to fetch dynamically imported module');
        return fetches;
      },
      (value) => arrived.push(value),
    );
    // The list waits on it before it renders: a failed fetch must not leave it waiting for ever.
    await chunk.request();
    await chunk.settled();
    expect(arrived, 'nothing arrived').to.deep.equal([]);
    await chunk.request();
    expect(fetches).to.equal(2);
    expect(arrived).to.deep.equal([2]);
  });

  it('has nothing to wait for when nothing was asked', async () => {
    const host = mount(new (define(class extends CountingHost {}))());
    await host.updateComplete;
    const chunk = new ChunkRequest(host, () => new Promise<never>(() => {}));
    await chunk.settled();
    expect(host.renders).to.equal(1);
  });
});
