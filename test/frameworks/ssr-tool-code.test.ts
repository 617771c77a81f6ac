// Hydration support must load before Lit's element class is defined: first, before anything imports lit.
import '@lit-labs/ssr-client/lit-element-hydrate-support.js';
import { expect } from '@open-wc/testing';
import { loadFixture } from '../fixtures.js';
import { allElements, hydrate, inShadow, serverRender } from './ssr-page.js';

// This page loads what `import 'display-kit/message-list'` loads: the tool tags' code is not on it
// when the list hydrates server HTML that holds tool calls.
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
