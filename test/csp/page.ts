/**
 * The kit on a page whose policy allows no inline style and no script or HTML string that did not
 * pass a Trusted Types policy. It renders a conversation with everything the kit draws (Markdown,
 * highlighted code, math, tool calls and results, a stop mark, a streaming draft; diagrams with
 * `?mermaid`) and resolves `window.cspResult` to the violations the page reported and what it
 * rendered.
 */
import '../../src/define.js';
import { useHighlightJs } from '../../src/highlight/index.js';
import { useKatex } from '../../src/math/index.js';
import { diagramsSettled, useMermaid } from '../../src/mermaid/index.js';
import type { MessageList } from '../../src/elements/message-list/message-list.js';
import { deepQueryAll } from '../dom.js';
import { CSP_CONVERSATION, CSP_DRAFT } from './conversation.js';

export interface CspResult {
  violations: string[];
  rendered: Record<string, number>;
}

/** Filled by early.js, which runs before any module. */
const { cspViolations: violations } = window as unknown as { cspViolations: string[] };

async function run(): Promise<CspResult> {
  const diagrams = new URLSearchParams(location.search).has('mermaid');
  await Promise.all([useHighlightJs(), useKatex({ cssUrl: '/node_modules/katex/dist/katex.min.css' }), diagrams && useMermaid()]);
  const list = document.createElement('message-list') as MessageList;
  list.items = CSP_CONVERSATION;
  list.draft = CSP_DRAFT;
  document.body.append(list);
  await list.mountComplete;
  await list.updateComplete;
  await diagramsSettled();
  // A frame for what the diagram and the highlighter finish after they settle.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  const count = (selector: string) => deepQueryAll(list, selector).length;
  return {
    violations,
    rendered: {
      messages: count('article[data-key]'),
      highlighted: count('.code-block [class^="hljs-"]'),
      formulas: count('.math .katex'),
      diagrams: count('.diagram-view svg'),
      diagramErrors: count('.diagram-view.diagram-error'),
      diagramSources: count('.diagram > .code-block:not([hidden])'),
      toolCalls: count('tool-call-item'),
      stopMarks: count('stop-mark'),
      tables: count('table'),
    },
  };
}

(window as unknown as { cspResult: Promise<CspResult> }).cspResult = run();
