import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { html } from 'lit';
import { expect, waitFor } from 'storybook/test';
import katexCss from 'katex/dist/katex.min.css?inline';
import { fromAISDKMessages, fromAnthropicMessages, fromOpenAIChat } from '../src/adapters/index.js';
import { useKatex } from '../src/math/index.js';
import { diagramsSettled, useMermaid } from '../src/mermaid/index.js';
import { animationsDone, deepQuery, deepQueryAll, deepText, expectDeep, expectText, settled } from './support/dom.js';
import { playStream, setStreaming } from './support/stream.js';

/**
 * Rich content: citations (numbered markers and sources), narration (a status line beside the
 * tool activity it introduces), math (`display-kit/math`, KaTeX) and diagrams
 * (`display-kit/mermaid`), each also while it streams and when it fails.
 */
const meta = {
  title: 'Conversations/Rich content',
  component: 'message-list',
} satisfies Meta;

export default meta;
type Story = StoryObj;

const loadMath = async () => {
  await useKatex({ css: katexCss });
  return {};
};
const loadDiagrams = async () => {
  await useMermaid();
  return {};
};

/** Streams `text` into a text-item, `chunk` characters at a time, looking at it after each chunk but the last. */
async function streamInto(item: HTMLElement & { item: unknown }, text: string, chunk: number, look: () => void): Promise<void> {
  setStreaming(item, true);
  await playStream(text, (sent, done) => {
    item.item = say(sent);
    if (done) setStreaming(item, false);
    else look();
  }, { chunk, frames: 1 });
}

const say = (text: string, extra: Record<string, unknown> = {}) => ({ type: 'text', message_type: 'assistant', content: { text, ...extra } });

const anthropicCited = fromAnthropicMessages([
  { role: 'user', content: 'What is the capital of France, and how many people live there?' },
  {
    role: 'assistant',
    content: [
      { type: 'text', text: 'The capital of France is ' },
      { type: 'text', text: 'Paris', citations: [{ type: 'web_search_result_location', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris — Wikipedia', cited_text: 'Paris is the capital and largest city of France.' }] },
      { type: 'text', text: '. About ' },
      { type: 'text', text: '2.1 million people live in the city proper', citations: [{ type: 'page_location', cited_text: 'The population of Paris was 2,102,650 in January 2023.', document_index: 0, document_title: 'INSEE census report', start_page_number: 12, end_page_number: 13 }] },
      { type: 'text', text: '.' },
    ],
  },
]).items;

const DOCS_ANSWER = 'The reference lives in the docs, and the changelog on the releases page.';
/** OpenAI's annotations name the span of the answer they back. */
const span = (phrase: string) => ({ start_index: DOCS_ANSWER.indexOf(phrase), end_index: DOCS_ANSWER.indexOf(phrase) + phrase.length });
const openaiCited = fromOpenAIChat([
  { id: 'oa-q', role: 'user', content: 'Where are the docs?' },
  { id: 'oa-a', role: 'assistant', content: DOCS_ANSWER, annotations: [
    { type: 'url_citation', url_citation: { url: 'https://example.com/docs/reference', title: 'Reference', ...span('reference lives in the docs') } },
    { type: 'url_citation', url_citation: { url: 'https://example.com/releases', title: 'Releases', ...span('the releases page') } },
  ] },
]).items;

/** Citations from the Anthropic and OpenAI adapters: markers at the cited spans, sources below. */
export const Citations: Story = {
  args: { items: [...anthropicCited, ...openaiCited] },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('message-list')!;
    await settled(canvasElement);
    const markers = deepQueryAll<HTMLElement>(list, '.cite');
    await expect(markers.map((marker) => marker.querySelector('.cite-number')!.textContent)).toEqual(['1', '2', '1', '2']);
    await expectText(list, ['Sources', 'Paris — Wikipedia', 'INSEE census report', 'p. 12', 'Reference']);
    await expect(deepText(list)).not.toContain('Another row has the same id');
    markers[0].querySelector<HTMLElement>('.cite-number')!.focus();
    // A page without focus matches no :focus-within (so in WebKit, whose story runner holds a
    // WebDriver script open meanwhile); test/elements/citations.test.ts checks it in every engine.
    if (document.hasFocus()) await expect(getComputedStyle(markers[0].querySelector('.cite-tip')!).display).toBe('block');
    await expect(list.toMarkdown()).toContain('[^1]: [Paris — Wikipedia](<https://en.wikipedia.org/wiki/Paris>)');
    await animationsDone(list);
  },
};

/** Sources the AI SDK sends without spans: the markers follow the text. A `javascript:` source is refused. */
export const CitationsWithoutSpans: Story = {
  args: {
    items: [
      ...fromAISDKMessages([
        { id: 'q', role: 'user', parts: [{ type: 'text', text: 'Is it going to rain in Paris?' }] },
        { id: 'a', role: 'assistant', parts: [
          { type: 'text', text: 'Light rain is expected in the afternoon.' },
          { type: 'source-url', sourceId: 's1', url: 'https://weather.example/paris', title: 'Paris weather' },
          { type: 'source-url', sourceId: 's2', url: 'javascript:alert(1)', title: 'Not a real source' },
        ] },
      ]).items,
    ],
  },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('message-list')!;
    await expectText(list, ['Paris weather', 'Not a real source', 'blocked link']);
    await expect(deepQueryAll(list, 'a[href^="javascript"]')).toHaveLength(0);
  },
};

const narrationTurn = [
  { id: 'u1', message_type: 'user', content_type: 'text', sequence: 0, content: { text: 'Why did last night\'s deploy fail?' } },
  { id: 'n1', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: "I'll check the deploy logs first.", utterance: 'narration' } },
  { id: 'c1', message_type: 'assistant', content_type: 'tool_call', sequence: 1, status: 'completed', tool_call_id: 'k1', content: { call_id: 'k1', name: 'read_logs', arguments: { service: 'api', since: '22:00' }, display_text: 'Reading the deploy logs' } },
  { id: 'r1', message_type: 'tool', content_type: 'tool_result', sequence: 0, tool_call_id: 'k1', content: { tool_call_id: 'k1', name: 'read_logs', content: 'OOMKilled: container exceeded 512Mi', is_error: false } },
  { id: 'a1', message_type: 'assistant', content_type: 'text', sequence: 0, content: { text: 'The API container ran out of memory (512 MiB) during the migration step.', utterance: 'answer' } },
];

