#!/usr/bin/env node
/**
 * Generates editor support for the six tags from custom-elements.json, into editor/ (shipped in
 * the package):
 *
 * - editor/vscode.html-custom-data.json: VS Code HTML custom data (`html.customData`): the tags,
 *   their attributes with their values (enums, boolean attributes), and in each tag's hover its
 *   events, slots, CSS parts, custom properties and custom states
 * - editor/vscode.css-custom-data.json: VS Code CSS custom data (`css.customData`): the `--dk-*`
 *   custom properties, `::part(…)` and `:state(…)`
 * - editor/web-types.json: JetBrains web-types (package.json `web-types`): elements with their
 *   attributes, properties, events, slots and parts, and the custom properties
 *
 * Attribute types the manifest only names (`ToolDisplay`) are read from the `as const` lists in
 * src/ they come from, and events that bubble out of the items (src/events.ts) are listed on the
 * list that renders them too.
 *
 * `--check` writes nothing and fails when a committed file differs from what it would write.
 * scripts/check/check-manifest.mjs (`npm test`) calls `editorFiles()` with a freshly analyzed
 * manifest, so the files are checked wherever custom-elements.json is.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const WEB_TYPES_SCHEMA = 'https://raw.githubusercontent.com/JetBrains/web-types/master/schema/web-types.json';

/** Elements that render the others: the events that bubble out of those reach them too. */
const CONTAINERS = new Set(['message-list']);

export const EDITOR_FILES = {
  html: 'editor/vscode.html-custom-data.json',
  css: 'editor/vscode.css-custom-data.json',
  webTypes: 'editor/web-types.json',
};

// ---------------------------------------------------------------------------------------------
// Reading the sources

/** Every `export type` alias and `export const … = [ … ] as const` list of string literals in src/. */
export function readTypeSources(srcDir = join(ROOT, 'src')) {
  const aliases = new Map();
  const lists = new Map();
  const files = readdirSync(srcDir, { recursive: true })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
  for (const file of files) {
    const source = readFileSync(join(srcDir, file), 'utf8');
    for (const [, name, text] of source.matchAll(/^export type (\w+) =([^;]+);/gm)) {
      if (!aliases.has(name)) aliases.set(name, text.trim());
    }
    for (const [, name, items] of source.matchAll(/^export const (\w+) = \[([^\]]*)\] as const;/gm)) {
      if (!lists.has(name)) lists.set(name, items.split(',').map((item) => item.trim()).filter(Boolean));
    }
  }
  return { aliases, lists };
}

/** The names of the kit's events that bubble out of the element that fires them (src/events.ts). */
export function readBubblingEvents(source = readFileSync(join(ROOT, 'src/events.ts'), 'utf8')) {
  const bubblingOptions = /const OPTIONS: EventInit = \{[^}]*bubbles: true[^}]*composed: true[^}]*\}/.test(source);
  const names = new Set();
  for (const [, body] of source.matchAll(/export class \w+ extends Event \{([\s\S]*?)\n\}/g)) {
    const name = /static get eventName\(\): '([^']+)'/.exec(body)?.[1];
    if (name && bubblingOptions && /super\(\w+\.eventName, OPTIONS\)/.test(body)) names.add(name);
  }
  return names;
}

/** A type's members at the top level of a union: `'a' | B | (typeof C)[number]`. */
function unionMembers(text) {
  const members = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if ('([{<'.includes(char)) depth += 1;
    if (')]}>'.includes(char)) depth -= 1;
    if (char === '|' && depth === 0) {
      members.push(current.trim());
      current = '';
    } else current += char;
  }
  members.push(current.trim());
  return members.filter(Boolean);
}

const STRING_LITERAL = /^'([^']*)'$|^"([^"]*)"$/;

