/**
 * The examples in examples/ run as written: each gets the packed package (`npm pack` of dist/),
 * is type-checked and built as an app would be, and is opened in headless Chromium, where the
 * conversation's text, its stop mark and one event (a tool call opened) must reach the app.
 * `npm test` runs this file with Node's test runner after the build.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { join } from 'node:path';
import { launchChrome } from '../../scripts/browser.mjs';
import {
  EXAMPLES, buildExample, clickFirstToolCall, countText, followToolView, installInto, listCount, openPage,
  packPackage, serveDirectory, startSsrServer, stopMarks, typeCheck, waitForText,
} from './harness.mjs';

/** What examples/conversation.json shows once rendered. */
const TEXTS = ['Which files are in the project folder?', 'Let me look.', 'Listing files', 'three entries'];
const STOP_WORDING = 'Cut off: the response reached its length limit';
/** What every example logs when the reader opens the call: `console.log(event.callId, event.open)`. */
const OPENED = 'call_1 true';

const BUILT = ['react19', 'react18', 'vue', 'svelte', 'ssr'];
/** The examples that give `list_files` a view of their own (a component as a custom element). */
const TOOL_VIEWS = new Set(['react19', 'vue', 'plain-html']);
const TYPED = ['react19', 'react18', 'vue', 'svelte', 'snippets'];

let browser;
const closers = [];

before(async () => {
  const tarball = await packPackage();
  await Promise.all([...new Set([...BUILT, ...TYPED, 'plain-html'])].map((example) => installInto(example, tarball)));
  browser = await launchChrome();
});

after(async () => {
  for (const close of closers.reverse()) await close();
  await browser?.close();
});

/** Opens `url` in a page that is closed after the tests. */
async function open(url) {
  const opened = await openPage(browser, url);
  closers.push(opened.close);
  return opened;
}

/** Serves `root` until the tests end; resolves to its URL. */
async function serve(root) {
  const { server, url } = await serveDirectory(root);
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return url;
}

/**
 * Opens the page and checks what every example must show and hear (and `moreTexts`); with
 * `toolView`, that its view of `list_files` follows a call through upserts and status changes.
 */
async function checkConversation(url, moreTexts = [], toolView = false) {
  const { page, errors, logged } = await open(url);
  await waitForText(page, [...TEXTS, ...moreTexts]);
  assert.deepEqual(await stopMarks(page), Array(await listCount(page)).fill(STOP_WORDING), 'one stop mark per list, worded for `length`');
  const lists = await listCount(page);
  assert.ok(lists > 0, 'the page has a <message-list>');
  for (let i = 0; i < lists; i++) {
    await clickFirstToolCall(page, i);
    await logged(OPENED, i + 1);
  }
  if (toolView) {
    const { shown, same } = await followToolView(page);
    assert.deepEqual(shown, ['3 files in . · completed README.md package.json src/', '0 files in src · pending', '0 files in src · executing', '2 files in src · completed index.ts util.ts']);
    assert.ok(same, 'the view is one element through the upserts (its DOM and state kept)');
  }
  assert.deepEqual(errors, [], 'the page logs no error');
}

describe('examples type-check against the packed package', () => {
  for (const example of TYPED) it(`examples/${example}`, () => typeCheck(example));
});

describe('single-page examples, built with Vite', () => {
  const pages = [
    ['react19', 'React 19: the tags as JSX, events as `ontool-toggle` props, a React component as a tool view'],
    ['react18', 'React 18: the generated wrappers (`display-kit/react`), events as `onToolToggle` props'],
    // `Retry` is a message action the template sets with `:messageActions.prop`.
    ['vue', 'Vue 3: a template and a render function set properties (camelCase) and listen to events, a Vue component as a tool view', ['Retry']],
    ['svelte', 'Svelte 5: properties and `ontool-toggle` on the tag'],
  ];
  for (const [example, title, moreTexts] of pages) {
    it(title, async () => {
      await buildExample(example);
      await checkConversation(await serve(join(EXAMPLES, example, 'dist')), moreTexts, TOOL_VIEWS.has(example));
    });
  }
});

describe('a plain page with the no-build bundle (import map, no build step)', () => {
  it('renders the conversation, passes tool-toggle to the page, and shows a registered tool view', async () => {
    await checkConversation(new URL('plain-html/', await serve(EXAMPLES)).href, [], true);
  });
});

describe('server rendering in Node, hydrated in the browser', () => {
  let url;
  before(async () => {
    await buildExample('ssr');
    const started = await startSsrServer();
    closers.push(() => started.child.kill());
    url = started.url;
  });

  it('sends the conversation as HTML: declarative shadow roots, the tool call, the stop mark', async () => {
    const html = await (await fetch(url)).text();
    assert.ok(/<message-list[^>]*><template [^>]*shadowrootmode="open"/.test(html), 'the list has a declarative shadow root');
    for (const text of ['Which files are in the project folder?', 'Listing files', STOP_WORDING]) assert.ok(html.includes(text), `the HTML has "${text}"`);
  });

  it('hydrates: the conversation, its stop mark, and tool-toggle reaching the page', async () => {
    await checkConversation(url);
  });

  it('shows each text once after hydration', async () => {
    const { page } = await open(url);
    await waitForText(page, TEXTS);
    assert.equal(await countText(page, TEXTS[0]), 1);
  });
});
