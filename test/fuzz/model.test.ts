/**
 * Fuzz properties of the DOM-free model: whatever rows a host sends, in whatever order and
 * batches, normalizing, storing, grouping, pairing and writing transcripts never throw, never
 * lose a row, and a store fed by upserts and removals holds what a fresh one given its rows does.
 */
import { expect } from '@open-wc/testing';
import { normalizeItems } from '../../src/model/normalize.js';
import { ConversationStore } from '../../src/model/store.js';
import { buildModel, patchModel, type ListModel } from '../../src/model/list-model.js';
import { conversationMarkdown, messageMarkdown, type TranscriptWords } from '../../src/model/transcript.js';
import { draftItems } from '../../src/model/draft.js';
import { dayKey, parseTimestamp } from '../../src/model/time.js';
import { markdownToHtml } from '../../src/markdown/parse.js';
import { englishStrings, roleName } from '../../src/i18n/strings.js';
import type { DisplayItem, Message } from '../../src/model/types.js';
import type { Op } from './items.js';
import { itHolds } from './property.js';

const words: TranscriptWords = {
  role: (role) => roleName(englishStrings, role),
  stop: (stop) => stop.reason,
  toolStatus: (view) => englishStrings.toolStatus[view.status],
  thinking: englishStrings.thinking,
};

/** Engine internals that only a lookup reaching `Object.prototype` could put into text. */
const LEAKS = /\[native code\]|\[object Object\]|function Object\(/;

function checkItem(item: DisplayItem): void {
  expect(item.key, 'key').to.be.a('string');
  expect(item.kind, 'kind').to.be.a('string');
  expect(item.role, 'role').to.be.a('string');
  for (const field of ['id', 'status', 'toolCallId', 'insertedAt', 'messageId'] as const) {
    if (item[field] !== null) expect(item[field], field).to.be.a('string');
  }
  expect(item.problems.every((problem) => typeof problem === 'string'), 'problems').to.equal(true);
  expect(LEAKS.test(`${item.kind} ${item.role} ${item.status}`), `leaked into ${item.kind}/${item.role}`).to.equal(false);
}

function expectUnique(keys: readonly string[], what: string): void {
  const seen = new Set<string>();
  for (const key of keys) {
    expect(seen.has(key), `${what} ${key} repeats`).to.equal(false);
    seen.add(key);
  }
}

/** What a store shows, for comparing two stores: each row by identity, with its key and reading. */
const storeView = (items: readonly DisplayItem[]) => items.map((item) => [item.key, item.kind, item.role, item.raw]);

function applyToStore(store: ConversationStore, op: Op): void {
  const before = [...store.items];
  if (op.op === 'set') {
    store.replace(op.items);
    expect(store.items.length).to.equal(op.items.length);
  } else if (op.op === 'upsert') {
    const report = store.upsert(op.rows);
    expect(store.items.length, 'rows after an upsert').to.equal(before.length + report.inserted);
    expect(report.inserted + report.updated + report.stale).to.equal(op.rows.length);
  } else if (op.op === 'remove') {
    const removed = store.remove(op.ids);
    expect(store.items.length, 'rows after a removal').to.equal(before.length - removed);
    // Only the rows named went, in order; every other row is still there.
    expect(store.items).to.deep.equal(before.filter((row) => store.items.includes(row)));
  }
}

function checkStore(store: ConversationStore): DisplayItem[] {
  const items = store.displayItems();
  expect(items.length, 'an item for every row').to.equal(store.items.length);
  items.forEach((item, position) => {
    checkItem(item);
    expect(item.raw === store.items[position] || Number.isNaN(item.raw), `item ${position} is its row`).to.equal(true);
  });
  expectUnique(items.map((item) => item.key), 'item key');
  const fresh = new ConversationStore();
  fresh.replace(store.items);
  expect(storeView(items)).to.deep.equal(storeView(fresh.displayItems()));
  return items;
}

/** Every item shows in exactly one message, top level or nested; message keys are unique. */
function checkModel(model: ListModel): void {
  const nested = [...model.nested.values()].flat();
  const all: Message[] = [...model.messages, ...nested];
  expectUnique(all.map((message) => message.key), 'message key');
  const placed = all.flatMap((message) => message.items);
  expect(placed.length, 'items in messages').to.equal(model.items.length);
  expect(new Set(placed).size).to.equal(model.items.length);
  for (const message of all) {
    expect(message.role).to.be.a('string');
    expect(message.items.length).to.be.greaterThan(0);
    expectUnique(message.items.map((item) => item.key), 'item key in a message');
  }
}

function checkTranscript(model: ListModel): void {
  const markdown = conversationMarkdown(model.messages, model.resultsByCall, words);
  expect(markdown).to.be.a('string');
  expect(LEAKS.test(markdown), `leak in ${markdown.slice(0, 300)}`).to.equal(false);
  for (const message of model.messages) expect(messageMarkdown(message, words)).to.be.a('string');
}

const RUNS = 60;

describe('fuzz: model', () => {
  itHolds('normalizes any rows into well-typed items, with no prototype values', {
    runs: RUNS,
    seed: 1_000,
    options: { beyondJson: true },
    generate: (fuzz) => fuzz.rows(fuzz.int(1, 30)),
    check: (rows) => normalizeItems(rows).forEach(checkItem),
  });

  itHolds('a store fed by upserts and removals holds what a fresh one does, and loses no row', {
    runs: RUNS,
    seed: 2_000,
    options: { beyondJson: true },
    generate: (fuzz) => fuzz.ops(fuzz.int(2, 14)),
    check: (ops) => {
      const store = new ConversationStore();
      for (const op of ops) {
        applyToStore(store, op);
        checkStore(store);
      }
    },
  });

  itHolds('groups, pairs and nests every item once, and a patched model equals a rebuilt one', {
    runs: RUNS,
    seed: 3_000,
    options: { beyondJson: true },
    generate: (fuzz) => {
      const rows = fuzz.rows(fuzz.int(1, 30));
      return { rows, edits: Array.from({ length: fuzz.int(1, 4) }, () => fuzz.edit(rows)) };
    },
    check: ({ rows, edits }) => {
      const store = new ConversationStore();
      store.replace(rows);
      const model = buildModel(checkStore(store));
      checkModel(model);
      checkTranscript(model);
      store.upsert(edits);
      const items = checkStore(store);
      const rebuilt = buildModel(items);
      checkModel(rebuilt);
      const patch = patchModel(model, items);
      if (patch) expect(patch.model.messages.map((m) => [m.key, m.items])).to.deep.equal(rebuilt.messages.map((m) => [m.key, m.items]));
    },
  });

  itHolds('reads any draft into items with unique keys', {
    runs: RUNS,
    seed: 4_000,
    options: { beyondJson: true },
    generate: (fuzz) => fuzz.draft(),
    check: (draft) => {
      const items = draftItems(draft);
      items.forEach(checkItem);
      expectUnique(items.map((item) => item.key), 'draft key');
    },
  });

  itHolds('parses any text and timestamp without throwing', {
    runs: RUNS,
    seed: 5_000,
    generate: (fuzz) => Array.from({ length: 5 }, () => [fuzz.text(), fuzz.chance(0.5) ? fuzz.insertedAt() : fuzz.wild()] as const),
    check: (pairs) => {
      for (const [text, at] of pairs) {
        expect(markdownToHtml(text)).to.be.a('string');
        const date = parseTimestamp(typeof at === 'string' ? at : null);
        if (date) expect(dayKey(date)).to.match(/^\d{4,}-\d\d-\d\d$/);
      }
    },
  });
});
