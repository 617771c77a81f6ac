/**
 * Each element's Storybook argTypes, made from `custom-elements.json` here rather than by
 * Storybook's web-components extraction, which keys every row by its bare name: a part named
 * `items` replaced the `items` property, an event `error` the `error` part, and every attribute
 * showed twice (`toolDisplay` and `tool-display`). Here every member has its own key, one
 * category order holds on every page, and each row says how a control applies its value (the
 * render in `render.ts` reads that). No DOM: the tests read it as data.
 */
import type { ArgTypes, InputType } from 'storybook/internal/types';

/** A manifest entry as the analyzer writes it (only what is read here). */
export interface Entry {
  name: string;
  kind?: string;
  description?: string;
  summary?: string;
  type?: { text?: string };
  default?: string;
  attribute?: string;
  fieldName?: string;
  privacy?: string;
  static?: boolean;
  readonly?: boolean;
}

export interface ElementDeclaration {
  tagName: string;
  name: string;
  summary?: string;
  description?: string;
  attributes?: Entry[];
  members?: Entry[];
  events?: Entry[];
  slots?: Entry[];
  cssParts?: Entry[];
  cssProperties?: Entry[];
  cssStates?: Entry[];
}

export interface Manifest {
  modules: Array<{ declarations?: Array<Partial<ElementDeclaration>> }>;
}

