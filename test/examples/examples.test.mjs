/**
 * The examples in examples/ run as written: each gets the packed package (`npm pack` of dist/),
 * is type-checked and built as an app would be, and is opened in headless Chromium, where the
 * conversation's text, its stop mark and one event (a tool call opened) must reach the app. The
 * live examples run an agent library's scripted turns instead: what each shows, its tool call
 * completed, and the stop marks of a refusal and of a run the reader stops.
 * `npm test` runs this file with Node's test runner after the build.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChrome } from '../../scripts/lib/browser.mjs';
import {
  EXAMPLES, buildExample, buildInFolder, clickFirstToolCall, countText, followToolView, installExamples, installInto, listCount, openDisclosures,
  openPage, packPackage, readStopMarks, serveDirectory, startServer, stopMarks, toolCallStatuses, typeCheck, waitForHydration,
  waitForStopMark, waitForText,
} from './harness.mjs';

/** What examples/conversation.json shows once rendered. */
const TEXTS = ['Which files are in the project folder?', 'Let me look.', 'Listing files', 'three entries'];
const STOP_WORDING = 'The answer reached its length limit';
/** What every example logs when the reader opens the call: `console.log(event.callId, event.open)`. */
const OPENED = 'call_1 true';

/**
 * The live examples: each runs a scripted turn through an agent library, over a mock of its
 * model or API, into `display-kit/live`; `?script=refusal` and `?script=abort` run the other
 * two scripts. `details`: what the refusal's mark shows after "The model declined to answer" (null:
 * the source says only that a filter stopped it, and the mark says just that);
 * `query`: the page's own (one example, two APIs); `server`: the example serves itself (`node
 * server.js`); `send`: the page waits for the reader to send the question it holds.
 */
const LIVE = [
  { example: 'anthropic', title: 'Anthropic SDK: `liveAnthropic`, `client.messages.stream()` consumed, tool results pushed', details: 'Cybersecurity — This request could enable malware.' },
  { example: 'openai', title: 'OpenAI SDK, Chat Completions: `liveOpenAIChat`, `client.chat.completions.stream()` consumed, tool messages pushed', details: '' },
  { example: 'openai', query: '?api=responses', title: 'OpenAI SDK, Responses: `liveOpenAIResponses`, `client.responses.stream()` consumed, call outputs pushed', details: '' },
  // A UIMessage keeps no refusal, and onFinish gives only the finish reason: the mark has no details.
  { example: 'ai-sdk', send: true, title: 'AI SDK 7 and React: `useChat` state into `liveAISDK`, `onFinish: live.finish`; the agent in the page over the mock model', details: null },
  { example: 'langgraph', title: 'LangGraph in the page: a StateGraph with a tool node, `graph.stream(…, { streamMode: \'messages\' })` into `liveLangChain`', details: 'Cybersecurity — This request could enable malware.' },
  // AG-UI has no refusal of its own: the endpoint passes the provider's on as RUN_ERROR {code: 'content_filter'}.
  { example: 'ag-ui', server: true, title: 'AG-UI: `HttpAgent.runAgent({}, live.subscriber)` against a local AG-UI endpoint (SSE on loopback)', details: 'This request could enable malware.' },
];
/** What every live example's first script shows: the question, Markdown before the call, the answer. */
const TURN = ['What is the weather in Paris?', 'Let me check the forecast.', 'It is 18 °C and sunny in Paris'];
/** What the thinking block and the tool call show once opened: the reasoning, the tool's result. */
const OPENED_TURN = ['The user wants the weather in Paris', 'temperature_c'];
const REFUSAL = 'I can’t help with that.';
const FILTERED = "The provider's content filter stopped this answer";
const DECLINED = 'The model declined to answer';
const CANCELLED = 'You stopped this response';

/**
 * The meta-framework examples: each is built once by the framework's own build (`bin`, with
 * `buildEnv`), and its Node server (`entry`, with `args`, ready when it prints `ready`) renders
 * the conversation and answers the page's live turn.
 */
