import { html, LitElement, nothing, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import '../../src/define.js';
import { detectFormat, FORMAT_LABELS, type Detection } from './detect.js';
import { formatBytes, renderProblems, renderRecent, renderRuns, renderSummary } from './panel.js';
import { RecentFiles, type RecentFile } from './recent.js';
import { summarizeConversation, type ConversationSummary } from './runs.js';
import { viewerStyles } from './viewer.styles.js';
import { VIEWER_TOOL_VIEWS } from './tool-views.js';
import type { MessageList } from '../../src/index.js';

/** A conversation the viewer offers under "Examples": a file's name and its text. */
export interface Example {
  name: string;
  filename: string;
  text: string;
}

export type ToolDisplay = 'full' | 'compact' | 'hidden';

/** What the viewer shows: one opened file, detected and summarized. */
interface Opened {
  name: string;
  detection: Detection;
  summary: ConversationSummary;
}

/** Fired when a conversation has been read and handed to the list. */
export class ConversationOpenEvent extends Event {
  constructor(
    readonly name: string,
    readonly detection: Detection,
  ) {
    super('conversation-open', { bubbles: true, composed: true });
  }
}

const TOOL_DISPLAYS: readonly ToolDisplay[] = ['full', 'compact', 'hidden'];

/**
 * `<dk-viewer>`: the demo's conversation viewer, built from the kit (demo-only, not part of
 * the package). Opens a file (file input, drop, paste, recent list or an example), detects its
 * format, renders it in `<message-list>` and lists runs and problems beside it. Nothing leaves
 * the browser: files are read with `File.text()` and remembered in `localStorage`.
 */
export class DkViewer extends LitElement {
  static override styles = viewerStyles;

  /** The conversations offered under "Examples". */
  @property({ attribute: false }) examples: readonly Example[] = [];

  /** Where recent files are kept; tests pass one over an in-memory storage. */
  @property({ attribute: false }) recentFiles = new RecentFiles();

  @property({ attribute: 'tool-display' }) toolDisplay: ToolDisplay = 'full';

  /** Show a few tools with the viewer's own views (`toolViews`) instead of the kit's default body. */
  @property({ type: Boolean, attribute: 'tool-views' }) toolViews = true;

  /** Reflected while a file is dragged over the page, for the drop zone's highlight. */
  @property({ type: Boolean, reflect: true }) dragging = false;

  @state() private opened: Opened | null = null;
  @state() private recent: RecentFile[] = [];
  /** The last thing that happened, announced politely ("Opened …", "… must be reopened"). */
  @state() private notice = '';

  @query('input[type="file"]') private fileInput!: HTMLInputElement;
  @query('#paste-text') private pasteInput!: HTMLTextAreaElement;
  /** Which example is shown (-1: a file of the reader's). */
  @state() private shownExample = -1;
  @query('message-list') private list!: MessageList | null;

  /** dragenter/dragleave fire for every child crossed; the count says when the drag left the host. */
  private dragDepth = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    this.recent = this.recentFiles.list();
    this.addEventListener('dragenter', this.onDragEnter);
    this.addEventListener('dragover', this.onDragOver);
    this.addEventListener('dragleave', this.onDragLeave);
    this.addEventListener('drop', this.onDrop);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener('dragenter', this.onDragEnter);
    this.removeEventListener('dragover', this.onDragOver);
    this.removeEventListener('dragleave', this.onDragLeave);
    this.removeEventListener('drop', this.onDrop);
  }

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    if (changed.has('recentFiles')) this.recent = this.recentFiles.list();
  }

  /** Reads a file the reader chose or dropped, shows it, and remembers it. */
  async openFile(file: File): Promise<void> {
    let text: string;
    try {
      text = await file.text();
    } catch (error) {
      this.notice = `“${file.name}” could not be read (${error instanceof Error ? error.message : 'unknown error'}).`;
      return;
    }
    this.show(file.name, text, { size: file.size, remember: true });
  }

  /** Shows text that did not come from a file (paste, example); `remember` adds it to the recent list. */
  openText(name: string, text: string, { remember = false } = {}): void {
    this.show(name, text, { remember });
  }

  /** The file of a drop (or, when text was dragged, the text itself). */
  async openDataTransfer(data: DataTransfer | null): Promise<void> {
    const file = data?.files?.[0];
    if (file) return this.openFile(file);
    const text = data?.getData('text/plain') ?? '';
    if (text.trim() !== '') this.openText('Dropped text', text, { remember: true });
  }

  private show(name: string, text: string, { size, remember }: { size?: number; remember: boolean }): void {
    const detection = detectFormat(text, name);
    // The picker names what is shown: the example opened, or none for a file of the reader's.
    this.shownExample = this.examples.findIndex((example) => example.name === name && example.text === text);
    this.opened = { name, detection, summary: summarizeConversation(detection.items) };
    if (remember) this.recent = this.recentFiles.add({ name, text, size, format: detection.format });
    this.notice = openedNotice(name, detection);
    this.dispatchEvent(new ConversationOpenEvent(name, detection));
  }

  private reopen(entry: RecentFile): void {
    if (entry.text !== undefined) {
      this.show(entry.name, entry.text, { size: entry.size, remember: true });
      return;
    }
    // Only the name was kept: the browser cannot read the file again without the reader.
    this.notice = `“${entry.name}” (${formatBytes(entry.size)}) was too large to keep in the browser: choose it again with “Open a file”.`;
    this.fileInput?.focus();
  }

  private clearRecent(): void {
    this.recentFiles.clear();
    this.recent = this.recentFiles.list();
    this.notice = 'Recent files cleared.';
  }

  private onFileChange(event: Event): void {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    void this.openFile(file).finally(() => {
      // Choosing the same file again must fire `change` again.
      input.value = '';
    });
  }

  private showPasted(): void {
    const text = this.pasteInput?.value ?? '';
    if (text.trim() === '') {
      this.notice = 'Paste a conversation (JSON or JSONL) first.';
      return;
    }
    this.openText('Pasted text', text, { remember: true });
  }

  private onExampleChange(event: Event): void {
    const select = event.target as HTMLSelectElement;
    const example = this.examples[Number(select.value)];
    if (select.value === '' || !example) return;
    this.openText(example.name, example.text);
    this.dispatchEvent(new CustomEvent('example-open', { detail: example, bubbles: true, composed: true }));
  }

  private onToolDisplay(event: Event): void {
    const value = (event.target as HTMLInputElement).value as ToolDisplay;
    if (TOOL_DISPLAYS.includes(value)) this.toolDisplay = value;
  }

  private readonly onDragEnter = (event: DragEvent): void => {
    if (!carriesData(event)) return;
    event.preventDefault();
    this.dragDepth++;
    this.dragging = true;
  };

  /** Without preventDefault on dragover the browser refuses the drop (and would navigate to the file). */
  private readonly onDragOver = (event: DragEvent): void => {
    if (!carriesData(event)) return;
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };

  private readonly onDragLeave = (): void => {
    this.dragDepth = Math.max(0, this.dragDepth - 1);
    if (this.dragDepth === 0) this.dragging = false;
  };

  private readonly onDrop = (event: DragEvent): void => {
    event.preventDefault();
    this.dragDepth = 0;
    this.dragging = false;
    void this.openDataTransfer(event.dataTransfer);
  };

  protected override render(): TemplateResult {
    return html`<div class="layout">
      <div class="panel sources">
        ${this.renderOpen()} ${renderRecent(this.recent, (entry) => this.reopen(entry), () => this.clearRecent())}
      </div>
      ${this.renderConversation()} ${this.renderDetails()}
    </div>`;
  }

  private renderOpen(): TemplateResult {
    return html`<section class="open" aria-labelledby="open-title">
      <h2 id="open-title">Open a conversation</h2>
      <div class="drop-zone" part="drop-zone">
        <label for="file-input">Open a file</label>
        <input id="file-input" type="file" accept=".json,.jsonl,.ndjson,.txt,application/json" @change=${this.onFileChange} />
        <p class="hint">or drop a file anywhere on this page. It stays in your browser: nothing is uploaded.</p>
        <p class="hint">
          Reads JSON arrays of display items or rows, JSONL rows, LangChain stream traces or messages, OpenAI chat
          messages or Responses items, Anthropic or AI SDK messages, and AG-UI messages or events.
        </p>
      </div>
      <details class="paste">
        <summary>Paste text</summary>
        <div class="field">
          <label for="paste-text">Conversation (JSON or JSONL)</label>
          <textarea id="paste-text" spellcheck="false"></textarea>
          <button type="button" class="show-pasted" @click=${this.showPasted}>Show</button>
        </div>
      </details>
      ${this.examples.length > 0 ? this.renderExamples() : nothing}
    </section>`;
  }

  private renderExamples(): TemplateResult {
    return html`<div class="field examples">
      <label for="examples">Examples</label>
      <select id="examples" @change=${this.onExampleChange}>
        <option value="" ?selected=${this.shownExample < 0}>Choose an example…</option>
        ${this.examples.map((example, index) => html`<option value=${index} ?selected=${index === this.shownExample}>${example.name}</option>`)}
      </select>
    </div>`;
  }

  private renderConversation(): TemplateResult {
    const opened = this.opened;
    return html`<section class="conversation" aria-labelledby="conversation-title">
      <h2 id="conversation-title">${opened ? opened.name : 'No conversation open'}</h2>
      <p class="status" role="status">${this.notice}</p>
      ${opened
        ? html`<div class="list-controls">
              ${this.renderToolDisplay()}
              <label class="tool-views"><input type="checkbox" .checked=${this.toolViews} @change=${this.onToolViews} /> Custom tool views</label>
              <button type="button" class="find" @click=${this.openFind} aria-keyshortcuts="Control+F">Find…</button>
            </div>
            <message-list
              exportable
              tool-display=${this.toolDisplay}
              .toolViews=${this.toolViews ? VIEWER_TOOL_VIEWS : undefined}
              .items=${opened.detection.items}
            ></message-list>`
        : html`<p class="empty">Open a file, drop one here, paste text, or pick one of the examples.</p>`}
    </section>`;
  }

  private onToolViews(event: Event): void {
    this.toolViews = (event.target as HTMLInputElement).checked;
  }

  /** The list's own search bar (Ctrl/Cmd+F inside the list opens it too). */
  private readonly openFind = (): void => {
    void this.list?.openFind();
  };

  private renderToolDisplay(): TemplateResult {
    return html`<fieldset class="tool-display" @change=${this.onToolDisplay}>
      <legend>Tool calls</legend>
      ${TOOL_DISPLAYS.map(
        (mode) => html`<label>
          <input type="radio" name="tool-display" value=${mode} .checked=${this.toolDisplay === mode} />
          ${mode[0].toUpperCase() + mode.slice(1)}
        </label>`,
      )}
    </fieldset>`;
  }

  private renderDetails(): TemplateResult {
    const opened = this.opened;
    return html`<section class="panel details" aria-labelledby="details-title">
      <h2 id="details-title">Details</h2>
      ${opened
        ? html`<p class="format">
              Format: <strong>${FORMAT_LABELS[opened.detection.format]}</strong>
              (${opened.detection.container === 'jsonl' ? 'one JSON value a line' : 'JSON'})
            </p>
            ${renderProblems(opened.detection.problems)} ${renderSummary(opened.summary)} ${renderRuns(opened.summary.runs)}`
        : html`<p class="meta">Runs, token usage and problems of the open conversation show here.</p>`}
    </section>`;
  }
}

function openedNotice(name: string, detection: Detection): string {
  const problems = detection.problems.length;
  const problemText = problems === 0 ? 'no problems' : `${problems} problem${problems === 1 ? '' : 's'}`;
  return `Opened “${name}”: ${FORMAT_LABELS[detection.format]}, ${detection.items.length} items, ${problemText}.`;
}

/** Only drags that carry files or text are offers to open something (not a text selection moving). */
function carriesData(event: DragEvent): boolean {
  const types = event.dataTransfer?.types ?? [];
  return Array.from(types).some((type) => type === 'Files' || type === 'text/plain');
}

if (!customElements.get('dk-viewer')) customElements.define('dk-viewer', DkViewer);

declare global {
  interface HTMLElementTagNameMap {
    'dk-viewer': DkViewer;
  }
}
