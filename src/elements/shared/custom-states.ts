import { isServer } from 'lit';

/** Where a browser has no custom states, the same names sit in this attribute: `[data-state~="failed"]`. */
export const FALLBACK_ATTRIBUTE = 'data-state';

/**
 * State the element derives from its data (a call's status, a result's outcome, who wrote a
 * text), published for styling as custom states — `tool-call-item:state(failed)`, or
 * `:host(:state(failed))` inside — and never as a property a host could set and see overwritten.
 */
export class CustomStates {
  private internals: ElementInternals | null = null;
  private fallback = false;
  private current: ReadonlySet<string> = new Set();

  constructor(private readonly host: HTMLElement) {}

  /** Whether the host is in this state now. */
  has(name: string): boolean {
    return this.current.has(name);
  }

  /** Makes exactly these names the host's states. */
  set(names: Iterable<string | null | false | undefined>): void {
    const next = new Set<string>();
    for (const name of names) if (name) next.add(name);
    if (sameSet(next, this.current)) return;
    const previous = this.current;
    this.current = next;
    if (isServer) return;
    const states = this.stateSet();
    if (states) {
      for (const name of previous) if (!next.has(name)) states.delete(name);
      for (const name of next) if (!previous.has(name)) this.add(states, name);
    }
    if (this.fallback) this.host.setAttribute(FALLBACK_ATTRIBUTE, [...next].join(' '));
  }

  private stateSet(): CustomStateSet | null {
    if (!this.internals && !this.fallback) {
      this.internals = typeof this.host.attachInternals === 'function' ? this.host.attachInternals() : null;
      this.fallback = !this.internals?.states;
    }
    return this.fallback ? null : this.internals!.states;
  }

  private add(states: CustomStateSet, name: string): void {
    try {
      states.add(name);
    } catch {
      // An engine from before the `:state()` syntax accepts only `--name`: use the attribute instead.
      this.fallback = true;
    }
  }
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const name of a) if (!b.has(name)) return false;
  return true;
}
