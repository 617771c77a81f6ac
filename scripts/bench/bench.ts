/**
 * In-page half of `npm run bench:stream`: streams one document into a container chunk by
 * chunk and times each chunk's synchronous work, layout included.
 */
import { englishStrings } from '../../src/i18n/strings.js';
import { markdownToHtml } from '../../src/markdown/parse.js';
import { sanitizeHtml } from '../../src/markdown/sanitize.js';
import { decorateCodeBlocks, MarkdownView, type ViewOptions } from '../../src/markdown/view.js';
import { generateDocument } from '../../test/markdown/generate.js';

export type Contender = 'kit' | 'naive';

export interface StreamTimes {
  /** Milliseconds of each chunk's update plus the layout it forces. */
  chunks: number[];
  /** The end of the stream: the kit's final pass, or nothing more for the naive approach. */
  final: number;
}

const options: ViewOptions = { policy: {}, labels: englishStrings };

function stage(): HTMLElement {
  document.body.replaceChildren();
  const container = document.createElement('div');
  container.className = 'stage';
  document.body.append(container);
  return container;
}

/** Times `render` on every prefix that ends a chunk, forcing layout after each for fairness. */
function timePrefixes(text: string, chunkSize: number, container: HTMLElement, render: (prefix: string) => void): number[] {
  const times: number[] = [];
  for (let end = chunkSize; end < text.length + chunkSize; end += chunkSize) {
    const prefix = text.slice(0, Math.min(end, text.length));
    const started = performance.now();
    render(prefix);
    void container.offsetHeight;
    times.push(performance.now() - started);
  }
  return times;
}

function runKit(text: string, chunkSize: number): StreamTimes {
  const container = stage();
  const view = new MarkdownView(container);
  const chunks = timePrefixes(text, chunkSize, container, (prefix) => view.update(prefix, options, { streaming: true }));
  const started = performance.now();
  view.update(text, options, { streaming: false });
  void container.offsetHeight;
  return { chunks, final: performance.now() - started };
}

/** What rendering did before streaming: marked + DOMPurify over the whole text, every chunk. */
function runNaive(text: string, chunkSize: number): StreamTimes {
  const container = stage();
  const chunks = timePrefixes(text, chunkSize, container, (prefix) => {
    const fragment = sanitizeHtml(markdownToHtml(prefix), options.policy, options.labels);
    decorateCodeBlocks(fragment, options.labels);
    container.replaceChildren(fragment);
  });
  return { chunks, final: 0 };
}

declare global {
  interface Window {
    streamBench: {
      document(seed: number, length: number): string;
      run(contender: Contender, text: string, chunkSize: number): StreamTimes;
    };
  }
}

window.streamBench = {
  document: (seed, length) => generateDocument(seed, { length }),
  run: (contender, text, chunkSize) => (contender === 'kit' ? runKit(text, chunkSize) : runNaive(text, chunkSize)),
};
