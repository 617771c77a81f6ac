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
  it('registers no tag on `import "display-kit"` (named imports tree-shake), every tag on `display-kit/define`', async () => {
    const api = await importBuilt('index.js');
    expect(TAGS.filter((tag) => customElements.get(tag))).to.deep.equal([]);
    expect(api).to.include.keys(['MessageList', 'StopMark', 'ToolToggleEvent', 'MessageActionEvent', 'normalizeItems', 'setStrings']);
    expect(api, 'locales are entry points of their own').not.to.have.key('germanStrings');
    await importBuilt('define.js');
    expect(TAGS.filter((tag) => !customElements.get(tag))).to.deep.equal([]);
    expect(customElements.get('message-list')).to.equal(api.MessageList);
  });

  it('builds the events and the German strings as entry points of their own', async () => {
    const events = await importBuilt('events.js');
    expect(Object.keys(events).sort()).to.deep.equal(['ContentCopyEvent', 'InputErrorEvent', 'MessageActionEvent', 'StopActionEvent', 'ToolApprovalEvent', 'ToolDetailsEvent', 'ToolToggleEvent']);
    const { germanStrings } = await importBuilt('i18n/locales/de.js');
    expect((germanStrings as { thinking: string }).thinking).to.equal('Überlegungen');
  });

  it('builds the framework entry points beside it', async () => {
    const react = await importBuilt('react/index.js');
    expect(Object.keys(react).sort()).to.deep.equal(['MessageList', 'StopMark', 'TextItem', 'ThinkingItem', 'ToolCallItem', 'ToolResultItem']);
    const liveview = await importBuilt('integrations/liveview.js');
    expect(liveview.DisplayKitHook).to.have.keys(['mounted', 'updated', 'destroyed']);
  });
});