/** The strings a `['a', ...OTHER] as const` list holds, or null if it holds anything else. */
function listValues(name, types, seen) {
  const items = types.lists.get(name);
  if (!items || seen.has(name)) return null;
  const values = [];
  for (const item of items) {
    const literal = STRING_LITERAL.exec(item);
    const spread = /^\.\.\.(\w+)$/.exec(item);
    const inner = literal ? [literal[1] ?? literal[2]] : spread ? listValues(spread[1], types, new Set([...seen, name])) : null;
    if (!inner) return null;
    values.push(...inner);
  }
  return values;
}

/**
 * The string literals a type allows (`'' | 'light' | 'dark'`, or an alias of an `as const` list
 * such as `ToolDisplay`), or null when it allows any string or something else. `null` and
 * `undefined` members are left out: they are the attribute's absence.
 */
export function literalValues(typeText, types, seen = new Set()) {
  const values = [];
  for (const member of unionMembers(typeText ?? '')) {
    if (member === 'null' || member === 'undefined') continue;
    const literal = STRING_LITERAL.exec(member);
    const listType = /^\(typeof (\w+)\)\[number\]$/.exec(member);
    let inner = null;
    if (literal) inner = [literal[1] ?? literal[2]];
    else if (listType) inner = listValues(listType[1], types, seen);
    else if (types.aliases.has(member) && !seen.has(member)) inner = literalValues(types.aliases.get(member), types, new Set([...seen, member]));
    if (!inner) return null;
    values.push(...inner);
  }
  return values.length > 0 ? [...new Set(values)] : null;
}

// ---------------------------------------------------------------------------------------------
// The elements, as the editor files need them

/** What an attribute's value is: `boolean` (present or not), `enum` (with its values), `number` or `string`. */
function attributeValue(attribute, types) {
  const text = attribute.type?.text ?? '';
  if (text === 'boolean') return { kind: 'boolean' };
  const literals = literalValues(text, types);
  // An empty string is the attribute's "not set" (e.g. `theme=""` follows the page): not offered.
  const offered = literals?.filter((value) => value !== '');
  if (offered?.length) return { kind: 'enum', values: offered };
  if (unionMembers(text).every((member) => ['number', 'null', 'undefined'].includes(member))) return { kind: 'number' };
  return { kind: 'string' };
}

/** A default worth showing: `'full'` reads as `full`; empty, null, undefined and false are no default. */
function shownDefault(text) {
  if (text === undefined || ['null', 'undefined', 'false', "''", '""'].includes(text)) return undefined;
  const literal = STRING_LITERAL.exec(text);
  return literal ? (literal[1] ?? literal[2]) : text;
}

function readAttribute(attribute, types) {
  return {
    name: attribute.name,
    description: attribute.description ?? '',
    default: shownDefault(attribute.default),
    value: attributeValue(attribute, types),
  };
}

function readProperty(member) {
  return {
    name: member.name,
    description: member.description ?? '',
    type: member.type?.text,
    readonly: Boolean(member.readonly),
  };
}

/** The declarations that define a tag, with what the editor files say about them, sorted by tag. */
export function readElements(manifest, types, bubbling) {
  const elements = [];
  for (const mod of manifest.modules ?? []) {
    for (const declaration of mod.declarations ?? []) {
      if (!declaration.customElement || !declaration.tagName) continue;
      elements.push({
        tag: declaration.tagName,
        className: declaration.name,
        summary: [declaration.summary, declaration.description].filter(Boolean).join('\n\n'),
        attributes: (declaration.attributes ?? []).filter((a) => a.name).map((a) => readAttribute(a, types)),
        properties: (declaration.members ?? []).filter((m) => m.kind === 'field' && !m.static).map(readProperty),
        events: (declaration.events ?? []).filter((e) => e.name).map((e) => ({ name: e.name, type: e.type?.text, description: e.description ?? '' })),
        slots: (declaration.slots ?? []).map((s) => ({ name: s.name || 'default', description: s.description ?? '' })),
        parts: (declaration.cssParts ?? []).map((p) => ({ name: p.name, description: p.description ?? '' })),
        cssProperties: (declaration.cssProperties ?? []).map((p) => ({ name: p.name, description: p.description ?? '', default: p.default })),
        states: (declaration.cssStates ?? []).map((s) => ({ name: s.name, description: s.description ?? '' })),
      });
    }
  }
  elements.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  for (const element of elements) if (CONTAINERS.has(element.tag)) element.events.push(...bubbledEvents(element, elements, bubbling));
  return elements;
}

