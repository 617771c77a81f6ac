import '../../../src/define.js';
import katexCss from 'katex/dist/katex.min.css?inline';
import { useKatex } from '../../../src/math/index.js';
import { diagramsSettled, useMermaid } from '../../../src/mermaid/index.js';
import type { TextItem } from '../../../src/elements/text-item/text-item.js';

/**
 * The page `npm run bench:rich` drives: loads the two optional entries (timed), then renders
 * an answer with ten formulas and one diagram in a fresh `<text-item>`, as many times as asked.
 * Each run's formulas differ (KaTeX's output is cached by TeX), so every run typesets anew.
 */
function answer(run: number): string {
  const formulas = [
    `$$\\int_0^{${run + 1}} x^2\\,dx = \\frac{${(run + 1) ** 3}}{3}$$`,
    `$e^{i\\pi} + ${run} = ${run - 1}$`,
    `\\(\\sum_{k=1}^{${run + 5}} k = \\frac{n(n+1)}{2}\\)`,
    `$\\alpha_{${run}} + \\beta^{2} \\leq \\gamma$`,
    `\\[\\begin{pmatrix} a & ${run} \\\\ c & d \\end{pmatrix}\\]`,
    `$\\sqrt{${run + 2}} \\approx ${Math.sqrt(run + 2).toFixed(3)}$`,
    `$\\lim_{x \\to ${run}} f(x)$`,
    `$$\\nabla \\cdot \\mathbf{E} = \\frac{\\rho_{${run}}}{\\varepsilon_0}$$`,
    `$P(A \\mid B_{${run}}) = \\frac{P(B \\mid A) P(A)}{P(B)}$`,
    `$\\binom{${run + 10}}{3}$`,
  ];
  const diagram = `\`\`\`mermaid\ngraph TD\n  A[Request ${run}] --> B{Cached?}\n  B -->|yes| C[Serve]\n  B -->|no| D[Fetch]\n  D --> C\n\`\`\``;
  return `Ten formulas and a diagram:\n\n${formulas.map((formula) => `- ${formula} costs $5 and $10.`).join('\n')}\n\n${diagram}\n`;
}

async function loadEntries(): Promise<{ katex: number; mermaid: number }> {
  let start = performance.now();
  await useKatex({ css: katexCss });
  const katex = performance.now() - start;
  start = performance.now();
  await useMermaid();
  return { katex, mermaid: performance.now() - start };
}

async function render(run: number): Promise<{ math: number; total: number; formulas: number; diagrams: number }> {
  const stage = document.getElementById('stage')!;
  stage.replaceChildren();
  const el = document.createElement('text-item') as TextItem;
  const start = performance.now();
  el.item = { type: 'text', message_type: 'assistant', content: { text: answer(run) } };
  stage.append(el);
  await el.updateComplete;
  // Formulas are typeset while the Markdown renders; the diagram is drawn after, off the render.
  const math = performance.now() - start;
  await diagramsSettled();
  await new Promise(requestAnimationFrame);
  const total = performance.now() - start;
  const root = el.shadowRoot!;
  return { math, total, formulas: root.querySelectorAll('.katex').length, diagrams: root.querySelectorAll('.diagram svg').length };
}

(window as unknown as { richBench: unknown }).richBench = { loadEntries, render };
