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
  exclude: ['src/elements/**/*.styles.ts', 'src/elements/shared/icons.ts'],
  litelement: true,
  packagejson: false,
  plugins: [defineElementCalls(), publicOnly()],
};