/** The bubbling events of the other elements that the container does not list itself. */
function bubbledEvents(container, elements, bubbling) {
  const known = new Set(container.events.map((e) => e.name));
  const events = [];
  for (const element of elements) {
    for (const event of element.events) {
      if (element === container || known.has(event.name) || !bubbling.has(event.name)) continue;
      known.add(event.name);
      events.push({ ...event, description: `${event.description} (Bubbles up from a \`<${element.tag}>\` inside.)`.trim() });
    }
  }
  return events;
}

// ---------------------------------------------------------------------------------------------
// VS Code

const markdown = (value) => ({ kind: 'markdown', value });
const code = (text) => `\`${text}\``;

function withDefault(description, value) {
  return value === undefined ? description : `${description}\n\nDefault: ${code(value)}.`;
}

/** A bulleted section of a tag's hover: `**Events**` and `- \`name\`: what it is`. */
function section(title, items) {
  if (items.length === 0) return [];
  return [`**${title}**`, '', ...items.map((item) => `- ${code(item.name)}${item.description ? `: ${item.description.replace(/\n/g, ' ')}` : ''}`)];
}

/** A tag's hover: its summary, then what is not an attribute (events, slots, styling hooks). */
function tagMarkdown(element) {
  const names = (title, items, format = code) => (items.length ? [`**${title}**: ${items.map((item) => format(item.name)).join(', ')}`] : []);
  const blocks = [
    [element.summary],
    section('Events', element.events),
    section('Slots', element.slots),
    names('CSS parts', element.parts, (name) => code(`::part(${name})`)),
    names('CSS custom properties', element.cssProperties),
    names('Custom states', element.states, (name) => code(`:state(${name})`)),
  ];
  return blocks
    .filter((block) => block.length > 0 && block.join(''))
    .map((block) => block.join('\n'))
    .join('\n\n');
}

function vscodeAttribute(attribute) {
  const entry = { name: attribute.name, description: markdown(withDefault(attribute.description, attribute.default)) };
  if (attribute.value.kind === 'boolean') entry.valueSet = 'v';
  if (attribute.value.kind === 'enum') entry.values = attribute.value.values.map((name) => ({ name }));
  return entry;
}

export function vscodeHtmlData(elements) {
  return {
    version: 1.1,
    tags: elements.map((element) => ({
      name: element.tag,
      description: markdown(tagMarkdown(element)),
      attributes: element.attributes.map(vscodeAttribute),
    })),
  };
}

/**
 * Entries that several tags share (the `base` part, say), merged into one by name and sorted by
 * it; `describe()` gives each tag's own description, a paragraph each.
 */
function mergeByName(elements, pick, format = (item) => item.description) {
  const byName = new Map();
  for (const element of elements) {
    for (const item of pick(element)) {
      if (!byName.has(item.name)) byName.set(item.name, []);
      byName.get(item.name).push({ tag: element.tag, item });
    }
  }
  return [...byName.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, uses]) => ({ name, describe: () => uses.map(({ tag, item }) => `${code(`<${tag}>`)}: ${format(item)}`).join('\n\n') }));
}

function cssPropertyDescription(property) {
  return property.default === undefined ? property.description : `${property.description} Default: ${code(property.default)}.`;
}

