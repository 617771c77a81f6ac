import { endedOf } from '../../../model/list-model.js';
import type { Block } from '../../../model/blocks.js';
import type { Row } from '../../../model/rows.js';
import { toolCallStatus } from '../../../model/tools.js';
import type { Message } from '../../../model/types.js';
import { ToolViewHost } from '../../support/tool-view-host.js';
import { hasToolViews, toolViewFor, type ToolViews, type ViewRequest } from '../../support/tool-views.js';
import { viewSlot, type ShownCalls } from './shown-calls.js';

/** What a block's calls asked for, as of the block's stamp. */
interface Asked {
  stamp: object | undefined;
  requests: ViewRequest[];
}

/**
 * Hosts the views of the calls the list shows (see `ToolViewHost`) in the list's own light DOM:
 * the views of the page live in the page. A block whose stamp did not change asks for what it
 * asked before, so a chunk streamed into a long conversation reads the calls of its own block,
 * not of every message.
 */
export class ToolViewSync {
  private readonly views: ToolViewHost;
  private asked = new Map<number, Asked>();
  private draftAsked: ViewRequest[] = [];
  /** The views the blocks asked with, and whether any could show: when that changes, every block asks again. */
  private askedWith: { toolViews: ToolViews | undefined; active: boolean } | null = null;
  /** Watches the host's children: a framework that renders its own may take views out, and they are put back. */
  private readonly children = new MutationObserver((records) => this.noteTaken(records));
  private taken = false;

  constructor(
    private readonly host: HTMLElement,
    viewFailed: (detail: string) => string,
  ) {
    this.views = new ToolViewHost(host, viewFailed);
    this.watch();
  }

  watch(): void {
    this.children.observe(this.host, { childList: true });
  }

  unwatch(): void {
    this.children.disconnect();
  }

  /** Shows the views of what the list shows now, where anything they depend on changed. */
  update(shown: ShownCalls): void {
    this.noteTaken(this.children.takeRecords());
    if (!this.ask(shown) && !this.taken) return;
    this.views.sync(this.requests());
    // What the sync itself added or removed is no one else's doing.
    this.children.takeRecords();
    this.taken = false;
  }

  private noteTaken(records: readonly MutationRecord[]): void {
    this.taken ||= records.some((record) => record.removedNodes.length > 0);
  }

  /** Asks again where a block's stamp, the draft or the views changed; true when any request differs. */
  private ask(shown: ShownCalls): boolean {
    const { toolViews } = shown;
    const active = !shown.hidden && hasToolViews(toolViews);
    let changed = this.askedWith === null || this.askedWith.toolViews !== toolViews || this.askedWith.active !== active;
    if (changed) this.asked.clear();
    this.askedWith = { toolViews, active };
    const asked = new Map<number, Asked>();
    for (const block of shown.rows.blocks) {
      const stamp = shown.rows.stampOf(block.id);
      const before = this.asked.get(block.id);
      if (before && before.stamp === stamp) {
        asked.set(block.id, before);
        continue;
      }
      const requests = active ? [...blockRequests(block, shown)] : [];
      changed ||= !sameRequests(before?.requests ?? [], requests);
      asked.set(block.id, { stamp, requests });
    }
    for (const [id, before] of this.asked) changed ||= !asked.has(id) && before.requests.length > 0;
    const draft = active && shown.draft ? [...messageRequests(shown.draft, shown)] : [];
    changed ||= !sameRequests(this.draftAsked, draft);
    this.asked = asked;
    this.draftAsked = draft;
    return changed;
  }

  /** Everything asked for now, in the order the calls show. */
  private requests(): ViewRequest[] {
    return [...[...this.asked.values()].flatMap((asked) => asked.requests), ...this.draftAsked];
  }
}

function* blockRequests(block: Block<Row>, shown: ShownCalls): Generator<ViewRequest> {
  for (const row of block.rows) if ('message' in row) yield* messageRequests(row.message, shown);
}

function* messageRequests(message: Message, shown: ShownCalls): Generator<ViewRequest> {
  const { model } = shown.rows;
  for (const call of message.items) {
    if (call.kind !== 'tool_call') continue;
    const view = toolViewFor(call.name, shown.toolViews);
    const result = call.toolCallId ? (model.resultsByCall.get(call.toolCallId) ?? null) : null;
    if (view) yield { slot: viewSlot(call), view, context: { call, result, status: toolCallStatus(call, result, endedOf(model, message)) } };
    for (const nested of (call.toolCallId && model.nested.get(call.toolCallId)) || []) yield* messageRequests(nested, shown);
  }
}

function sameRequests(a: readonly ViewRequest[], b: readonly ViewRequest[]): boolean {
  return a.length === b.length && a.every((request, i) => sameRequest(request, b[i]));
}

function sameRequest(a: ViewRequest, b: ViewRequest): boolean {
  return a.slot === b.slot && a.view === b.view && a.context.call === b.context.call && a.context.result === b.context.result && a.context.status === b.context.status;
}
