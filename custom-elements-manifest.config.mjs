import path from 'node:path';

/** Keeps the manifest to the public contract: no private or protected members, no `_`/`#` names. */
function publicOnly() {
  const isPublic = (member) =>
    member.privacy !== 'private' && member.privacy !== 'protected' && !/^[_#]/.test(member.name ?? '');
  return {
    name: 'public-only',
    packageLinkPhase({ customElementsManifest }) {
      // In path order: the analyzer lists files in the order the file system hands them over.
      customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          if (decl.members) decl.members = decl.members.filter(isPublic);
          if (decl.attributes) decl.attributes = decl.attributes.filter((a) => !/^[_#]/.test(a.fieldName ?? ''));
        }
      }
    },
  };
}

/**
 * An element lifts the parts of those it renders with `exportparts`, renamed `<element>__<part>`
 * (src/elements/support/part-names.ts). Its JSDoc says so in one line per element,
 * `@csspart stop-mark__* - …`; here that line becomes one entry per part of that element, so
 * that editors and the docs list every name (`stop-mark__base`, `stop-mark__label`…).
 */
function liftedParts() {
  return {
    name: 'lifted-parts',
    packageLinkPhase({ customElementsManifest }) {
      const elements = customElementsManifest.modules.flatMap((mod) => mod.declarations ?? []).filter((decl) => decl.tagName);
      const own = new Map(elements.map((decl) => [decl.tagName, (decl.cssParts ?? []).filter((part) => !part.name.includes('__'))]));
      for (const decl of elements) {
        decl.cssParts = decl.cssParts?.flatMap((part) => {
          const tag = /^([a-z-]+)__\*$/.exec(part.name)?.[1];
          if (!tag) return [part];
          if (!own.has(tag)) throw new Error(`${decl.tagName}: @csspart ${part.name} names no element`);
          return own.get(tag).map(({ name, description }) => ({ name: `${tag}__${name}`, description: `\`<${tag}>\`'s \`${name}\`: ${description}` }));
        });
      }
    },
  };
}

/**
 * Tags are registered through the kit's `defineElement(tag, Class)` (it warns when a tag is
 * taken) rather than `customElements.define`: read those calls as definitions.
 */
function defineElementCalls() {
  return {
    name: 'define-element-calls',
    analyzePhase({ ts, node, moduleDoc }) {
      if (node.kind !== ts.SyntaxKind.CallExpression || node.expression.getText() !== 'defineElement') return;
      const [tag, element] = node.arguments;
      const name = element.getText();
      const source = importedFrom(ts, node.getSourceFile(), name);
      const modulePath = source ? path.posix.join(path.posix.dirname(moduleDoc.path), source).replace(/\.js$/, '.ts') : moduleDoc.path;
      moduleDoc.exports = [
        ...(moduleDoc.exports ?? []),
        { kind: 'custom-element-definition', name: tag.text, declaration: { name, module: modulePath } },
      ];
    },
  };
}

/** The relative module an identifier is imported from in this file, if it is. */
function importedFrom(ts, sourceFile, name) {
  for (const statement of sourceFile.statements) {
    if (statement.kind !== ts.SyntaxKind.ImportDeclaration) continue;
    const names = statement.importClause?.namedBindings?.elements?.map((element) => element.name.getText()) ?? [];
    if (names.includes(name)) return statement.moduleSpecifier.text;
  }
  return null;
}

export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts', 'src/elements/support/icons.ts'],
  litelement: true,
  packagejson: false,
  plugins: [defineElementCalls(), publicOnly(), liftedParts()],
};