/** Narration reads as a quiet status line, together with the tool call it introduces. */
export const Narration: Story = {
  args: { items: narrationTurn },
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('message-list')!;
    const note = await expectDeep(list, '.activity text-item');
    await expect(deepQuery(note, '[role="note"]')!.getAttribute('aria-label')).toBe('Status update');
    await expectText(list, ["I'll check the deploy logs first.", 'ran out of memory']);
  },
};

/** `narration="hidden"`: only the answer and the tool activity show. */
export const NarrationHidden: Story = {
  render: () => html`<message-list narration="hidden" .items=${narrationTurn}></message-list>`,
  play: async ({ canvasElement }) => {
    const list = canvasElement.querySelector('message-list')!;
    await expectText(list, 'ran out of memory');
    await expect(list.shadowRoot!.textContent + deepQueryAll(list, 'text-item').map((el) => el.shadowRoot!.textContent).join('')).not.toContain('check the deploy logs');
  },
};

const FORMULAS = [
  'The area of a circle is $A = \\pi r^2$, and Euler tells us \\(e^{i\\pi} + 1 = 0\\).',
  '',
  '$$',
  '\\int_{-\\infty}^{\\infty} e^{-x^2}\\,dx = \\sqrt{\\pi}',
  '$$',
  '',
  'Prices stay prices: it costs $5 and $10.',
].join('\n');

/** Math with KaTeX (loaded by the story, as a host would with `useKatex()`). */
export const Math: Story = {
  loaders: [loadMath],
  render: () => html`<text-item .item=${say(FORMULAS)}></text-item>`,
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    await expectDeep(item, '.math-display .katex');
    await expect(deepQueryAll(item, '.math .katex')).toHaveLength(3);
    await expectText(item, 'it costs $5 and $10.');
  },
};

/** A formula KaTeX cannot typeset shows its source with a marker; the others still render. */
export const MathError: Story = {
  loaders: [loadMath],
  render: () => html`<text-item .item=${say('Broken: $\\frac{1}{$ — fine: $x^2$')}></text-item>`,
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    const error = await expectDeep(item, '.math-error');
    await expect(error.textContent).toContain('$\\frac{1}{$');
    await expectDeep(item, '.math .katex');
  },
};

/** While a display formula streams it shows as source; it never renders half, and never as an error. */
export const MathStreaming: Story = {
  loaders: [loadMath],
  render: () => html`<text-item .item=${say('')}></text-item>`,
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    let errors = 0;
    await streamInto(item, FORMULAS, 6, () => (errors += deepQueryAll(item, '.math-error').length));
    await settled(canvasElement);
    await expect(errors).toBe(0);
    await expect(deepQueryAll(item, '.math .katex')).toHaveLength(3);
  },
};

const FLOW = ['```mermaid', 'graph LR', '  Q[Question] --> S{Search?}', '  S -->|yes| T[Tool call]', '  S -->|no| A[Answer]', '  T --> A', '```'].join('\n');

/** A Mermaid diagram (`useMermaid()`), themed with the story's theme; its source is one toggle away. */
export const Diagram: Story = {
  loaders: [loadDiagrams],
  render: () => html`<text-item .item=${say(`How a turn flows:\n\n${FLOW}`)}></text-item>`,
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    await settled(canvasElement);
    await diagramsSettled();
    await expectDeep(item, '.diagram svg');
    const toggle = deepQuery<HTMLButtonElement>(item, '.diagram-toggle')!;
    toggle.click();
    await expect(deepQuery(item, '.diagram .code-block')!.hidden).toBe(false);
    toggle.click();
  },
};

/** A diagram Mermaid cannot draw: a readable error, and its source. */
export const DiagramError: Story = {
  loaders: [loadDiagrams],
  render: () => html`<text-item .item=${say('```mermaid\ngraph LR\n  A --> \n  this is not mermaid\n```')}></text-item>`,
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    await settled(canvasElement);
    await diagramsSettled();
    const error = await expectDeep(item, '.diagram-error');
    await expect(error.textContent).toMatch(/^This diagram could not be drawn/);
    await expectText(item, 'this is not mermaid');
  },
};

/** While the fence streams, the source shows as code; the diagram is drawn once it closed. */
export const DiagramStreaming: Story = {
  loaders: [loadDiagrams],
  render: () => html`<text-item .item=${say('')}></text-item>`,
  play: async ({ canvasElement }) => {
    const item = canvasElement.querySelector('text-item')!;
    let drawnEarly = false;
    await streamInto(item, `Here it is:\n\n${FLOW}`, 12, () => (drawnEarly ||= deepQueryAll(item, '.diagram').length > 0));
    await settled(canvasElement);
    await diagramsSettled();
    await expect(drawnEarly).toBe(false);
    await waitFor(() => expect(deepQueryAll(item, '.diagram svg')).toHaveLength(1));
  },
};