const META = [
  { example: 'sveltekit', title: 'SvelteKit: a load function renders the conversation, a +server.ts endpoint streams AG-UI', bin: 'vite/bin/vite.js', entry: 'build/index.js' },
  // Astro would otherwise send its telemetry from the build: the tests reach no network.
  { example: 'astro', title: 'Astro: the page\'s frontmatter renders the conversation, a script island hydrates it, an API route streams AG-UI', bin: 'astro/astro.js', buildEnv: { ASTRO_TELEMETRY_DISABLED: '1' }, entry: 'dist/server/entry.mjs' },
  // Next.js would otherwise send its telemetry from the build and the server.
  {
    example: 'nextjs', title: 'Next.js: a server component renders the conversation, a client component hydrates it, useChat streams from a route handler',
    bin: 'next/dist/bin/next', buildEnv: { NEXT_TELEMETRY_DISABLED: '1' },
    entry: 'node_modules/next/dist/bin/next', args: ['start', '--hostname', '127.0.0.1'], env: { NEXT_TELEMETRY_DISABLED: '1' }, ready: /Ready in/,
  },
  { example: 'nuxt', title: 'Nuxt: a server route renders the conversation into the page, a client plugin hydrates it, a Nitro route streams AG-UI', bin: 'nuxt/bin/nuxt.mjs', buildEnv: { NUXT_TELEMETRY_DISABLED: '1' }, entry: '.output/server/index.mjs' },
  // The Angular CLI would otherwise ask whether to share analytics.
  {
    example: 'angular', title: 'Angular: the server renders the conversation into the page, the app hydrates zoneless, an Express route streams AG-UI',
    bin: '@angular/cli/bin/ng.js', buildEnv: { NG_CLI_ANALYTICS: 'false' }, entry: 'dist/angular/server/server.mjs',
  },
];
/** What the meta-framework examples' live turn shows: a scripted run whose answer the token limit cuts off. */
const CUT_OFF_TURN = [...TURN, 'a good day for'];
/** A message's time as the server draws it (in UTC), and as a reader in Tokyo sees it once hydrated. */
const SERVER_TIME = '9:30 AM';
const READER_TIME = '6:30 PM';

const BUILT = ['react19', 'react18', 'vue', 'svelte', 'ssr', ...META.map(({ example }) => example)];
/** The examples that give `list_files` a view of their own (a component as a custom element). */
const TOOL_VIEWS = new Set(['react19', 'vue', 'plain-html']);
// Next.js's build leaves its type check to this (`typescript.ignoreBuildErrors`).
const TYPED = ['react19', 'react18', 'vue', 'svelte', 'snippets', 'nextjs', ...new Set(LIVE.map(({ example }) => example))];

let browser;
const closers = [];

before(async () => {
  installExamples();
  const tarball = await packPackage();
  await Promise.all([...new Set([...BUILT, ...TYPED, 'plain-html'])].map((example) => installInto(example, tarball)));
  browser = await launchChrome();
});

after(async () => {
  for (const close of closers.reverse()) await close();
  await browser?.close();
});

