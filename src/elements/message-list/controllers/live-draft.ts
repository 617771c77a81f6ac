import { draftItems, savedCallIds, waitingRole } from '../../../model/draft.js';
import { isStreaming, type ListModel } from '../../../model/list-model.js';
import type { DisplayItem, Message, StopInfo } from '../../../model/types.js';

/** How a stream ended: `stop` when it stopped early, null when its answer is complete. */
export interface StreamEnd {
  stop: StopInfo | null;
}

/** A response began, ended (`StreamEnd`), or neither. */
export type StreamChange = 'started' | StreamEnd | null;

/**
 * The host's in-flight draft. It streams until the host sets it to `null` (its saved rows
 * replace it) or gives it a `stop_reason`: then its stream ended without saved rows, and it
 * stays, stopped, with calls that never finished saying so.
 */
export class LiveDraft {
  private items: DisplayItem[] = [];
  /** The role of a draft that has begun with nothing to show yet (`waitingRole`), else null. */
  private waiting: string | null = null;
  /** The call ids the saved items hold, for the saved items they were read from. */
  private saved: { items: readonly DisplayItem[]; ids: Set<string> } | null = null;
  /** The draft as the message it renders as: without the calls saved rows already hold. */
  message: Message | null = null;
  /** The newest saved message streams (see `isStreaming`). */
  savedStreaming = false;

  /** A draft is shown and has not stopped (one waiting for its first words included). */
  get streaming(): boolean {
    return this.waiting !== null || (this.items.length > 0 && !this.items[this.items.length - 1].stop);
  }

  /**
   * Reads the host's new draft. Returns `'started'` when a stream began, a `StreamEnd` when one
   * ended (`lastSaved` is the newest saved message: its stop counts when the draft had none),
   * null otherwise.
   */
  set(draft: unknown, lastSaved: Message | undefined): StreamChange {
    const wasStreaming = this.streaming;
    this.items = draftItems(draft);
    this.waiting = waitingRole(draft, this.items);
    const streaming = this.streaming;
    if (!wasStreaming && streaming) return 'started';
    if (wasStreaming && !streaming) return { stop: this.items.at(-1)?.stop ?? lastSaved?.stop ?? null };
    return null;
  }

  /**
   * Works out the message the draft shows as, next to the saved items: a draft waiting for its
   * first words is a message with no items yet.
   */
  show(saved: readonly DisplayItem[]): void {
    if (this.items.length === 0) {
      this.message = this.waiting === null ? null : { key: 'draft', role: this.waiting, items: [], stop: null };
      return;
    }
    if (this.saved?.items !== saved) this.saved = { items: saved, ids: savedCallIds(saved) };
    const ids = this.saved.ids;
    const items = this.items.filter((item) => item.kind !== 'tool_call' || !ids.has(item.toolCallId ?? ''));
    this.message = items.length === 0 ? null : { key: 'draft', role: items[0].role, items, stop: items[items.length - 1].stop };
  }

  /** A saved message that streams (its source marks it so) starts and ends a response as the draft does. */
  setSaved(model: ListModel): StreamChange {
    const last = model.messages.at(-1);
    const streaming = last !== undefined && isStreaming(model, last);
    const was = this.savedStreaming;
    this.savedStreaming = streaming;
    if (streaming === was) return null;
    return streaming ? 'started' : { stop: last?.stop ?? null };
  }
}
