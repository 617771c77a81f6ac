import { expect } from '@open-wc/testing';
import { PAYLOADS } from './payloads.js';
import { calls, violations } from './violations.js';
import { brokenImageSettled, deepQueryAll, mountList } from '../helpers.js';
import { useKatex } from '../../src/math/index.js';
import { diagramsSettled, useMermaid } from '../../src/mermaid/index.js';

const CALL = 'window.__xss(1)';

/** One payload through everything rich content renders: citations, narration, TeX and diagram sources. */
function richConversation(p: string): unknown[] {
  const say = (sequence: number, content: Record<string, unknown>) => ({ message_type: 'assistant', content_type: 'text', sequence, content });
  return [
    say(0, {
      text: `Cited: ${p}`,
      citations: [
        { cited_text: p, start_index: 0, end_index: 5, source: { type: 'web', title: p, url: p } },
        { cited_text: p, source: { type: 'web', title: p, url: `javascript:${CALL}` } },
        { type: 'url_citation', url_citation: { url: p, title: p, start_index: 0, end_index: 999 } },
        { type: 'page_location', cited_text: p, document_title: p, start_page_number: 1, end_page_number: 3 },
        p,
      ],
    }),
    say(1, { text: p, utterance: 'narration' }),
    say(2, { text: `Inline $${p}$ and \\(${p}\\), display:\n\n$$\n${p}\n$$\n\n\\[${p}\\]` }),
    say(3, { text: `\`\`\`mermaid\n${p}\n\`\`\`\n\n\`\`\`mermaid\ngraph TD\n  A["${p.replace(/"/g, '#quot;')}"] --> B[${p.replace(/[[\]]/g, '')}]\n  click A "${p.replace(/"/g, '')}"\n\`\`\`` }),
  ];
}

describe(`hostile input in rich content: ${PAYLOADS.length} payloads through citations, math and diagrams`, function () {
  this.timeout(300_000);

  before(() => Promise.all([useKatex({ cssUrl: '/node_modules/katex/dist/katex.min.css' }), useMermaid()]));

  PAYLOADS.forEach((payload, index) => {
    it(`#${index}: ${payload.slice(0, 60).replace(/\n/g, '⏎')}`, async () => {
      const el = await mountList(richConversation(payload));
      await diagramsSettled();
      await brokenImageSettled();
      expect(violations(el)).to.deep.equal([]);
      expect(calls).to.deep.equal([]);
      expect(deepQueryAll(el, 'text-item').length).to.equal(4);
    });
  });

  it('draws what it should from the same fields when they are benign', async () => {
    const el = await mountList(richConversation('x^2'));
    await diagramsSettled();
    expect(deepQueryAll(el, '.math .katex').length).to.be.greaterThan(0);
    expect(deepQueryAll(el, '.diagram svg')).to.have.length(1);
    expect(deepQueryAll(el, '.cite').length).to.be.greaterThan(0);
  });
});
