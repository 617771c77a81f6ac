/**
 * Which sub-agent a line of a flat trace belongs to. A `task` tool call starts a sub-agent whose
 * turns follow in the file until the task's result arrives; tasks may nest, and one message may
 * start several (parallel sub-agents), which then run one after another in the trace.
 */

interface TaskFrame {
  /** The run that made the calls: sibling tasks come from one message. */
  runId: string;
  callIds: string[];
  /** The sibling whose sub-agent is speaking now; advances when that sub-agent answers. */
  active: number;
}

export class SubagentScope {
  private readonly frames: TaskFrame[] = [];

  /** The task call whose sub-agent is speaking, or null at the top level. */
  current(): string | null {
    const top = this.frames.at(-1);
    if (!top) return null;
    // Past the last sibling (all have answered, results not back yet): stay with the last one.
    return top.callIds[Math.min(top.active, top.callIds.length - 1)] ?? null;
  }

  open(runId: string, callId: string): void {
    const top = this.frames.at(-1);
    if (top && top.runId === runId) top.callIds.push(callId);
    else this.frames.push({ runId, callIds: [callId], active: 0 });
  }

  /**
   * A sub-agent turn without tool calls is its final answer. Without this, the turns of a
   * second parallel sub-agent would be credited to the first.
   */
  answered(parentCallId: string | null): void {
    const top = this.frames.at(-1);
    if (top && parentCallId !== null && top.callIds[top.active] === parentCallId) top.active += 1;
  }

  /** The task's result arrived: its sub-agent, and any left open inside it, are over. */
  close(callId: string): void {
    const depth = this.frames.findIndex((frame) => frame.callIds.includes(callId));
    if (depth < 0) return;
    this.frames.length = depth + 1;
    const frame = this.frames[depth];
    const position = frame.callIds.indexOf(callId);
    frame.callIds.splice(position, 1);
    if (position < frame.active) frame.active -= 1;
    if (frame.callIds.length === 0) this.frames.pop();
  }
}
