/**
 * Markdown as it reads once rendered: no markers for headings, quotes, lists, emphasis, code or
 * tables, links and images as their text. (Close, not exact: counts may differ from the page
 * where Markdown is unusual.)
 */
export function markdownText(source: string): string {
  return source
    .replace(/^ {0,3}(`{3,}|~{3,}).*$/gm, '')
    .replace(/^ {0,3}(#{1,6}\s+|>\s?|[-*+]\s+(\[[ xX]\]\s+)?|\d{1,9}[.)]\s+)/gm, '')
    .replace(/^ {0,3}([-*_]\s*){3,}$/gm, '')
    .replace(/^\s*\|?(\s*:?-+:?\s*\|)+\s*:?-*:?\s*$/gm, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
    .replace(/(\*\*|__|~~|`+)/g, '')
    .replace(/(^|[^\w*])[*_]+(?=\w)/g, '$1')
    .replace(/(\w)[*_]+(?=[^\w*]|$)/g, '$1')
    .replace(/\|/g, ' ')
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1');
}