/** The sections of every element's API table, in the one order every page shows them. */
export const CATEGORIES = [
  'attributes',
  'properties',
  'methods',
  'events',
  'slots',
  'css parts',
  'css custom properties',
  'custom states',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** How a control's value reaches the element. */
export type Apply = { to: 'attribute'; name: string } | { to: 'property'; name: string } | { to: 'style'; name: string };

/** The control types the rows use. */
type ControlType = 'boolean' | 'number' | 'text' | 'select' | 'object' | 'color';

/** A row of the table: Storybook's input type, plus how its control applies (absent: no control). */
export type ApiRow = InputType & { name: string; table: { category: Category }; control: false | { type: ControlType }; apply?: Apply };

export function elementDeclaration(manifest: Manifest, tagName: string): ElementDeclaration {
  for (const module of manifest.modules) {
    for (const declaration of module.declarations ?? []) {
      if (declaration.tagName === tagName) return declaration as ElementDeclaration;
    }
  }
  throw new Error(`<${tagName}> is not in custom-elements.json`);
}

/** Every tag the manifest declares, in its order. */
export function elementTags(manifest: Manifest): string[] {
  return manifest.modules.flatMap((module) => (module.declarations ?? []).flatMap((declaration) => (declaration.tagName ? [declaration.tagName] : [])));
}

/** Every element's own CSS custom properties, element by element. */
export function elementTokens(manifest: Manifest): Entry[] {
  return elementTags(manifest).flatMap((tag) => elementDeclaration(manifest, tag).cssProperties ?? []);
}

const isPublic = (member: Entry) => !member.static && member.privacy !== 'private' && member.privacy !== 'protected' && !member.name.startsWith('_') && !member.name.startsWith('#');

/** The public instance fields and methods, as the manifest lists them. */
export function publicMembers(declaration: ElementDeclaration): Entry[] {
  return (declaration.members ?? []).filter((member) => (member.kind === 'field' || member.kind === 'method') && isPublic(member));
}

/** The literal values of a type such as `'' | 'light' | 'dark'`, or null when it is not only string literals. */
export function literalOptions(typeText: string | undefined): string[] | null {
  if (!typeText) return null;
  const parts = typeText.split('|').map((part) => part.trim()).filter((part) => part !== 'null' && part !== 'undefined');
  if (parts.length < 2 || !parts.every((part) => /^'[^']*'$/.test(part))) return null;
  return parts.map((part) => part.slice(1, -1));
}

const PRIMITIVE = /^(string|number|boolean)$/;

/** The type without `| null` / `| undefined`. */
const baseType = (typeText = '') =>
  typeText
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== 'null' && part !== 'undefined')
    .join(' | ');

/** Data a reader cannot type into a text box (items, a result, details): an object control. */
const isData = (typeText: string | undefined) => {
  const type = baseType(typeText);
  return !PRIMITIVE.test(type) && literalOptions(type) === null && !/=>|Function|Promise|ToolViews/.test(type);
};

/** The control for a value of this type; null when it takes none (functions, promises). */
function controlFor(typeText: string | undefined): { type: ControlType } | null {
  const type = baseType(typeText);
  if (type === 'boolean') return { type: 'boolean' };
  if (type === 'number') return { type: 'number' };
  if (type === 'string') return { type: 'text' };
  if (literalOptions(type)) return { type: 'select' };
  if (isData(typeText)) return { type: 'object' };
  return null;
}

/** Colours get a colour picker; lengths and the rest a text box. */
const isColour = (token: Entry) => /colou?r|background|border/i.test(`${token.name} ${token.description ?? ''}`);

const typeSummary = (entry: Entry) => (entry.type?.text ? { type: { summary: entry.type.text } } : {});
const defaultSummary = (entry: Entry) => (entry.default !== undefined ? { defaultValue: { summary: entry.default } } : {});

function row(name: string, category: Category, entry: Entry, extra: Partial<ApiRow> = {}, description = entry.description ?? ''): ApiRow {
  return {
    name,
    description,
    control: false,
    ...extra,
    table: { category, ...typeSummary(entry), ...defaultSummary(entry) },
  } as ApiRow;
}

/**
 * Attributes that tune when work is done, not what a reader sees: `lazy` wakes an item in view at
 * once, so its control would change nothing (or, engine by engine, a frame of plain text).
 */
const NO_CONTROL = new Set(['lazy']);

/** An attribute's row: its control sets the attribute, or (JSON data such as `items`) the property. */
function attributeRow(attribute: Entry): ApiRow {
  const property = attribute.fieldName;
  const control = NO_CONTROL.has(attribute.name) ? null : controlFor(attribute.type?.text);
  const options = literalOptions(baseType(attribute.type?.text));
  const description = [property && property !== attribute.name ? `Property: \`${property}\`.` : '', attribute.description ?? ''].filter(Boolean).join(' ');
  if (!control) return row(attribute.name, 'attributes', attribute, {}, description);
  const apply: Apply = control.type === 'object' && property ? { to: 'property', name: property } : { to: 'attribute', name: attribute.name };
  return row(attribute.name, 'attributes', attribute, { control, apply, ...(options ? { options } : {}) }, description);
}

/** A property without an attribute: data takes an object control, read-only ones none. */
function propertyRow(member: Entry): ApiRow {
  const control = member.readonly ? null : controlFor(member.type?.text);
  const readOnly = member.readonly ? 'Read-only. ' : '';
  const extra: Partial<ApiRow> = control ? { control, apply: { to: 'property', name: member.name } } : {};
  return row(member.name, 'properties', member, extra, `${readOnly}${member.description ?? ''}`);
}

/** A CSS custom property's row: its control sets it on the element's style (the theme playground's tokens too). */
export const cssPropertyRow = (token: Entry) =>
  row(token.name, 'css custom properties', token, { control: { type: isColour(token) ? 'color' : 'text' }, apply: { to: 'style', name: token.name } });

/**
 * The element's argTypes: keyed `attribute`, `property`, `method`… + name so no two members
 * share a key, in `CATEGORIES` order. Attributes are keyed by their bare name and properties
 * without one by theirs, so a story's args read as the HTML and the JavaScript do
 * (`'tool-display': 'compact'`, `draft: {…}`); every other key has a prefix.
 */
export function apiArgTypes(declaration: ElementDeclaration): Record<string, ApiRow> {
  const attributes = declaration.attributes ?? [];
  const withAttribute = new Set(attributes.map((attribute) => attribute.fieldName));
  const members = publicMembers(declaration);
  const rows: Array<[string, ApiRow]> = [
    ...attributes.map((attribute): [string, ApiRow] => [attribute.name, attributeRow(attribute)]),
    ...members
      .filter((member) => member.kind === 'field' && !withAttribute.has(member.name))
      .map((member): [string, ApiRow] => [member.name, propertyRow(member)]),
    ...members.filter((member) => member.kind === 'method').map((method): [string, ApiRow] => [`method ${method.name}`, row(`${method.name}()`, 'methods', method)]),
    ...(declaration.events ?? []).map((event): [string, ApiRow] => [`event ${event.name}`, row(event.name, 'events', event)]),
    ...(declaration.slots ?? []).map((slot): [string, ApiRow] => [`slot ${slot.name || 'default'}`, row(slot.name || '(default)', 'slots', slot)]),
    ...(declaration.cssParts ?? []).map((part): [string, ApiRow] => [`part ${part.name}`, row(part.name, 'css parts', part)]),
    ...(declaration.cssProperties ?? []).map((token): [string, ApiRow] => [token.name, cssPropertyRow(token)]),
    ...(declaration.cssStates ?? []).map((state): [string, ApiRow] => [`state ${state.name}`, row(`:state(${state.name})`, 'custom states', state)]),
  ];
  const out: Record<string, ApiRow> = {};
  for (const [key, value] of rows) {
    if (key in out) throw new Error(`<${declaration.tagName}>: two members keyed "${key}"`);
    out[key] = value;
  }
  return out;
}

/** What the docs page says about the element: its summary, then the rest of its JSDoc. */
export function elementDescription(declaration: ElementDeclaration): string {
  return [declaration.summary, declaration.description].filter(Boolean).join('\n\n');
}

/** One member the manifest lists, as its table should show it: the section and the row's name. */
export interface ExpectedRow {
  category: Category;
  name: string;
}

/**
 * Every public member of the element, each as the row it should have. Written from the
 * manifest independently of `apiArgTypes`, so a test can hold the table to it.
 */
export function expectedRows(declaration: ElementDeclaration): ExpectedRow[] {
  const attributes = declaration.attributes ?? [];
  const fieldsWithAttribute = new Set(attributes.map((attribute) => attribute.fieldName));
  const members = publicMembers(declaration);
  return [
    ...attributes.map((attribute) => ({ category: 'attributes' as const, name: attribute.name })),
    ...members.filter((m) => m.kind === 'field' && !fieldsWithAttribute.has(m.name)).map((m) => ({ category: 'properties' as const, name: m.name })),
    ...members.filter((m) => m.kind === 'method').map((m) => ({ category: 'methods' as const, name: `${m.name}()` })),
    ...(declaration.events ?? []).map((e) => ({ category: 'events' as const, name: e.name })),
    ...(declaration.slots ?? []).map((s) => ({ category: 'slots' as const, name: s.name || '(default)' })),
    ...(declaration.cssParts ?? []).map((p) => ({ category: 'css parts' as const, name: p.name })),
    ...(declaration.cssProperties ?? []).map((p) => ({ category: 'css custom properties' as const, name: p.name })),
    ...(declaration.cssStates ?? []).map((s) => ({ category: 'custom states' as const, name: `:state(${s.name})` })),
  ];
}

/** The rows a story's argTypes lack, of those the manifest says the element has (empty: none hidden). */
export function missingRows(declaration: ElementDeclaration, argTypes: ArgTypes): ExpectedRow[] {
  const shown = Object.values(argTypes).map((argType) => `${argType.table?.category}\u0000${argType.name}`);
  return expectedRows(declaration).filter((expected) => {
    const at = shown.indexOf(`${expected.category}\u0000${expected.name}`);
    if (at === -1) return true;
    shown.splice(at, 1);
    return false;
  });
}

/** The categories in the order the rows show them: equal to `CATEGORIES` (less the empty ones) when the order holds. */
export function categoryOrder(argTypes: ArgTypes): string[] {
  return [...new Set(Object.values(argTypes).map((argType) => String(argType.table?.category)))];
}
