/**
 * Fuzz properties of `<message-list>` through its public API (`.items =`, `upsert`,
 * `removeRows`, `draft`): whatever a host sends, in whatever batches and order, nothing throws
 * (in the page, from an update, or from `toMarkdown()`/`toJSONString()`), every well-formed
 * sentinel row still shows its text, the list still takes a new row, and what it shows equals
 * a fresh render of its final rows and draft.
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import type { MessageList, Participants, ToolDisplay } from '../../src/elements/message-list/message-list.js';
import { englishStrings, roleName } from '../../src/i18n/strings.js';
import { Fuzz, PROTO_KEYS, sentinelsIn, setOwn, type FuzzOptions, type Op } from './items.js';
import { itHolds } from './property.js';
import { outline, outlineDifference, settle, wakeAll } from '../dom.js';

interface Case {
  ops: Op[];
  toolDisplay: ToolDisplay;
  participants: Participants;
  /** As a host sets them, typos and prototype keys included. */
  locale: string;
  timeZone: string;
  /** Ops are handed over in one task each (an await between them), or all in one task. */
  batched: boolean;
}

/** Errors the page reports while a case runs: thrown in an event, or an update's rejected promise. */
function collectErrors(): { errors: string[]; stop: () => void } {
  const errors: string[] = [];
  const onError = (event: ErrorEvent) => {
    errors.push(event.message);
    event.preventDefault();
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    errors.push(event.reason instanceof Error ? event.reason.message : String(event.reason));
    event.preventDefault();
  };
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop: () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** What a reader is shown, attributes included (an accessible name counts too). */
const shownText = (list: MessageList) => outline(list).join(' ');

function expectNoErrors(errors: readonly string[], what: string): void {
  if (errors.length > 0) throw new Error(`${what}: ${errors.length}, the first: ${errors[0]}`);
}

function apply(list: MessageList, op: Op): void {
  if (op.op === 'set') list.items = op.items;
  else if (op.op === 'upsert') list.upsert(op.rows);
  else if (op.op === 'remove') list.removeRows(op.ids);
  else if (op.op === 'draft') list.draft = op.draft;
}

/** Engine internals that only a lookup reaching `Object.prototype` could put into the page. */
const LEAKS = /\[native code\]|\[object Object\]|function Object\(/;

/**
 * A turn's header names its role as the host's participants or the strings table say, nothing
 * else; a message that continues a turn has none, nor has the reader's bubble with no name given.
 */
function checkRoleLabels(list: MessageList, participants: Participants): void {
  for (const article of Array.from(list.shadowRoot!.querySelectorAll<HTMLElement>('article[data-role]'))) {
    const role = article.dataset.role!;
    const own = Object.hasOwn(participants, role) ? participants[role] : undefined;
    const label = article.querySelector(':scope > [part="header"] > [part="role"]')?.textContent?.trim();
    const headed = !article.hasAttribute('data-continues') && (role !== 'user' || Boolean(own?.name || own?.avatar));
    if (!headed) {
      expect(label, `no label on a continued turn or a nameless reader (${role})`).to.equal(undefined);
      continue;
    }
    expect(label, `the label of role ${role}`).to.equal((own?.name ?? roleName(englishStrings, role)).trim());
  }
}

async function mount(testCase: Case, setup: (list: MessageList) => void = () => {}): Promise<MessageList> {
  const { toolDisplay, participants, locale, timeZone } = testCase;
  const list = document.createElement('message-list');
  list.toolDisplay = toolDisplay;
  list.participants = participants;
  list.locale = locale;
  list.timeZone = timeZone;
  setup(list);
  document.body.append(list);
  await settle(list);
  return list;
}

/** Settles a list, turning an update's error into a reported one. */
async function settleReporting(list: MessageList, errors: string[]): Promise<void> {
  try {
    await settle(list);
  } catch (error) {
    errors.push(error instanceof Error ? error.message : String(error));
  }
}

export async function checkCase(testCase: Case): Promise<void> {
  const { ops, participants, batched } = testCase;
  const { errors, stop } = collectErrors();
  const mounted: MessageList[] = [];
  try {
    const list = await mount(testCase);
    mounted.push(list);
    for (const op of ops) {
      try {
        apply(list, op);
      } catch (error) {
        errors.push(`${op.op} threw: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (!batched) await settleReporting(list, errors);
    }
    await settleReporting(list, errors);
    await list.mountComplete.catch((error: unknown) => errors.push(String(error)));
    await wakeAll(list).catch((error: unknown) => errors.push(String(error)));
    expect(() => list.toMarkdown(), 'toMarkdown()').not.to.throw();
    expect(() => list.toJSONString(), 'toJSONString()').not.to.throw();
    expectNoErrors(errors, 'errors in the page');

    const text = shownText(list);
    expect(text.match(LEAKS)?.[0], 'engine internals in the page').to.equal(undefined);
    checkRoleLabels(list, participants);
    const rows = list.items;
    for (const sentinel of sentinelsIn(rows)) expect(text, `sentinel ${sentinel.id}`).to.contain(sentinel.marker);

    const fresh = await mount(testCase, (each) => {
      each.items = [...rows];
      each.draft = list.draft;
    });
    mounted.push(fresh);
    await fresh.mountComplete;
    await wakeAll(fresh);
    expectNoErrors(errors, 'errors rendering the final data afresh');
    const difference = outlineDifference(outline(list), outline(fresh));
    expect(difference, 'the list after the changes differs from a fresh render').to.equal(null);

    // Still responsive: a new row shows.
    list.upsert({ id: 'probe', content_type: 'text', message_type: 'user', content: { text: 'probe7x' } });
    await settleReporting(list, errors);
    expect(shownText(list), 'a row upserted last').to.contain('probe7x');
    expectNoErrors(errors, 'errors after the last upsert');
  } finally {
    // Errors an update reports after the case are still the case's: settle, remove, and let a task pass.
    for (const list of mounted) await settleReporting(list, errors);
    for (const list of mounted) list.remove();
    await new Promise((resolve) => setTimeout(resolve));
    stop();
  }
  expectNoErrors(errors, 'errors after the case');
}

export function generateCase(fuzz: Fuzz, length: number): Case {
  return {
    ops: fuzz.ops(fuzz.int(1, length)),
    toolDisplay: fuzz.pick<ToolDisplay>(['full', 'full', 'compact', 'hidden']),
    participants: fuzz.chance(0.5) ? {} : participantsOf(fuzz),
    locale: fuzz.pick(['', '', 'de', 'ar-EG', '!!', 'constructor']),
    timeZone: fuzz.pick(['', '', 'UTC', 'Asia/Kolkata', 'Mars/Base', '__proto__']),
    batched: fuzz.chance(0.3),
  };
}

/** Names for some roles, prototype keys among them (as own keys). */
function participantsOf(fuzz: Fuzz): Participants {
  const participants: Participants = {};
  for (const role of ['assistant', 'user', fuzz.pick(PROTO_KEYS)]) if (fuzz.chance(0.6)) setOwn(participants, role, { name: `Named ${fuzz.int(0, 9)}` });
  return participants;
}

const property = (seed: number, runs: number, length: number, options: FuzzOptions = {}) => ({
  runs,
  seed,
  options,
  generate: (fuzz: Fuzz) => generateCase(fuzz, length),
  check: checkCase,
  budget: 600,
});

describe('fuzz: message-list', () => {
  itHolds('shows what a fresh list shows after any upserts, removals and drafts, and never throws', property(10_000, 150, 12), 60_000);

  itHolds('holds with values JSON cannot carry (set from script)', property(20_000, 40, 8, { beyondJson: true }), 60_000);
});
