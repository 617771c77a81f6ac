import { expect } from '@open-wc/testing';
import { loadFixture, mountList, deepText } from '../helpers.js';

describe('smoke', () => {
  it('renders a fixture', async () => {
    const el = await mountList(await loadFixture('extracted-items'));
    expect(deepText(el)).to.contain('Search for elixir');
  });
});
