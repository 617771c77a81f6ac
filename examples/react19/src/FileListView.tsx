import { createRoot, type Root } from 'react-dom/client';
import type { ToolViewContext } from 'display-kit';
import './FileListView.css';

/** A React component for one tool: what `list_files` found, as a list. */
function FileList({ call, result, status }: ToolViewContext) {
  const files = result?.output.split('\n').filter(Boolean) ?? [];
  const path = (call.arguments as { path?: string } | null)?.path ?? '.';
  return (
    <div className="file-list">
      <p className="file-list-title">
        {files.length} files in <code>{path}</code> · <span className="file-list-status">{status}</span>
      </p>
      <ul>
        {files.map((file) => <li key={file}>{file}</li>)}
      </ul>
    </div>
  );
}

/**
 * The component as a custom element, the way to hand it to the kit from any framework: the list
 * creates one per call and sets `.call`, `.result` and `.status` as they change. It renders into
 * its own light DOM, in the page, so the page's CSS (FileListView.css) styles it.
 */
class FileListView extends HTMLElement {
  #root: Root | null = null;
  #context: Partial<ToolViewContext> = {};

  set call(call: ToolViewContext['call']) {
    this.#update({ call });
  }
  set result(result: ToolViewContext['result']) {
    this.#update({ result });
  }
  set status(status: ToolViewContext['status']) {
    this.#update({ status });
  }

  #update(change: Partial<ToolViewContext>) {
    this.#context = { ...this.#context, ...change };
    const { call, result = null, status } = this.#context;
    if (!call || !status) return;
    this.#root ??= createRoot(this);
    this.#root.render(<FileList call={call} result={result} status={status} />);
  }
}

customElements.define('file-list-view', FileListView);
