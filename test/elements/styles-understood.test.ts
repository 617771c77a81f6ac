/**
 * Every declaration in the elements' styles is one the engine understands. An engine drops a
 * declaration it cannot parse without a word: WebKit dropped a refused link's whole
 * `text-decoration: underline dotted …` shorthand, so Safari showed no mark, and only a
 * screenshot told. This reads each element's styles as written and as the engine parsed them,
 * and names what the engine left out, beyond the few properties an engine is known to lack. A
 * value with `var()` in it parses whatever it holds (it is checked only once the variables are
 * substituted, and dropped then): such values are checked with the element's own variables put in.
 */
import { expect } from '@open-wc/testing';
import '../../src/define.js';
import '../../src/elements/tool-call-item/define.js';
import { findStyles } from '../../src/elements/message-list/find/finder.styles.js';

const TAGS = ['message-list', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item', 'stop-mark'] as const;

/**
 * Properties an engine lacks, which the kit uses where it has them. WebKit: no scroll anchoring
 * (the list keeps the reader's place itself) and no `forced-color-adjust` (Safari has no forced
 * colours mode). Firefox: no scroll-driven animations (a wide box's edges are drawn by covers
 * there instead: styles/code.styles.ts).
 */
const LACKS: Record<string, readonly string[]> = {
  webkit: ['overflow-anchor', 'forced-color-adjust'],
  firefox: ['animation-timeline'],
};

const engine = navigator.userAgent.includes('Firefox') ? 'firefox' : navigator.userAgent.includes('Chrome') ? 'chromium' : 'webkit';

/**
 * Rules for Firefox's own pseudo-elements (the progress bar's `::-moz-progress-bar`), which the
 * other engines cannot parse, as they must not. (A `::-webkit-` one parses everywhere: it matches
 * nothing where unknown.)
 */
const forAnotherEngine = ({ where }: Declaration) => engine !== 'firefox' && where.includes('::-moz-');

type Sheet = { cssText?: string; styleSheet?: CSSStyleSheet | null };

interface Declaration {
  /** The rule's selector, with the at-rules around it: `@media (…) .caret`. */
  where: string;
  property: string;
  value: string;
}

/** The declarations of a stylesheet's text, each with where it sits (keyframes left out). */
function declarationsIn(text: string, context = ''): Declaration[] {
  const found: Declaration[] = [];
  const source = text.replace(/\/\*[\s\S]*?\*\//g, '');
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{', at);
    if (open < 0) break;
    const head = source.slice(at, open);
    const prelude = head.slice(head.lastIndexOf(';') + 1).trim();
    let depth = 1;
    let end = open + 1;
    for (; end < source.length && depth > 0; end++) depth += source[end] === '{' ? 1 : source[end] === '}' ? -1 : 0;
    const body = source.slice(open + 1, end - 1);
    if (prelude.startsWith('@keyframes')) {
      // A keyframe's selectors (`from`, `50%`) are not rules the check can find.
    } else if (prelude.startsWith('@') || body.includes('{')) {
      found.push(...declarationsIn(body, `${context}${prelude} `));
    } else {
      for (const part of body.split(';')) {
        const colon = part.indexOf(':');
        if (colon > 0) found.push({ where: normalize(context + prelude), property: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() });
      }
    }
    at = end;
  }
  return found;
}

const normalize = (where: string) => where.replace(/'/g, '"').replace(/\s+/g, ' ').trim();

/** The parsed style rules of a sheet by where they sit, spelled as declarationsIn spells them. */
function parsedRules(rules: CSSRuleList, context = '', found = new Map<string, CSSStyleDeclaration[]>()) {
  for (const rule of Array.from(rules)) {
    if (rule instanceof CSSStyleRule) {
      const where = normalize(context + rule.selectorText);
      found.set(where, [...(found.get(where) ?? []), rule.style]);
    } else if (rule instanceof CSSKeyframesRule) {
      continue;
    } else if ('cssRules' in rule) {
      const condition = (rule as CSSRule & { conditionText?: string }).conditionText ?? '';
      const kind = rule instanceof CSSMediaRule ? '@media' : rule instanceof CSSSupportsRule ? '@supports' : '@container';
      parsedRules((rule as CSSGroupingRule).cssRules, `${context}${kind} ${condition} `, found);
    }
  }
  return found;
}

/** Whether a parsed rule kept the declaration: a shorthand counts as kept when its longhands are there. */
function kept(styles: CSSStyleDeclaration[], { property }: Declaration): boolean {
  if (property.startsWith('--')) return styles.some((style) => style.getPropertyValue(property) !== '');
  const named = new RegExp(`(^|[;\\s])${property}(-[a-z-]+)?:`);
  return styles.some((style) => style.getPropertyValue(property) !== '' || named.test(style.cssText));
}

/**
 * A value with each `var(--name, fallback)` replaced by what the name holds in `variables` (an
 * element's computed style) or by its fallback; null when a name holds nothing and has no fallback.
 */
function substituted(value: string, variables: CSSStyleDeclaration): string | null {
  const start = value.indexOf('var(');
  if (start < 0) return value;
  let depth = 0;
  let end = start + 3;
  for (; end < value.length; end++) {
    depth += value[end] === '(' ? 1 : value[end] === ')' ? -1 : 0;
    if (depth === 0) break;
  }
  const inner = value.slice(start + 4, end);
  const comma = inner.indexOf(',');
  const name = (comma < 0 ? inner : inner.slice(0, comma)).trim();
  const held = variables.getPropertyValue(name).trim();
  const replacement = held || (comma < 0 ? null : substituted(inner.slice(comma + 1).trim(), variables));
  return replacement === null ? null : substituted(value.slice(0, start) + replacement + value.slice(end + 1), variables);
}

/**
 * What the engine left out of a sheet: declarations it dropped, rules it could not parse at all,
 * and values it would drop once `variables` (an element's computed style) are put in.
 */
function droppedFrom(text: string, sheet: CSSStyleSheet, variables: CSSStyleDeclaration): string[] {
  const rules = parsedRules(sheet.cssRules);
  const refused = (declaration: Declaration) => {
    if (!kept(rules.get(declaration.where) ?? [], declaration)) return true;
    if (declaration.property.startsWith('--') || !declaration.value.includes('var(')) return false;
    const value = substituted(declaration.value.replace(/\s*!important$/, ''), variables);
    return value !== null && !CSS.supports(declaration.property, value);
  };
  return declarationsIn(text)
    .filter((declaration) => !(LACKS[engine] ?? []).includes(declaration.property) && !forAnotherEngine(declaration))
    .filter(refused)
    .map(({ where, property, value }) => `${where} { ${property}: ${value} }${rules.has(where) ? '' : ' (the whole rule)'}`);
}

describe('styles: every declaration is one the engine understands', () => {
  it('the check names a declaration no engine knows, a rule none can parse, and a variable no value takes', () => {
    const text = '.a { color: red; colour: red; margin: var(--gap) var(--none); } .b:nonsense { color: red; } .c { color: var(--gap); width: var(--none, 1px); }';
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(text);
    const host = document.body.appendChild(document.createElement('div'));
    host.style.setProperty('--gap', '4px');
    expect(droppedFrom(text, sheet, getComputedStyle(host))).to.deep.equal(['.a { colour: red }', '.b:nonsense { color: red } (the whole rule)', '.c { color: var(--gap) }']);
    host.remove();
  });

  const cases = TAGS.map((tag) => ({ name: `<${tag}>`, tag, styles: (customElements.get(tag) as unknown as { elementStyles: Sheet[] }).elementStyles }));
  // The search bar's styles come with find, on first use, into the list's shadow root.
  cases.push({ name: "the list's search bar", tag: 'message-list', styles: [findStyles] });
  for (const { name, tag, styles } of cases) {
    it(name, () => {
      const host = document.body.appendChild(document.createElement(tag));
      const variables = getComputedStyle(host);
      let declarations = 0;
      const dropped: string[] = [];
      for (const { cssText, styleSheet } of styles) {
        if (!cssText || !styleSheet) continue;
        declarations += declarationsIn(cssText).length;
        dropped.push(...droppedFrom(cssText, styleSheet, variables));
      }
      host.remove();
      expect(declarations, 'declarations read').to.be.greaterThan(20);
      expect(dropped, `what ${engine} dropped`).to.deep.equal([]);
    });
  }
});
