/**
 * The play function of each element's hidden `ApiCheck` story: its argTypes (as Storybook
 * resolved them) have a row for every public member in custom-elements.json, in the one category
 * order; every control of the main story changes what the element shows; and its docs page's
 * "Customizing" CSS names only tokens and parts that exist.
 */
import type { StoryObj } from '@storybook/web-components-vite';
import type { ArgTypes, Args, StoryContext } from 'storybook/internal/types';
import { expect } from 'storybook/test';
import manifest from '../../custom-elements.json';
import { type ApiRow, CATEGORIES, categoryOrder, elementDeclaration, elementTags, elementTokens, type Manifest, missingRows } from './api.js';
import { highlightsSettled } from '../../src/markdown/highlight.js';
import { settled } from './dom.js';
import { renderElement } from './render.js';
import { GLOBAL_TOKENS } from './tokens.js';

const MANIFEST = manifest as Manifest;

/** Values a check may try for a control when the story gives none. */
const COLOUR_SAMPLES = ['#c0157a', '#157ac0'];
const LENGTH_SAMPLES = ['23px', '3px'];

/**
 * What a test sees of an element: its light children and everything in its shadow roots (tags,
 * attributes, text), not the host's own attributes, which a control sets whether or not the
 * element reacts.
 */
function serialize(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (!(node instanceof Element)) return '';
  const attributes = [...node.attributes].map((attribute) => `${attribute.name}="${attribute.value}"`).join(' ');
  const shadow = node.shadowRoot ? `#shadow(${[...node.shadowRoot.childNodes].map(serialize).join('')})` : '';
  return `<${node.localName} ${attributes}>${shadow}${[...node.childNodes].map(serialize).join('')}</${node.localName}>`;
}

const inside = (element: Element) => [...element.childNodes].map(serialize).join('') + (element.shadowRoot ? [...element.shadowRoot.childNodes].map(serialize).join('') : '');

/** Computed styles of everything the element shows (custom properties left out: they inherit from whatever is set). */
function styles(element: Element): string {
  const out: string[] = [];
  const visit = (root: ParentNode) => {
    for (const child of root.querySelectorAll('*')) {
      const style = getComputedStyle(child);
      for (let i = 0; i < style.length; i += 1) if (!style[i].startsWith('--')) out.push(`${style[i]}:${style.getPropertyValue(style[i])}`);
      for (const pseudo of ['::before', '::after']) {
        const drawn = getComputedStyle(child, pseudo);
        out.push(`${pseudo}:${drawn.content} ${drawn.color} ${drawn.backgroundColor} ${drawn.borderColor}`);
      }
      if (child.shadowRoot) visit(child.shadowRoot);
      out.push('|');
    }
  };
  if (element.shadowRoot) visit(element.shadowRoot);
  visit(element);
  return out.join(';');
}

interface Look {
  dom: string;
  styles: () => string;
}

/** Renders the element with `args` beside the story, settled, and reads what it shows. */
async function look(context: StoryContext, args: Args): Promise<Look & { remove: () => void }> {
  const host = document.createElement('div');
  context.canvasElement.append(host);
  const element = renderElement(args, context);
  host.append(element);
  await settled(host);
  // Code is coloured once the highlighter has loaded, after the element has settled.
  await highlightsSettled();
  return { dom: inside(element), styles: () => styles(element), remove: () => host.remove() };
}

/**
 * What the element shows once drawing it again shows the same: the first drawings load what
 * later ones find loaded (code colours, tool code) and differ from every other for that alone.
 */
