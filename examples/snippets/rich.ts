// docs/rich-content.md: citations, narration, math and diagrams, compiled against the packed package.
import 'display-kit/define';

const list = document.querySelector('message-list')!;

// #region citations
list.items = [
  {
    type: 'text',
    message_type: 'assistant',
    content: {
      text: 'The capital of France is Paris.',
      citations: [
        {
          cited_text: 'Paris is the capital and largest city of France.', // the source's words (optional)
          start_index: 25, // the cited span of `text`, end exclusive (optional: without
          end_index: 30, //   it, the marker follows the text)
          source: { type: 'web', title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris' },
        },
        {
          cited_text: 'Population: 2,102,650 (2023).',
          source: { type: 'document', title: 'Census report' },
          start_page_number: 12, // a document's pages (end exclusive, as Anthropic sends them)
          end_page_number: 13,
        },
      ],
    },
  },
];
// #endregion

// #region narration
list.narration = 'hidden'; // or <message-list narration="hidden">; the default, 'shown', draws it quietly
// #endregion

// #region math
import { useKatex } from 'display-kit/math';
// KaTeX draws the formulas with its stylesheet (here served from katex/dist, fonts beside it);
// without one, `await useKatex()` shows them as MathML, which browsers draw themselves.
await useKatex({ cssUrl: '/vendor/katex/katex.min.css' });
// #endregion

// #region mermaid
import { useMermaid } from 'display-kit/mermaid';
await useMermaid();
// #endregion
