import { formatBytes } from '../../../i18n/format.js';
import type { BuiltinViewStrings } from '../../../i18n/strings.js';
import type { BuiltinViewContext } from './context.js';

const numbers = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const formatNumber = (n: number): string => numbers.format(n);

/** English, the words a locale's `builtinViews` replaces: here, so a page of text never loads them. */
const english: BuiltinViewStrings = {
  command: 'Command',
  output: 'Output',
  errors: 'Errors',
  exitCode: (code) => `Exit code ${code}`,
  fileChange: { edit: 'Edited', create: 'Created', delete: 'Deleted' },
  lineAdded: 'Added:',
  lineRemoved: 'Removed:',
  showUnchanged: (lines) => `Show ${formatNumber(lines)} unchanged ${lines === 1 ? 'line' : 'lines'}`,
  fileLines: (first, last) => `Lines ${formatNumber(first)} to ${formatNumber(last)}`,
  searchedFor: (query) => `Searched for “${query}”`,
  searchResults: 'Search results',
  noResults: 'No results',
  pageText: 'Page text',
  fileSize: (bytes) => formatBytes(bytes, formatNumber, ['B', 'kB', 'MB', 'GB']),
};

/** The views' words in the element's language: its strings' `builtinViews`, else English. */
export function wordsOf(context: BuiltinViewContext): BuiltinViewStrings {
  return context.text.builtinViews ?? english;
}
