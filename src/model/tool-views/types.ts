/**
 * What a built-in tool view shows, read from a call and its result by `readToolView`
 * (`./match.ts`). Views are chosen by the call's name and the result's shape, never by guessing
 * from prose; a shape that does not match reads as null and the call keeps the generic card.
 * Everything here came from a model or a tool: the views render it as text, never as HTML.
 */
export type BuiltinToolView = SearchView | FetchView | TerminalView | DiffView | FileReadView | MediaView;

/** The view families, as a host names them to turn one off. */
export type BuiltinToolViewKind = BuiltinToolView['kind'];

/** A web search: the query, then what it found. */
export interface SearchView {
  kind: 'search';
  query: string | null;
  results: SearchResult[];
  /** The provider's error code or message when the search failed (`max_uses_exceeded`…). */
  error: string | null;
}

export interface SearchResult {
  title: string | null;
  /** As sent: the view links it only when the URL policy allows it. */
  url: string;
  /** The page's age as the provider gave it ("2 days ago", a date), shown as given. */
  pageAge: string | null;
  snippet: string | null;
}

/** A page the agent fetched: where from, its title, and what it read of it. */
export interface FetchView {
  kind: 'fetch';
  url: string | null;
  title: string | null;
  /** The page's text as the tool returned it (plain text, or Markdown shown as source). */
  text: string | null;
  /** When the tool retrieved it, as given. */
  retrievedAt: string | null;
  error: string | null;
}

/** A command or code run: what ran, then its output as a terminal shows it. */
export interface TerminalView {
  kind: 'terminal';
  /** A shell command line. */
  command: string | null;
  /** Code that ran (a code interpreter's Python): shown as a code block in `language`. */
  code: string | null;
  language: string | null;
  /** The output streams, ANSI escapes and all: the view parses them with `parseAnsi`. */
  stdout: string;
  stderr: string;
  /** Shown when not zero; null when the tool did not say. */
  exitCode: number | null;
  /** Images and files the run produced. */
  media: MediaFile[];
  error: string | null;
}

/** One or more file changes as diffs. */
export interface DiffView {
  kind: 'diff';
  files: FileDiff[];
}

export interface FileDiff {
  path: string | null;
  change: 'edit' | 'create' | 'delete';
  hunks: DiffHunk[];
}

export interface DiffHunk {
  lines: DiffLine[];
}

export interface DiffLine {
  sign: ' ' | '+' | '-';
  text: string;
  /** Line numbers in the old and the new file; null where the line is not in that file or the numbers are unknown. */
  oldNumber: number | null;
  newNumber: number | null;
}

/** Lines a tool read from a file, with their numbers. */
export interface FileReadView {
  kind: 'file';
  path: string | null;
  /** A highlight.js language name guessed from the path's extension; null for plain text. */
  language: string | null;
  /** The number of the first line. */
  startLine: number;
  /** The lines' text, line numbers the tool prefixed removed. */
  text: string;
}

/** Images and files a tool produced (generated images, uploads, outputs). */
export interface MediaView {
  kind: 'media';
  media: MediaFile[];
}

export interface MediaFile {
  /** `image` is drawn (a `data:` URL, or a remote one the URL policy allows); anything else is a file chip. */
  type: 'image' | 'file';
  name: string | null;
  mimeType: string | null;
  /** Bytes, when given. */
  size: number | null;
  /** A `data:` URL or a URL; null for a file known only by id. */
  source: string | null;
  fileId: string | null;
}

/** An ANSI-styled run of terminal text (`parseAnsi`). Colours: 0–255 palette index or `#rrggbb`. */
export interface AnsiSegment {
  text: string;
  fg: number | string | null;
  bg: number | string | null;
  bold: boolean;
  dim: boolean;
  italic: boolean;
  underline: boolean;
  inverse: boolean;
  strike: boolean;
}
