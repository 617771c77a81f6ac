import type { ReactiveController, ReactiveElement } from 'lit';
import { endedOf, type ListModel } from '../../../model/list-model.js';
import { toolCallStatus } from '../../../model/tools.js';
import type { DisplayItem, Message } from '../../../model/types.js';
import { hasToolViews, toolViewFor, ToolViewHost, type ToolViews, type ViewRequest } from '../../shared/tool-views.js';

/** What the list shows now, as far as its tool views are concerned. */
export interface ShownCalls {
  model: ListModel;
  /** The oldest mounted message. */
  from: number;
  draft: Message | null;
  toolViews: ToolViews | undefined;
  /** Tool activity hidden: no call shows, so no view does. */
  hidden: boolean;
  viewFailed: (detail: string) => string;
}

/** The slot a call's view goes in: by call id, so a streamed call keeps its view when its row is saved. */
export function viewSlot(item: DisplayItem): string {
  return `dk-view:${item.toolCallId && !item.duplicate ? item.toolCallId : item.key}`;
}

/**
 * Hosts the views of the calls the list shows (see `ToolViewHost`) in the list's own light DOM,
 * after each update that changed what shows: the views of the page live in the page.
 */
export class ToolViewController implements ReactiveController {
  private views: ToolViewHost | null = null;
  private stale = true;

  constructor(
    private readonly host: ReactiveElement,
    private readonly shown: () => ShownCalls,
  ) {
    host.addController(this);
  }

  /** Call when the items, the draft, what is mounted or the views changed. */
  invalidate(): void {
    this.stale = true;
  }

  hostUpdated(): void {
    if (!this.stale) return;
    this.stale = false;
    const shown = this.shown();
    if (!this.views && !hasToolViews(shown.toolViews)) return;
    this.views ??= new ToolViewHost(this.host, (detail) => this.shown().viewFailed(detail));
    this.views.sync(shown.hidden || !hasToolViews(shown.toolViews) ? [] : requests(shown));
  }
}

function* requests(shown: ShownCalls): Generator<ViewRequest> {
  const { model } = shown;
  for (let at = shown.from; at < model.messages.length; at++) yield* messageRequests(model.messages[at], shown);
  if (shown.draft) yield* messageRequests(shown.draft, shown);
}

function* messageRequests(message: Message, shown: ShownCalls): Generator<ViewRequest> {
  const { model } = shown;
  for (const call of message.items) {
    if (call.kind !== 'tool_call') continue;
    const view = toolViewFor(call.name, shown.toolViews);
    const result = call.toolCallId ? (model.resultsByCall.get(call.toolCallId) ?? null) : null;
    if (view) yield { slot: viewSlot(call), view, context: { call, result, status: toolCallStatus(call, result, endedOf(model, message)) } };
    for (const nested of (call.toolCallId && model.nested.get(call.toolCallId)) || []) yield* messageRequests(nested, shown);
  }
}
