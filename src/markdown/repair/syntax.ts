/**
 * The syntax an optional entry registers for the repair (`setRepairSyntax`, re-exported by
 * `./index.ts`). It lives apart so that the inline scanner can read it without importing the
 * entry that imports it.
 */
/**
 * Syntax an optional entry adds (`display-kit/math`) that the repair must see. The core knows
 * none; without it, `$` and `\(` are text.
 */
export interface RepairSyntax {
  /**
   * At `at`: the end of a span that starts there and closes (its inside is not markup), -1 for
   * one that opens there but has not closed yet (it hides until it does), null for none.
   */
  span(source: string, at: number): number | null;
  /** A block opened before the end of `source` shows as source until it closes: repair nothing. */
  openBlock(source: string): boolean;
}

/** Read through the live binding: `setRepairSyntax` replaces it. */
export let syntax: RepairSyntax | null = null;

/** Registers the syntax the repair must see (or none). */
export function setRepairSyntax(next: RepairSyntax | null): void {
  syntax = next;
}
