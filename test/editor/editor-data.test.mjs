/**
 * The editor data in editor/ (scripts/build/generate-editor-data.mjs): valid against its format,
 * loaded by VS Code's own HTML and CSS language services as VS Code loads it, current with
 * custom-elements.json, and in the packed package where package.json says it is.
 *
 * Schemas: VS Code's custom data schemas ship in vscode-html-languageservice and
 * vscode-css-languageservice (docs/customData.schema.json), checked with Ajv. JetBrains publishes
 * no web-types schema on npm, so web-types.json is checked against the part of that format it
 * uses, written out below from JetBrains' schema (schema/web-types.json of JetBrains/web-types),
 * with unknown properties refused at every level.
 *
 * `npm run lint:package` (which `npm test` runs after the build) runs this file.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import css from 'vscode-css-languageservice';
import html from 'vscode-html-languageservice';
import { EDITOR_FILES, editorFiles } from '../../scripts/build/generate-editor-data.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

const TAGS = ['message-list', 'stop-mark', 'text-item', 'thinking-item', 'tool-call-item', 'tool-result-item'];
const pkg = readJson(join(ROOT, 'package.json'));
const htmlData = readJson(join(ROOT, EDITOR_FILES.html));
const cssData = readJson(join(ROOT, EDITOR_FILES.css));
const webTypes = readJson(join(ROOT, EDITOR_FILES.webTypes));

/**
 * Ajv in strict mode, told of the keywords VS Code's schemas add for its JSON editor (snippets,
 * messages, `version`). The HTML schema also nests `globalAttributes` and `valueSets` inside
 * `properties.tags`, where they are no keywords (so no validator checks them): the files use
 * neither.
 */
function validator() {
  const ajv = new Ajv({ allErrors: true });
  ajv.addVocabulary(['defaultSnippets', 'patternErrorMessage', 'version', 'globalAttributes', 'valueSets']);
  return ajv;
}

function assertValid(schema, data, label) {
  const validate = validator().compile(schema);
  const valid = validate(data);
  assert.ok(valid, `${label}: ${JSON.stringify(validate.errors, null, 2)}`);
}

const schemaOf = (name) => readJson(join(dirname(require.resolve(`${name}/package.json`)), 'docs/customData.schema.json'));

/** Where `|` stands in `text`: the text without it, and the offset. */
function at(text) {
  return { source: text.replace('|', ''), offset: text.indexOf('|') };
}

function htmlService() {
  return html.getLanguageService({
    useDefaultDataProvider: false,
    customDataProviders: [html.newHTMLDataProvider('display-kit', htmlData)],
  });
}

function htmlCompletions(text) {
  const { source, offset } = at(text);
  const service = htmlService();
  const document = html.TextDocument.create('file:///page.html', 'html', 1, source);
  return service.doComplete(document, document.positionAt(offset), service.parseHTMLDocument(document)).items;
}

function cssCompletions(text) {
  const { source, offset } = at(text);
  const service = css.getCSSLanguageService({ customDataProviders: [css.newCSSDataProvider(cssData)] });
  const document = css.TextDocument.create('file:///page.css', 'css', 1, source);
  return service.doComplete(document, document.positionAt(offset), service.parseStylesheet(document)).items.map((item) => item.label);
}

describe('VS Code HTML custom data', () => {
  it('is valid against the schema vscode-html-languageservice ships', () => {
    assertValid(schemaOf('vscode-html-languageservice'), htmlData, EDITOR_FILES.html);
  });

  it('lists the six tags, and VS Code offers them after `<`', () => {
    assert.deepEqual(htmlData.tags.map((tag) => tag.name).sort(), TAGS);
    const labels = htmlCompletions('<|').map((item) => item.label);
    for (const tag of TAGS) assert.ok(labels.includes(tag), `<${tag}> is offered`);
  });

  it('offers <message-list> attributes, boolean ones without a value', () => {
    const items = htmlCompletions('<message-list |');
    const byLabel = new Map(items.map((item) => [item.label, item.textEdit?.newText]));
    for (const name of ['items', 'tool-display', 'narration', 'theme', 'thinking-open', 'exportable']) assert.ok(byLabel.has(name), name);
    assert.equal(byLabel.get('thinking-open'), 'thinking-open', 'a boolean attribute is inserted bare');
    assert.equal(byLabel.get('tool-display'), 'tool-display="$1"');
  });

  it('offers the values of enum attributes', () => {
    const values = (text) => htmlCompletions(text).map((item) => item.label);
    assert.deepEqual(values('<message-list tool-display="|"'), ['full', 'compact', 'hidden']);
    assert.deepEqual(values('<message-list narration="|"'), ['shown', 'hidden']);
    assert.deepEqual(values('<stop-mark theme="|"'), ['light', 'dark']);
  });

  it("shows a tag's events, slots and parts in its hover", () => {
    const service = htmlService();
    const document = html.TextDocument.create('file:///page.html', 'html', 1, '<tool-call-item></tool-call-item>');
    const hover = service.doHover(document, document.positionAt(3), service.parseHTMLDocument(document));
    const text = hover.contents.value;
    for (const expected of ['**Events**', '`tool-toggle`', '**Slots**', '`view`', '`::part(base)`', '`--dk-tool-call-border`']) {
      assert.ok(text.includes(expected), `hover shows ${expected}`);
    }
  });
});

