/**
 * Seeded Markdown documents, for the streaming property tests and `npm run bench:stream`:
 * the same seed always gives the same text.
 */

/** mulberry32: small, fast, and good enough to vary documents and chunkings. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cuts `text` into consecutive chunks of 1..`maxChunk` characters. */
export function chunk(text: string, random: () => number, maxChunk: number): string[] {
  const chunks: string[] = [];
  for (let at = 0; at < text.length; ) {
    const size = 1 + Math.floor(random() * maxChunk);
    chunks.push(text.slice(at, at + size));
    at += size;
  }
  return chunks;
}

export interface DocumentOptions {
  /** Blocks are added until the text is at least this long. */
  length: number;
  /** Reference-style links, with definitions after their paragraph or at the very end. */
  references?: boolean;
  /** An answer heavy in code: most blocks are fenced code of 6–30 lines in a named language. */
  codeHeavy?: boolean;
}

const WORDS = (
  'the stream renders each block once while the model keeps writing tokens so a reader can ' +
  'select text copy code and follow links without the page jumping under their cursor every ' +
  'answer has headings lists tables and code that arrive a few characters at a time'
).split(' ');
const LANGUAGES = ['ts', 'js', 'py', 'bash', 'json', ''];
const NAMED_LANGUAGES = ['ts', 'js', 'python', 'bash', 'json'];
const CODE_LINES = [
  'const view = new MarkdownView(container);',
  'for (const chunk of chunks) view.update(text += chunk, options);',
  'def settle(blocks): return blocks[:-1]',
  'echo "streaming" | tee log.txt',
  '{ "settled": true, "offset": 1024 }',
  'if (source.startsWith(previous)) renderTail();',
  '  return tokens.filter((token) => token.type !== "space");',
];
const ALIGNMENTS = ['---', ':---', '---:', ':---:'];

/** Builds one document from blocks of every kind the kit renders. */
export function generateDocument(seed: number, options: DocumentOptions): string {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const definitions: string[] = [];
  let referenceCount = 0;

  const words = (min: number, max: number) => Array.from({ length: int(min, max) }, () => pick(WORDS)).join(' ');

  const span = (): string => {
    const text = words(1, 3);
    switch (int(0, 9)) {
      case 0: return `*${text}*`;
      case 1: return `**${text}**`;
      case 2: return `_${text}_`;
      case 3: return `\`${text.replace(/ /g, '_')}()\``;
      case 4: return `[${text}](https://example.com/${pick(WORDS)}_${int(1, 99)})`;
      case 5: return `~~${text}~~`;
      case 6: return `***${text}***`;
      case 7: return options.references ? reference(text) : `__${text}__`;
      default: return text;
    }
  };

  const reference = (text: string): string => {
    const label = `ref${++referenceCount}`;
    definitions.push(`[${label}]: https://example.com/docs/${label}${random() < 0.3 ? ` "Doc ${referenceCount}"` : ''}`);
    return `[${text}][${label}]`;
  };

  const sentence = () => {
    const parts = Array.from({ length: int(2, 5) }, () => (random() < 0.4 ? span() : words(2, 6)));
    const text = parts.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };

  const paragraph = () => Array.from({ length: int(1, 4) }, sentence).join(random() < 0.2 ? '\n' : ' ');

  const list = (indent: string, depth: number): string => {
    const ordered = random() < 0.3;
    const task = !ordered && random() < 0.25;
    const bullet = pick(['-', '*']);
    return Array.from({ length: int(2, 5) }, (_, i) => {
      const marker = ordered ? `${i + 1}.` : bullet;
      const box = task ? pick(['[ ] ', '[x] ']) : '';
      // A nested list starts where its parent item's text does.
      const nested = depth < 2 && random() < 0.2 ? `\n${list(indent + ' '.repeat(marker.length + 1), depth + 1)}` : '';
      return `${indent}${marker} ${box}${sentence()}${nested}`;
    }).join('\n');
  };

  const table = () => {
    const columns = int(2, 4);
    const row = (cell: () => string) => `| ${Array.from({ length: columns }, cell).join(' | ')} |`;
    const rows = [row(() => words(1, 2)), row(() => pick(ALIGNMENTS))];
    for (let r = int(1, 5); r > 0; r--) rows.push(row(() => (random() < 0.3 ? span() : words(1, 3))));
    return rows.join('\n');
  };

  const code = () => {
    const fence = random() < 0.8 ? '```' : '~~~';
    const lines = Array.from({ length: options.codeHeavy ? int(6, 30) : int(2, 10) }, () => pick(CODE_LINES));
    const language = options.codeHeavy ? pick(NAMED_LANGUAGES) : pick(LANGUAGES);
    return `${fence}${language}\n${lines.join('\n')}\n${fence}`;
  };

  const quote = () => {
    const body = random() < 0.3 ? `${sentence()}\n${list('', 0)}` : paragraph();
    return body.split('\n').map((line) => `> ${line}`).join('\n');
  };

  const block = (): string => {
    if (options.codeHeavy && random() < 0.5) return code();
    const roll = random();
    if (roll < 0.15) return `${'#'.repeat(int(1, 3))} ${sentence().slice(0, -1)}`;
    if (roll < 0.45) return paragraph();
    if (roll < 0.6) return random() < 0.3 ? `${sentence()}\n${list('', 0)}` : list('', 0);
    if (roll < 0.7) return table();
    if (roll < 0.82) return code();
    if (roll < 0.92) return quote();
    return pick(['---', '***', '___']);
  };

  const blocks: string[] = [];
  for (let length = 0; length < options.length; ) {
    const next = block();
    blocks.push(next);
    length += next.length + 2;
    // Some definitions follow their paragraph at once; the rest wait for the end.
    if (definitions.length > 0 && random() < 0.3) blocks.push(definitions.splice(0).join('\n'));
  }
  if (definitions.length > 0) blocks.push(definitions.join('\n'));
  return `${blocks.join('\n\n')}\n`;
}
