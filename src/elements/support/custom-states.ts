import { isServer } from 'lit';

/** Where a browser has no custom states, the same names sit in this attribute: `[data-state~="failed"]`. */
export const FALLBACK_ATTRIBUTE = 'data-state';

/**
 * State the element derives from its data (a call's status, a result's outcome, who wrote a
 * text), published for styling as custom states — `tool-call-item:state(failed)`, or
 * `:host(:state(failed))` inside — and never as a property a host could set and see overwritten.
 */
export class CustomStates {
  private states: CustomStateSet | null | undefined;
  private current: string[] = [];

  constructor(private readonly host: HTMLElement) {}

  /** Makes exactly these names (the truthy ones) the host's states. */
  set(names: Array<string | null | false | undefined>): void {
    const next = names.filter((name): name is string => !!name);
    if (isServer || next.join(' ') === this.current.join(' ')) return;
    const previous = this.current;
    this.current = next;
    const states = this.stateSet();
    try {
      for (const name of previous) states?.delete(name);
      for (const name of next) states?.add(name);
    } catch {
      // An engine from before the `:state()` syntax takes only `--name`: the attribute stands in.
      this.states = null;
    }
    if (this.states === null) this.host.setAttribute(FALLBACK_ATTRIBUTE, next.join(' '));
  }

  /** The host's custom state set; null where the browser has none (asked once: internals attach once). */
  private stateSet(): CustomStateSet | null {
    if (this.states === undefined) {
      this.states = (typeof this.host.attachInternals === 'function' && this.host.attachInternals().states) || null;
    }
    return this.states;
  }
}