describe('VS Code CSS custom data', () => {
  it('is valid against the schema vscode-css-languageservice ships', () => {
    assertValid(schemaOf('vscode-css-languageservice'), cssData, EDITOR_FILES.css);
  });

  it('offers every --dk-* custom property of the manifest in a rule', () => {
    const manifest = readJson(join(ROOT, 'custom-elements.json'));
    const declared = new Set(
      manifest.modules.flatMap((mod) => (mod.declarations ?? []).flatMap((d) => (d.tagName ? (d.cssProperties ?? []).map((p) => p.name) : []))),
    );
    assert.ok(declared.size > 0);
    assert.deepEqual(cssData.properties.map((p) => p.name).sort(), [...declared].sort());
    for (const name of declared) assert.match(name, /^--dk-/);
    const offered = cssCompletions('message-list { --dk| }');
    for (const name of declared) assert.ok(offered.includes(name), `${name} is offered`);
  });

  it('offers ::part() and :state() of the tags', () => {
    assert.ok(cssCompletions('message-list::|').includes('::part(log)'));
    assert.ok(cssCompletions('tool-call-item::|').includes('::part(summary)'));
    assert.ok(cssCompletions('text-item:|').includes(':state(user)'));
  });
});

// The part of JetBrains' web-types format that editor/web-types.json uses.
const string = { type: 'string' };
const entity = (properties = {}) => ({
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1 }, description: string, ...properties },
});
const list = (items) => ({ type: 'array', items });
const object = (properties, required = []) => ({ type: 'object', additionalProperties: false, required, properties });
const WEB_TYPES = object(
  {
    $schema: { const: 'https://raw.githubusercontent.com/JetBrains/web-types/master/schema/web-types.json' },
    name: string,
    version: string,
    'js-types-syntax': { enum: ['typescript'] },
    'description-markup': { enum: ['html', 'markdown', 'none'] },
    contributions: object({
      html: object({
        elements: list(
          entity({
            source: object({ module: string, symbol: string }, ['symbol']),
            attributes: list(
              entity({
                default: string,
                value: object({ kind: { enum: ['no-value', 'plain', 'expression'] }, type: string, required: { type: 'boolean' }, default: string }),
                values: list(entity()),
              }),
            ),
            slots: list(entity()),
            js: object({
              properties: list(entity({ type: string, 'read-only': { type: 'boolean' } })),
              events: list(entity({ type: object({ module: string, name: string }, ['name']) })),
            }),
            css: object({ parts: list(entity()), properties: list(entity()) }),
          }),
        ),
      }),
      css: object({ properties: list(entity()), parts: list(entity()) }),
    }),
  },
  ['name', 'version', 'contributions'],
);

describe('JetBrains web-types', () => {
  const elements = webTypes.contributions.html.elements;
  const element = (tag) => elements.find((e) => e.name === tag);

  it('is valid web-types (the part of the format it uses), for this package and version', () => {
    assertValid(WEB_TYPES, webTypes, EDITOR_FILES.webTypes);
    assert.equal(webTypes.name, pkg.name);
    assert.equal(webTypes.version, pkg.version);
    assert.equal(pkg['web-types'], `./${EDITOR_FILES.webTypes}`);
  });

  it('lists the six tags, each with the class that defines it', () => {
    assert.deepEqual(elements.map((e) => e.name).sort(), TAGS);
    assert.equal(element('message-list').source.symbol, 'MessageList');
  });

  it('gives attributes their values', () => {
    const attribute = (tag, name) => element(tag).attributes.find((a) => a.name === name);
    assert.deepEqual(attribute('message-list', 'tool-display').value, { type: 'enum' });
    assert.deepEqual(attribute('message-list', 'tool-display').values.map((v) => v.name), ['full', 'compact', 'hidden']);
    assert.equal(attribute('message-list', 'tool-display').default, 'full');
    assert.deepEqual(attribute('tool-call-item', 'open').value, { type: 'boolean' });
    assert.deepEqual(attribute('thinking-item', 'duration').value, { type: 'number' });
  });

  it('lists events (the list hears those that bubble out of its items), properties, slots and parts', () => {
    const events = (tag) => element(tag).js.events.map((e) => e.name);
    assert.ok(events('tool-call-item').includes('tool-toggle'));
    for (const name of ['tool-toggle', 'tool-details', 'content-copy', 'message-action', 'tool-approval']) assert.ok(events('message-list').includes(name), name);
    assert.deepEqual(element('tool-call-item').js.events.find((e) => e.name === 'tool-toggle').type, { module: 'display-kit', name: 'ToolToggleEvent' });
    assert.ok(element('message-list').js.properties.some((p) => p.name === 'items'));
    assert.deepEqual(element('tool-call-item').slots.map((s) => s.name), ['subagent', 'view']);
    assert.ok(element('message-list').css.parts.some((p) => p.name === 'log'));
    assert.deepEqual(webTypes.contributions.css.properties.map((p) => p.name), cssData.properties.map((p) => p.name));
  });
});

describe('editor/ is current and packed', () => {
  it('is what the generator makes from custom-elements.json, byte for byte, on every run', () => {
    const manifest = readJson(join(ROOT, 'custom-elements.json'));
    const first = editorFiles(manifest, pkg);
    assert.deepEqual(editorFiles(manifest, pkg), first, 'a rerun writes the same bytes');
    for (const [path, text] of Object.entries(first)) {
      assert.equal(readFileSync(join(ROOT, path), 'utf8'), text, `${path} is stale: run \`npm run generate:editor\``);
    }
  });

  it('is in the packed package', () => {
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' }));
    const files = new Set(pack.files.map((file) => file.path));
    for (const path of Object.values(EDITOR_FILES)) assert.ok(files.has(path), `${path} is packed`);
    assert.ok(files.has(pkg['web-types'].replace(/^\.\//, '')), 'package.json `web-types` names a packed file');
  });
});
