// Hydration support must load before Lit's element class is defined: first, before anything imports lit.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { expect } from '@open-wc/testing';
import { loadFixture } from '../fixtures.js';
import { allElements, hydrate, inShadow, serverRender } from './ssr-page.js';

// This page loads what `import 'display-kit/message-list'` loads: the tool tags' code and the
// citations' are not on it when the list hydrates server HTML that holds tool calls or sources.
describe('hydrating tool calls whose code loads on first use', () => {
  it('loads the tool elements before hydrating, and hydrates with no mismatch', async () => {
    const serverHtml = await serverRender(await loadFixture('sagents-hitl-file-delete'));
    expect(customElements.get('tool-call-item'), 'not on the page yet').to.equal(undefined);
    const { host, problems, reused } = await hydrate(serverHtml, () => import('../../src/elements/message-list/define.js'));
    expect(problems, 'hydration logged or threw nothing').to.deep.equal([]);
    expect(reused, 'the server DOM is kept, not rendered again').to.equal(true);
    const elements = allElements(host);
    expect(elements.filter((el) => el.hasAttribute('defer-hydration')), 'every element hydrated').to.deep.equal([]);
    expect(elements.filter((el) => el.matches('[part~="tool-placeholder"]')), 'no placeholder').to.deep.equal([]);
    const calls = elements.filter((el) => el.localName === 'tool-call-item') as Array<HTMLElementTagNameMap['tool-call-item']>;
    expect(calls.map((call) => inShadow(call, '.status-text')!.textContent)).to.deep.equal(['Done', 'Pending']);
    const wasOpen = calls[0].open;
    inShadow(calls[0], 'summary')!.click();
    await new Promise((resolve) => calls[0].shadowRoot!.querySelector('details')!.addEventListener('toggle', resolve, { once: true }));
    await calls[0].updateComplete;
    expect(calls[0].open).to.equal(!wasOpen);
    host.remove();
  });
});

describe('hydrating cited text whose code loads on first use', () => {
  it('loads the citations before hydrating a text whose sources the server drew, and places its markers', async () => {
    const loaded = () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('text-item/citations.'));
    const serverHtml = await serverRender([
      { id: 'q', type: 'text', message_type: 'user', content: { text: 'What is the capital of France?' } },
      {
        id: 'a', type: 'text', message_type: 'assistant',
        content: { text: 'The capital is Paris.', citations: [{ cited_text: 'Paris is the capital of France.', start_index: 15, end_index: 21, source: { title: 'Paris', url: 'https://en.wikipedia.org/wiki/Paris' } }] },
      },
    ]);
    expect(serverHtml, 'the server drew the sources').to.contain('class="sources"');
    expect(loaded(), 'not on the page yet').to.equal(false);
    const { host, problems, reused } = await hydrate(serverHtml, () => import('../../src/elements/message-list/define.js'));
    expect(problems, 'hydration logged or threw nothing').to.deep.equal([]);
    expect(reused, 'the server DOM is kept, not rendered again').to.equal(true);
    expect(loaded(), 'fetched for the cited text').to.equal(true);
    const answer = allElements(host).filter((el) => el.localName === 'text-item')[1];
    expect(inShadow(answer, '.markdown .cite-number')?.getAttribute('aria-label')).to.equal('Source 1: Paris (en.wikipedia.org)');
    expect(answer.shadowRoot!.querySelectorAll('.sources .source'), 'one list of sources, the server\'s').to.have.length(1);
    host.remove();
  });
});
