import { expect } from '@open-wc/testing';
import { deepQueryAll } from '../helpers.js';

/** The element as a test reads it: its status, and the row it was given. */
type ToolCallElement = HTMLElement & { status: string; item: { content?: { name?: unknown } } };

/**
 * The list shows the call named `name` as a reader must see a call whose arguments did not parse:
 * failed, its error said, and the arguments as the text the model sent (a failed call starts open).
 */
export function expectFailedCallShown(list: HTMLElement, name: string, error: string, rawArguments: string): void {
  const call = deepQueryAll<ToolCallElement>(list, 'tool-call-item').find((element) => element.item.content?.name === name);
  expect(call, `a tool call named ${name}`).to.not.equal(undefined);
  expect(call!.status).to.equal('failed');
  const root = call!.shadowRoot!;
  expect(root.querySelector('.error-text')?.textContent, 'the error beside the call').to.equal(error);
  expect(root.querySelector('[part~="arguments"]')?.textContent, 'the arguments as they came').to.equal(rawArguments);
}
