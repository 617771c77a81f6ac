import { css, html, nothing, type TemplateResult } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import { styleMap } from 'lit/directives/style-map.js';
import { parseAnsi } from '../../../model/tool-views/ansi.js';
import type { AnsiSegment, TerminalView } from '../../../model/tool-views/types.js';
import type { BuiltinViewContext } from './context.js';
import { wordsOf } from './words.js';
import { foldLines, renderViewError } from './fold.js';
import { renderCode } from './file-view.js';
import { renderMediaFiles } from './media-view.js';

/**
 * A command or code run: the command (or the code, as a code block), then what it printed as a
 * terminal shows it, colours and styles from its ANSI codes (everything else the parser drops),
 * its errors under a label of their own, the exit code when not zero, and what it produced.
 */
export function renderTerminal(view: TerminalView, context: BuiltinViewContext): TemplateResult {
  const { text } = context;
  const words = wordsOf(context);
  const streams = streamsOf(view);
  const said = streams.stdout.length > 0 || streams.stderr.length > 0 || view.media.length > 0 || view.error !== null;
  const running = context.status === 'executing' || context.status === 'pending';
  return html`${view.command !== null
      ? html`<pre part="command" class="command" role="group" aria-label=${words.command} tabindex="0"><span class="prompt" aria-hidden="true">$ </span>${view.command}</pre>`
      : nothing}
    ${view.code !== null ? renderCode(view.code, view.language, text.code) : nothing}
    ${renderStream(streams.stdout, 'stdout', words.output, context)}
    ${streams.stderr.length > 0 ? html`<p class="stream-label" aria-hidden="true">${words.errors}</p>` : nothing}
    ${renderStream(streams.stderr, 'stderr', words.errors, context)}
    ${view.exitCode !== null && view.exitCode !== 0 ? html`<p part="exit-code" class="exit-code">${words.exitCode(view.exitCode)}</p>` : nothing}
    ${view.error !== null ? renderViewError(view.error, context) : nothing}
    ${view.media.length > 0 ? renderMediaFiles(view.media, context) : nothing}
    ${said || running ? nothing : html`<p class="view-note">${text.noOutput}</p>`}`;
}

type Line = AnsiSegment[];

/** Each stream parsed once per view: a redraw (a fold opened, the status) parses nothing again. */
const parsed = new WeakMap<TerminalView, { stdout: Line[]; stderr: Line[] }>();

function streamsOf(view: TerminalView): { stdout: Line[]; stderr: Line[] } {
  let streams = parsed.get(view);
  if (!streams) parsed.set(view, (streams = { stdout: ansiLines(view.stdout), stderr: ansiLines(view.stderr) }));
  return streams;
}

/** The segments cut at each newline: a style carries on into the next line, as in a terminal. */
function ansiLines(output: string): Line[] {
  if (output === '') return [];
  const lines: Line[] = [[]];
  for (const segment of parseAnsi(output)) {
    segment.text.split(/\r?\n/).forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') lines.at(-1)!.push({ ...segment, text: part });
    });
  }
  if (lines.length > 1 && lines.at(-1)!.length === 0) lines.pop();
  return lines;
}

function renderStream(lines: Line[], key: 'stdout' | 'stderr', label: string, context: BuiltinViewContext): TemplateResult | typeof nothing {
  if (lines.length === 0) return nothing;
  const { shown, button } = foldLines(lines, context, key);
  return html`<pre part="terminal" class="terminal ${key}" role="group" aria-label=${label} tabindex="0">${shown.map(renderLine)}</pre>${button}`;
}

function renderLine(line: Line): TemplateResult {
  return html`${line.map(renderSegment)}\n`;
}

