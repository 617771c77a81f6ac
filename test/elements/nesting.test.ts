import { expect, fixture, html } from '@open-wc/testing';
import { fromLangChainTrace } from '../../src/adapters/index.js';
import { deepQueryAll, deepText, settle } from '../helpers.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import type { ToolCallItem } from '../../src/elements/tool-call-item/tool-call-item.js';

async function traceList(): Promise<MessageList> {
  const text = await (await fetch(new URL('../fixtures/langchain-trace-subagent.jsonl', import.meta.url))).text();
  const { items } = fromLangChainTrace(text);
  const el = await fixture<MessageList>(html`<message-list .items=${items}></message-list>`);
  await settle(el);
  return el;
}

describe('sub-agents in the list', () => {
  it('renders a sub-agent’s turns inside its task call, collapsible and set apart', async () => {
    const el = await traceList();
    const task = deepQueryAll<ToolCallItem>(el, 'tool-call-item').find((call) => call.subagentMessages > 0)!;
    expect(task, 'the task call').to.exist;
    expect(task.shadowRoot!.querySelector('[part="subagent-badge"]')!.textContent).to.match(/^Sub-agent · \d+ messages$/);
    const nested = task.querySelector('[slot="subagent"]')!;
    expect(nested.querySelectorAll(':scope > article').length).to.equal(task.subagentMessages);
    // Not at the top level as well.
    const topLevel = Array.from(el.shadowRoot!.querySelectorAll('.list > .block > article'));
    expect(topLevel.some((article) => nested.contains(article))).to.equal(false);
    expect(topLevel.length).to.be.greaterThan(0);
    // Collapsed: the slot is not rendered, so the sub-agent's turns do not show.
    task.open = false;
    await settle(el);
    expect(nested.querySelector('article')!.checkVisibility()).to.equal(false);
    task.open = true;
    await settle(el);
    expect(nested.querySelector('article')!.checkVisibility()).to.equal(true);
    expect(getComputedStyle(nested).backgroundColor).not.to.equal('rgba(0, 0, 0, 0)');
    await expect(el).to.be.accessible();
  });

  it('marks the failed read_file result as an error and the final answer as cut off', async () => {
    const el = await traceList();
    for (const call of deepQueryAll<ToolCallItem>(el, 'tool-call-item')) call.open = true;
    await settle(el);
    const errors = deepQueryAll(el, 'tool-result-item:state(error)');
    // The call names the tool; the result inside it says only that it is the result.
    const callOf = (result: Element) => (result.getRootNode() as ShadowRoot).host;
    expect(errors.some((result) => callOf(result).shadowRoot!.querySelector('[part="label"]')!.textContent === 'Read file')).to.equal(true);
    const articles = Array.from(el.shadowRoot!.querySelectorAll('.list > .block > article'));
    const last = articles.at(-1)!;
    expect(last.hasAttribute('data-unfinished')).to.equal(true);
    expect(deepText(last)).to.contain('The answer reached its length limit');
  });

  it('keeps items whose parent call is missing at the top level', async () => {
    const el = await fixture<MessageList>(html`<message-list .items=${[
      { type: 'text', message_type: 'assistant', metadata: { parent_call_id: 'gone' }, content: { text: 'orphaned sub-agent turn' } },
    ]}></message-list>`);
    await settle(el);
    expect(deepText(el)).to.contain('orphaned sub-agent turn');
  });
});
