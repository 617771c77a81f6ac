/** Keeps the manifest to the public contract: no private or protected members, no `_`/`#` names. */
function publicOnly() {
  const isPublic = (member) =>
    member.privacy !== 'private' && member.privacy !== 'protected' && !/^[_#]/.test(member.name ?? '');
  return {
    name: 'public-only',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules) {
        for (const decl of mod.declarations ?? []) {
          if (decl.members) decl.members = decl.members.filter(isPublic);
          if (decl.attributes) decl.attributes = decl.attributes.filter((a) => !/^[_#]/.test(a.fieldName ?? ''));
        }
      }
    },
  };
}

export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['src/elements/**/*.styles.ts', 'src/elements/shared/icons.ts'],
  litelement: true,
  packagejson: false,
  plugins: [publicOnly()],
};
