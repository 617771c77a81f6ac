import { collectDefinitions, lexBlocks, noLinks, renderBlocks, sameLinks, type Links, type Token, type TokensList } from './parse.js';
import { repairTail } from './repair/index.js';
import { coloursCode, hasHighlighter } from './highlight.js';
import type { CitationMarkers } from './citations.js';
import { hasRenderHooks, runRenderHooks } from './extensions.js';
import { BlockRuns } from './runs.js';
import { brokenImageMarker, loadPlaceholder, sanitizeHtml, type RenderPolicy } from './sanitize.js';
import type { ViewLabels } from './labels.js';
import { appendCaret, renewCaret } from './caret.js';
import { codeOf, copyButtonAt, decorateCodeBlocks, highlightBlocks, StillColours, type CopyCode } from './code-blocks.js';
import { growLastText, patchTail } from './text-patch.js';
import { wrapTables } from './wide.js';

export interface ViewOptions {
  policy: RenderPolicy;
  labels: ViewLabels;
  /** The citation markers whose tokens the source holds (see `./citations.ts`). */
  markers?: CitationMarkers;
}

export interface StreamOptions {
  /** More text is still coming: repair the unfinished tail and show a caret after it. */
  streaming?: boolean;
}

/** How long a streaming text stands still before its caret blinks, ms. */
const CARET_STILL_MS = 1000;
/** Marks the container while the caret blinks (see markdown.styles.ts). */
const STILL = 'data-still';

interface Scheduled {
  source: string;
  options: ViewOptions;
  stream: StreamOptions;
}

/**
 * Owns the rendered Markdown inside one container: sanitized nodes, code-block chrome, and the
 * clicks that load a placeholder image or copy a code block.
 *
 * While a text streams in, its top-level blocks settle: every block before the last one is
 * final once a later block has begun. Settled blocks are rendered once and their nodes are
 * never touched again (a reader's selection in them survives); each update re-lexes and
 * re-renders only the unsettled tail, so its cost does not grow with the text.
 */
export class MarkdownView {
  private source: string | null = null;
  private options: ViewOptions | null = null;
  private streaming = false;
  /** Offset in `source` where the unsettled tail begins. */
  private settledEnd = 0;
  /** The text holds an HTML block: blocks may not render apart without a streaming flag. */
  private rawHtml = false;
  /** Reference definitions in the settled blocks: the tail is lexed with them. */
  private settledLinks: Links = noLinks();
  /** The definitions the settled nodes were rendered with. */
  private renderedLinks: Links = noLinks();
  /** The container's last nodes, which render the unsettled tail and are replaced each update. */
  private tailNodes: ChildNode[] = [];
  /** The HTML (before sanitizing) the tail nodes show, while they show exactly that; else null. */
  private tailHtml: string | null = null;
  /** The HTML each settled node was rendered as (a reader may change a node, e.g. load an image). */
  private renderedHtml = new WeakMap<ChildNode, string>();
  private scheduled: Scheduled | null = null;
  private stillTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly stillColours = new StillColours(() => this.tailNodes);
  private frame = 0;
  /** The frame (`frameNow`) the last direct draw shows in; -1 before any. */
  private drewIn = -1;
  private drawnWaiters: Array<() => void> = [];
  private readonly blocks: BlockRuns;

  constructor(
    /** Starts empty: the view owns its children. */
    private readonly root: HTMLElement,
    /** Without one, code blocks' copy buttons do nothing. */
    private readonly copyCode?: CopyCode,
  ) {
    this.blocks = new BlockRuns(root);
    root.addEventListener('click', (event) => this.onClick(event));
    // An image that could not be loaded leaves its alt text and a link, not a blank gap. Its
    // error does not bubble: it is heard on its way down.
    root.addEventListener('error', ({ target }) => {
      if (target instanceof HTMLImageElement && this.options) target.replaceWith(brokenImageMarker(target, this.options.policy, this.options.labels));
    }, true);
  }

  /** The words the view renders with, once it rendered. */
  get labels(): ViewLabels | null {
    return this.options?.labels ?? null;
  }

  /** The view has drawn a text (or is about to, at the next frame). */
  get drawn(): boolean {
    return this.source !== null || this.scheduled !== null;
  }

  /** Resolves once what is scheduled is drawn (at once when nothing is). */
  whenDrawn(): Promise<void> {
    return this.scheduled ? new Promise((resolve) => this.drawnWaiters.push(resolve)) : Promise.resolve();
  }