async function steadyLook(context: StoryContext, args: Args): Promise<{ dom: string; styles: string }> {
  let previous = '';
  for (let attempt = 0; attempt < 6; attempt += 1) {
    const seen = await look(context, args);
    const dom = seen.dom;
    const styles = dom === previous ? seen.styles() : '';
    seen.remove();
    if (dom === previous) return { dom, styles };
    previous = dom;
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
  throw new Error(`The story draws differently each time (${context.id}): its controls cannot be checked`);
}

/** Whether a row offers a control (Storybook writes `control: false` as `{ disable: true }`). */
const hasControl = (row: { control?: unknown }) => Boolean(row.control) && !(row.control as { disable?: boolean }).disable;

/** The values a check tries for one control, in order, until one changes what shows. */
function candidates(argType: ApiRow, current: unknown, sample: unknown): unknown[] {
  if (sample !== undefined) return [sample];
  const control = typeof argType.control === 'object' ? argType.control.type : argType.control;
  if (control === 'boolean') return [!current];
  if (argType.options) return argType.options.filter((option) => option !== current);
  if (control === 'color') return COLOUR_SAMPLES.filter((value) => value !== current);
  if (argType.apply?.to === 'style') return LENGTH_SAMPLES.filter((value) => value !== current);
  if (control === 'number') return [Number(current ?? 0) + 3];
  return [];
}

/**
 * The keys of the controls that did not change what the element shows (with what was tried).
 * `parameters.controlSamples` gives a value to try where none can be guessed (text, data);
 * `parameters.controlArgs` the args a control shows under when the main story's do not (a JSON
 * token on structured data).
 */
export async function inertControls(context: StoryContext): Promise<string[]> {
  const samples = (context.parameters.controlSamples ?? {}) as Record<string, unknown>;
  const scenes = (context.parameters.controlArgs ?? {}) as Record<string, Args>;
  const inert: string[] = [];
  // What the element shows under the story's args (or a scene's), read once for every control
  // that starts from them: rendering a whole conversation is most of the check's time.
  const baselines = new Map<Args, Promise<{ dom: string; styles: string }>>();
  const baseline = (args: Args, scene: Args | undefined) => {
    const key = scene ?? context.args;
    if (!baselines.has(key)) baselines.set(key, steadyLook(context, args));
    return baselines.get(key)!;
  };
  for (const [key, argType] of Object.entries(context.argTypes as Record<string, ApiRow>)) {
    if (!hasControl(argType) || !argType.apply) continue;
    const args = { ...context.args, ...scenes[key] };
    const tries = candidates(argType, args[key], samples[key]);
    if (tries.length === 0) {
      inert.push(`${key} (no value to try: give one in parameters.controlSamples)`);
      continue;
    }
    const before = await baseline(args, scenes[key]);
    let changed = false;
    for (const value of tries) {
      const after = await look(context, { ...args, [key]: value });
      // Styles only when the markup is the same: reading them is the costly half.
      changed = after.dom !== before.dom || after.styles() !== before.styles;
      after.remove();
      if (changed) break;
    }
    if (!changed) inert.push(`${key} (tried ${tries.map((value) => JSON.stringify(value)).join(', ')})`);
  }
  return inert;
}

/** `::part()` names and `--dk-*` tokens a CSS snippet uses that the element (or the kit) does not have. */
export function unknownNames(tagName: string, css: string): string[] {
  const declaration = elementDeclaration(MANIFEST, tagName);
  const parts = new Set((declaration.cssParts ?? []).map((part) => part.name));
  const tokens = new Set([...GLOBAL_TOKENS.map((token) => token.name), ...elementTokens(MANIFEST).map((token) => token.name)]);
  const exported = (name: string) => {
    const [tag, part] = name.split('__');
    return elementTags(MANIFEST).includes(tag) && (elementDeclaration(MANIFEST, tag).cssParts ?? []).some((p) => p.name === part);
  };
  const usedParts = [...css.matchAll(/::part\(([^)]+)\)/g)].flatMap((match) => match[1].trim().split(/\s+/));
  const usedTokens = css.match(/--dk-[a-z0-9-]+/g) ?? [];
  return [...usedParts.filter((part) => !parts.has(part) && !(tagName === 'message-list' && exported(part))).map((part) => `::part(${part})`), ...usedTokens.filter((token) => !tokens.has(token))];
}

/** Fails with every entry of `found` named, when there is any. */
export function expectNone(what: string, found: unknown[]): void {
  if (found.length > 0) throw new Error(`${what}: ${found.map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))).join('; ')}`);
}

/** The play function of an element's `ApiCheck` story. */
export async function checkApi(context: StoryContext): Promise<void> {
  const tagName = String(context.component);
  const declaration = elementDeclaration(MANIFEST, tagName);
  const argTypes = context.argTypes as ArgTypes;
  expectNone('Members of custom-elements.json with no row of their own', missingRows(declaration, argTypes));
  const order = categoryOrder(argTypes);
  await expect(order, 'the sections, in order').toEqual(CATEGORIES.filter((category) => order.includes(category)));
  expectNone('Parts offered as controls', Object.entries(argTypes).filter(([, row]) => row.table?.category === 'css parts' && hasControl(row)).map(([key]) => key));
  expectNone('Names in "Customizing" that do not exist', unknownNames(tagName, String(context.parameters.customizing ?? '')));
  expectNone('Controls that change nothing', await inertControls(context));
}

/**
 * An element's `ApiCheck` story: its main story, checked by `checkApi`. `samples` and `scenes`
 * are the `controlSamples` and `controlArgs` of `inertControls`. (Its tags, which keep it out of
 * the sidebar, the docs page and the screenshots, are written in the story file, where
 * Storybook's indexer reads them.)
 */
export function apiCheckStory(main: StoryObj, samples: Record<string, unknown> = {}, scenes: Record<string, Args> = {}): StoryObj {
  return {
    ...main,
    parameters: { ...main.parameters, controlSamples: samples, controlArgs: scenes },
    play: checkApi as StoryObj['play'],
  };
}