export function vscodeCssData(elements) {
  const properties = mergeByName(elements, (e) => e.cssProperties, cssPropertyDescription);
  const parts = mergeByName(elements, (e) => e.parts);
  const states = mergeByName(elements, (e) => e.states, (state) => state.description || 'Set while it applies.');
  return {
    version: 1.1,
    properties: properties.map((p) => ({ name: p.name, description: markdown(p.describe()) })),
    pseudoClasses: states.map((s) => ({ name: `:state(${s.name})`, description: markdown(s.describe()) })),
    pseudoElements: parts.map((p) => ({ name: `::part(${p.name})`, description: markdown(p.describe()) })),
  };
}

// ---------------------------------------------------------------------------------------------
// JetBrains web-types

/** `value` (and `values`, for an enum) of a web-types attribute. */
function webTypesValue(value) {
  if (value.kind === 'enum') return { value: { type: 'enum' }, values: value.values.map((name) => ({ name })) };
  return { value: { type: value.kind } };
}

function webTypesAttribute(attribute) {
  return {
    name: attribute.name,
    description: attribute.description,
    ...(attribute.default !== undefined && { default: attribute.default }),
    ...webTypesValue(attribute.value),
  };
}

function webTypesProperty(property) {
  return {
    name: property.name,
    description: property.description,
    ...(property.type && { type: property.type }),
    ...(property.readonly && { 'read-only': true }),
  };
}

function webTypesEvent(event) {
  return {
    name: event.name,
    description: event.description,
    // The event classes are exported from the package's main entry.
    ...(event.type && { type: { module: 'display-kit', name: event.type } }),
  };
}

function webTypesElement(element) {
  const entry = {
    name: element.tag,
    description: element.summary,
    source: { module: 'display-kit', symbol: element.className },
    attributes: element.attributes.map(webTypesAttribute),
  };
  if (element.slots.length) entry.slots = element.slots.map(({ name, description }) => ({ name, description }));
  entry.js = { properties: element.properties.map(webTypesProperty), events: element.events.map(webTypesEvent) };
  if (element.parts.length) entry.css = { parts: element.parts.map(({ name, description }) => ({ name, description })) };
  return entry;
}

export function webTypes(elements, pkg) {
  // Custom properties inherit, so a page sets them on any ancestor: offered in every rule.
  const properties = mergeByName(elements, (e) => e.cssProperties, cssPropertyDescription);
  return {
    $schema: WEB_TYPES_SCHEMA,
    name: pkg.name,
    version: pkg.version,
    'js-types-syntax': 'typescript',
    'description-markup': 'markdown',
    contributions: {
      html: { elements: elements.map(webTypesElement) },
      css: { properties: properties.map((p) => ({ name: p.name, description: p.describe() })) },
    },
  };
}

// ---------------------------------------------------------------------------------------------

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * The three files' paths and texts, from a manifest (parsed) and the package's name and version;
 * `types` and `bubbling` default to what src/ says now.
 */
export function editorFiles(manifest, pkg, { types = readTypeSources(), bubbling = readBubblingEvents() } = {}) {
  const elements = readElements(manifest, types, bubbling);
  return {
    [EDITOR_FILES.html]: json(vscodeHtmlData(elements)),
    [EDITOR_FILES.css]: json(vscodeCssData(elements)),
    [EDITOR_FILES.webTypes]: json(webTypes(elements, pkg)),
  };
}

function readOrEmpty(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/** The generated files whose committed text differs from `files` (paths relative to the root). */
export function staleEditorFiles(files, root = ROOT) {
  return Object.keys(files).filter((path) => readOrEmpty(join(root, path)) !== files[path]);
}

function main() {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'custom-elements.json'), 'utf8'));
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
  const files = editorFiles(manifest, pkg);
  const stale = staleEditorFiles(files);
  if (process.argv.includes('--check')) {
    if (stale.length > 0) {
      console.error(`Stale: ${stale.join(', ')}. Run \`npm run generate:editor\` and commit the result.`);
      process.exit(1);
    }
    console.log('Editor data (VS Code custom data, web-types) is current.');
    return;
  }
  for (const path of stale) {
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), files[path]);
  }
  console.log(`Wrote ${stale.length} of ${Object.keys(files).length} editor files.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