  owns(container: HTMLElement): boolean {
    return container === this.root;
  }

  /**
   * Renders `source` now. While `streaming`, a text that extends the previous one costs only
   * its unsettled tail. Otherwise the result equals a fresh render of the whole text, with the
   * nodes whose HTML did not change kept as they are.
   */
  update(source: string, options: ViewOptions, stream: StreamOptions = {}): void {
    this.cancelScheduled();
    this.render(source, options, stream.streaming ?? false);
    this.releaseWaiters();
    this.drewIn = frameNow();
  }

  /**
   * Like `update`, at most once per animation frame: the last call before the frame wins. After
   * an `update` the frame that shows it is taken, so what is scheduled then waits for the next.
   */
  schedule(source: string, options: ViewOptions, stream: StreamOptions = {}): void {
    this.scheduled = { source, options, stream };
    if (this.frame !== 0) return;
    const flush = () => this.flush();
    this.frame = requestAnimationFrame(
      this.drewIn === frameNow() ? () => (this.frame = requestAnimationFrame(flush)) : flush,
    );
  }

  /** Applies a scheduled update now instead of at the next frame. */
  flush(): void {
    const scheduled = this.scheduled;
    this.cancelScheduled();
    if (scheduled) this.render(scheduled.source, scheduled.options, scheduled.stream.streaming ?? false);
    this.releaseWaiters();
  }

  private releaseWaiters(): void {
    for (const resolve of this.drawnWaiters.splice(0)) resolve();
  }

  private cancelScheduled(): void {
    if (this.frame !== 0) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.scheduled = null;
  }

  private render(input: string, options: ViewOptions, streaming: boolean): void {
    // Lexer raws count `\n` only; offsets into the source must count the same characters.
    const source = input.includes('\r') ? input.replace(/\r\n?/g, '\n') : input;
    const sameOptions = this.options !== null && sameViewOptions(options, this.options);
    if (source === this.source && sameOptions && streaming === this.streaming) return;
    const extendsPrevious = this.source !== null && sameOptions && source.startsWith(this.source);
    if (!extendsPrevious) this.forgetSettled();
    // A streaming tail is repaired and carries a caret, a finished one neither: not comparable.
    if (streaming !== this.streaming) this.tailHtml = null;
    // A text that grows costs only its unsettled tail, with or without a streaming flag. The end
    // of a flagged stream, and any text that does not extend the last, render whole once.
    const incremental = streaming || (extendsPrevious && !this.streaming);
    if (!incremental || !this.renderTail(source, options, streaming)) this.renderWhole(source, options);
    if (streaming) renewCaret(this.tailNodes);
    this.source = source;
    this.options = options;
    this.streaming = streaming;
    this.holdCaret(streaming);
  }

  /**
   * A streaming text's caret holds still while text arrives, as a text cursor does while one
   * types, and blinks once the text has stood still for CARET_STILL_MS: the container is marked
   * then, and unmarked by the next text. (A delay on the caret's own animation restarted only
   * with a new caret: one a render kept, as it keeps one that stays at the end of its paragraph,
   * blinked while text streamed, and had its animation serviced every frame.)
   */
  private holdCaret(streaming: boolean): void {
    clearTimeout(this.stillTimer);
    this.root.removeAttribute(STILL);
    if (streaming) this.stillTimer = setTimeout(() => this.root.setAttribute(STILL, ''), CARET_STILL_MS);
  }

  /** From now on every node is tail: the next tail render replaces them all. */
  private forgetSettled(): void {
    this.settledEnd = 0;
    this.settledLinks = noLinks();
    this.renderedLinks = noLinks();
    this.rawHtml = false;
    this.tailNodes = this.blocks.nodes();
    this.tailHtml = null;
    this.stillColours.reset();
  }