function renderSegment(segment: AnsiSegment): TemplateResult | string {
  const { bold, dim, italic, underline, strike } = segment;
  let fg = colourOf(segment.fg);
  let bg = colourOf(segment.bg);
  if (segment.inverse) [fg, bg] = [bg ?? 'var(--_terminal-bg)', fg ?? 'var(--_terminal-fg)'];
  if (!fg && !bg && !bold && !dim && !italic && !underline && !strike) return segment.text;
  return html`<span class=${classMap({ bold, dim, italic, underline, strike })} style=${styleMap({ color: fg, 'background-color': bg })}>${segment.text}</span>`;
}

/**
 * A colour the parser read, as CSS built from its number alone: the 16 named ones from the
 * palette below (themeable), the rest of the 256 from xterm's cube and greys, `#rrggbb` only
 * when it is exactly that. Never text from the output.
 */
export function colourOf(colour: number | string | null): string | undefined {
  if (typeof colour === 'string') return /^#[0-9a-f]{6}$/i.test(colour) ? colour : undefined;
  if (colour === null || !Number.isInteger(colour) || colour < 0 || colour > 255) return undefined;
  if (colour < 16) return `var(--_ansi-${colour})`;
  if (colour >= 232) {
    const grey = 8 + (colour - 232) * 10;
    return `rgb(${grey} ${grey} ${grey})`;
  }
  const cube = colour - 16;
  const level = (n: number) => (n === 0 ? 0 : 55 + n * 40);
  return `rgb(${level(Math.floor(cube / 36))} ${level(Math.floor(cube / 6) % 6)} ${level(cube % 6)})`;
}

export const terminalStyles = css`
  .command,
  .terminal {
    margin: 0;
    padding: var(--_space);
    overflow-x: auto;
    font-family: var(--_font-mono);
    font-size: var(--_font-size-small);
    line-height: 1.45;
    border-radius: calc(var(--_radius) / 2);
    white-space: pre;
  }

  .command {
    background: var(--dk-tool-arguments-background, var(--_surface-raised));
  }

  .prompt {
    color: var(--_fg-muted);
    user-select: none;
  }

  /*
   * The terminal's 16 colours, light and dark (GitHub's terminal palettes: each keeps about 4.5:1
   * on its background), and its own background and text colour.
   */
  .terminal {
    --_terminal-bg: var(--dk-terminal-background, light-dark(#f6f8fa, #161b22));
    --_terminal-fg: var(--dk-terminal-color, var(--_fg));
    --_ansi-0: light-dark(#24292f, #6e7681);
    --_ansi-1: light-dark(#cf222e, #ff7b72);
    --_ansi-2: light-dark(#116329, #3fb950);
    --_ansi-3: light-dark(#7d4e00, #d29922);
    --_ansi-4: light-dark(#0969da, #58a6ff);
    --_ansi-5: light-dark(#8250df, #bc8cff);
    --_ansi-6: light-dark(#1b7c83, #39c5cf);
    --_ansi-7: light-dark(#57606a, #b1bac4);
    --_ansi-8: light-dark(#57606a, #8b949e);
    --_ansi-9: light-dark(#a40e26, #ffa198);
    --_ansi-10: light-dark(#1a7f37, #56d364);
    --_ansi-11: light-dark(#633c01, #e3b341);
    --_ansi-12: light-dark(#0550ae, #79c0ff);
    --_ansi-13: light-dark(#6639ba, #d2a8ff);
    --_ansi-14: light-dark(#1b7c83, #56d4dd);
    --_ansi-15: light-dark(#424a53, #f0f6fc);
    background: var(--_terminal-bg);
    color: var(--_terminal-fg);
  }

  .terminal.stderr {
    border-inline-start: 3px solid var(--_danger);
  }

  .stream-label {
    margin: 0;
    font-weight: 600;
    color: var(--_danger);
  }

  .bold { font-weight: 700; }
  .dim { opacity: 0.7; }
  .italic { font-style: italic; }
  .underline { text-decoration-line: underline; }
  .strike { text-decoration-line: line-through; }
  .underline.strike { text-decoration-line: underline line-through; }

  .exit-code {
    margin: 0;
    color: var(--_danger);
    font-weight: 600;
  }
`;
