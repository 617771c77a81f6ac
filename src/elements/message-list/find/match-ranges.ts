import { foldChar } from '../../../model/find.js';
import type { FindRegion } from '../../support/findable.js';

/**
 * Where find's matches are in what an item shows: the text of a region its element names
 * (`Findable.findRegions`), read as the model reads the item, mapped back to its text nodes.
 */

/** Elements that end a run of text: a space stands between them, as the model's text has white space. */
const BLOCKS = new Set(['P', 'LI', 'PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'TD', 'TH', 'TR', 'DIV', 'BLOCKQUOTE', 'UL', 'OL', 'TABLE', 'DT', 'DD', 'SUMMARY', 'DETAILS', 'FIGCAPTION']);

/**
 * Up to `limit` ranges of `needle` (folded) in the text of `region`, folded as the model folds it
 * (case, white space), with a space between blocks and what the region skips left out.
 */
export function matchRanges(region: FindRegion, needle: string, limit: number): Range[] {
  const { text, nodes, offsets } = textMap(region);
  const ranges: Range[] = [];
  for (let at = text.indexOf(needle); at >= 0 && ranges.length < limit; at = text.indexOf(needle, at + needle.length)) {
    const last = at + needle.length - 1;
    const start = nodes[at];
    const end = nodes[last];
    if (!start || !end) continue;
    const range = document.createRange();
    range.setStart(start, offsets[at]);
    range.setEnd(end, offsets[last] + (end.data.codePointAt(offsets[last])! > 0xffff ? 2 : 1));
    ranges.push(range);
  }
  return ranges;
}

/** A region's text as one folded string, with the text node and offset each character came from. */
function textMap({ root, skip }: FindRegion): { text: string; nodes: Array<Text | null>; offsets: number[] } {
  let text = '';
  const nodes: Array<Text | null> = [];
  const offsets: number[] = [];
  const push = (char: string, node: Text | null, offset: number) => {
    // One entry per UTF-16 unit of the folded text, so that indexOf positions map straight back.
    for (let unit = 0; unit < char.length; unit++) {
      nodes.push(node);
      offsets.push(offset);
    }
    text += char;
  };
  const space = () => text !== '' && !text.endsWith(' ');
  const visit = (node: Node) => {
    if (node instanceof Text) {
      let offset = 0;
      for (const char of node.data) {
        if (/\s/.test(char)) {
          if (space()) push(' ', node, offset);
        } else {
          push(foldChar(char), node, offset);
        }
        offset += char.length;
      }
      return;
    }
    if (!(node instanceof Element) || node.matches(skip)) return;
    const block = BLOCKS.has(node.tagName);
    if (block && space()) push(' ', null, 0);
    for (const child of Array.from(node.childNodes)) visit(child);
    if (block && space()) push(' ', null, 0);
  };
  for (const child of Array.from(root.childNodes)) visit(child);
  return { text, nodes, offsets };
}