  /**
   * Settles the blocks that became final and re-renders the rest. While `streaming`, the
   * unfinished tail is repaired and ends in a caret; otherwise it renders as written, which is
   * what a whole render gives — unless the text holds an HTML block (an element it opens may
   * close blocks later, which only a whole render sees): then it declines, returning false.
   */
  private renderTail(source: string, options: ViewOptions, streaming: boolean): boolean {
    let tokens = lexBlocks(source.slice(this.settledEnd), this.settledLinks);
    if (this.settledEnd > 0 && !sameLinks(tokens.links, this.renderedLinks)) {
      // A definition arrived or changed: blocks shown already may link differently now (rare).
      // Render whole, which keeps every node whose HTML stays, then go on from what it settled.
      this.renderWhole(source, options);
      if (!streaming) return true;
      tokens = lexBlocks(source.slice(this.settledEnd), this.settledLinks);
    }
    this.rawHtml ||= tokens.some(isHtmlBlock);
    if (this.rawHtml && !streaming) return false;
    const tail = source.slice(this.settledEnd);
    const count = settledCount(tokens, tail);
    const settledLength = rawLength(tokens, count);
    const settled = count > 0 ? this.settle(tokens.slice(0, count), settledLength, options) : [];
    this.renderedLinks = tokens.links;
    const live = tail.slice(settledLength);
    const html = streaming ? streamingTailHtml(live, tokens, count) : renderBlocks(tokens.slice(count));
    // Code in the tail is coloured once it settles, the stream ends or the text stands still.
    const colour = this.stillColours.forTail(streaming, count > 0, coloursCode(html));
    // What changed goes into the shown nodes, the rest stays: the cheap check first (see ./text-patch.ts).
    const patchable = count === 0 && !(colour && coloursCode(html)) && !hasRenderHooks();
    if (patchable && !options.markers && !live.includes('<') && this.growText(html)) return true;
    const fragment = this.build(html, options, streaming, colour);
    if (streaming) appendCaret(fragment);
    if (patchable && patchTail(this.tailNodes, fragment)) this.keepTail(html);
    else this.replaceTail(Array.from(fragment.childNodes), html, settled);
    return true;
  }

  /**
   * The usual chunk, a few characters more at the end of the last paragraph or code block, goes
   * straight into the text node that shows them, unsanitized: where the tail's HTML differs from
   * what is shown only by characters that cannot be markup (no tag, entity or attribute changes),
   * the sanitizer would return the same nodes with a longer text. Returns false, untouched, for
   * anything else.
   */
  private growText(html: string): boolean {
    if (this.tailHtml === null || !growLastText(this.tailNodes, this.tailHtml, html)) return false;
    this.keepTail(html);
    return true;
  }

  /** The tail nodes now show `html`, changed in place. */
  private keepTail(html: string): void {
    // Their HTML changed: a later whole render must not take them as unchanged.
    for (const node of this.tailNodes) this.renderedHtml.delete(node);
    this.tailHtml = html;
  }

  /** Shows the blocks that just `settled`, then `tail` rendered from `html`, where the tail was. */
  private replaceTail(tail: ChildNode[], html: string, settled: ChildNode[]): void {
    this.blocks.replaceLast(this.tailNodes, [...settled, ...tail]);
    this.tailNodes = tail;
    this.tailHtml = html;
  }

  /** Renders blocks that just became final, for good; returns their nodes, to show before the tail. */
  private settle(tokens: Token[], length: number, options: ViewOptions): ChildNode[] {
    const nodes = Array.from(this.build(renderBlocks(tokens), options).childNodes);
    for (const node of nodes) this.renderedHtml.set(node, htmlOf(node));
    collectDefinitions(tokens, this.settledLinks);
    this.settledEnd += length;
    return nodes;
  }

  /**
   * The whole text at once, keeping every node whose HTML is unchanged, and leaving its final
   * blocks settled so that a text growing from here costs only its tail. (Blocks render apart,
   * which equals rendering them together unless an HTML block may span them.)
   */
  private renderWhole(source: string, options: ViewOptions): void {
    const tokens = lexBlocks(source);
    this.rawHtml = tokens.some(isHtmlBlock);
    const count = this.rawHtml ? 0 : settledCount(tokens, source);
    const fragment = this.build(renderBlocks(tokens.slice(0, count)), options);
    const settledNodes = fragment.childNodes.length;
    fragment.append(this.build(renderBlocks(tokens.slice(count)), options));
    const shown = this.reconcile(fragment);
    this.settledEnd = rawLength(tokens, count);
    this.settledLinks = noLinks();
    collectDefinitions(tokens.slice(0, count), this.settledLinks);
    this.renderedLinks = tokens.links;
    this.tailNodes = shown.slice(settledNodes);
    this.tailHtml = null;
    this.stillColours.reset(true); // a whole render colours its tail: growing on, it stays so
  }

