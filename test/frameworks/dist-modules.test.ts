import { expect } from '@open-wc/testing';

const TAGS = ['message-list', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark'];

/** A built module of the package, by its path in dist/ (fails clearly when the build is missing). */
async function importBuilt(path: string): Promise<Record<string, unknown>> {
  const url = `/dist/${path}`;
  const response = await fetch(url, { method: 'HEAD' });
  if (!response.ok) throw new Error(`${url} is missing: run \`npm run build\` first`);
  return import(/* @vite-ignore */ url) as Promise<Record<string, unknown>>;
}

describe('the built per-module package (dist/)', () => {
  it('registers every tag on `import "display-kit"`', async () => {
    await importBuilt('index.js');
    expect(TAGS.filter((tag) => !customElements.get(tag))).to.deep.equal([]);
  });

  it('builds the framework entry points beside it', async () => {
    const react = await importBuilt('react/index.js');
    expect(Object.keys(react).sort()).to.deep.equal(['MessageList', 'StopMark', 'TextItem', 'ThinkingItem', 'ToolCallItem', 'ToolResultItem']);
    const liveview = await importBuilt('integrations/liveview.js');
    expect(liveview.DisplayKitHook).to.have.keys(['mounted', 'updated', 'destroyed']);
  });
});
