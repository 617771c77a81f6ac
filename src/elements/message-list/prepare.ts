import { CSSResult, isServer, type ReactiveElement } from 'lit';
import { resolveStrings } from '../../i18n/strings.js';
import { MarkdownView } from '../../markdown/view.js';
import { formatDay, formatFullTime, formatClockTime } from '../../model/time.js';

/**
 * The kinds of Markdown most answers hold. No language on the code and no math or diagram: a
 * host's optional highlighter or renderers are not loaded for it.
 */
const SAMPLE = [
  '## A heading',
  'A paragraph with **bold**, *emphasis*, `code`, a [link](https://example.com/) and ~~more~~.',
  '- one\n- two\n\n1. first\n2. second',
  '> quoted',
  '```\ncode\n```',
  '| a | b |\n|---|---|\n| 1 | 2 |',
].join('\n\n');

/**
 * A page's first conversation pays once for what every later one finds ready: the browser
 * compiles the Markdown parser's and the sanitizer's code and patterns on first use, loads the
 * date formats, and parses each element's styles. Done in idle time once the list is defined —
 * while the page still fetches its conversation — none of it falls in the first frame. Where the
 * conversation comes first (or no idle time comes), the first frame pays as before.
 */
export function prepareWhenIdle(tags: readonly string[]): void {
  if (isServer) return;
  const steps = [
    () => tags.forEach(parseStyles),
    () => formatTimes(new Date()),
    () => new MarkdownView(document.createElement('div')).update(SAMPLE, { policy: {}, labels: resolveStrings() }),
  ];
  // One short step at a time (a few milliseconds each). Safari has no idle callbacks: a task then.
  const later = typeof requestIdleCallback === 'function' ? (run: () => void) => requestIdleCallback(run) : (run: () => void) => setTimeout(run);
  const next = () => {
    steps.shift()?.();
    if (steps.length > 0) later(next);
  };
  later(next);
}

/** Lit builds an element's style sheet when its first instance connects; built now, it is cached. */
function parseStyles(tag: string): void {
  const element = customElements.get(tag) as typeof ReactiveElement | undefined;
  for (const style of element?.elementStyles ?? []) if (style instanceof CSSResult) void style.styleSheet;
}

function formatTimes(date: Date): void {
  formatClockTime(date);
  formatFullTime(date);
  formatDay(date);
}
