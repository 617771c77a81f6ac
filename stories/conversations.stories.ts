import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { expect } from 'storybook/test';
import extracted from '../test/fixtures/extracted-items.json';
import markdownRich from '../test/fixtures/markdown-rich.json';
import askUser from '../test/fixtures/sagents-ask-user-and-todos.json';
import hitl from '../test/fixtures/sagents-hitl-file-delete.json';
import refusal from '../test/fixtures/sagents-refusal-and-tools.json';
import stopped from '../test/fixtures/sagents-stopped-early.json';
import trace from '../test/fixtures/langchain-trace-subagent.jsonl?raw';
import { fromLangChainTrace } from '../src/adapters/index.js';
import { deepQueryAll, expectText, settled } from './support/dom.js';

/** Every shared fixture (`test/fixtures/`) as a whole conversation in a `message-list`. */
const meta = {
  title: 'Conversations/Fixtures',
  component: 'message-list',
} satisfies Meta;

export default meta;
type Story = StoryObj;

/** The list rendered one `article` per message, and says `expected` somewhere. */
function fixture(items: unknown[], expected: string[]): Story {
  return {
    args: { items },
    play: async ({ canvasElement }) => {
      const list = canvasElement.querySelector('message-list')!;
      await settled(canvasElement);
      await expect(deepQueryAll(list, 'article').length).toBeGreaterThan(0);
      await expectText(list, expected);
    },
  };
}

export const ExtractedItems = fixture(extracted, ['Checking the weather', 'The answer reached its length limit']);

/** Rich Markdown with hostile HTML: tables, code, and HTML that stays inert. */
export const MarkdownRich = fixture(markdownRich, ['Summing a list']);

export const AskUserAndTodos = fixture(askUser, ['Which database should we use?', 'PostgreSQL it is.']);

export const HumanApprovalFileDelete = fixture(hitl, ['Delete the dad jokes.', 'Listing files']);

export const RefusalToolsAndErrorRow = fixture(refusal, ['Cybersecurity', 'bad request']);

export const StoppedEarly = fixture(stopped, [
  'The answer reached its length limit',
  'The response failed before it finished',
  'You stopped this response',
]);

/** The LangChain JSONL trace, through the kit's adapter: a run with a sub-agent. */
export const LangChainTraceWithSubagent = fixture(fromLangChainTrace(trace).items, ["I'll look at"]);
