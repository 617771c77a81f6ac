import { isServer, type ReactiveController, type ReactiveElement, type TemplateResult } from 'lit';
import { adoptSheets } from '../../markdown/adopt.js';
import { DEFAULT_LINK_SCHEMES } from '../../markdown/url-policy.js';
import type { RenderPolicy } from '../../markdown/sanitize.js';
import { englishStrings, type DisplayKitStrings } from '../../i18n/strings.js';
import type { BuiltinToolView } from '../../model/tool-views/types.js';
import type { DisplayItem, ToolCallDisplayItem } from '../../model/types.js';
import type { ToolCallView } from '../../model/tools.js';
import { genericCardFor, type ToolViews } from '../support/tool-views.js';
import type { BuiltinViewContext } from './views/context.js';
import { builtinViewStyles, readToolView, renderBuiltinView } from './views/index.js';

/** What the element reads its view with besides the call: its options, words and URL policy. */
export interface BuiltinViewHost {
  hostView: boolean;
  toolViews: ToolViews | undefined;
  text: DisplayKitStrings;
  policy: RenderPolicy;
}

/**
 * The views' sheets, made the first time a call shows one. The views' code comes with the tool
 * elements, not in a chunk of its own: an import() of it led Vite 8's Rolldown
 * (rolldown/rolldown#10731) to split Lit out of an app's entry, which broke server-rendered pages'
 * hydration (examples/ssr showed every text twice).
 */
let sheets: CSSStyleSheet[] | null = null;

/**
 * A call's built-in view (a terminal for a shell command, a diff for an edit, a search's results…):
 * read from the call and its result by `readToolView` when the host has no view of its own for the
 * tool and did not ask for the generic card (`toolViews = { bash: null }`).
 */
export class BuiltinViews implements ReactiveController {
  /** Undefined until read: read when the call is drawn open. */
  private view: BuiltinToolView | null | undefined = null;
  private readFrom: { call: DisplayItem; result: DisplayItem | null } | null = null;
  /** One object for the element's life: the views keep what the reader unfolded by it. */
  private readonly context: BuiltinViewContext;

  constructor(private readonly host: ReactiveElement) {
    host.addController(this);
    this.context = { text: englishStrings, status: 'unknown', linkSchemes: DEFAULT_LINK_SCHEMES, linkTarget: '_blank', imageOrigins: [], requestUpdate: () => host.requestUpdate() };
  }

  /**
   * Reads the view for the call as it now is (the element's `willUpdate`): none under a host's
   * view or where the host's `toolViews` asks for the generic card.
   */
  read(call: DisplayItem, result: DisplayItem | null, view: ToolCallView | null, host: BuiltinViewHost): void {
    // A call that ended without a result (failed, declined, cancelled) keeps the card that says why.
    const ended = result === null && view !== null && view.status !== 'pending' && view.status !== 'executing';
    if (view === null || ended || host.hostView || call.kind !== 'tool_call' || genericCardFor(view.name, host.toolViews)) {
      this.view = null;
      this.readFrom = null;
      return;
    }
    if (this.readFrom?.call !== call || this.readFrom.result !== result) {
      this.readFrom = { call, result };
      this.view = undefined;
    }
    const { text, policy } = host;
    Object.assign(this.context, {
      text,
      status: view.status,
      linkSchemes: policy.linkSchemes ?? DEFAULT_LINK_SCHEMES,
      linkTarget: policy.linkTarget ?? '_blank',
      imageOrigins: policy.imageOrigins ?? [],
    });
  }

  /** The view, or null: the call has none. */
  render(): TemplateResult | null {
    const from = this.readFrom;
    if (!from || isServer) return null;
    this.view ??= readToolView(from.call as ToolCallDisplayItem, from.result?.kind === 'tool_result' ? from.result : null);
    return this.view ? renderBuiltinView(this.view, this.context) : null;
  }

  hostUpdated(): void {
    if (!this.view || isServer) return;
    sheets ??= builtinViewStyles.flatMap((style) => style.styleSheet ?? []);
    adoptSheets(this.host.renderRoot, sheets);
  }
}
