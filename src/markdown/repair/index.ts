/**
 * Repairs the unsettled tail of a streaming Markdown text (DOM-free, pure): whatever the model
 * has opened but not yet closed is closed or hidden, so a reader never sees raw markers (`**`,
 * a backtick, `](`, a pipe row) flash before their other half arrives. One pass over the
 * tail's lines, one over its last paragraph.
 */
import { closeFence, openFence } from './fences.js';
import { isBlank, lastLine, QUOTES, repairLastBlock } from './blocks.js';
import { syntax } from './syntax.js';

export { setRepairSyntax, type RepairSyntax } from './syntax.js';

export function repairTail(source: string): string {
  try {
    return repair(source);
  } catch {
    // Repair is cosmetic: a bug here may cost a glitch, never the text itself.
    return source;
  }
}

function repair(source: string): string {
  const fence = openFence(source);
  if (fence) return closeFence(source, fence);
  if (syntax?.openBlock(source)) return source;
  // A final newline only ends the last line; the repair works on the lines themselves.
  const newline = source.endsWith('\n') ? '\n' : '';
  const body = newline ? source.slice(0, -1) : source;
  // A finished blank line ended the paragraph: what it left open stays as written.
  if (newline && isBlank(lastLine(body).text.replace(QUOTES, ''))) return source;
  return repairLastBlock(body) + newline;
}
