import { expect } from '@open-wc/testing';
import { mountList, settle } from '../helpers.js';
import { outline, outlineDifference, wakeAll } from '../dom.js';

type List = HTMLElementTagNameMap['message-list'];

/** What the list shows once every item is awake and open: comparable with a fresh render. */
export async function shown(list: List): Promise<string[]> {
  await settle(list);
  await wakeAll(list);
  return outline(list);
}

/** The list that lived through a stream shows what a fresh list given the saved items shows. */
export async function expectSameAsSaved(list: List, savedItems: unknown[]): Promise<void> {
  const fresh = await mountList(savedItems);
  const difference = outlineDifference(await shown(list), await shown(fresh));
  fresh.remove();
  expect(difference, difference ?? '').to.equal(null);
}