/** Opens `url` in a page that is closed after the tests (`options`: those of `openPage`). */
async function open(url, options) {
  const opened = await openPage(browser, url, options);
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

/** Opens a live example's page and starts its run: at once, or with `send`, when the reader sends the question. */
async function openRun(url, send) {
  const opened = await open(url);
  if (send) await opened.page.locator('button::-p-text(Send)').click();
  return opened;
}

/** The scripted turn: every text, the call completed with its result, no stop mark, no error. */
async function checkTurn(url, send) {
  const { page, errors } = await openRun(url, send);
  await waitForText(page, TURN);
  await runEnded(page);
  assert.deepEqual(await toolCallStatuses(page), ['completed'], 'the call ran and has its result');
  await openDisclosures(page);
  await waitForText(page, OPENED_TURN);
  assert.deepEqual(await readStopMarks(page), [], 'a finished turn has no stop mark');
  assert.deepEqual(errors, [], 'the page logs no error');
}

/** The refusal script: one `content_filtered` mark, showing the provider's details (`null`: the source has none). */
async function checkRefusal(url, send, details) {
  const { page, errors } = await openRun(url, send);
  await waitForText(page, [REFUSAL]);
  await runEnded(page);
  await waitForStopMark(page);
  const marks = await readStopMarks(page);
  assert.deepEqual(marks.map(({ reason }) => reason), ['content_filtered'], `one content_filtered mark: ${JSON.stringify(marks)}`);
  if (details === null) assert.equal(marks[0].text, FILTERED);
  else assert.ok(marks[0].text.startsWith(DECLINED) && marks[0].text.includes(details), `the mark shows "${details}": ${marks[0].text}`);
  assert.deepEqual(errors, [], 'the page logs no error');
}

/**
 * The abort script: the reader presses Stop mid-answer, and the answer keeps a `cancelled` mark.
 * The script sends its last words and then neither ends nor sends more, so Stop is pressed once
 * they are shown: pressed on its first words, it sometimes came before the last (30 ms apart),
 * which then never came.
 */
async function checkAbort(url, send) {
  const { page, errors } = await openRun(url, send);
  await waitForText(page, ['Let me check the forecast for Paris']);
  await page.locator('button::-p-text(Stop)').click();
  await runEnded(page);
  await waitForStopMark(page);
  const marks = await readStopMarks(page);
  assert.deepEqual(marks.map(({ reason, text }) => [reason, text]), [['cancelled', CANCELLED]]);
  await waitForText(page, ['Let me check the forecast for Paris']);
  assert.deepEqual(errors, [], 'the page logs no error');
}

/** Each live example disables its Stop button while no run is going on. */
function runEnded(page) {
  return page.waitForSelector('button:disabled::-p-text(Stop)', { timeout: 20_000 });
}

/**
 * examples/vue/compile-hint.ts at work: every chunk of the Vue app holds some of the kit (its
 * entry registers the list; the others are what the list loads on first use), and each opens with
 * V8's compile hint, once, before the lines Vite writes first (the entry's preload map).
 */
function checkCompileHint(assets) {
  const chunks = readdirSync(assets).filter((file) => file.endsWith('.js'));
  assert.ok(chunks.length >= 3, `the app's entry and the kit's chunks (${chunks.join(', ')})`);
  for (const file of chunks) {
    const code = readFileSync(join(assets, file), 'utf8');
    assert.ok(code.startsWith('//# allFunctionsCalledOnLoad\n') && code.indexOf('allFunctionsCalledOnLoad', 30) < 0, `${file} opens with the hint, once: ${JSON.stringify(code.slice(0, 40))}`);
  }
}

describe('examples type-check against the packed package', () => {
  for (const example of TYPED) it(`examples/${example}`, () => typeCheck(example));
});

describe('single-page examples, built with Vite', () => {
  const pages = [
    ['react19', 'React 19: the tags as JSX, events as `ontool-toggle` props, a React component as a tool view'],
    ['react18', 'React 18: the generated wrappers (`display-kit/react`), events as `onToolToggle` props'],
    // `Retry` is a message action the template sets with `:messageActions.prop`.
    ['vue', 'Vue 3: a template and a render function set properties (camelCase) and listen to events, a Vue component as a tool view; the compile hint on the kit\'s chunks', ['Retry']],
    ['svelte', 'Svelte 5: properties and `ontool-toggle` on the tag'],
  ];
  for (const [example, title, moreTexts] of pages) {
    it(title, async () => {
      await buildExample(example);
      if (example === 'vue') checkCompileHint(join(EXAMPLES, example, 'dist', 'assets'));
      await checkConversation(await serve(join(EXAMPLES, example, 'dist')), moreTexts, TOOL_VIEWS.has(example));
    });
  }
});

describe('live examples: an agent library streams into the list', () => {
  /** Each example is built (and its server started) once, however many of its pages are opened. */
  const started = new Map();
  const start = async ({ example, server }) => {
    await buildExample(example);
    if (!server) return serve(join(EXAMPLES, example, 'dist'));
    const { child, url } = await startServer(example);
    closers.push(() => child.kill());
    return url;
  };
  for (const live of LIVE) {
    describe(live.title, { concurrency: true }, () => {
      let url;
      before(async () => {
        if (!started.has(live.example)) started.set(live.example, start(live));
        url = new URL(live.query ?? '', await started.get(live.example));
      });
      const withScript = (script) => {
        const scripted = new URL(url);
        scripted.searchParams.set('script', script);
        return scripted.href;
      };
      it('a turn: reasoning, Markdown, a call with streamed arguments and its result, the answer', () => checkTurn(url.href, live.send));
      it('a refusal: a content_filtered mark with its details', () => checkRefusal(withScript('refusal'), live.send, live.details));
      it('a run the reader stops: a cancelled mark', () => checkAbort(withScript('abort'), live.send));
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
    const started = await startServer('ssr');
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

for (const { example, title, bin, buildEnv, entry, args, env, ready } of META) {
  describe(title, () => {
    let url;
    before(async () => {
      await buildInFolder(example, bin, buildEnv);
      const started = await startServer(example, { entry, args, ready, env: { ...env, TZ: 'UTC' } });
      closers.push(() => started.child.kill());
      url = started.url;
    });

    it('sends the conversation in its HTML, before any script runs', async () => {
      const html = await (await fetch(url)).text();
      assert.ok(/<message-list[^>]*><template [^>]*shadowrootmode="open"/.test(html), 'the list has a declarative shadow root');
      // Markdown goes out as its source (`**three** entries`), and is rendered when the list hydrates.
      for (const text of [...TEXTS.slice(0, 3), STOP_WORDING, SERVER_TIME]) assert.ok(html.includes(text), `the HTML has "${text}"`);
    });

    it('hydrates: each text once, times in the reader\'s zone, tool-toggle reaching the page, no error or warning', async () => {
      const { page, errors, warnings, logged } = await open(url, { timeZone: 'Asia/Tokyo' });
      await waitForHydration(page);
      for (const text of [...TEXTS, STOP_WORDING]) assert.equal(await countText(page, text), 1, `"${text}" once`);
      assert.ok(await countText(page, READER_TIME) > 0, 'the messages of 09:30 UTC at 18:30 in Tokyo');
      assert.equal(await countText(page, SERVER_TIME), 0, 'no time left in the server\'s zone');
      await clickFirstToolCall(page, 0);
      await logged(OPENED, 1);
      assert.deepEqual([...errors, ...warnings], [], 'the page logs no error or warning');
    });

    it('streams a live turn through its endpoint to the end, with its stop mark', async () => {
      const { page, errors, warnings } = await open(url);
      await waitForHydration(page);
      await page.locator('button::-p-text(Ask about the weather)').click();
      await waitForText(page, CUT_OFF_TURN);
      await waitForStopMark(page, 2);
      // The question comes from the page's own agent (addMessage), not from the server: shown once, as the answer is.
      for (const text of [TURN[0], TURN[2]]) assert.equal(await countText(page, text), 1, `"${text}" once`);
      assert.deepEqual((await readStopMarks(page)).map(({ reason }) => reason), ['length', 'length'], 'the saved answer\'s mark, and the live one\'s');
      assert.deepEqual(await toolCallStatuses(page), ['completed', 'completed'], 'the saved call and the live one, with its result');
      assert.deepEqual([...errors, ...warnings], [], 'the page logs no error or warning');
    });
  });
}
