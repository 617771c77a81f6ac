import type { ReactiveController, ReactiveElement } from 'lit';
import { jsonAttribute } from '../../support/json-attribute.js';
import { SERVER_OPTIONS, SERVER_OPTION_KEYS, type ServerOptions } from '../server-options.js';

type OptionKey = (typeof SERVER_OPTION_KEYS)[number];
type Host = ReactiveElement & Partial<Record<OptionKey, unknown>>;

/** What each server option is when the server sent none. */
const DEFAULTS: Record<OptionKey, unknown> = {
  messageActions: [],
  participants: {},
  strings: undefined,
  linkSchemes: undefined,
  approvalActions: [],
};

/**
 * Hydration matches a server's DOM only if the first render draws what the server drew: that
 * render uses the options the server sent beside the items (`renderConversation`), and the
 * host's own, set before the page hydrated, come right after. Times, drawn in the server's zone
 * and language, are drawn again (`drawn` changes).
 */
export class HydrationController implements ReactiveController {
  /** Changes when what a server drew must be drawn anew, not only updated. */
  drawn = 0;
  private hostOptions: Record<string, unknown> | null = null;

  constructor(private readonly host: Host) {
    host.addController(this);
  }

  /** Server-rendered HTML is there and the element has not rendered yet. */
  get hydrating(): boolean {
    return !this.host.hasUpdated && (this.host.renderRoot?.childNodes.length ?? 0) > 0;
  }

  /** Call at the start of the host's `willUpdate`. */
  willUpdate(): void {
    if (!this.hydrating) return;
    const server = readServerOptions(this.host);
    if (!server) return;
    this.hostOptions = {};
    for (const key of SERVER_OPTION_KEYS) {
      this.hostOptions[key] = this.host[key];
      this.host[key] = server[key] ?? DEFAULTS[key];
    }
  }

  hostUpdated(): void {
    const options = this.hostOptions;
    if (!options) return;
    this.hostOptions = null;
    // A render of its own, once hydration is done.
    void this.host.updateComplete.then(() => {
      Object.assign(this.host, options);
      this.drawn += 1;
      this.host.requestUpdate();
    });
  }
}

/** The options `renderConversation` sent beside the items, if this list was rendered on a server. */
function readServerOptions(list: Element): ServerOptions | null {
  const script = list.querySelector(`:scope > script[${SERVER_OPTIONS}]`);
  const value = script ? jsonAttribute.fromAttribute!(script.textContent ?? '', undefined) : null;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
}
