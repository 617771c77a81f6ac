import { expect } from '@open-wc/testing';
import { diagramsSettled, sanitizeSvg, useMermaid } from '../../src/mermaid/index.js';
import { mountItem, until } from '../helpers.js';

const say = (text: string) => ({ type: 'text', message_type: 'assistant', content: { text } });
const body = (el: Element) => el.shadowRoot!.querySelector<HTMLElement>('.markdown')!;
const FLOW = '```mermaid\ngraph TD\n  A[Start] --> B{Is it?}\n  B -->|Yes| C[OK]\n```';

describe('diagrams with Mermaid (display-kit/mermaid)', function () {
  this.timeout(30_000);
  before(() => useMermaid());

  it('draws a closed mermaid fence as a sanitized SVG, its source one toggle away', async () => {
    const el = await mountItem('text-item', say(`A flow:\n\n${FLOW}`));
    await diagramsSettled();
    const figure = body(el).querySelector<HTMLElement>('figure.diagram')!;
    expect(figure.getAttribute('aria-label')).to.equal('Diagram');
    const svg = figure.querySelector('.diagram-view svg')!;
    expect(svg).to.exist;
    expect(svg.textContent).to.contain('Start');
    expect(figure.querySelector('foreignObject, script, a, [href]')).to.equal(null);
    const source = figure.querySelector<HTMLElement>('.code-block')!;
    expect(source.hidden).to.equal(true);
    const toggle = figure.querySelector<HTMLButtonElement>('.diagram-toggle')!;
    expect(toggle.getAttribute('aria-pressed')).to.equal('false');
    toggle.click();
    expect(source.hidden).to.equal(false);
    expect(figure.querySelector<HTMLElement>('.diagram-view')!.hidden).to.equal(true);
    expect(toggle.textContent).to.equal('Show diagram');
    await expect(el).to.be.accessible();
  });

  it('shows a diagram that cannot be drawn as a readable error with its source', async () => {
    const el = await mountItem('text-item', say('```mermaid\nthis is not a diagram\n```'));
    await diagramsSettled();
    const error = body(el).querySelector('.diagram-error')!;
    expect(error.textContent).to.match(/^This diagram could not be drawn: .+/);
    expect(body(el).querySelector<HTMLElement>('.diagram .code-block')!.hidden).to.equal(false);
    expect(body(el).querySelector('.diagram code')!.textContent).to.contain('this is not a diagram');
  });

  it('draws a wide diagram no smaller than three quarters of its size in a narrow text: it scrolls sideways, by keyboard too', async () => {
    const wide = '```mermaid\ngraph LR\n  A[Question] --> B{Needs a tool?} -->|yes| C[Tool call] --> D[Tool result] --> E[Answer]\n  B -->|no| E\n```';
    const el = await mountItem('text-item', say(wide));
    el.style.display = 'block';
    el.style.width = '300px';
    await diagramsSettled();
    const view = body(el).querySelector<HTMLElement>('.diagram-view')!;
    const svg = view.querySelector('svg')!;
    const own = svg.viewBox.baseVal.width;
    expect(own, 'a diagram wider than the text').to.be.above(400);
    expect(svg.getBoundingClientRect().width / own).to.be.at.least(0.74);
    expect(view.scrollWidth, 'it scrolls').to.be.above(view.clientWidth);
    expect(view.tabIndex).to.equal(0);
    expect(view.getAttribute('role'), 'a named region, as a wide table is').to.equal('region');
    expect(view.getAttribute('aria-label')).to.equal('Diagram');
    await expect(el).to.be.accessible();
    // One that fits is drawn whole, and is no stop for the keyboard.
    const small = await mountItem('text-item', say(FLOW));
    await diagramsSettled();
    expect(body(small).querySelector<HTMLElement>('.diagram-view')!.tabIndex).to.equal(-1);
  });

  it('leaves out of a parse error the pointer that only lines up in a fixed-width block', async () => {
    const el = await mountItem('text-item', say('```mermaid\ngraph LR\n  A --> this is not mermaid\n```'));
    await diagramsSettled();
    const error = body(el).querySelector('.diagram-error')!.textContent!;
    expect(error).to.match(/^This diagram could not be drawn: Parse error on line \d+: .*this is not mermaid/);
    expect(error, 'the "----^" line, which points at nothing in a sentence').not.to.match(/-\^/);
  });

  it('shows the source while the fence streams, and draws once it has closed', async () => {
    const el = await mountItem('text-item', say('Flow:'));
    el.streaming = true;
    el.item = say('Flow:\n\n```mermaid\ngraph TD\n  A --> B');
    await el.updateComplete;
    await until(() => body(el).textContent!.includes('A --> B'), 'the streamed source');
    expect(body(el).querySelector('.diagram')).to.equal(null);
    el.item = say(`Flow:\n\n${FLOW}`);
    await el.updateComplete;
    await until(() => body(el).textContent!.includes('Yes'), 'the closed fence');
    await diagramsSettled();
    expect(body(el).querySelector('.diagram'), 'the last block of a streaming text may still grow').to.equal(null);
    el.streaming = false;
    await el.updateComplete;
    await diagramsSettled();
    expect(body(el).querySelectorAll('.diagram svg')).to.have.length(1);
  });

  it('follows a dark theme', async () => {
    const light = await mountItem('text-item', say(FLOW), { theme: 'light' });
    const dark = await mountItem('text-item', say(FLOW), { theme: 'dark' });
    await diagramsSettled();
    // The diagram's CSS is a constructed sheet of its own (a strict page refuses a <style>): what
    // it draws is read back from the nodes.
    const fill = (el: Element) => getComputedStyle(body(el).querySelector('.diagram-view .node rect, .diagram-view .node polygon')!).fill;
    expect(fill(light)).to.match(/^rgb/);
    expect(fill(dark)).to.not.equal(fill(light));
  });

  it('keeps strict security whatever the source asks for', async () => {
    const el = await mountItem('text-item', say('```mermaid\n%%{init: {"securityLevel": "loose", "htmlLabels": true}}%%\ngraph TD\n  A["<img src=x onerror=window.__xss(1)>"] --> B\n  click A "javascript:window.__xss(1)"\n```'));
    await diagramsSettled();
    const view = body(el).querySelector('.diagram-view')!;
    expect(view.querySelector('svg')).to.exist;
    expect(view.querySelector('img, foreignObject, a, [href], [onerror], [onclick]')).to.equal(null);
    expect(view.innerHTML).not.to.contain('javascript:');
  });

  it('never lets a label load an image while Mermaid measures it', async () => {
    const marker = `mermaid-${Date.now()}`;
    const pixel = new URL(`../fixtures/pixel.png?${marker}`, import.meta.url).href;
    const el = await mountItem('text-item', say(`\`\`\`mermaid\n%%{init: {"htmlLabels": true, "flowchart": {"htmlLabels": true}}}%%\ngraph TD\n  A["<img src='${pixel}'> label"] --> B\n\`\`\``));
    for (const diagram of [
      `sequenceDiagram\n  Alice->>Bob: <img src='${pixel}'>\n  Note over Alice: <img src='${pixel}'>`,
      `mindmap\n  root((<img src='${pixel}'>))`,
      `classDiagram\n  class A {\n    +<img src='${pixel}'> x\n  }`,
      `stateDiagram-v2\n  s1: <img src='${pixel}'>`,
    ]) await mountItem('text-item', say(`\`\`\`mermaid\n${diagram}\n\`\`\``));
    await diagramsSettled();
    await new Promise<void>((resolve, reject) => {
      const control = new Image();
      control.onload = () => resolve();
      control.onerror = reject;
      control.src = new URL(`../fixtures/pixel.png?control-${marker}`, import.meta.url).href;
    });
    expect(performance.getEntriesByType('resource').filter((entry) => entry.name.includes(`?${marker}`))).to.have.length(0);
    expect(body(el).querySelector('.diagram-view svg')).to.exist;
  });

  it('sanitizes the SVG again: nothing that runs, links or loads from elsewhere', () => {
    const fragment = sanitizeSvg(
      '<svg xmlns="http://www.w3.org/2000/svg"><style>#a{fill:url(#grad)} .b{background:url(https://127.0.0.1:1/t.png)} @import "x.css";</style>' +
        '<script>window.__xss(1)</script><a href="javascript:window.__xss(1)"><text>x</text></a>' +
        '<rect style="fill:url(https://127.0.0.1:1/t)" onclick="window.__xss(1)"/><circle style="fill: red"/><path marker-end="url(#arrow)"/>' +
        '<foreignObject><img src=x onerror="window.__xss(1)"></foreignObject><image href="https://127.0.0.1:1/i.png"/></svg>',
    );
    const svg = fragment.svg.querySelector('svg')!;
    expect(svg.querySelector('script, a, foreignObject, img, image, [onclick], style')).to.equal(null);
    expect(fragment.css).to.contain('url(#grad)');
    expect(fragment.css).not.to.match(/https:|@import/);
    expect(svg.querySelector('path')!.getAttribute('marker-end')).to.equal('url(#arrow)');
    // Styles that load nothing are set through CSSOM; the one that loads from elsewhere is dropped.
    expect(svg.querySelector<SVGElement>('circle')!.style.fill).to.equal('red');
    expect(svg.querySelector<SVGElement>('rect')!.hasAttribute('style')).to.equal(false);
    expect(svg.textContent).to.contain('x');
  });
});