  /**
   * Puts `fragment`'s nodes in the container, reusing the ones whose HTML is unchanged; returns
   * the nodes the container shows now.
   */
  private reconcile(fragment: DocumentFragment): ChildNode[] {
    const current = this.blocks.nodes();
    const shown = Array.from(fragment.childNodes).map((node, i) => {
      const html = htmlOf(node);
      const old = current[i];
      if (old && this.renderedHtml.get(old) === html) return old;
      this.renderedHtml.set(node, html);
      if (old) old.replaceWith(node);
      else this.blocks.append([node]);
      return node;
    });
    this.blocks.removeLast(current.slice(shown.length));
    return shown;
  }

  /** Sanitized nodes for marked's `html`; `live` when they show a streaming text's unfinished tail, `colour` to colour its code. */
  private build(html: string, options: ViewOptions, live = false, colour = !live): DocumentFragment {
    const fragment = sanitizeHtml(html, options.policy, options.labels);
    decorateCodeBlocks(fragment, options.labels);
    wrapTables(fragment, options.labels);
    options.markers?.place(fragment, options.policy);
    runRenderHooks(fragment, { container: this.root, labels: options.labels, live });
    // Not the tail being written: coloured at every frame, it was rebuilt at every frame (StillColours).
    if (hasHighlighter() && colour) highlightBlocks(fragment);
    return fragment;
  }

  private onClick(event: Event): void {
    const target = event.target instanceof Element ? event.target : null;
    const placeholder = target?.closest<HTMLElement>('.image-placeholder');
    if (placeholder && this.root.contains(placeholder)) {
      loadPlaceholder(placeholder);
      return;
    }
    const copy = copyButtonAt(target);
    if (copy && this.root.contains(copy)) this.copyCode?.(codeOf(copy), copy);
  }
}

/**
 * How many leading tokens are final: all before the last non-space block, since a later block
 * has begun — but the block just before it only once a blank line parts them or the last
 * block's first line is complete: a line still being written may yet turn out to continue the
 * block above (`***` under a paragraph is a rule until `***bold` makes it the paragraph's next
 * line). Their raws must spell the start of the tail exactly (offsets come from them); should
 * the lexer ever break that, nothing settles and the view stays correct, only slower.
 */
function settledCount(tokens: Token[], tail: string): number {
  let last = tokens.length - 1;
  while (last >= 0 && tokens[last].type === 'space') last--;
  if (last <= 0) return 0;
  let raw = '';
  for (let i = 0; i < last; i++) raw += tokens[i].raw;
  if (!tail.startsWith(raw)) return 0;
  const parted = tokens[last - 1].type === 'space' || tail.includes('\n', raw.length);
  return parted ? last : last - 1;
}

/** The unfinished tail's HTML while text streams in: its open constructs closed. */
function streamingTailHtml(live: string, tokens: TokensList, count: number): string {
  const repaired = repairTail(live);
  return renderBlocks(repaired === live ? tokens.slice(count) : lexBlocks(repaired, tokens.links));
}

function isHtmlBlock(token: Token): boolean {
  return token.type === 'html';
}

function rawLength(tokens: Token[], count: number): number {
  let length = 0;
  for (let i = 0; i < count; i++) length += tokens[i].raw.length;
  return length;
}

/**
 * Definitions by label, with no prototype: a reference labelled `constructor` or `__proto__`
 * is a definition like any other (marked keeps its own the same way).
 */
/** Options built afresh for each call still count as the same when what they hold is. */
function sameViewOptions(a: ViewOptions, b: ViewOptions): boolean {
  return a === b || (a.policy === b.policy && a.labels === b.labels && a.markers === b.markers);
}

function htmlOf(node: ChildNode): string {
  return node instanceof Element ? node.outerHTML : `${node.nodeType}:${node.textContent ?? ''}`;
}

/** Frames counted while views ask: the counting callback is booked by a call, never by itself. */
let frameCount = 0;
let counting = 0;

/**
 * The frame next to show, for telling whether two calls fall before the same paint. A call made
 * in a frame's own callbacks may get the next frame's number: a draw scheduled after it then
 * waits one frame longer, never less.
 */
function frameNow(): number {
  if (counting === 0) {
    counting = requestAnimationFrame(() => {
      counting = 0;
      frameCount++;
    });
  }
  return frameCount;
}
