import { html, nothing } from 'lit';
import type { ToolViewContext, ToolViews } from '../../src/index.js';

/**
 * The viewer's own views of a few tools, to show what a host can do with `toolViews`: they
 * render in the list's light DOM, so the viewer's stylesheet (`.demo-view` in viewer.styles.ts)
 * styles them, and the kit's does not.
 */

/** Paths a listing tool returned, one a line, as a list. */
function fileList({ call, result, status }: ToolViewContext) {
  const files = result?.output.split('\n').map((line) => line.trim()).filter(Boolean) ?? [];
  const path = (call.arguments as { path?: unknown } | null)?.path;
  return html`<div class="demo-view">
    <p class="demo-view-title">${result ? `${files.length} ${files.length === 1 ? 'entry' : 'entries'}` : status}${typeof path === 'string' ? html` in <code>${path}</code>` : nothing}</p>
    ${files.length ? html`<ul class="demo-files">${files.map((file) => html`<li><code>${file}</code></li>`)}</ul>` : nothing}
  </div>`;
}

interface Todo {
  content?: unknown;
  status?: unknown;
}

/** A plan the agent wrote, as a checklist of its arguments. */
function todoList({ call }: ToolViewContext) {
  const todos = (call.arguments as { todos?: unknown } | null)?.todos;
  const items = Array.isArray(todos) ? (todos as Todo[]) : [];
  return html`<ul class="demo-view demo-todos">
    ${items.map((todo) => html`<li data-status=${String(todo.status ?? '')}>
      <span aria-hidden="true">${todo.status === 'completed' ? '☑' : '☐'}</span> ${String(todo.content ?? '')}
      <span class="demo-todo-status">(${String(todo.status ?? 'pending').replace('_', ' ')})</span>
    </li>`)}
  </ul>`;
}

export const VIEWER_TOOL_VIEWS: ToolViews = { list_files: fileList, ls: fileList, write_todos: todoList };
